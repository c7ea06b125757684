import Foundation
import HTTPTypes
import RepoFinderCore

/// Responses with an `ETag`, kept so the next identical GET can ask `If-None-Match` and reuse the body on a 304
/// (which GitHub does not count against the rate limit). Least recently used entries go first.
struct ResponseCache {
    struct Entry {
        var etag: String
        var response: GitHubResponse
    }

    private var entries: LRUCache<String, Entry>

    init(capacity: Int) {
        entries = LRUCache(capacity: capacity)
    }

    /// The key: the same URL asked for in another media type (`Accept`) or with another token is another entry.
    static func key(for request: GitHubRequest) -> String {
        [
            request.url.absoluteString, request.headerFields[.accept] ?? "",
            request.headerFields[.authorization].map { String($0.hashValue) } ?? "",
        ].joined(separator: "\n")
    }

    mutating func entry(for key: String) -> Entry? {
        entries.value(for: key)
    }

    mutating func store(_ response: GitHubResponse, etag: String, for key: String) {
        entries.set(Entry(etag: etag, response: response), for: key)
    }
}
