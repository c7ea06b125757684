import Foundation

/// The SQL dialects RepoFinder speaks.
package enum SQLDialect: Sendable {
    case sqlite
    case postgres
}

/// A value bound to a `?` placeholder.
package enum SQLValue: Hashable, Sendable {
    case text(String)
    case integer(Int)
}

/// The two statements of a search (a page of rows, and the total), built once for both engines so filters and
/// sorts behave identically; only the full-text match differs (FTS5 in SQLite, a tsvector in PostgreSQL).
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

    package init(_ query: SearchQuery, dialect: SQLDialect) {
        let terms = query.terms
        var filters: [String] = []
        var filterArguments: [SQLValue] = []
        if let language = query.language?.trimmingCharacters(in: .whitespaces), !language.isEmpty {
            filters.append(Self.languageFilter)
            filterArguments.append(.text(language.lowercased()))
        }
        if let topic = query.topic?.trimmingCharacters(in: .whitespaces), !topic.isEmpty {
            filters.append("r.id IN (SELECT t.repository_id FROM repository_topics t WHERE t.topic = ?)")
            filterArguments.append(.text(topic.lowercased()))
        }
        if let minimumStars = query.minimumStars {
            filters.append("r.stars >= ?")
            filterArguments.append(.integer(minimumStars))
        }
        let limit: [SQLValue] = [.integer(query.page.perPage), .integer(query.page.offset)]
        let columns = SharedSQL.repositoryColumns
        let orderKeys: [String]
        switch query.sort {
        case .bestMatch, .stars: orderKeys = ["r.stars DESC"]
        case .forks: orderKeys = ["coalesce(r.forks, 0) DESC", "r.stars DESC"]
        case .recentlyPushed: orderKeys = ["r.pushed_at IS NULL", "r.pushed_at DESC", "r.stars DESC"]
        }
        let order = orderKeys.joined(separator: ", ")

        guard !terms.isEmpty else {
            // Browsing: filters and a sort, no text.
            let filter = Self.whereClause(filters)
            page = "SELECT \(columns) FROM repositories r\(filter) ORDER BY \(order), r.full_name_key LIMIT ? OFFSET ?"
            pageArguments = filterArguments + limit
            count = "SELECT count(*) FROM repositories r\(filter)"
            countArguments = filterArguments
            return
        }

        switch dialect {
        case .sqlite:
            // The language is matched inside the full-text index instead (see `languageToken`).
            let hasLanguage = filters.first == Self.languageFilter
            self = Self.sqlite(
                query, terms: terms, orderKeys: orderKeys, filters: Array(filters.dropFirst(hasLanguage ? 1 : 0)),
                filterArguments: Array(filterArguments.dropFirst(hasLanguage ? 1 : 0)), limit: limit)
            return
        case .postgres:
            let tsquery = SQLValue.text(terms.map { $0.count > 1 ? "\($0):*" : $0 }.joined(separator: " & "))
            let filter = Self.whereClause(["r.search_vector @@ to_tsquery('simple', ?)"] + filters)
            let rankedOrder =
                query.sort == .bestMatch
                ? "ts_rank(r.search_vector, to_tsquery('simple', ?)) + 0.06 * length(r.stars::text) DESC, r.stars DESC"
                : order
            page =
                "SELECT \(columns) FROM repositories r\(filter) ORDER BY \(rankedOrder), r.full_name_key "
                + "LIMIT ? OFFSET ?"
            pageArguments = [tsquery] + filterArguments + (query.sort == .bestMatch ? [tsquery] : []) + limit
            count = "SELECT count(*) FROM repositories r\(filter)"
            countArguments = [tsquery] + filterArguments
        }
    }

    private static let languageFilter = "lower(r.language) = ?"

    private static func whereClause(_ conditions: [String]) -> String {
        conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
    }
}
