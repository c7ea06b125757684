import Catalog
import Foundation
import RepoFinderCore

/// The repository finder as the API and the web pages use it: GitHub is asked within the asking client's share of
/// the budget (``GitHubBudget``), with the person's own token when they are signed in with GitHub.
struct BudgetedLocator: Sendable {
    let finder: RepositoryLocator
    let budget: GitHubBudget
    let accounts: Accounts

    /// Finds `name` in the catalog, or on GitHub for the current request's client (``RequestIdentity``).
    func find(_ name: RepositoryName) async throws -> RepositoryLocator.Outcome {
        try await finder.find(name) { [budget, accounts] in
            // A token that does not authenticate still has its address charged.
            let userID = RequestIdentity.current.token == nil ? nil : try? await accounts.authenticate()
            return try await budget.client(for: .lookup, userID: userID)
        }
    }
}
