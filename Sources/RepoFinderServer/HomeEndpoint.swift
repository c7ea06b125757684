import Dealing
import Foundation
import Hummingbird
import Recommender
import RepoFinderCore
import Storage

/// `GET /v1/me/home`, answered by hand like the feed: the content of ``DiscoveryAPI/homeContent(timeZone:recommender:)``
/// written by ``JSONOutput`` (today's pick from the index's pre-encoded repositories), not by `JSONEncoder`.
struct HomeEndpoint {
    static let path = "/v1/me/home"

    let api: DiscoveryAPI

    func respond(to request: Request) async throws -> Response {
        let timeZone = try FeedEndpoint.single("timeZone", in: request.uri.queryParameters)
        if let timeZone, timeZone.count > LocalTime.maximumIdentifierLength {
            throw APIError.badRequest("'timeZone' is at most \(LocalTime.maximumIdentifierLength) characters.")
        }
        let (recommender, encoded) = api.deck.current
        let home = try await api.homeContent(timeZone: timeZone, recommender: recommender)
        var json = JSONOutput(capacity: 8_192)
        json.home(home, now: api.clock(), encoded: encoded)
        return Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: json.bytes)))
    }
}

/// `GET /v1/compare`, answered by hand (see ``HomeEndpoint``).
struct CompareEndpoint {
    static let path = "/v1/compare"

    let api: DiscoveryAPI

    func respond(to request: Request) async throws -> Response {
        guard let repos = try FeedEndpoint.single("repos", in: request.uri.queryParameters) else {
            throw APIError.badRequest("'repos' is missing: " + CompareError.empty.description)
        }
        guard repos.utf8.count <= 1_024 else { throw APIError.badRequest("'repos' is at most 1,024 characters.") }
        let (comparison, fits) = try await api.comparison(repos: repos)
        var json = JSONOutput(capacity: 4_096 + 2_048 * comparison.entries.count)
        json.comparison(comparison, fits: fits, now: api.clock())
        return Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: json.bytes)))
    }
}

extension JSONOutput {
    /// Home as the contract's `Home`.
    mutating func home(_ home: HomeContent, now: Date, encoded: EncodedRepositories?) {
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
            repository(mover.repository, now: now)
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
            self.repository(repository, now: now)
        }
        endArray()
        key("savedCount")
        integer(home.savedCount)
        key("ask")
        raw(#"{"available":false,"suggestedQuestions":[]}"#)
        endObject()
    }

    /// A comparison as the contract's `Comparison`.
    mutating func comparison(_ comparison: Comparison, fits: [Recommendation?], now: Date) {
        beginObject()
        key("items")
        beginArray()
        for (position, entry) in comparison.entries.enumerated() {
            element()
            beginObject()
            key("repository")
            repository(entry.repository, now: now)
            member("gained7", entry.gained7)
            member("gained30", entry.gained30)
            if let ratio = entry.issuesPerStar {
                key("issuesPerStar")
                number(ratio)
            }
            key("likedHere")
            integer(entry.likedHere)
            key("best")
            strings(ComparedFact.allCases.filter { comparison.isBest(position, $0) }.map(\.rawValue))
            key("sharedTopics")
            strings(entry.repository.topics.filter { comparison.sharedTopics.contains($0) })
            key("history")
            beginArray()
            for snapshot in entry.history {
                element()
                beginObject()
                key("day")
                string(snapshot.day.description)
                key("stars")
                integer(snapshot.stars)
                member("forks", snapshot.forks)
                endObject()
            }
            endArray()
            key("reason")
            string(comparison.reasons[position])
            if position < fits.count, let fit = fits[position] {
                key("fitScore")
                integer(fit.fit)
                key("fitReasons")
                strings(fit.reasons)
            }
            endObject()
        }
        endArray()
        let route = Route.compare(comparison.entries.map(\.repository.repositoryName))
        key("deepLink")
        string(route.deepLink)
        key("webPath")
        string(route.webPath)
        endObject()
    }
}
