public import RepoFinderCore

/// What the server made of a batch of analytics events.
public struct AnalyticsReceipt: Hashable, Sendable {
    /// Newly stored.
    public var accepted: Int
    /// Stored before (the same id was sent again: an offline queue replaying); not stored twice.
    public var duplicates: Int
    /// Dropped because the person turned analytics off (on another device, say).
    public var ignored: Int

    public init(accepted: Int, duplicates: Int, ignored: Int = 0) {
        self.accepted = accepted
        self.duplicates = duplicates
        self.ignored = ignored
    }
}

/// How many days a maintainer's figures count back from today.
public enum MaintainerWindow: Int, CaseIterable, Hashable, Sendable {
    case week = 7
    case month = 30
    case quarter = 90

    /// The window shown first (the server's default too).
    public static let standard = MaintainerWindow.month

    /// Its length in days.
    public var days: Int { rawValue }
}

/// How often a repository was dealt and what people did with it, over a window or on one day.
public struct DiscoveryCounts: Hashable, Sendable {
    /// Times it was dealt to someone (deck, area, Home, Ask).
    public var dealt: Int
    public var likes: Int
    public var saves: Int
    public var skips: Int
    /// Times it was opened on GitHub from RepoFinder.
    public var opens: Int
    /// Likes of all swipes (likes, saves, skips), 0…1; nil without a swipe.
    public var likeRate: Double?

    public init(dealt: Int, likes: Int, saves: Int, skips: Int, opens: Int, likeRate: Double? = nil) {
        self.dealt = dealt
        self.likes = likes
        self.saves = saves
        self.skips = skips
        self.opens = opens
        self.likeRate = likeRate
    }
}

/// One of the person's repositories in the list of theirs, with its counts over the window.
public struct MaintainerSummary: Identifiable, Hashable, Sendable {
    public var repository: RepositoryName
    public var language: String?
    public var stars: Int
    public var counts: DiscoveryCounts

    public init(repository: RepositoryName, language: String? = nil, stars: Int, counts: DiscoveryCounts) {
        self.repository = repository
        self.language = language
        self.stars = stars
        self.counts = counts
    }

    public var id: String { repository.key }
}

/// The catalog's repositories a person signed in with GitHub maintains (theirs, or their organisations'), most dealt
/// first.
public struct MaintainedRepositories: Hashable, Sendable {
    /// Their GitHub login.
    public var login: String
    /// The GitHub organisations they belong to.
    public var organisations: [String]
    public var window: MaintainerWindow
    public var repositories: [MaintainerSummary]

    public init(
        login: String, organisations: [String], window: MaintainerWindow, repositories: [MaintainerSummary]
    ) {
        self.login = login
        self.organisations = organisations
        self.window = window
        self.repositories = repositories
    }
}

/// How one repository fared in discovery over a window, for its maintainer: daily counts, why and where it was
/// dealt, who liked it (in groups of at least 5 people only), its stars and its trending ranks.
public struct MaintainerDetail: Hashable, Sendable {
    /// A named count: a reason's kind (`popular`, `similar`, …) or a place it was dealt (`deck`, `cluster`, …).
    public struct NamedCount: Hashable, Sendable {
        public var name: String
        public var count: Int

        public init(name: String, count: Int) {
            self.name = name
            self.count = count
        }
    }

    /// One day's counts.
    public struct DayCounts: Identifiable, Hashable, Sendable {
        public var day: Day
        public var counts: DiscoveryCounts

        public init(day: Day, counts: DiscoveryCounts) {
            self.day = day
            self.counts = counts
        }

        public var id: Int { day.daysSinceEpoch }
    }

    /// A group of the people who liked it (a language, an interest, an experience level): its count only when at
    /// least 5 people are in it.
    public struct LikerBucket: Hashable, Sendable {
        public var value: String
        /// Nil when fewer than 5 people are in it.
        public var count: Int?
        public var fewerThanFive: Bool

        public init(value: String, count: Int?, fewerThanFive: Bool) {
            self.value = value
            self.count = fewerThanFive ? nil : count
            self.fewerThanFive = fewerThanFive
        }
    }

    /// The people who liked it in the window, in aggregate.
    public struct Likers: Hashable, Sendable {
        /// How many people; nil when fewer than 5.
        public var people: Int?
        public var fewerThanFive: Bool
        public var languages: [LikerBucket]
        public var interests: [LikerBucket]
        public var experienceLevels: [LikerBucket]

        public init(
            people: Int?, fewerThanFive: Bool, languages: [LikerBucket] = [], interests: [LikerBucket] = [],
            experienceLevels: [LikerBucket] = []
        ) {
            self.people = fewerThanFive ? nil : people
            self.fewerThanFive = fewerThanFive
            self.languages = languages
            self.interests = interests
            self.experienceLevels = experienceLevels
        }
    }

    /// Its place in a trending list; nil when it is not in the list's first 100.
    public struct TrendingRank: Hashable, Sendable {
        public var window: TrendingWindow
        public var rank: Int?

        public init(window: TrendingWindow, rank: Int?) {
            self.window = window
            self.rank = rank
        }
    }

    public var repository: RepositoryName
    public var window: MaintainerWindow
    /// The first and last day counted.
    public var from: Day
    public var through: Day
    public var totals: DiscoveryCounts
    /// Its primary area's id, if it has one.
    public var cluster: String?
    /// The like rate of the area's typical repository (the median of those swiped at least 5 times in the window);
    /// nil when none was.
    public var clusterLikeRate: Double?
    /// How many of the area's repositories the typical like rate is the median of.
    public var clusterRepositories: Int
    /// Every day of the window, oldest first.
    public var days: [DayCounts]
    /// The reasons it was shown with most often, most first.
    public var reasons: [NamedCount]
    /// Where it was dealt (`deck`, `cluster`, `home`, `ask`), most first.
    public var sources: [NamedCount]
    public var likers: Likers
    /// Its daily star counts in the window, oldest first.
    public var stars: [StarSnapshot]
    /// Its ranks in the daily, weekly and monthly trending lists.
    public var trending: [TrendingRank]

    public init(
        repository: RepositoryName, window: MaintainerWindow, from: Day, through: Day, totals: DiscoveryCounts,
        cluster: String? = nil, clusterLikeRate: Double? = nil, clusterRepositories: Int = 0, days: [DayCounts] = [],
        reasons: [NamedCount] = [], sources: [NamedCount] = [],
        likers: Likers = Likers(people: nil, fewerThanFive: true), stars: [StarSnapshot] = [],
        trending: [TrendingRank] = []
    ) {
        self.repository = repository
        self.window = window
        self.from = from
        self.through = through
        self.totals = totals
        self.cluster = cluster
        self.clusterLikeRate = clusterLikeRate
        self.clusterRepositories = clusterRepositories
        self.days = days
        self.reasons = reasons
        self.sources = sources
        self.likers = likers
        self.stars = stars
        self.trending = trending
    }

    /// The name of the CSV file of its days: `owner-name-30d.csv`.
    public static func csvFileName(_ repository: RepositoryName, window: MaintainerWindow) -> String {
        "\(repository.owner)-\(repository.name)-\(window.days)d.csv"
    }
}
