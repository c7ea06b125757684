import Foundation
import Hummingbird
import RepoFinderCore
import Storage

/// `GET /v1/search`, answered by hand like the feed: the parameters and checks of the generated handler
/// (``DiscoveryAPI/searchAnswer(q:language:topic:health:sort:page:perPage:)`` for both), with the page written by
/// ``JSONOutput`` instead of the generated types and `JSONEncoder`, which cost more than the search itself.
struct SearchEndpoint {
    static let path = "/v1/search"

    let api: DiscoveryAPI

    func respond(to request: Request) async throws -> Response {
        let query = request.uri.queryParameters
        guard let q = try FeedEndpoint.single("q", in: query) else {
            throw APIError.badRequest("'q' is missing: say what to search for.")
        }
        let answer = try await api.searchAnswer(
            q: q, language: try FeedEndpoint.single("language", in: query),
            topic: try FeedEndpoint.single("topic", in: query),
            health: try Self.choice("health", in: query, RepositoryHealth.Level.self),
            sort: try Self.choice("sort", in: query, SearchSort.self) ?? .bestMatch,
            page: try Self.number("page", in: query), perPage: try Self.number("perPage", in: query))
        var json = JSONOutput(capacity: 1_024 + 1_536 * answer.page.items.count)
        json.searchPage(answer)
        return Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: json.bytes)))
    }

    /// A whole number given at most once, nil when absent.
    static func number(_ name: String, in query: Parameters) throws(APIError) -> Int? {
        guard let text = try FeedEndpoint.single(name, in: query) else { return nil }
        guard let value = Int(text) else { throw .badRequest("'\(name)' must be a whole number.") }
        return value
    }

    /// One of an enumeration's values given at most once, nil when absent.
    static func choice<Value: RawRepresentable & CaseIterable>(
        _ name: String, in query: Parameters, _: Value.Type
    ) throws(APIError) -> Value? where Value.RawValue == String {
        guard let text = try FeedEndpoint.single(name, in: query) else { return nil }
        guard let value = Value(rawValue: text) else {
            let allowed = Value.allCases.map(\.rawValue).joined(separator: ", ")
            throw .badRequest("'\(name)' must be one of \(allowed).")
        }
        return value
    }
}

/// What a search answers: the page, the words to mark, a correction, and where each repository stands with the person.
struct SearchAnswer {
    var page: Page<Repository>
    var highlights: [String]
    var didYouMean: String?
    var viewers: [String: RepositoryState]?
    /// The moment health and ages are told at.
    var now: Date
}

extension JSONOutput {
    /// A search page as the contract's `SearchPage` (what ``APISchemas/searchPage(_:page:now:viewers:highlights:didYouMean:)``
    /// makes).
    mutating func searchPage(_ answer: SearchAnswer) {
        beginObject()
        key("items")
        beginArray()
        for repository in answer.page.items {
            element()
            self.repository(repository, now: answer.now, viewer: answer.viewers?[repository.id])
        }
        endArray()
        key("total")
        integer(answer.page.total)
        key("page")
        integer(answer.page.request.page)
        key("perPage")
        integer(answer.page.request.perPage)
        key("highlights")
        strings(answer.highlights)
        member("didYouMean", answer.didYouMean)
        endObject()
    }
}
