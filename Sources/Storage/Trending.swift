import Foundation
public import RepoFinderCore

/// Which trending list: stars gained over a window ending on a day, optionally in one language.
public struct TrendingQuery: Hashable, Sendable {
    /// Only this language (case-insensitive).
    public var language: String?
    /// Daily (1 day), weekly (7) or monthly (30).
    public var window: TrendingWindow
    /// The last day of the window; nil means the latest day with snapshots.
    public var asOf: Day?
    /// How many repositories, 1 to ``maximumLimit``.
    public var limit: Int
    /// What to do with repositories whose gain is an unusual burst (``StarBurstRule``).
    public var bursts: BurstFilter

    /// Longest list.
    public static let maximumLimit = 100

    public init(
        language: String? = nil, window: TrendingWindow = .standard, asOf: Day? = nil, limit: Int = 25,
        bursts: BurstFilter = .hidden
    ) {
        self.language = language
        self.window = window
        self.asOf = asOf
        self.limit = min(max(1, limit), Self.maximumLimit)
        self.bursts = bursts
    }
}

/// Whether a trending list shows repositories whose gain is an unusual burst.
public enum BurstFilter: String, CaseIterable, Hashable, Sendable {
    /// Left out (the default list).
    case hidden
    /// Shown in their place, marked.
    case shown
    /// Only they are shown.
    case only
}

/// A trending list and the window it covers.
public struct TrendingList: Hashable, Sendable {
    /// First and last day compared; nil when there are no snapshots at all.
    public var start: Day?
    public var end: Day?
    /// Most stars gained first. Only repositories with a snapshot on both days, and a positive gain.
    public var entries: [TrendingEntry]
    /// The days the snapshots cover, to explain an empty list.
    public var coverage: ClosedRange<Day>?

    public init(start: Day?, end: Day?, entries: [TrendingEntry], coverage: ClosedRange<Day>?) {
        self.start = start
        self.end = end
        self.entries = entries
        self.coverage = coverage
    }
}

/// One repository on a trending list.
public struct TrendingEntry: Hashable, Sendable {
    public var rank: Int
    public var repository: Repository
    /// Stars on the last day of the window.
    public var stars: Int
    /// Stars gained over the window (exact, from the two snapshots).
    public var starsGained: Int
    /// Set when the gain is an unusual burst for this repository (only on lists that show bursts).
    public var burst: StarBurst?

    public init(rank: Int, repository: Repository, stars: Int, starsGained: Int, burst: StarBurst? = nil) {
        self.rank = rank
        self.repository = repository
        self.stars = stars
        self.starsGained = starsGained
        self.burst = burst
    }
}
