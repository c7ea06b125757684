import Foundation
package import RepoFinderCore
package import Storage

extension SharedSQL {
    /// The trending list: repository columns, then stars at the end and stars gained. Arguments: start day, end day,
    /// (lowercased language), limit.
    /// - Parameter day: the placeholder of a day in the engine's dialect (`?`, or `CAST(? AS DATE)`).
    package static func trending(day: String, language: Bool) -> String {
        """
        SELECT \(repositoryColumns), e.stars, e.stars - b.stars AS gained
        FROM star_snapshots e
        JOIN star_snapshots b ON b.repository_id = e.repository_id AND b.day = \(day)
        JOIN repositories r ON r.id = e.repository_id
        WHERE e.day = \(day) AND e.stars > b.stars AND r.gone_at IS NULL\(language ? " AND lower(r.language) = ?" : "")
        ORDER BY gained DESC, e.stars DESC, r.full_name_key
        LIMIT ?
        """
    }

    /// How many repositories were last pushed on each day (`day`: the engine's expression for a push's UTC day as
    /// `YYYY-MM-DD` text), for ``CatalogAge``.
    package static func pushDays(day: String) -> String {
        "SELECT \(day) AS push_day, count(*) FROM repositories WHERE pushed_at IS NOT NULL GROUP BY push_day"
    }

    /// First and last snapshot day, as text.
    package static let snapshotCoverage = "SELECT CAST(min(day) AS TEXT), CAST(max(day) AS TEXT) FROM star_snapshots"

    /// The two latest snapshot days and how many snapshots each has, latest first (see
    /// ``TrendingQuery/completeDay(_:)``): counted through the index on `day`, two days' rows.
    package static let latestDayCounts = """
        SELECT CAST(day AS TEXT), count(*) FROM star_snapshots
        WHERE day >= coalesce(
            (SELECT max(day) FROM star_snapshots WHERE day < (SELECT max(day) FROM star_snapshots)),
            (SELECT max(day) FROM star_snapshots))
        GROUP BY day ORDER BY day DESC
        """

    /// The arguments of ``trending(day:language:)``.
    package static func trendingArguments(_ query: TrendingQuery, start: Day, end: Day) -> [SQLValue] {
        var arguments: [SQLValue] = [.text(start.description), .text(end.description)]
        if let language = query.language?.trimmingCharacters(in: .whitespaces), !language.isEmpty {
            arguments.append(.text(language.lowercased()))
        }
        return arguments + [.integer(query.candidateLimit)]
    }

    /// Snapshots of the candidates from a day to a day: repository id, day as text, stars. Arguments: the ids (as
    /// the engine binds a list: `ids`), first day, last day.
    package static func histories(ids: String, day: String) -> String {
        "SELECT repository_id, CAST(day AS TEXT), stars FROM star_snapshots WHERE repository_id \(ids) "
            + "AND day >= \(day) AND day <= \(day)"
    }
}

/// A repository read for a trending list, before bursts are judged.
package struct TrendingCandidate: Sendable {
    package var id: Int64
    package var repository: Repository
    /// Stars on the window's last day.
    package var stars: Int
    /// Stars gained over the window.
    package var gained: Int

    package init(id: Int64, repository: Repository, stars: Int, gained: Int) {
        self.id = id
        self.repository = repository
        self.stars = stars
        self.gained = gained
    }
}

extension TrendingQuery {
    /// The window's first and last day, given the latest snapshot day.
    package func window(latest: Day) -> (start: Day, end: Day) {
        let end = asOf ?? latest
        return (end.adding(days: -window.days), end)
    }

    /// How many candidates to read: a list without bursts reads spares to fill the places of those it leaves out;
    /// a list of bursts only looks deeper.
    package var candidateLimit: Int {
        switch bursts {
        case .shown: limit
        case .hidden: min(limit * 2 + 50, Self.maximumCandidates)
        case .only: Self.maximumCandidates
        }
    }

    /// The latest day whose counts are complete, given the two latest days and their snapshot counts (latest
    /// first): the latest, unless it has fewer than half the snapshots of the day before, as when a few repositories
    /// were fetched on demand today or a refresh has checked only part of the catalog so far. Trending ends there by
    /// default and `/health` reports the catalog's age from it, so a handful of fresh counts does not empty the lists
    /// or make a stale catalog look fresh.
    package static func completeDay(_ counts: [(day: Day, snapshots: Int)]) -> Day? {
        guard let latest = counts.first else { return nil }
        guard counts.count > 1 else { return latest.day }
        return latest.snapshots * 2 >= counts[1].snapshots ? latest.day : counts[1].day
    }

    /// The deepest a list looks for bursts.
    package static let maximumCandidates = 400

    /// The first day of history the burst rule reads for a window starting on `start`.
    package static func historyStart(_ start: Day) -> Day { start.adding(days: -StarBurstRule.baselineDays) }

    /// The list: each candidate judged by ``StarBurstRule`` on its history, then kept or left out as ``bursts``
    /// says, ranked again and cut to ``limit``.
    package func entries(
        _ candidates: [TrendingCandidate], histories: [Int64: [StarSnapshot]], window: ClosedRange<Day>
    ) -> [TrendingEntry] {
        var entries: [TrendingEntry] = []
        for candidate in candidates where entries.count < limit {
            let burst = StarBurstRule.assess(
                history: histories[candidate.id] ?? [], window: window, stars: candidate.stars,
                createdAt: candidate.repository.createdAt)
            switch (bursts, burst) {
            case (.hidden, .some), (.only, .none): continue
            default:
                entries.append(
                    TrendingEntry(
                        rank: entries.count + 1, repository: candidate.repository, stars: candidate.stars,
                        starsGained: candidate.gained, burst: burst))
            }
        }
        return entries
    }

    package var hasLanguage: Bool { language.map { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? false }
}
