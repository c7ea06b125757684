import Foundation
import Hummingbird
import RepoFinderCore
import Storage

/// `GET /v1/search`, answered by hand like the feed: the parameters and checks of the generated handler
/// (``APIHandlers/searchAnswer(q:language:topic:health:sort:page:perPage:)`` for both), with the page written by
/// ``JSONOutput`` instead of the generated types and `JSONEncoder`, which cost more than the search itself.
struct SearchEndpoint: HandAnsweredEndpoint {
    static let operation = ContractOperation(method: .get, path: "/v1/search")

    let api: APIHandlers

    func respond(to request: Request, context: ServerContext) async throws -> Response {
        let query = QueryReader(request)
        let answer = try await api.searchAnswer(
            q: try query.required("q", missing: APIError.text("error.search.q-missing")),
            language: try query.single("language"), topic: try query.single("topic"),
            health: try query.choice("health", RepositoryHealth.Level.self),
            sort: try query.choice("sort", SearchSort.self) ?? .bestMatch,
            page: try query.number("page"), perPage: try query.number("perPage"))
        var json = JSONOutput(capacity: 1_024 + 1_536 * answer.page.items.count)
        json.searchPage(answer)
        return Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: json.bytes)))
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
