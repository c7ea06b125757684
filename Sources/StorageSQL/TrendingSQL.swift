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

    /// First and last snapshot day, as text.
    package static let snapshotCoverage = "SELECT CAST(min(day) AS TEXT), CAST(max(day) AS TEXT) FROM star_snapshots"

    /// The arguments of ``trending(day:language:)``.
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
