public import Foundation
public import GitHub
public import RepoFinderCore
public import Storage

/// What `repofinder sync` asks GitHub for.
public struct SyncPlan: Sendable, Equatable {
    /// Languages to search (`language:Swift`), most starred first.
    public var languages: [String]
    /// Topics to search (`topic:server-side-swift`), most starred first.
    public var topics: [String]
    /// Pages of results per query (GitHub serves at most 1,000 results, 10 pages of 100).
    public var pagesPerQuery: Int
    /// Results per page, 1…100.
    public var perPage: Int
    /// Only repositories with at least this many stars (`stars:>=N`).
    public var minimumStars: Int
    /// How many of the catalog's most starred repositories not seen in the queries to refresh one by one.
    public var refreshCount: Int
    /// The day today's star snapshot is recorded for (UTC).
    public var today: Day
    /// Only repositories created on or after this day (`created:>=`): young ones that just passed the star
    /// threshold, which a search sorted by stars would not reach. Nil searches all.
    public var createdSince: Day?

    /// Languages `repofinder sync` searches when it is given no language, topic or refresh: popular ones.
    public static let defaultLanguages = [
        "Python", "TypeScript", "JavaScript", "Go", "Rust", "Swift", "Java", "Kotlin", "C++", "C#",
    ]

    public init(
        languages: [String] = [], topics: [String] = [], pagesPerQuery: Int = 1, perPage: Int = 100,
        minimumStars: Int = 50, refreshCount: Int = 0, today: Day, createdSince: Day? = nil
    ) {
        self.languages = languages
        self.topics = topics
        self.pagesPerQuery = min(max(pagesPerQuery, 1), 10)
        self.perPage = min(max(perPage, 1), 100)
        self.minimumStars = max(minimumStars, 0)
        self.refreshCount = max(refreshCount, 0)
        self.today = today
        self.createdSince = createdSince
    }

    /// The search queries in GitHub's syntax, in the order they run.
    public var queries: [String] {
        let stars =
            (minimumStars > 0 ? " stars:>=\(minimumStars)" : "") + (createdSince.map { " created:>=\($0)" } ?? "")
        return languages.map { "language:\(Self.quoted($0))\(stars)" }
            + topics.map { "topic:\(Self.quoted($0))\(stars)" }
    }

    private static func quoted(_ value: String) -> String {
        value.contains(" ") ? "\"\(value)\"" : value
    }
}

/// What a sync did.
public struct SyncReport: Sendable, Equatable {
    /// One search query's outcome.
    public struct Query: Sendable, Equatable {
        public var query: String
        /// Repositories matching on GitHub (not all are fetched).
        public var totalCount: Int
        public var fetched: Int
        public var counts: UpsertCounts
    }

    public var queries: [Query] = []
    /// Repositories refreshed one by one, and what changed.
    public var refreshed = 0
    public var refreshCounts = UpsertCounts()
    /// Catalog repositories GitHub no longer has (404), left as they are.
    public var missing: [RepositoryName] = []
    /// Catalog repositories GitHub now serves under another name; left for a later rename step.
    public var renamed: [Rename] = []
    /// Today's star snapshots written.
    public var snapshots = 0
    /// The starter catalog was loaded first because the database was empty.
    public var loadedStarterCatalog = false

    /// A repository GitHub now serves under another name.
    public struct Rename: Sendable, Equatable, CustomStringConvertible {
        public var from: RepositoryName
        public var to: RepositoryName
        public var description: String { "\(from) → \(to)" }
    }

    /// Repositories inserted, updated and unchanged over the whole sync.
    public var counts: UpsertCounts { queries.map(\.counts).reduce(refreshCounts, +) }
}

/// A sync that stopped part-way: what was saved before `error`.
public struct SyncFailure: Error, Sendable {
    public var error: GitHubError
    /// What completed and was saved before the failure (nothing when the first request failed).
    public var completed: SyncReport
    /// Queries that finished, of all planned.
    public var completedQueries: Int
    public var plannedQueries: Int

    /// True when nothing was written: the catalog is exactly as before.
    public var catalogUntouched: Bool { completed.queries.isEmpty && completed.refreshed == 0 }
}

/// Grows and refreshes the catalog from GitHub: repository searches by language and topic (whose results carry
/// current star counts), an optional one-by-one refresh of popular repositories the searches missed, and a star
/// snapshot for today of every repository seen.
///
/// Each query is written as soon as it completes, so a sync cut short keeps the queries before it; a failure
/// before anything was fetched leaves the database exactly as it was (the starter catalog is loaded into an empty
/// database only once there is something to add to it).
public struct CatalogSync: Sendable {
    /// Progress, for a person watching.
    public enum Event: Sendable {
        case queryFinished(SyncReport.Query)
        case refreshed(Int, of: Int)
    }

    private let store: any CatalogStore & CatalogUpkeepStore
    private let github: GitHubClient
    private let now: @Sendable () -> Date

    public init(
        store: any CatalogStore & CatalogUpkeepStore, github: GitHubClient,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.store = store
        self.github = github
        self.now = now
    }

    public func run(_ plan: SyncPlan, events: @Sendable (Event) -> Void = { _ in }) async throws -> SyncReport {
        var report = SyncReport()
        var seen: Set<String> = []
        let queries = plan.queries
        do {
            for query in queries {
                var fetched: [Repository] = []
                var total = 0
                for page in 1...plan.pagesPerQuery {
                    let results = try await github.searchRepositories(
                        query, sort: .stars, perPage: plan.perPage, page: page)
                    total = results.totalCount
                    fetched += results.repositories
                    if !results.hasNextPage || results.repositories.isEmpty { break }
                }
                let fresh = fetched.filter { seen.insert($0.id).inserted }
                let counts = try await save(fresh, plan: plan, report: &report)
                let outcome = SyncReport.Query(query: query, totalCount: total, fetched: fetched.count, counts: counts)
                report.queries.append(outcome)
                events(.queryFinished(outcome))
            }
            if plan.refreshCount > 0 { try await refresh(plan, seen: seen, report: &report, events: events) }
        } catch let error as GitHubError {
            throw SyncFailure(
                error: error, completed: report, completedQueries: report.queries.count, plannedQueries: queries.count)
        }
        return report
    }

    /// The most starred catalog repositories the searches did not return, fetched one by one.
    private func refresh(
        _ plan: SyncPlan, seen: Set<String>, report: inout SyncReport, events: @Sendable (Event) -> Void
    ) async throws {
        let candidates = try await store.repositories(offset: 0, limit: plan.refreshCount + seen.count)
            .filter { !seen.contains($0.id) }.prefix(plan.refreshCount)
        var current: [Repository] = []
        for (index, known) in candidates.enumerated() {
            let outcome: Result<Repository, GitHubError>
            do {
                outcome = .success(try await github.repository(known.repositoryName))
            } catch {
                outcome = .failure(error)
            }
            switch outcome {
            case .success(let repository) where repository.id == known.id:
                current.append(repository)
            case .success(let repository):
                report.renamed.append(SyncReport.Rename(from: known.repositoryName, to: repository.repositoryName))
            case .failure(.notFound):
                report.missing.append(known.repositoryName)
            case .failure(let error):
                throw error
            }
            events(.refreshed(index + 1, of: candidates.count))
        }
        report.refreshCounts = try await save(current, plan: plan, report: &report)
        report.refreshed = current.count
    }

    /// Upserts repositories and records today's stars for each.
    private func save(_ repositories: [Repository], plan: SyncPlan, report: inout SyncReport) async throws
        -> UpsertCounts
    {
        guard !repositories.isEmpty else { return UpsertCounts() }
        if !report.loadedStarterCatalog, report.queries.isEmpty, report.refreshed == 0 {
            report.loadedStarterCatalog = try await StarterCatalog.loadIfEmpty(into: store) != nil
        }
        // GitHub has them now: none is gone (one that was is found and dealt again).
        try await store.markChecked(repositories.map(\.repositoryName), at: now())
        let counts = try await store.upsertRepositories(repositories)
        let snapshots = repositories.map {
            StarSnapshot(repository: $0.repositoryName, day: plan.today, stars: $0.stars, forks: $0.forks)
        }
        let written = try await store.upsertStarSnapshots(snapshots).counts
        report.snapshots += written.inserted + written.updated + written.unchanged
        return counts
    }
}
