import APISchemas
import Dealing
import Foundation
import Recommender
import RepoFinderAPI
import RepoFinderCore
import Storage

extension APIHandlers {
    /// `GET /v1/repos/{owner}/{name}/alternatives`: other projects that do the repository's job, as cards like similar
    /// ones — each one's fit for the person (without a token, for
    /// someone who likes the repository) and where it stands with them.
    func getAlternatives(_ input: Operations.GetAlternatives.Input) async throws -> Operations.GetAlternatives.Output {
        let limit = try InputMapping.limit(input.query.limit, default: 10, maximum: 50)
        let name = try InputMapping.repositoryName(owner: input.path.owner, name: input.path.name)
        let recommender = deck.recommender
        guard let seed = recommender.index.item(forKey: name.key) else {
            throw APIError.notFound(APIError.text("error.repository.not-in-catalog", name.fullName))
        }
        let now = Date()
        let alternatives = recommender.alternatives(
            among: try await store.alternatives(to: name.key, limit: Recommender.alternativeCandidates), to: name.key,
            limit: limit)
        let keys = alternatives.map(\.id)
        let assessed: [Recommendation?]
        if RequestIdentity.current.token != nil {
            let userID = try await accounts.authenticate()
            assessed = try await sessions.session(userID).assess(keys, recommender: recommender)
        } else {
            assessed = recommender.assess(keys, for: APISchemas.alternativeTaste(liking: name.key))
        }
        let evidence = try await store.alternativeEvidence(to: name.key, of: keys)
        let cards = APISchemas.alternativeCards(
            alternatives, to: recommender.index.repositories[seed], assessed: assessed, evidence: evidence)
        let viewers = try await viewerStates(of: alternatives)
        return .ok(.init(body: .json(.init(items: cards.map { APISchemas.card($0, now: now, viewers: viewers) }))))
    }
}
