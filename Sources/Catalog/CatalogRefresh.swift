public import Foundation
public import GitHub
public import RepoFinderCore
public import Storage

/// What one refresh of the catalog is asked to do.
public struct RefreshPlan: Sendable, Equatable {
    /// The day the star snapshots are for (UTC).
    public var day: Day
    /// The time repositories are marked confirmed at.
    public var now: Date
    /// Repositories GitHub confirmed at or after this time are left alone (the period's start): a run that was cut
    /// short continues with the rest.
    public var notCheckedSince: Date
    /// The searches that bring in new repositories of the configured languages and topics; nil for none.
    public var discovery: SyncPlan?

    public init(day: Day, now: Date, notCheckedSince: Date, discovery: SyncPlan? = nil) {
        self.day = day
        self.now = now
        self.notCheckedSince = notCheckedSince
        self.discovery = discovery
    }
}

/// Refreshes every catalog repository's facts and writes a star snapshot of each for the day, oldest-checked first,
/// saving each batch as it completes (a run cut short keeps what it saved); then searches for new repositories.
///
/// With a token, batches of ``GitHubClient/batchSize`` go through GitHub's GraphQL API, one request each (42,184
/// repositories: 422 requests, a few points each of the 5,000 an hour); a repository GraphQL cannot find is confirmed
/// with one REST request, which tells a rename (301, followed) from a deletion (404). Without a token (GraphQL needs
/// one) repositories are fetched one by one over REST, as far as the unauthenticated limit (60 an hour) goes; the next
/// run continues with those checked longest ago.
public struct CatalogRefresh: Sendable {
    private let store: any CatalogStore & CatalogUpkeepStore
    private let github: GitHubClient
    private let batched: Bool

    /// - Parameter batched: use GraphQL batches (the client has a token).
    public init(store: any CatalogStore & CatalogUpkeepStore, github: GitHubClient, batched: Bool) {
        self.store = store
        self.github = github
        self.batched = batched
    }

    /// Runs the refresh; `progress` hears the summary after every batch (to report and to say the run is alive).
    /// Returns the summary and whether every repository was checked.
    public func run(
        _ plan: RefreshPlan, progress: @Sendable (CatalogRefreshSummary) async -> Void = { _ in }
    ) async -> (summary: CatalogRefreshSummary, finished: Bool) {
        var summary = CatalogRefreshSummary()
        let requestsBefore = await github.statistics.requests
        var finished = false
        do {
            while true {
                if Task.isCancelled { throw CancellationError() }
                let names = try await store.repositoriesToCheck(
                    notCheckedSince: plan.notCheckedSince, limit: batched ? GitHubClient.batchSize : 10)
                if names.isEmpty { break }
                try await refresh(names, plan: plan, summary: &summary)
                summary.requests = await github.statistics.requests - requestsBefore
                await progress(summary)
            }
            if let discovery = plan.discovery {
                let report = try await CatalogSync(store: store, github: github, now: { plan.now }).run(discovery)
                summary.added += report.counts.inserted
                summary.snapshots += report.snapshots
            }
            finished = true
        } catch let failure as SyncFailure {
            summary.added += failure.completed.counts.inserted
            summary.snapshots += failure.completed.snapshots
            summary.stoppedBecause = "searching for new repositories: \(failure.error)"
        } catch is CancellationError {
            summary.stoppedBecause = "the server is stopping"
        } catch {
            summary.stoppedBecause = "\(error)"
        }
        summary.requests = await github.statistics.requests - requestsBefore
        summary.remaining =
            (try? await store.repositoriesToCheck(notCheckedSince: plan.notCheckedSince, limit: 1_000_000).count) ?? 0
        return (summary, finished && summary.remaining == 0)
    }

    /// One batch: look the repositories up, then save what GitHub said of each.
    private func refresh(_ names: [RepositoryName], plan: RefreshPlan, summary: inout CatalogRefreshSummary)
        async throws
    {
        var current: [Repository] = []
        var renames: [(RepositoryName, Repository)] = []
        var gone: [RepositoryName] = []
        var unreadable: [RepositoryName] = []
        for (name, lookup) in try await lookUp(names) {
            switch lookup {
            case .found(let repository) where repository.id == name.key: current.append(repository)
            case .found(let repository): renames.append((name, repository))
            case .notFound: gone.append(name)
            case .invalid: unreadable.append(name)
            }
        }
        try await store.markChecked(current.map(\.repositoryName) + unreadable, at: plan.now)
        let counts = try await store.upsertRepositories(current)
        summary.checked += current.count
        summary.updated += counts.updated
        summary.skipped += unreadable.count
        for (old, repository) in renames where try await store.renameRepository(old, to: repository, at: plan.now) {
            summary.renamed += 1
        }
        let moved = renames.map(\.1)
        try await store.markChecked(moved.map(\.repositoryName), at: plan.now)
        summary.checked += moved.count
        // A deleted repository keeps its history; it is never checked again (a search or a link may bring it back).
        summary.gone += try await store.markGone(gone, at: plan.now)
        let snapshots = (current + moved).map {
            StarSnapshot(repository: $0.repositoryName, day: plan.day, stars: $0.stars, forks: $0.forks)
        }
        let written = try await store.upsertStarSnapshots(snapshots).counts
        summary.snapshots += written.inserted + written.updated + written.unchanged
    }

    /// What GitHub says of each name: a GraphQL batch (with REST confirming the ones it cannot find), or REST one by
    /// one.
    private func lookUp(_ names: [RepositoryName]) async throws -> [(RepositoryName, RepositoryLookup)] {
        var outcomes: [(RepositoryName, RepositoryLookup)] = []
        if batched {
            let answers = try await github.repositories(names)
            for name in names {
                let answer = answers[name] ?? .notFound
                outcomes.append((name, answer == .notFound ? try await restLookUp(name) : answer))
            }
        } else {
            for name in names { outcomes.append((name, try await restLookUp(name))) }
        }
        return outcomes
    }

    /// `GET /repos/{owner}/{repo}`: found (under its new name after a 301), or not found (404).
    private func restLookUp(_ name: RepositoryName) async throws -> RepositoryLookup {
        do {
            return .found(try await github.repository(name))
        } catch .notFound {
            return .notFound
        } catch .invalidResponse(let reason) {
            return .invalid(reason)
        }
    }
}
