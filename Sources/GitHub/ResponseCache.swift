import Foundation

/// Responses with an `ETag`, kept so the next identical GET can ask `If-None-Match` and reuse the body on a 304
/// (which GitHub does not count against the rate limit). Least recently used entries go first.
struct ResponseCache {
    struct Entry {
        var etag: String
        var response: HTTPResponse
        var lastUsed: UInt64
    }

    private var entries: [String: Entry] = [:]
    private var clock: UInt64 = 0
    let capacity: Int

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// The key: the same URL asked for in another media type (`Accept`) or with another token is another entry.
    static func key(for request: HTTPRequest) -> String {
        [
            request.url.absoluteString, request.headers["accept"] ?? "",
            request.headers["authorization"].map { String($0.hashValue) } ?? "",
        ].joined(separator: "\n")
    }

    mutating func entry(for key: String) -> Entry? {
        guard var entry = entries[key] else { return nil }
        clock += 1
        entry.lastUsed = clock
        entries[key] = entry
        return entry
    }

    mutating func store(_ response: HTTPResponse, etag: String, for key: String) {
        guard capacity > 0 else { return }
        clock += 1
        entries[key] = Entry(etag: etag, response: response, lastUsed: clock)
        if entries.count > capacity, let oldest = entries.min(by: { $0.value.lastUsed < $1.value.lastUsed }) {
            entries[oldest.key] = nil
        }
    }
}
