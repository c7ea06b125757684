import Foundation
import Storage
import Synchronization

/// Trending lists kept for a few minutes, for Home: its "moving in your languages" asks the same few lists for every
/// person, and a list changes only when the day's counts arrive. A miss asks the store (two requests missing at once
/// both ask; the later answer is kept).
final class TrendingCache: Sendable {
    private struct Entry {
        var list: TrendingList
        var expires: ContinuousClock.Instant
    }

    private let store: any DataStore
    private let lifetime: Duration
    private let maximumEntries: Int
    private let entries = Mutex<[TrendingQuery: Entry]>([:])

    init(store: any DataStore, lifetime: Duration = .seconds(300), maximumEntries: Int = 512) {
        self.store = store
        self.lifetime = lifetime
        self.maximumEntries = maximumEntries
    }

    /// The list for `query`, from memory while fresh.
    func trending(_ query: TrendingQuery) async throws -> TrendingList {
        let now = ContinuousClock.now
        if let kept = entries.withLock({ $0[query] }), kept.expires > now { return kept.list }
        let list = try await store.trending(query)
        entries.withLock { entries in
            if entries.count >= maximumEntries { entries.removeAll(keepingCapacity: true) }
            entries[query] = Entry(list: list, expires: now + lifetime)
        }
        return list
    }
}
