import Foundation
import RepoFinderCore
import Storage
import StorageSQL

/// SQLite's search statements: FTS5 over names (weight 10), topics (4) and description (1), plus a `facets` column
/// of exact tokens (the language, for now) that filters inside the index.
extension SearchSQL {
    /// The facets column of a repository: its language token.
    static func facets(of repository: Repository) -> String {
        languageToken(repository.language) ?? ""
    }

    /// The token for a language: `l` and the hex of its bytes, ASCII letters lowercased (as SQLite's `lower` does
    /// in the v3 migration), so `C`, `C++` and `C#` stay distinct single tokens.
    static func languageToken(_ language: String?) -> String? {
        guard let language, !language.isEmpty else { return nil }
        return "l"
            + language.utf8.map { byte in
                let lowered = (65...90).contains(byte) ? byte + 32 : byte
                return String(lowered >> 4, radix: 16, uppercase: true)
                    + String(lowered & 0xF, radix: 16, uppercase: true)
            }.joined()
    }

    /// The statements of a search in SQLite.
    static func sqlite(_ query: SearchQuery) -> SearchSQL {
        let parts = Parts(query)
        guard !parts.terms.isEmpty else { return browse(parts) }
        let terms = parts.terms
        let orderKeys = parts.orderKeys
        let limit = parts.limit
        // The language is matched inside the full-text index instead (see `languageToken`).
        let filters = Array(parts.filters.dropFirst(parts.hasLanguageFilter ? 1 : 0))
        let filterArguments = Array(parts.filterArguments.dropFirst(parts.hasLanguageFilter ? 1 : 0))
        // Terms of two or more characters match as prefixes (search as you type); one letter matches itself.
        var text = terms.map { $0.count > 1 ? "\"\($0)\"*" : "\"\($0)\"" }.joined(separator: " ")
        // Only a term shaped like a facet token (`l7`) could match one: confine such queries to the text columns. A
        // column filter on every query would double the cost of ranking a broad match.
        let looksLikeFacet = terms.contains { term in
            term.count > 1 && term.first == "l" && term.dropFirst().allSatisfy(\.isHexDigit)
        }
        text = looksLikeFacet ? "{names topics description} : (\(text))" : "(\(text))"
        var expression = text
        if let token = languageToken(query.language?.trimmingCharacters(in: .whitespaces)) {
            expression += " AND facets : \(token)"
        }
        let match = SQLValue.text(expression)
        let columns = SharedSQL.repositoryColumns
        // bm25 is lower-is-better, names weigh most; the star count's digits nudge popular repositories up.
        let score = "rf_rank(repository_search, 10.0, 4.0, 1.0, 0.0)"
        let nudge = "0.6 * length(r.stars)"
        let candidates = bestMatchCandidates
        let ftsCount = "SELECT count(*) FROM repository_search WHERE repository_search MATCH ?"

        if query.sort == .bestMatch, filters.isEmpty {
            if query.page.offset + query.page.perPage <= candidates {
                // Rank text over the matches inside FTS5, then re-rank the best few with popularity: joining every
                // match of a broad term to read its stars cost as much as the ranking itself. The total rides along
                // (the index counts its matches; the subquery does not depend on the row, so it runs once).
                let page = """
                    SELECT \(columns), (\(ftsCount)) FROM (
                        SELECT rowid AS id, \(score) AS score FROM repository_search
                        WHERE repository_search MATCH ? ORDER BY score, rowid LIMIT \(candidates)
                    ) c CROSS JOIN repositories r ON r.id = c.id
                    ORDER BY c.score - \(nudge), r.stars DESC, r.full_name_key LIMIT ? OFFSET ?
                    """
                return SearchSQL(
                    page: page, pageArguments: [match, match] + limit, count: ftsCount, countArguments: [match],
                    pageHasTotal: true)
            }
            // Deeper pages keep the same order (the same candidates first, then the rest), so scrolling past them
            // neither repeats nor skips a repository.
            let page = """
                WITH ranked AS MATERIALIZED (
                    SELECT rowid AS id, \(score) AS score FROM repository_search WHERE repository_search MATCH ?
                ), best AS (SELECT id FROM ranked ORDER BY score, id LIMIT \(candidates))
                SELECT \(columns), (SELECT count(*) FROM ranked) FROM ranked c CROSS JOIN repositories r ON r.id = c.id
                ORDER BY c.id NOT IN (SELECT id FROM best), c.score - \(nudge), r.stars DESC, r.full_name_key
                LIMIT ? OFFSET ?
                """
            return SearchSQL(
                page: page, pageArguments: [match] + limit, count: ftsCount, countArguments: [match], pageHasTotal: true
            )
        }

        // Filters or a sort: order every match by what the narrow index holds, then read the wide rows of one page
        // only. CROSS JOIN keeps the text match as the outer loop: otherwise SQLite may walk a filter's index and
        // re-run the MATCH once per repository (seen: 2 s instead of 5 ms).
        let keys =
            (query.sort == .bestMatch ? ["\(score) - \(nudge)", "r.stars DESC"] : orderKeys) + ["r.full_name_key"]
        let aliased = keys.enumerated().map { index, key in
            let descending = key.hasSuffix(" DESC")
            let expression = descending ? String(key.dropLast(5)) : key
            return (select: "\(expression) AS k\(index)", order: "k\(index)" + (descending ? " DESC" : ""))
        }
        let order = aliased.map(\.order).joined(separator: ", ")
        let matches = """
            FROM repository_search s
            CROSS JOIN repositories r INDEXED BY repositories_search_cover ON r.id = s.rowid
            WHERE repository_search MATCH ?\(filters.map { " AND " + $0 }.joined())
            """
        // The matches are collected once and both counted and paged from there; every row carries the total.
        let page = """
            WITH m AS MATERIALIZED (
                SELECT r.id AS id, \(aliased.map(\.select).joined(separator: ", ")) \(matches)
            ), p AS MATERIALIZED (SELECT * FROM m ORDER BY \(order) LIMIT ? OFFSET ?)
            SELECT \(columns), (SELECT count(*) FROM m) FROM p CROSS JOIN repositories r ON r.id = p.id ORDER BY \(order)
            """
        return SearchSQL(
            page: page, pageArguments: [match] + filterArguments + limit,
            count: filters.isEmpty ? ftsCount : "SELECT count(*) \(matches)",
            countArguments: [match] + filterArguments, pageHasTotal: true)
    }
}
