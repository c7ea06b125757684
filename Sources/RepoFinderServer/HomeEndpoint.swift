import Dealing
import Foundation
import Hummingbird
import Recommender
import RepoFinderCore
import Storage

/// `GET /v1/me/home`, answered by hand like the feed: the content of ``APIHandlers/homeContent(timeZone:recommender:)``
/// written by ``JSONOutput`` (today's pick from the index's pre-encoded repositories), not by `JSONEncoder`.
struct HomeEndpoint: HandAnsweredEndpoint {
    static let operation = ContractOperation(method: .get, path: "/v1/me/home")

    let api: APIHandlers

    func respond(to request: Request, context: ServerContext) async throws -> Response {
        let timeZone = try QueryReader(request).single("timeZone")
        if let timeZone, timeZone.count > LocalTime.maximumIdentifierLength {
            throw APIError.badRequest(APIError.text("error.time-zone.too-long", LocalTime.maximumIdentifierLength))
        }
        let (recommender, encoded) = api.deck.current
        let home = try await api.homeContent(timeZone: timeZone, recommender: recommender)
        if let pick = home.pick {
            // Once per person and day, however often Home is opened: the event's id is the day's.
            await api.recordDealt(
                [pick.card.repository.repositoryName], source: .home, userID: try await api.accounts.authenticate(),
                id: "home:\(home.day)")
        }
        let viewers = try await api.viewerStates(of: home.movers.map(\.repository) + home.recentSaves)
        var json = JSONOutput(capacity: 8_192)
        json.home(home, now: api.clock(), encoded: encoded, viewers: viewers)
        return Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: json.bytes)))
    }
}

extension JSONOutput {
    /// Home as the contract's `Home`.
    mutating func home(
        _ home: HomeContent, now: Date, encoded: EncodedRepositories?, viewers: [String: RepositoryState]? = nil
    ) {
        beginObject()
        key("onboarded")
        bool(home.onboarded)
        key("greeting")
        string(home.greeting)
        key("partOfDay")
        string(home.part.rawValue)
        member("name", home.name)
        key("day")
        string(home.day.description)
        key("timeZone")
        string(home.timeZone)
        if let pick = home.pick {
            key("pick")
            beginObject()
            key("item")
            card(pick.card, now: now, encoded: encoded)
            member("decision", pick.decision?.rawValue)
            endObject()
        }
        member("pickMessage", home.pickMessage)
        key("moving")
        beginObject()
        key("languages")
        strings(home.moverLanguages)
        member("from", home.moversFrom?.description)
        member("to", home.moversTo?.description)
        member("note", home.moversTo.flatMap { CountsFreshness.note(for: $0, now: now) })
        key("items")
        beginArray()
        for mover in home.movers {
            element()
            beginObject()
            key("repository")
            repository(mover.repository, now: now, viewer: viewers?[mover.repository.id])
            key("starsGained")
            integer(mover.starsGained)
            endObject()
        }
        endArray()
        endObject()
        key("recentSaves")
        beginArray()
        for repository in home.recentSaves {
            element()
            self.repository(repository, now: now, viewer: viewers?[repository.id])
        }
        endArray()
        key("savedCount")
        integer(home.savedCount)
        key("ask")
        beginObject()
        key("available")
        bool(true)
        key("suggestedQuestions")
        strings(home.askSuggestions)
        member("remainingQuestions", home.askLeft)
        endObject()
        staleCatalog(home.catalog, now: now)
        endObject()
    }
}
