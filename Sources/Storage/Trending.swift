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

    /// Longest list.
    public static let maximumLimit = 100

    public init(language: String? = nil, window: TrendingWindow = .daily, asOf: Day? = nil, limit: Int = 25) {
        self.language = language
        self.window = window
        self.asOf = asOf
        self.limit = min(max(1, limit), Self.maximumLimit)
    }
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

    public init(rank: Int, repository: Repository, stars: Int, starsGained: Int) {
        self.rank = rank
        self.repository = repository
        self.stars = stars
        self.starsGained = starsGained
    }
}

extension SharedSQL {
    /// The trending list: repository columns, then stars at the end and stars gained. Arguments: start day, end day,
    /// (lowercased language), limit.
    package static func trending(dialect: SQLDialect, language: Bool) -> String {
        let day = dialect == .postgres ? "CAST(? AS DATE)" : "?"
        return """
            SELECT \(repositoryColumns), e.stars, e.stars - b.stars AS gained
            FROM star_snapshots e
            JOIN star_snapshots b ON b.repository_id = e.repository_id AND b.day = \(day)
            JOIN repositories r ON r.id = e.repository_id
            WHERE e.day = \(day) AND e.stars > b.stars\(language ? " AND lower(r.language) = ?" : "")
            ORDER BY gained DESC, e.stars DESC, r.full_name_key
            LIMIT ?
            """
    }

    /// First and last snapshot day, as text.
    package static let snapshotCoverage = "SELECT CAST(min(day) AS TEXT), CAST(max(day) AS TEXT) FROM star_snapshots"

    /// The arguments of ``trending(dialect:language:)``.
    package static func trendingArguments(_ query: TrendingQuery, start: Day, end: Day) -> [SQLValue] {
        var arguments: [SQLValue] = [.text(start.description), .text(end.description)]
        if let language = query.language?.trimmingCharacters(in: .whitespaces), !language.isEmpty {
            arguments.append(.text(language.lowercased()))
        }
        return arguments + [.integer(query.limit)]
    }
}

extension TrendingQuery {
    /// The window's first and last day, given the latest snapshot day.
    package func window(latest: Day) -> (start: Day, end: Day) {
        let end = asOf ?? latest
        return (end.adding(days: -window.days), end)
    }

    package var hasLanguage: Bool { language.map { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? false }
}
