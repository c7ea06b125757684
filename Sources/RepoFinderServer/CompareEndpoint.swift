import Foundation
import Hummingbird
import Localization
import Recommender
import RepoFinderCore

/// `GET /v1/compare`, answered by hand (see ``HomeEndpoint``).
struct CompareEndpoint: HandAnsweredEndpoint {
    static let operation = ContractOperation(method: .get, path: "/v1/compare")

    let api: APIHandlers

    func respond(to request: Request, context: ServerContext) async throws -> Response {
        let repos = try QueryReader(request).required(
            "repos",
            missing: APIError.text(
                "error.compare.repos-missing", Words(Language.current).compareProblem(CompareError.empty)))
        guard repos.utf8.count <= 1_024 else {
            throw APIError.badRequest(APIError.text("error.compare.repos-too-long"))
        }
        let (comparison, fits) = try await api.comparison(repos: repos)
        let viewers = try await api.viewerStates(of: comparison.entries.map(\.repository))
        var json = JSONOutput(capacity: 4_096 + 2_048 * comparison.entries.count)
        json.comparison(comparison, fits: fits, now: api.clock(), viewers: viewers)
        return Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: json.bytes)))
    }
}

extension JSONOutput {
    /// A comparison as the contract's `Comparison`.
    mutating func comparison(
        _ comparison: Comparison, fits: [Recommendation?], now: Date, viewers: [String: RepositoryState]? = nil
    ) {
        beginObject()
        key("items")
        beginArray()
        for (position, entry) in comparison.entries.enumerated() {
            element()
            beginObject()
            key("repository")
            repository(entry.repository, now: now, viewer: viewers?[entry.repository.id])
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
                strings(fit.reasons(in: Words(Language.current)))
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
