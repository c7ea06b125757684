import Catalog
import Foundation
import GitHub
import GitHubTestSupport
import RepoFinderCore
import Storage
import StorageLive
import Testing

/// The recorded search answer (github3.py's `github3 language:python`, 8 repositories), as if recorded for `query`
/// sorted by stars: the body and headers are GitHub's, only the request line differs.
private func searchRecording(for query: String) throws -> RecordedExchange {
    var exchange = try Recordings.github3py("GitHub_search_repositories")[0]
    var components = URLComponents(string: "https://api.github.com/search/repositories")!
    components.queryItems = [
        URLQueryItem(name: "q", value: query), URLQueryItem(name: "sort", value: "stars"),
        URLQueryItem(name: "order", value: "desc"), URLQueryItem(name: "per_page", value: "100"),
    ]
    exchange.url = components.url!
    return exchange
}

/// A store with one repository, so the starter catalog is not loaded.
private func seededStore() async throws -> any DataStore {
    let store = try await StorageFactory.open(.sqliteInMemory)
    let seed = Repository(
        owner: RepositoryOwner(login: "someone"), name: "else", topics: [], language: nil, stars: 1)
    _ = try await store.upsertRepositories([seed])
    return store
}

private let today = Day("2026-11-22")!

@Suite("catalog sync over recorded GitHub answers")
struct CatalogSyncTests {
    @Test("a language query stores the results with their stars and today's snapshot; a rerun changes nothing")
    func syncLanguage() async throws {
        let store = try await seededStore()
        let plan = SyncPlan(languages: ["Python"], today: today)
        #expect(plan.queries == ["language:Python stars:>=50"])
        let transport = ReplayTransport([try searchRecording(for: "language:Python stars:>=50")])
        let github = GitHubClient(transport: transport, sleep: FakeClock().sleeper)
        let report = try await CatalogSync(store: store, github: github).run(plan)
        #expect(report.queries.map(\.fetched) == [8])
        #expect(report.counts == UpsertCounts(inserted: 8))
        #expect(report.snapshots == 8)
        #expect(!report.loadedStarterCatalog)
        let name = try RepositoryName(parsing: "sigmavirus24/github3.py")
        let stored = try #require(try await store.repository(named: name))
        let snapshots = try await store.starSnapshots(of: name)
        #expect(snapshots.map(\.day) == [today])
        #expect(snapshots.map(\.stars) == [stored.stars])
        let request = try #require(await transport.requests.first)
        #expect(
            ReplayTransport.queryItems(request.url) == [
                "q=language:Python stars:>=50", "sort=stars", "order=desc", "per_page=100",
            ])

        let again = try await CatalogSync(store: store, github: github).run(plan)
        #expect(again.counts == UpsertCounts(unchanged: 8))
        #expect(try await store.statistics().repositories == 9)
        try await store.close()
    }

    @Test("refresh re-reads popular catalog repositories, reporting renames and deletions")
    func refresh() async throws {
        let store = try await StorageFactory.open(.sqliteInMemory)
        let known = ["sigmavirus24/github3.py", "github3py/github3.py", "gone/away"].enumerated().map { index, name in
            let parsed = try! RepositoryName(parsing: name)
            return Repository(
                owner: RepositoryOwner(login: parsed.owner), name: parsed.name, topics: [], language: "Python",
                stars: 1000 - index)
        }
        _ = try await store.upsertRepositories(known)
        let transport = ReplayTransport(
            try Recordings.github3py("GitHub_repository") + Recordings.github3py("Repository_license"))
        let github = GitHubClient(transport: transport, sleep: FakeClock().sleeper)
        let report = try await CatalogSync(store: store, github: github).run(SyncPlan(refreshCount: 3, today: today))
        #expect(report.refreshed == 1 && report.refreshCounts == UpsertCounts(updated: 1))
        #expect(report.renamed.map(\.description) == ["github3py/github3.py → github3py/github3py"])
        #expect(report.missing.map(\.description) == ["gone/away"])
        let refreshed = try #require(
            try await store.repository(named: RepositoryName(parsing: "sigmavirus24/github3.py")))
        #expect(refreshed.stars == 744 && refreshed.githubID == 3_710_711)
        #expect(report.snapshots == 1)
        try await store.close()
    }

    @Test("without a network the sync fails and the catalog is exactly as it was")
    func unreachable() async throws {
        let store = try await seededStore()
        let before = try await store.statistics()
        let transport = ReplayTransport([], scripted: [.failure(.unreachable("127.0.0.1:1: connection refused"))])
        let github = GitHubClient(transport: transport, sleep: FakeClock().sleeper)
        let plan = SyncPlan(languages: ["Swift", "Go"], refreshCount: 5, today: today)
        await #expect {
            try await CatalogSync(store: store, github: github).run(plan)
        } throws: { error in
            guard let failure = error as? SyncFailure else { return false }
            return failure.catalogUntouched && failure.completedQueries == 0 && failure.plannedQueries == 2
                && failure.error == .unreachable("127.0.0.1:1: connection refused")
        }
        #expect(try await store.statistics() == before)
        try await store.close()
    }

    @Test("a sync cut short keeps the queries that finished and says so")
    func cutShort() async throws {
        let store = try await seededStore()
        let transport = ReplayTransport(
            [try searchRecording(for: "language:Python")],
            scripted: [])
        let github = GitHubClient(transport: transport, sleep: FakeClock().sleeper)
        // The second query has no recording: the replay answers 404, as GitHub does for what it does not have.
        let plan = SyncPlan(languages: ["Python"], topics: ["unrecorded"], minimumStars: 0, today: today)
        await #expect {
            try await CatalogSync(store: store, github: github).run(plan)
        } throws: { error in
            guard let failure = error as? SyncFailure, case .notFound = failure.error else { return false }
            return !failure.catalogUntouched && failure.completedQueries == 1
                && failure.completed.counts == UpsertCounts(inserted: 8)
        }
        #expect(try await store.statistics().repositories == 9)
        try await store.close()
    }
}
