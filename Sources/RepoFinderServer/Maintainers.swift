import Foundation
import GitHub
import GitHubAccounts
import HTTPTypes
import Recommender
import RepoFinderCore
import Storage

/// Who maintains which of the catalog's repositories: a person signed in with GitHub maintains those owned by their
/// login or by an organisation they belong to, as GitHub says with their own token (`GET /user/orgs`). The answer is
/// kept ten minutes per person, so a dashboard's requests ask GitHub once.
struct Maintainers: Sendable {
    /// A person's GitHub login and organisations, lowercased for matching.
    struct Owners: Hashable, Sendable {
        var login: String
        var organisations: [String]

        /// Every owner login whose repositories are the person's (lowercased).
        var keys: Set<String> { Set(([login] + organisations).map { $0.lowercased() }) }
    }

    /// Why the owners could not be known.
    enum Problem: Error {
        /// The person is not signed in with GitHub.
        case notSignedIn
        /// GitHub did not answer (its words).
        case github(String)
    }

    let store: any DataStore
    let github: GitHubClient
    let signIn: GitHubSignIn
    let cache = ExpiringCache<String, Owners>(lifetime: .seconds(600), maximumEntries: 10_000)

    /// The person's login and organisations.
    func owners(of userID: String) async throws -> Owners {
        let (store, github, signIn) = (store, github, signIn)
        do {
            return try await cache.value(for: userID) {
                guard let identity = try await store.githubIdentity(userID: userID),
                    let token = try await signIn.accessToken(userID: userID)
                else { throw Problem.notSignedIn }
                do {
                    let organisations = try await github.organizations(token: token)
                    return Owners(login: identity.login, organisations: organisations.sorted())
                } catch let error as GitHubError {
                    // GitHub's own words, never where the server reached it (a host and port are the operator's).
                    throw Problem.github(APIError.githubProblem(error))
                } catch {
                    throw Problem.github(APIError.githubProblem(.unreachable("")))
                }
            }
        } catch let problem as Problem {
            switch problem {
            case .notSignedIn:
                throw APIError(
                    .forbidden, code: "not_signed_in", message: APIError.text("error.maintainer.not-signed-in"))
            case .github(let reason):
                throw APIError(
                    .serviceUnavailable, code: "github_unavailable",
                    message: APIError.text("error.maintainer.github", reason), retryAfter: 60)
            }
        }
    }

    /// The catalog's repositories owned by `owners`, most stars first.
    static func repositories(of owners: Owners, in index: RecommendationIndex) -> [Repository] {
        let keys = owners.keys
        return index.repositories.filter { keys.contains($0.owner.login.lowercased()) }
            .sorted { $0.stars != $1.stars ? $0.stars > $1.stars : $0.id < $1.id }
    }
}
