import Foundation
import RepoFinderCore

/// Everything RepoFinder keeps: the catalog, star history, people, their preferences and interactions.
///
/// One interface, two engines (SQLite and PostgreSQL); the contract test suite holds both to the same
/// behaviour. Every method is atomic: it either happens completely or throws and changes nothing. It is the sum of
/// narrow roles (``CatalogStore``, ``AccountStore``, ``DeckStore``, …), each in a file of its own.
public protocol DataStore:
    CatalogStore, CatalogUpkeepStore, AccountStore, StarQueueStore, StarImportStore, InteractionStore, DeckStore,
    AskThreadStore, JobLeaseStore, DeviceSignInStore, AnalyticsStore, CuratedListStore, StoreLifecycle
{}

extension DataStore {
    /// Runs `body` while the store runs (``run()`` in a child task), then stops it. The store stays open: the
    /// caller closes it.
    public func whileRunning<T>(_ body: (any DataStore) async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: Void.self, returning: T.self) { group in
            group.addTask { try await self.run() }
            do {
                let result = try await body(self)
                group.cancelAll()
                return result
            } catch {
                group.cancelAll()
                throw error
            }
        }
    }
}
