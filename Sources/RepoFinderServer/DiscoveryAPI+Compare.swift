import APISchemas
import Dealing
import Foundation
import HTTPTypes
import Recommender
import RepoFinderAPI
import RepoFinderCore

extension DiscoveryAPI {
    func compare(_ input: Operations.Compare.Input) async throws -> Operations.Compare.Output {
        let names: [RepositoryName]
        do {
            names = try CompareRequest.names(input.query.repos)
        } catch {
            throw APIError.badRequest(error.description)
        }
        let now = clock()
        let recommender = deck.recommender
        let comparison = try await compared(names, index: recommender.index, now: now)
        var fits: [Recommendation?] = []
        if RequestIdentity.current.token != nil {
            let userID = try await accounts.authenticate()
            fits = try await sessions.session(userID).assess(
                comparison.entries.map(\.repository.id), recommender: recommender)
        }
        return .ok(.init(body: .json(APISchemas.comparison(comparison, fits: fits, now: now))))
    }

    /// The comparison of `names`, or the API error that says what is wrong.
    func compared(_ names: [RepositoryName], index: RecommendationIndex, now: Date) async throws -> Comparison {
        switch try await Comparer(store: store, finder: finder).compare(names, index: index, now: now) {
        case .compared(let comparison): return comparison
        case .notFound(let message): throw APIError.notFound(message)
        case .duplicate(let message): throw APIError.badRequest(message)
        case .unavailable(let message, let retryAfter):
            throw APIError(.serviceUnavailable, code: "github_unavailable", message: message, retryAfter: retryAfter)
        }
    }
}
