import APISchemas
import Dealing
import Foundation
import HTTPTypes
import Localization
import Recommender
import RepoFinderAPI
import RepoFinderCore

extension APIHandlers {
    /// The generated form of `GET /v1/compare`; the server answers it with ``CompareEndpoint`` (the same comparison
    /// written by hand). Kept so the contract stays whole and as the reference the endpoint's tests compare with.
    func compare(_ input: Operations.Compare.Input) async throws -> Operations.Compare.Output {
        let (comparison, fits) = try await comparison(repos: input.query.repos)
        let viewers = try await viewerStates(of: comparison.entries.map(\.repository))
        return .ok(
            .init(body: .json(APISchemas.comparison(comparison, fits: fits, now: clock(), viewers: viewers))))
    }

    /// The comparison `repos` asks for (checked by ``CompareRequest``) and, with a token, each one's fit.
    func comparison(repos: String) async throws -> (Comparison, [Recommendation?]) {
        let names: [RepositoryName]
        do {
            names = try CompareRequest.names(repos)
        } catch {
            throw APIError.badRequest(Words(Language.current).compareProblem(error))
        }
        let recommender = deck.recommender
        let comparison = try await compared(names, index: recommender.index, now: clock())
        guard RequestIdentity.current.token != nil else { return (comparison, []) }
        let userID = try await accounts.authenticate()
        let fits = try await sessions.session(userID).assess(
            comparison.entries.map(\.repository.id), recommender: recommender)
        return (comparison, fits)
    }

    /// The comparison of `names`, or the API error that says what is wrong.
    func compared(_ names: [RepositoryName], index: RecommendationIndex, now: Date) async throws -> Comparison {
        let comparer = Comparer(store: store, finder: finder, histories: historyCache)
        switch try await comparer.compare(names, index: index, now: now) {
        case .compared(let comparison): return comparison
        case .notFound(let message): throw APIError.notFound(message)
        case .duplicate(let message): throw APIError.badRequest(message)
        case .unavailable(let message, let retryAfter):
            throw APIError(.serviceUnavailable, code: "github_unavailable", message: message, retryAfter: retryAfter)
        }
    }
}
