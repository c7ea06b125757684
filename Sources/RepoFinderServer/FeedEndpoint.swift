import APISchemas
import Dealing
import Foundation
import HTTPTypes
import Hummingbird
import OpenAPIHummingbird
import OpenAPIRuntime
import Recommender
import RepoFinderAPI
import RepoFinderCore

/// `GET /v1/me/feed`, the request the server answers most often, served by hand: the same parameters, checks and
/// deal as the generated handler (``APIHandlers/getFeed(_:)``), with the JSON written by ``JSONOutput`` instead of
/// the generated types and `JSONEncoder`, which cost more than dealing the cards.
struct FeedEndpoint: HandAnsweredEndpoint {
    static let operation = ContractOperation(method: .get, path: "/v1/me/feed")

    let api: APIHandlers

    func respond(to request: Request, context: ServerContext) async throws -> Response {
        let query = QueryReader(request)
        let limit = try query.number("limit", range: 1...50)
        let filter = try APIHandlers.feedFilter(
            languages: try query.list("language"), excludedLanguages: try query.list("without"),
            clusters: try query.list("cluster"),
            minimumStars: try query.number("minStars"), health: try query.single("health"),
            choice: try query.single("filter"))
        // The recommender and the encodings made from its index, taken together: a rebuild may replace both.
        let (recommender, encoded) = api.deck.current
        // Authenticated once: the token's hash is worked out on every call.
        let userID = try await api.accounts.authenticate()
        let dealt = try await api.dealFeed(limit: limit, filter: filter, recommender: recommender, userID: userID)
        await api.recordDeck(dealt.deck.cards, encoded: encoded, userID: userID)
        var json = JSONOutput(capacity: 512 + 1_024 * dealt.deck.cards.count)
        json.feed(dealt.deck, filter: dealt.filter, now: Date(), encoded: encoded)
        return Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: json.bytes)))
    }
}
