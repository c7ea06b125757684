package import Foundation
package import RepoFinderCore
package import Storage

/// A value bound to a `?` placeholder.
package enum SQLValue: Hashable, Sendable {
    case text(String)
    case integer(Int)
}

/// The two statements of a search (a page of rows, and the total). Filters, sorts and pages are built here once for
/// both engines so they behave identically; each engine adds its own full-text match (`SearchSQL+SQLite` with FTS5
/// in StorageSQLite, `SearchSQL+Postgres` with a tsvector in StoragePostgres).
package struct SearchSQL {
    /// Selects ``SharedSQL/repositoryColumns`` for one page.
    package var page: String
    package var pageArguments: [SQLValue]
    /// Counts all matches.
    package var count: String
    package var countArguments: [SQLValue]
    /// The page's rows end with the total (one column after ``SharedSQL/repositoryColumns``), so `count` is needed
    /// only when the page is empty.
    package var pageHasTotal = false

    package init(
        page: String, pageArguments: [SQLValue], count: String, countArguments: [SQLValue], pageHasTotal: Bool
    ) {
        self.page = page
        self.pageArguments = pageArguments
        self.count = count
        self.countArguments = countArguments
        self.pageHasTotal = pageHasTotal
    }

    /// Best-match pages within this many top text matches are re-ranked with popularity alone (SQLite); deeper pages
    /// rank every match.
    package static let bestMatchCandidates = 200

    /// What every search is made of, whatever the engine: the terms, the filters other than the text, the order,
    /// and the page.
    package struct Parts {
        package var terms: [String]
        /// Conditions on `r` (`repositories`), the language first when there is one.
        package var filters: [String] = []
        package var filterArguments: [SQLValue] = []
        /// Whether ``filters`` starts with the language filter.
        package var hasLanguageFilter = false
        package var orderKeys: [String]
        package var limit: [SQLValue]

        /// - Parameter timestamp: the placeholder of a date-time in the engine's dialect.
        package init(_ query: SearchQuery, timestamp: String = "?") {
            terms = query.terms
            if let language = query.language?.trimmingCharacters(in: .whitespaces), !language.isEmpty {
                filters.append(SearchSQL.languageFilter)
                filterArguments.append(.text(language.lowercased()))
                hasLanguageFilter = true
            }
            if let topic = query.topic?.trimmingCharacters(in: .whitespaces), !topic.isEmpty {
                filters.append("r.id IN (SELECT t.repository_id FROM repository_topics t WHERE t.topic = ?)")
                filterArguments.append(.text(topic.lowercased()))
            }
            if let minimumStars = query.minimumStars {
                filters.append("r.stars >= ?")
                filterArguments.append(.integer(minimumStars))
            }
            if let health = query.health {
                let (condition, arguments) = SearchSQL.healthFilter(health, now: query.now, timestamp: timestamp)
                filters.append(condition)
                filterArguments += arguments
            }
            limit = [.integer(query.page.perPage), .integer(query.page.offset)]
            switch query.sort {
            case .bestMatch, .stars: orderKeys = ["r.stars DESC"]
            case .forks: orderKeys = ["coalesce(r.forks, 0) DESC", "r.stars DESC"]
            case .recentlyPushed: orderKeys = ["r.pushed_at IS NULL", "r.pushed_at DESC", "r.stars DESC"]
            }
        }

        /// The order keys as one `ORDER BY` list.
        package var order: String { orderKeys.joined(separator: ", ") }
    }

    /// Browsing: filters and a sort, no text (the same in both engines).
    package static func browse(_ parts: Parts) -> SearchSQL {
        let filter = whereClause(parts.filters + [notGone])
        return SearchSQL(
            page: "SELECT \(SharedSQL.repositoryColumns) FROM repositories r\(filter) ORDER BY \(parts.order), "
                + "r.full_name_key LIMIT ? OFFSET ?",
            pageArguments: parts.filterArguments + parts.limit,
            count: "SELECT count(*) FROM repositories r\(filter)", countArguments: parts.filterArguments,
            pageHasTotal: false)
    }

    /// ``RepositoryHealth``'s rule as a condition on `r`: the same thresholds, read from the core.
    package static func healthFilter(_ level: RepositoryHealth.Level, now: Date, timestamp: String)
        -> (String, [SQLValue])
    {
        let backlog =
            "(r.open_issues >= \(RepositoryHealth.backlogMinimumIssues) "
            + "AND r.open_issues >= \(RepositoryHealth.backlogIssuesPerStar) * r.stars)"
        func cutoff(_ level: RepositoryHealth.Level) -> SQLValue {
            // Whole seconds: stored times compare as text in SQLite.
            let date = RepositoryHealth.earliestPush(for: level, now: now) ?? now
            return .text(Timestamp.format(Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))))
        }
        switch level {
        case .active:
            return ("(NOT r.archived AND r.pushed_at > \(timestamp) AND NOT \(backlog))", [cutoff(.active)])
        case .quiet:
            return (
                "(NOT r.archived AND r.pushed_at > \(timestamp) AND (r.pushed_at <= \(timestamp) OR \(backlog)))",
                [cutoff(.quiet), cutoff(.active)]
            )
        case .dormant:
            return ("(r.archived OR r.pushed_at <= \(timestamp))", [cutoff(.quiet)])
        }
    }

    package static let languageFilter = "lower(r.language) = ?"
    /// Repositories GitHub no longer has are never found (text searches leave them out of the full-text index).
    package static let notGone = "r.gone_at IS NULL"

    package static func whereClause(_ conditions: [String]) -> String {
        conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
    }
}
