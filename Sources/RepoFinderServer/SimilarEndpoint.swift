import Dealing
import Foundation
import Hummingbird
import Localization
import Recommender
import RepoFinderCore

/// `GET /v1/repos/{owner}/{name}/similar`, answered by hand (see ``FeedEndpoint``): the same checks and cards as the
/// generated handler (``APIHandlers/getSimilar(_:)``), written by ``JSONOutput``. Through `JSONEncoder` the cards'
/// optional fields (`reasonDetails`, `countsNote`, `healthSummary`) had doubled the page's encoding time and made it
/// the slowest read of the load test (issue 64).
struct SimilarEndpoint: HandAnsweredEndpoint {
    static let operation = ContractOperation(method: .get, path: "/v1/repos/{owner}/{name}/similar")

    let api: APIHandlers

    func respond(to request: Request, context: ServerContext) async throws -> Response {
        let limit = try QueryReader(request).number("limit")
        let (cards, viewers) = try await api.similar(
            owner: context.pathParameter("owner"), name: context.pathParameter("name"), limit: limit)
        // The repositories' fields as encoded with the index, for each card whose repository is still what was encoded.
        var json = JSONOutput(capacity: 512 + 1_024 * cards.count)
        json.similarList(cards, now: Date(), encoded: api.deck.current.companion, viewers: viewers)
        return Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: json.bytes)))
    }
}

extension JSONOutput {
    /// Cards as the contract's `SimilarList`, each repository with where it stands with the person asking when
    /// `viewers` is given.
    mutating func similarList(
        _ cards: [Recommendation], now: Date, encoded: EncodedRepositories?, viewers: [String: RepositoryState]?
    ) {
        beginObject()
        key("items")
        beginArray()
        let facts = encoded?.judgedFacts.table(now: now, age: CatalogAge.current)
        let words = Words(Language.current)
        for card in cards {
            element()
            self.card(
                card, now: now, encoded: encoded, viewer: viewers?[card.repository.id], facts: facts, words: words)
        }
        endArray()
        endObject()
    }
}
