public import Foundation
public import RepoFinderCore

/// Product analytics events and what the dashboards read back: the operator's figures and a repository's activity.
/// One of the roles ``DataStore`` composes; every method is atomic (see ``DataStore``).
public protocol AnalyticsStore: Sendable {
    /// Records events idempotently: an id this person already sent (or sent twice in the batch) is a duplicate and
    /// is not stored again. A repository the catalog lacks is left off its event. Throws
    /// ``StorageError/unknownUser(_:)``.
    func recordEvents(_ events: [AnalyticsEvent], userID: String) async throws -> EventReceipt

    /// A page of a person's events (their export), in the order they were stored: at most `limit` after `cursor`
    /// (nil: from the first), and the cursor of the next page (nil after the last). Throws
    /// ``StorageError/unknownUser(_:)``.
    func events(userID: String, after cursor: Int64?, limit: Int) async throws -> EventPage

    /// Deletes at most `limit` of the events that happened before `day` (the retention limit) and returns how many;
    /// the dealt tallies (``DealtTally``) of those days go too.
    func deleteEvents(before day: Day, limit: Int) async throws -> Int

    /// Writes what the server dealt since the last such call, in one transaction where the engine allows: each
    /// tally added to its repository's count of that day, source and reason; each person's dealt events recorded as
    /// ``recordEvents(_:userID:)`` does (once per id). A person who no longer exists, or a repository the catalog
    /// lacks, is left out, never the rest.
    func recordDealt(_ batch: DealtBatch) async throws

    /// What the operator report counts, over the days `from` through `through` (UTC), from the events clients sent.
    func analyticsTallies(from: Day, through: Day) async throws -> AnalyticsTallies

    /// A repository's daily activity, where it was dealt, why, and the preferences of the people who liked it, over
    /// the days `from` through `through` (likers only of accounts ``RepositoryActivity/establishedLiker`` old by the
    /// window's end). Nil when the catalog lacks it.
    func repositoryActivity(_ name: RepositoryName, from: Day, through: Day) async throws -> RepositoryActivity?

    /// Each repository's totals over the days (keyed by ``RepositoryName/key``; those with no activity are left
    /// out): a maintainer's list, and the like rates of a cluster's repositories.
    func activityTotals(_ names: [RepositoryName], from: Day, through: Day) async throws -> [String: DailyActivity]
}

extension AnalyticsStore {
    /// All of a person's events, in the order they were stored (tests; the export reads them a page at a time).
    public func events(userID: String) async throws -> [AnalyticsEvent] {
        var all: [AnalyticsEvent] = []
        var cursor: Int64?
        repeat {
            let page = try await events(userID: userID, after: cursor, limit: 5_000)
            all += page.events
            cursor = page.next
        } while cursor != nil
        return all
    }

    /// Deletes every event that happened before `day`, `batch` at a time (each its own short write), and returns
    /// how many.
    public func deleteEvents(before day: Day, batch: Int = 5_000) async throws -> Int {
        var deleted = 0
        while true {
            let count = try await deleteEvents(before: day, limit: batch)
            deleted += count
            if count < batch { return deleted }
            await Task.yield()
        }
    }
}

/// A page of a person's events.
public struct EventPage: Sendable {
    public var events: [AnalyticsEvent]
    /// Where the next page starts; nil after the last.
    public var next: Int64?

    public init(events: [AnalyticsEvent], next: Int64?) {
        self.events = events
        self.next = next
    }
}

/// What recording a batch of events did.
public struct EventReceipt: Hashable, Sendable {
    public var accepted: Int
    public var duplicates: Int

    public init(accepted: Int, duplicates: Int) {
        self.accepted = accepted
        self.duplicates = duplicates
    }
}

/// The raw counts the operator report is computed from (the arithmetic is the report's own).
public struct AnalyticsTallies: Hashable, Sendable {
    /// An event name and label (the label is "" when the event has none).
    public struct Key: Hashable, Sendable {
        public var name: String
        public var label: String

        public init(_ name: String, _ label: String = "") {
            self.name = name
            self.label = label
        }
    }

    /// Each day a person sent any event, by person.
    public var activeDays: [String: Set<Day>]
    /// The first day each person active in the window was ever seen (from every event kept, not only the window's).
    public var firstDays: [String: Day]
    /// Events per name and label, per person.
    public var perPerson: [Key: [String: Int]]
    /// Events per name and label, per day.
    public var perDay: [Day: [Key: Int]]
    /// Searches that found nothing, by their text (lowercased, trimmed).
    public var zeroResultQueries: [String: Int]

    public init(
        activeDays: [String: Set<Day>] = [:], firstDays: [String: Day] = [:], perPerson: [Key: [String: Int]] = [:],
        perDay: [Day: [Key: Int]] = [:], zeroResultQueries: [String: Int] = [:]
    ) {
        self.activeDays = activeDays
        self.firstDays = firstDays
        self.perPerson = perPerson
        self.perDay = perDay
        self.zeroResultQueries = zeroResultQueries
    }
}

/// Cards the server dealt, written behind the deals that made them (``AnalyticsStore/recordDealt(_:)``).
public struct DealtBatch: Sendable {
    /// Cards that count every time they are dealt (the deck's, Ask's sources), as counts.
    public var tallies: [DealtTally]
    /// Cards that count once per id (Home's pick, an area's repositories a day), as each person's dealt events.
    public var events: [String: [AnalyticsEvent]]

    public init(tallies: [DealtTally] = [], events: [String: [AnalyticsEvent]] = [:]) {
        self.tallies = tallies
        self.events = events
    }

    /// Whether there is nothing to write.
    public var isEmpty: Bool { tallies.isEmpty && events.isEmpty }
}

/// How many times a repository was dealt on a day (UTC) from a source, with the kind of the first reason shown
/// ("" when none): the maintainer's "times dealt" and its breakdown, without a row per card.
public struct DealtTally: Hashable, Sendable {
    /// The repository, its day, where it was dealt and why: what the count is of.
    public struct Key: Hashable, Sendable {
        public var repository: RepositoryName
        public var day: Day
        public var source: DealtSource
        public var reason: String

        public init(repository: RepositoryName, day: Day, source: DealtSource, reason: String) {
            self.repository = repository
            self.day = day
            self.source = source
            self.reason = reason
        }
    }

    public var key: Key
    public var count: Int

    public init(key: Key, count: Int) {
        self.key = key
        self.count = count
    }
}

/// What happened to a repository in a day (or over days).
public struct DailyActivity: Hashable, Sendable {
    /// Times the server dealt it (deck, area browse, Home's pick, Ask's citations).
    public var dealt = 0
    public var likes = 0
    public var saves = 0
    public var skips = 0
    /// Opened on GitHub.
    public var opens = 0

    public init(dealt: Int = 0, likes: Int = 0, saves: Int = 0, skips: Int = 0, opens: Int = 0) {
        self.dealt = dealt
        self.likes = likes
        self.saves = saves
        self.skips = skips
        self.opens = opens
    }

    /// Adds an interaction count of `kind` (withdrawn ones are never counted; other kinds are ignored).
    public mutating func add(_ count: Int, of kind: InteractionKind) {
        switch kind {
        case .like: likes += count
        case .save: saves += count
        case .skip: skips += count
        case .open: opens += count
        case .view, .star: break
        }
    }

    /// The sum of two.
    public static func + (lhs: Self, rhs: Self) -> Self {
        Self(
            dealt: lhs.dealt + rhs.dealt, likes: lhs.likes + rhs.likes, saves: lhs.saves + rhs.saves,
            skips: lhs.skips + rhs.skips, opens: lhs.opens + rhs.opens)
    }

    /// Swipes: likes, saves and skips.
    public var swipes: Int { likes + saves + skips }
}

/// A repository's activity over a window, as the store counts it.
public struct RepositoryActivity: Hashable, Sendable {
    /// Days with any activity (the others had none).
    public var days: [Day: DailyActivity]
    /// Times dealt by where (``DealtSource``'s raw values).
    public var sources: [String: Int]
    /// Times dealt by the kind of the reason shown with it.
    public var reasons: [String: Int]
    /// The preferences of each person who liked it in the window (one per person; nil: they have none), among the
    /// accounts at least ``establishedLiker`` old by the window's end.
    public var likers: [UserPreferences?]

    /// How old an account must be for its likes to count among a repository's likers: accounts made for the purpose
    /// (a maintainer's sockpuppets, whose preferences hold every value, would make every bucket of likers reach five
    /// and be subtracted again) must wait this long first.
    public static let establishedLiker: TimeInterval = 7 * 86_400

    /// When an account must have been made by for its likes to count in a window ending with `through`.
    public static func likerCutoff(through: Day) -> Date {
        through.adding(days: 1).start.addingTimeInterval(-establishedLiker)
    }

    public init(
        days: [Day: DailyActivity] = [:], sources: [String: Int] = [:], reasons: [String: Int] = [:],
        likers: [UserPreferences?] = []
    ) {
        self.days = days
        self.sources = sources
        self.reasons = reasons
        self.likers = likers
    }
}

// MARK: - Filling in rows, as both engines read them

extension AnalyticsTallies {
    /// Adds one row of the per-person query (unknown days are skipped).
    public mutating func addPersonDay(_ userID: String, _ day: String) {
        if let day = Day(day) { activeDays[userID, default: []].insert(day) }
    }

    public mutating func addFirstDay(_ userID: String, _ day: String) {
        if let day = Day(day) { firstDays[userID] = day }
    }

    public mutating func addPersonCount(_ name: String, _ label: String, _ userID: String, _ count: Int) {
        perPerson[Key(name, label), default: [:]][userID, default: 0] += count
    }

    public mutating func addDayCount(_ day: String, _ name: String, _ label: String, _ count: Int) {
        if let day = Day(day) { perDay[day, default: [:]][Key(name, label), default: 0] += count }
    }
}

extension RepositoryActivity {
    /// Adds dealt cards of a day.
    public mutating func addDealt(_ day: String, _ count: Int) {
        if let day = Day(day) { days[day, default: DailyActivity()].dealt += count }
    }

    /// Adds interactions of a kind on a day.
    public mutating func addInteractions(_ day: String, _ kind: String, _ count: Int) {
        if let day = Day(day), let kind = InteractionKind(rawValue: kind) {
            days[day, default: DailyActivity()].add(count, of: kind)
        }
    }

    /// Adds dealt cards of a source and a reason ("" when none was recorded).
    public mutating func addBreakdown(_ source: String, _ reason: String, _ count: Int) {
        sources[source, default: 0] += count
        if !reason.isEmpty { reasons[reason, default: 0] += count }
    }
}

extension Day {
    /// The first moment of the day (UTC).
    public var start: Date { Date(timeIntervalSince1970: Double(daysSinceEpoch) * 86_400) }
}
