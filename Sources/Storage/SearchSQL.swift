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

    /// Best-match pages within this many top text matches are re-ranked with popularity alone (SQLite); deeper pages
    /// rank every match.
    package static let bestMatchCandidates = 200

    package init(_ query: SearchQuery, dialect: SQLDialect) {
        let terms = query.terms
        var filters: [String] = []
        var filterArguments: [SQLValue] = []
        if let language = query.language?.trimmingCharacters(in: .whitespaces), !language.isEmpty {
            filters.append("lower(r.language) = ?")
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
        let order: String
        switch query.sort {
        case .bestMatch, .stars: order = "r.stars DESC"
        case .forks: order = "coalesce(r.forks, 0) DESC, r.stars DESC"
        case .recentlyPushed: order = "r.pushed_at IS NULL, r.pushed_at DESC, r.stars DESC"
        }

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
            // Terms of two or more characters match as prefixes (search as you type); one letter matches itself.
            let match = SQLValue.text(terms.map { $0.count > 1 ? "\"\($0)\"*" : "\"\($0)\"" }.joined(separator: " "))
            // bm25 is lower-is-better, names weigh most; the star count's digits nudge popular repositories up.
            let score = "bm25(repository_search, 10.0, 4.0, 1.0)"
            let nudge = "0.6 * length(r.stars)"
            let candidates = Self.bestMatchCandidates
            if query.sort == .bestMatch, filters.isEmpty,
                query.page.offset + query.page.perPage <= candidates
            {
                // Rank text alone over every match (cheap inside FTS5), then re-rank the best few with popularity:
                // joining every match of a broad term to read its stars cost as much as the ranking itself.
                page = """
                    SELECT \(columns) FROM (
                        SELECT rowid AS id, \(score) AS score FROM repository_search
                        WHERE repository_search MATCH ? ORDER BY score, rowid LIMIT \(candidates)
                    ) c CROSS JOIN repositories r ON r.id = c.id
                    ORDER BY c.score - \(nudge), r.stars DESC, r.full_name_key LIMIT ? OFFSET ?
                    """
                pageArguments = [match] + limit
            } else if query.sort == .bestMatch, filters.isEmpty {
                // Deeper pages keep the same order (those candidates first, then the rest), so scrolling past them
                // neither repeats nor skips a repository.
                page = """
                    WITH ranked AS MATERIALIZED (
                        SELECT rowid AS id, \(score) AS score FROM repository_search WHERE repository_search MATCH ?
                    ), best AS (SELECT id FROM ranked ORDER BY score, id LIMIT \(candidates))
                    SELECT \(columns) FROM ranked c CROSS JOIN repositories r ON r.id = c.id
                    ORDER BY c.id NOT IN (SELECT id FROM best), c.score - \(nudge), r.stars DESC, r.full_name_key
                    LIMIT ? OFFSET ?
                    """
                pageArguments = [match] + limit
            } else {
                // CROSS JOIN keeps the text match as the outer loop: otherwise SQLite may walk a filter's index and
                // re-run the MATCH once per repository (seen: 2 s instead of 5 ms).
                let ranking = query.sort == .bestMatch ? "\(score) - \(nudge), r.stars DESC" : order
                page = """
                    SELECT \(columns) FROM repository_search s CROSS JOIN repositories r ON r.id = s.rowid
                    WHERE repository_search MATCH ?\(filters.map { " AND " + $0 }.joined())
                    ORDER BY \(ranking), r.full_name_key LIMIT ? OFFSET ?
                    """
                pageArguments = [match] + filterArguments + limit
            }
            if filters.isEmpty {
                // Text alone: the full-text index counts its matches without visiting the repositories.
                count = "SELECT count(*) FROM repository_search WHERE repository_search MATCH ?"
            } else {
                count = """
                    SELECT count(*) FROM repository_search s CROSS JOIN repositories r ON r.id = s.rowid
                    WHERE repository_search MATCH ?\(filters.map { " AND " + $0 }.joined())
                    """
            }
            countArguments = [match] + filterArguments
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

    private static func whereClause(_ conditions: [String]) -> String {
        conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
    }
}
