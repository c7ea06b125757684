import Foundation
import Storage
import StorageSQL

/// PostgreSQL's search statements: a `simple` tsvector over names, topics and description, prefixes from two
/// characters, ranked by `ts_rank` with a nudge for the star count's digits.
extension SearchSQL {
    /// The statements of a search in PostgreSQL.
    static func postgres(_ query: SearchQuery) -> SearchSQL {
        let parts = Parts(query, timestamp: "CAST(? AS TIMESTAMPTZ)")
        guard !parts.terms.isEmpty else { return browse(parts) }
        let tsquery = SQLValue.text(parts.terms.map { $0.count > 1 ? "\($0):*" : $0 }.joined(separator: " & "))
        let filter = whereClause(["r.search_vector @@ to_tsquery('simple', ?)"] + parts.filters)
        let rankedOrder =
            query.sort == .bestMatch
            ? "ts_rank(r.search_vector, to_tsquery('simple', ?)) + 0.06 * length(r.stars::text) DESC, r.stars DESC"
            : parts.order
        return SearchSQL(
            page: "SELECT \(SharedSQL.repositoryColumns) FROM repositories r\(filter) ORDER BY \(rankedOrder), "
                + "r.full_name_key LIMIT ? OFFSET ?",
            pageArguments: [tsquery] + parts.filterArguments + (query.sort == .bestMatch ? [tsquery] : [])
                + parts.limit,
            count: "SELECT count(*) FROM repositories r\(filter)", countArguments: [tsquery] + parts.filterArguments,
            pageHasTotal: false)
    }
}

extension SharedSQL {
    /// Rewrites `?` placeholders as `$1`, `$2`, … (none appear inside string literals in our SQL).
    static func postgresPlaceholders(_ sql: String) -> String {
        var result = ""
        var index = 0
        for character in sql {
            if character == "?" {
                index += 1
                result += "$\(index)"
            } else {
                result.append(character)
            }
        }
        return result
    }
}
