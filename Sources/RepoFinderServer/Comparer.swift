import Catalog
import Foundation
import Recommender
import RepoFinderCore
import Storage

/// Gathers what Compare puts side by side: each repository (from the recommender's index, as cards show it; else
/// the catalog, under its new name when renamed, or GitHub), its last ``ComparedRepository/historyDays`` days of star counts (kept a few
/// minutes), and how many people here liked it (from the index).
struct Comparer: Sendable {
    /// What a comparison found.
    enum Outcome: Sendable {
        case compared(Comparison)
        /// One of them is unknown, or two names are one repository (a rename): the message says which.
        case notFound(String)
        case duplicate(String)
        /// GitHub could not be asked about one the catalog lacks.
        case unavailable(String, retryAfter: Int)
    }

    let store: any CatalogStore
    let finder: BudgetedLocator
    let histories: ExpiringCache<String, [StarSnapshot]>

    /// Compares `names` (already checked by ``CompareRequest``) as of `now`.
    func compare(_ names: [RepositoryName], index: RecommendationIndex, now: Date) async throws -> Outcome {
        var entries: [ComparedRepository] = []
        for name in names {
            let repository: Repository
            if let item = index.item(forKey: name.key) {
                repository = index.repositories[item]
            } else {
                switch try await finder.find(name) {
                case .found(let found): repository = found
                case .notFound(let message): return .notFound(APIError.lookupProblem(message))
                case .unavailable(let message, let retryAfter):
                    return .unavailable(APIError.lookupProblem(message), retryAfter: retryAfter)
                }
            }
            if let twin = entries.first(where: { $0.repository.id == repository.id }) {
                return .duplicate(
                    APIError.text("error.compare.same-repository", name.fullName, twin.repository.fullName))
            }
            let history = try await histories.value(for: repository.id) {
                try await store.starSnapshots(of: repository.repositoryName).last(days: ComparedRepository.historyDays)
            }
            let liked = index.item(forKey: repository.id).map { Int(index.communityCount[$0]) } ?? 0
            entries.append(ComparedRepository(repository: repository, history: history, likedHere: liked))
        }
        return .compared(Comparison(entries, now: now))
    }
}
