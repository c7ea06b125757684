import Foundation
public import RepoFinderCore
public import Storage
import Synchronization

/// Keeps one store's ``CatalogSearchIndex`` in step with its catalog. The store keeps a catalog version that every
/// write to its repositories moves (a trigger, so a write from any process counts); the cache reads it at most every
/// ``recheck`` and rebuilds when it moved, off Swift concurrency's cooperative threads.
///
/// While a rebuild runs, the old index keeps answering, and rebuilds of a large catalog start at most every
/// ``rebuildSpacing`` times the last one's indexing time apart (at most ``longestSpacing``): a catalog refresh that
/// writes a batch every second costs a bounded share of a core, and search lags the catalog by a few seconds (about
/// 6 s for the full shared catalog). Two cases wait instead:
/// the first search (there is no index yet), and a search after this process's own write (``invalidate()``) when
/// a build is cheap (a catalog of fewer than ``waitBelow`` repositories, as in tests and small deployments), so a
/// process finds what it just wrote. Concurrent searches share one build.
public final class SearchIndexCache: Sendable {
    private struct State {
        var index: CatalogSearchIndex?
        var version: Int64?
        var checked: ContinuousClock.Instant?
        /// Writes of this process; a build remembers the count it started at.
        var writes = 0
        var indexWrites = 0
        var building: (version: Int64, task: Task<CatalogSearchIndex, any Error>)?
        var lastBuildStarted: ContinuousClock.Instant?
        var lastBuildDuration: Duration = .zero
    }

    private let state = Mutex(State())
    private let ranking: SearchRanking
    /// How often the store's catalog version is read.
    public let recheck: Duration
    /// A rebuild of a large catalog starts at least this many times the last build's indexing time after the last
    /// one started…
    public let rebuildSpacing: Int
    /// …but never longer than this after it.
    public let longestSpacing: Duration
    /// After this process's own write, a search waits for the rebuild when the index holds fewer repositories than
    /// this (a count, not a time: how long a build takes depends on what else the machine is doing).
    public let waitBelow: Int

    public init(
        ranking: SearchRanking = .standard, recheck: Duration = .seconds(1), rebuildSpacing: Int = 10,
        longestSpacing: Duration = .seconds(60), waitBelow: Int = 5_000
    ) {
        self.ranking = ranking
        self.recheck = recheck
        self.rebuildSpacing = rebuildSpacing
        self.longestSpacing = longestSpacing
        self.waitBelow = waitBelow
    }

    /// Marks the index stale after this process wrote to the catalog.
    public func invalidate() {
        state.withLock { $0.writes += 1 }
    }

    /// The index, current as described above.
    /// - Parameters:
    ///   - version: reads the store's catalog version.
    ///   - load: reads the catalog.
    ///   - listings: reads the curated lists' placements.
    public func index(
        version: @Sendable () async throws -> Int64, load: @escaping @Sendable () async throws -> [Repository],
        listings: @escaping @Sendable () async throws -> [CuratedListEntry]
    ) async throws -> CatalogSearchIndex {
        let now = ContinuousClock.now
        let (fresh, writes): (CatalogSearchIndex?, Int) = state.withLock { state in
            guard let index = state.index, state.indexWrites == state.writes, let checked = state.checked,
                now - checked < recheck
            else { return (nil, state.writes) }
            return (index, state.writes)
        }
        if let fresh { return fresh }
        // Writes counted before the version is read are in what it says.
        let current = try await version()
        enum Next {
            case use(CatalogSearchIndex)
            case wait(Task<CatalogSearchIndex, any Error>)
        }
        let next: Next = state.withLock { state in
            if let index = state.index, state.version == current {
                state.checked = now
                state.indexWrites = max(state.indexWrites, writes)
                return .use(index)
            }
            let small = state.index.map { $0.repositoryCount < waitBelow } ?? true
            let waits = state.index == nil || (small && state.indexWrites != state.writes)
            if let building = state.building {
                if building.version == current { return waits ? .wait(building.task) : .use(state.index!) }
                // A build of an older version is still running: waiting for it would not show the newest writes.
                if !waits { return .use(state.index!) }
            } else if !small, let started = state.lastBuildStarted,
                now - started < min(state.lastBuildDuration * rebuildSpacing, longestSpacing)
            {
                return .use(state.index!)
            }
            let task = startBuild(version: current, writes: writes, load: load, listings: listings, state: &state)
            return waits ? .wait(task) : .use(state.index!)
        }
        switch next {
        case .use(let index): return index
        case .wait(let task): return try await task.value
        }
    }

    private func startBuild(
        version: Int64, writes: Int, load: @escaping @Sendable () async throws -> [Repository],
        listings: @escaping @Sendable () async throws -> [CuratedListEntry], state: inout State
    ) -> Task<CatalogSearchIndex, any Error> {
        let ranking = ranking
        let task = Task {
            let repositories: [Repository]
            let listed: [CuratedListEntry]
            do {
                repositories = try await load()
                listed = try await listings()
            } catch {
                // The next search tries again.
                self.state.withLock { state in
                    if state.building?.version == version { state.building = nil }
                }
                throw error
            }
            // Timed where it runs: waiting for a thread is not what the spacing is about.
            let (index, duration) = await offThePool {
                let started = ContinuousClock.now
                let index = CatalogSearchIndex(repositories, listings: listed, ranking: ranking)
                return (index, ContinuousClock.now - started)
            }
            self.finish(index, version: version, writes: writes, duration: duration)
            return index
        }
        state.building = (version, task)
        state.lastBuildStarted = .now
        return task
    }

    private func finish(_ index: CatalogSearchIndex, version: Int64, writes: Int, duration: Duration) {
        state.withLock { state in
            if state.version.map({ version >= $0 }) ?? true {
                state.index = index
                state.version = version
                state.indexWrites = max(state.indexWrites, writes)
                state.checked = .now
            }
            state.lastBuildDuration = duration
            if state.building?.version == version { state.building = nil }
        }
    }

    /// A search: the index's page of repositories (the values it was built from), with highlights.
    public func results(
        _ query: SearchQuery, version: @Sendable () async throws -> Int64,
        load: @escaping @Sendable () async throws -> [Repository],
        listings: @escaping @Sendable () async throws -> [CuratedListEntry]
    ) async throws -> SearchResults {
        let index = try await index(version: version, load: load, listings: listings)
        // A question is read by the sentence model: wait for its load (suspended) rather than read it without.
        if let meaning = query.meaning { await index.prepareForQuestions(meaning) }
        let outcome = index.search(query)
        return SearchResults(
            page: Page(items: outcome.repositories, total: outcome.total, request: query.page),
            highlights: CatalogSearchIndex.highlights(
                in: outcome.repositories, matching: outcome.matchedTerms, names: outcome.completedNames),
            didYouMean: outcome.didYouMean, closeness: outcome.closeness, completeMatches: outcome.completeMatches,
            bestWordShare: outcome.bestWordShare, weakCloseness: outcome.weakCloseness)
    }
}
