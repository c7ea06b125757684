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

    package init(_ query: SearchQuery, dialect: SQLDialect) {
        let terms = query.terms
        var from = "repositories r"
        var conditions: [String] = []
        var arguments: [SQLValue] = []
        var rankArguments: [SQLValue] = []
        var order: String
        if !terms.isEmpty {
            switch dialect {
            case .sqlite:
                // CROSS JOIN keeps the full-text match as the outer loop: otherwise SQLite may walk a filter's index
                // and re-run the MATCH once per repository (seen: 2 s instead of 5 ms).
                from = "repository_search s CROSS JOIN repositories r ON r.id = s.rowid"
                conditions.append("repository_search MATCH ?")
                // Terms of two or more characters match as prefixes (search as you type); one letter matches itself.
                arguments.append(.text(terms.map { $0.count > 1 ? "\"\($0)\"*" : "\"\($0)\"" }.joined(separator: " ")))
            case .postgres:
                conditions.append("r.search_vector @@ to_tsquery('simple', ?)")
                arguments.append(.text(terms.map { $0.count > 1 ? "\($0):*" : $0 }.joined(separator: " & ")))
            }
        }
        switch query.sort {
        case .bestMatch where !terms.isEmpty:
            switch dialect {
            case .sqlite:
                // bm25 is lower-is-better; names weigh most. The star count's digits nudge popular repositories up.
                order = "bm25(repository_search, 10.0, 4.0, 1.0) - 0.6 * length(r.stars), r.stars DESC"
            case .postgres:
                order =
                    "ts_rank(r.search_vector, to_tsquery('simple', ?)) + 0.06 * length(r.stars::text) DESC, "
                    + "r.stars DESC"
                rankArguments = [arguments[0]]
            }
        case .bestMatch, .stars:
            order = "r.stars DESC"
        case .forks:
            order = "coalesce(r.forks, 0) DESC, r.stars DESC"
        case .recentlyPushed:
            order = "r.pushed_at IS NULL, r.pushed_at DESC, r.stars DESC"
        }
        if let language = query.language?.trimmingCharacters(in: .whitespaces), !language.isEmpty {
            conditions.append("lower(r.language) = ?")
            arguments.append(.text(language.lowercased()))
        }
        if let topic = query.topic?.trimmingCharacters(in: .whitespaces), !topic.isEmpty {
            conditions.append("r.id IN (SELECT t.repository_id FROM repository_topics t WHERE t.topic = ?)")
            arguments.append(.text(topic.lowercased()))
        }
        if let minimumStars = query.minimumStars {
            conditions.append("r.stars >= ?")
            arguments.append(.integer(minimumStars))
        }
        let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
        page =
            "SELECT \(SharedSQL.repositoryColumns) FROM \(from)\(filter) ORDER BY \(order), r.full_name_key "
            + "LIMIT ? OFFSET ?"
        pageArguments = arguments + rankArguments + [.integer(query.page.perPage), .integer(query.page.offset)]
        if dialect == .sqlite, !terms.isEmpty, conditions.count == 1 {
            // Text alone: the full-text index counts its matches without visiting the repositories.
            count = "SELECT count(*) FROM repository_search WHERE repository_search MATCH ?"
        } else {
            count = "SELECT count(*) FROM \(from)\(filter)"
        }
        countArguments = arguments
    }
}
