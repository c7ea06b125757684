public import RepoFinderCore
public import Storage

/// How one repository fared in discovery over a window, for its maintainer: daily counts, where and why it was dealt,
/// who liked it (only in buckets of at least ``minimumBucket`` people), its stars and trending ranks.
public struct MaintainerDashboard: Codable, Hashable, Sendable {
    /// The windows a maintainer can choose, in days.
    public static let windows = [7, 30, 90]
    /// The fewest people a bucket of likers is shown with: smaller ones say "fewer than 5".
    public static let minimumBucket = 5
    /// The fewest swipes a repository of the cluster needs to count in its typical like rate.
    public static let minimumSwipes = 5

    /// One day's counts.
    public struct DayCounts: Codable, Hashable, Sendable {
        public var day: String
        public var dealt: Int
        public var likes: Int
        public var saves: Int
        public var skips: Int
        public var opens: Int
    }

    /// The window's totals.
    public struct Totals: Codable, Hashable, Sendable {
        public var dealt: Int
        public var likes: Int
        public var saves: Int
        public var skips: Int
        public var opens: Int
        /// Likes of all swipes (likes, saves, skips); nil without a swipe.
        public var likeRate: Double?
    }

    /// A named count (a reason's kind, a source).
    public struct NamedCount: Codable, Hashable, Sendable {
        public var name: String
        public var count: Int
    }

    /// A group of likers: its count only when at least ``minimumBucket`` people are in it.
    public struct Bucket: Codable, Hashable, Sendable {
        public var value: String
        /// Nil when fewer than ``minimumBucket`` people are in it.
        public var count: Int?
        public var fewerThanFive: Bool
    }

    /// The people who liked it in the window, in aggregate.
    public struct Likers: Codable, Hashable, Sendable {
        /// How many people; nil when fewer than ``minimumBucket``.
        public var people: Int?
        public var fewerThanFive: Bool
        public var languages: [Bucket]
        public var interests: [Bucket]
        public var experienceLevels: [Bucket]
    }

    /// Its stars on a day.
    public struct Stars: Codable, Hashable, Sendable {
        public var day: String
        public var stars: Int
    }

    /// Its place in a trending list (daily, weekly, monthly); nil when not in its first 100.
    public struct Rank: Codable, Hashable, Sendable {
        public var window: String
        public var rank: Int?
    }

    public var repository: String
    public var window: Int
    public var from: String
    public var through: String
    public var totals: Totals
    /// Its cluster (its primary area), and the like rate of the cluster's typical repository: the median of those
    /// with at least ``minimumSwipes`` swipes in the window (nil when none has).
    public var cluster: String?
    public var clusterLikeRate: Double?
    public var clusterRepositories: Int
    /// Every day of the window, oldest first.
    public var days: [DayCounts]
    /// The reasons shown with it most often, most first.
    public var reasons: [NamedCount]
    /// Where it was dealt: deck, cluster, home, ask.
    public var sources: [NamedCount]
    public var likers: Likers
    public var stars: [Stars]
    public var trending: [Rank]
}

extension MaintainerDashboard {
    /// How many reasons and buckets are listed.
    public static let topReasons = 5
    public static let topBuckets = 8

    /// The dashboard of `repository` over `from` through `through` from the store's activity. `clusterTotals` are the
    /// cluster's repositories' totals over the same days.
    public init(
        repository: RepositoryName, activity: RepositoryActivity, from: Day, through: Day,
        cluster: String?, clusterTotals: [String: DailyActivity], stars: [StarSnapshot],
        trending: [TrendingWindow: Int?]
    ) {
        self.repository = repository.fullName
        self.window = through.daysSinceEpoch - from.daysSinceEpoch + 1
        self.from = from.description
        self.through = through.description
        let days = (0..<window).map { from.adding(days: $0) }
        self.days = days.map { day in
            let counts = activity.days[day] ?? DailyActivity()
            return DayCounts(
                day: day.description, dealt: counts.dealt, likes: counts.likes, saves: counts.saves,
                skips: counts.skips, opens: counts.opens)
        }
        let sum = days.reduce(DailyActivity()) { $0 + (activity.days[$1] ?? DailyActivity()) }
        self.totals = Totals(
            dealt: sum.dealt, likes: sum.likes, saves: sum.saves, skips: sum.skips, opens: sum.opens,
            likeRate: Self.likeRate(sum))
        self.cluster = cluster
        let rates = clusterTotals.values.filter { $0.swipes >= Self.minimumSwipes }.compactMap(Self.likeRate).sorted()
        self.clusterRepositories = rates.count
        self.clusterLikeRate = Self.median(rates)
        self.reasons = Self.top(activity.reasons, limit: Self.topReasons)
        self.sources = DealtSource.allCases.map {
            NamedCount(name: $0.rawValue, count: activity.sources[$0.rawValue] ?? 0)
        }
        self.likers = Self.likers(activity.likers)
        self.stars = stars.filter { $0.day >= from && $0.day <= through }.sorted { $0.day < $1.day }
            .map { Stars(day: $0.day.description, stars: $0.stars) }
        self.trending = TrendingWindow.allCases.map { Rank(window: $0.rawValue, rank: trending[$0] ?? nil) }
    }

    /// The daily series as CSV (`day,dealt,likes,saves,skips,opens`), a line per day.
    public var csv: String {
        "day,dealt,likes,saves,skips,opens\n"
            + days.map { "\($0.day),\($0.dealt),\($0.likes),\($0.saves),\($0.skips),\($0.opens)\n" }.joined()
    }

    static func likeRate(_ counts: DailyActivity) -> Double? {
        counts.swipes > 0 ? Double(counts.likes) / Double(counts.swipes) : nil
    }

    static func median(_ sorted: [Double]) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    static func top(_ counts: [String: Int], limit: Int) -> [NamedCount] {
        counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(limit)
            .map { NamedCount(name: $0.key, count: $0.value) }
    }

    /// The likers' buckets: each value counted once per person; a bucket of fewer than ``minimumBucket`` people shows
    /// no count, and the small ones come after the large ones, alphabetically (so their order tells nothing either).
    static func likers(_ preferences: [UserPreferences?]) -> Likers {
        func buckets(_ values: (UserPreferences) -> [String]) -> [Bucket] {
            var counts: [String: Int] = [:]
            for person in preferences.compactMap({ $0 }) {
                for value in Set(values(person).map { $0.lowercased() }) { counts[value, default: 0] += 1 }
            }
            let large = counts.filter { $0.value >= minimumBucket }
                .sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
                .map { Bucket(value: $0.key, count: $0.value, fewerThanFive: false) }
            let small = counts.filter { $0.value < minimumBucket }.keys.sorted()
                .map { Bucket(value: $0, count: nil, fewerThanFive: true) }
            return Array((large + small).prefix(topBuckets))
        }
        let people = preferences.count
        return Likers(
            people: people >= minimumBucket ? people : nil, fewerThanFive: people < minimumBucket,
            languages: buckets(\.techStack), interests: buckets(\.interests),
            experienceLevels: buckets { $0.experienceLevel.map { [$0.rawValue] } ?? [] })
    }
}

/// A maintainer's repository in their list: its totals over the window.
public struct MaintainedRepository: Codable, Hashable, Sendable {
    public var repository: String
    public var language: String?
    public var stars: Int
    public var dealt: Int
    public var likes: Int
    public var saves: Int
    public var skips: Int
    public var opens: Int
    public var likeRate: Double?

    public init(_ repository: Repository, totals: DailyActivity) {
        self.repository = repository.repositoryName.fullName
        self.language = repository.language
        self.stars = repository.stars
        self.dealt = totals.dealt
        self.likes = totals.likes
        self.saves = totals.saves
        self.skips = totals.skips
        self.opens = totals.opens
        self.likeRate = MaintainerDashboard.likeRate(totals)
    }
}
