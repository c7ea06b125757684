import Dealing
import Recommender
import RepoFinderCore

extension APIHandlers {
    /// Where each of `repositories` stands with the person whose token the request carries, by key; nil for a request
    /// without a token. One call to their session for the whole page (no read of the store once it is loaded).
    func viewerStates(of repositories: some Sequence<Repository>) async throws -> [String: RepositoryState]? {
        guard RequestIdentity.current.token != nil else { return nil }
        let userID = try await accounts.authenticate()
        return try await sessions.session(userID).states(of: repositories.map(\.id), in: deck.recommender.index)
    }
}
