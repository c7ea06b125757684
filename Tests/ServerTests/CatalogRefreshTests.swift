import Catalog
import Foundation
import GitHub
import GitHubLive
import Logging
import RepoFinderCore
import RepoFinderServer
import Storage
import Synchronization
import TestSupport
import Testing

/// The scheduled catalog refresh against the stand-in GitHub (GraphQL batches, REST confirming what GraphQL cannot
/// find, 301 renames, 404 deletions, rate limits), on an injected clock, on every engine.
@Suite("Catalog refresh: every repository each day, renames and deletions, one runner per day")
struct CatalogRefreshTests {
    static let count = 150

    /// The stand-in and the store both hold `count` repositories; the store's counts are a day old.
    static func seed(_ standIn: GitHubStandIn, _ store: any DataStore) async throws {
        for index in 0..<count {
            let name = "refresh-\(index)/tool-\(index)"
            try await standIn.addRepository([
                "full_name": name, "name": "tool-\(index)", "owner": ["login": "refresh-\(index)"],
                "stargazers_count": 100 + index, "forks_count": 3, "language": "Swift",
                "pushed_at": "2026-11-20T10:00:00Z", "html_url": "https://github.com/\(name)",
            ])
        }
        _ = try await store.upsertRepositories(
            (0..<count).map { Fixtures.repository("refresh-\($0)/tool-\($0)", stars: 1) })
    }

    static func client(_ standIn: GitHubStandIn, token: String? = "server-token") -> GitHubClient {
        let configuration = GitHubConfiguration(
            baseURL: standIn.baseURL, token: token, timeout: .seconds(10), retryBackoff: .milliseconds(20),
            maximumWait: .seconds(1))
        return GitHubClient(configuration: configuration, transport: LiveGitHubTransport())
    }

    /// A clock the test moves.
    final class TestClock: Sendable {
        private let date: Mutex<Date>
        init(_ text: String) { date = Mutex(Timestamp.parse(text)!) }
        func now() -> Date { date.withLock { $0 } }
        func set(_ text: String) { date.withLock { $0 = Timestamp.parse(text)! } }
    }

    static func refresher(
        _ store: any DataStore, _ github: GitHubClient, clock: TestClock, runner: String = "test"
    ) -> CatalogRefresher {
        CatalogRefresher(
            store: store, github: github, schedule: CatalogRefreshSchedule(languages: []),
            logger: ServerHarness.quietLogger,
            runner: runner, now: { clock.now() })
    }

    @Test(
        "a day's run checks every repository, moves a renamed one with its like and history, marks a deleted one gone",
        arguments: Engine.available)
    func scheduled(engine: Engine) async throws {
        let standIn = try GitHubStandIn(users: [:])
        defer { standIn.stop() }
        try await withStore(engine) { test in
            let store = test.store
            try await Self.seed(standIn, store)
            let user = try await store.createUser(tokenHash: "liker", at: Fixtures.moment)
            _ = try await store.recordInteractions(
                [Interaction(id: "l", repository: Fixtures.name("refresh-0/tool-0"), kind: .like, at: Fixtures.moment)],
                userID: user.id, quota: .unlimited)
            _ = try await store.upsertStarSnapshots([
                StarSnapshot(repository: Fixtures.name("refresh-0/tool-0"), day: Day("2026-11-22")!, stars: 1)
            ])
            try await standIn.rename("refresh-0/tool-0", to: "moved-0/tool-zero")
            try await standIn.delete("refresh-1/tool-1")

            let clock = TestClock("2026-11-23T10:00:00Z")
            let github = Self.client(standIn)
            let refresher = Self.refresher(store, github, clock: clock)
            let run = try #require(try await refresher.runIfDue())
            #expect(run.state == .finished && run.slot == "2026-11-23T00:00:00Z")
            #expect(run.summary.checked == Self.count - 1 && run.summary.snapshots == Self.count - 1)
            #expect(run.summary.renamed == 1 && run.summary.gone == 1 && run.summary.remaining == 0)
            // Two GraphQL batches, and one REST request confirming the deletion GraphQL could not tell.
            #expect(run.summary.requests == 3)
            #expect(try await store.repository(named: Fixtures.name("refresh-5/tool-5"))?.stars == 105)
            let moved = Fixtures.name("moved-0/tool-zero")
            #expect(try await store.repository(named: moved)?.stars == 100)
            #expect(try await store.currentName(of: Fixtures.name("refresh-0/tool-0")) == moved)
            #expect(try await store.interactions(userID: user.id).map(\.repository) == [moved])
            #expect(try await store.starSnapshots(of: moved).map(\.stars) == [1, 100])
            #expect(try await store.repository(named: Fixtures.name("refresh-1/tool-1"))?.goneAt != nil)
            #expect(try await store.catalogRefreshes(limit: 1).first?.state == .finished)

            // The same day again: done. The next day: a run of its own with the new counts.
            clock.set("2026-11-23T23:59:00Z")
            #expect(try await refresher.runIfDue() == nil)
            try await standIn.grow(stars: 5)
            clock.set("2026-11-24T00:01:00Z")
            let next = try #require(try await refresher.runIfDue())
            #expect(next.slot == "2026-11-24T00:00:00Z" && next.summary.checked == Self.count - 1)
            #expect(try await store.starSnapshots(of: moved).map(\.stars) == [1, 100, 105])
        }
    }

    @Test("a run cut off by GitHub's limit keeps what it saved; the next one continues", arguments: Engine.available)
    func cutOff(engine: Engine) async throws {
        // Each batch of 100 costs 3 points: the second batch is over the limit.
        let standIn = try GitHubStandIn(users: [:], graphQLLimit: 4)
        defer { standIn.stop() }
        try await withStore(engine) { test in
            let store = test.store
            try await Self.seed(standIn, store)
            let clock = TestClock("2026-11-23T10:00:00Z")
            let run = try #require(try await Self.refresher(store, Self.client(standIn), clock: clock).runIfDue())
            #expect(run.state == .partial && run.summary.checked == 100 && run.summary.remaining == 50)
            #expect(run.summary.stoppedBecause?.contains("rate") == true)
            let day = Day("2026-11-23")!
            var written = 0
            for index in 0..<Self.count {
                let snapshots = try await store.starSnapshots(of: Fixtures.name("refresh-\(index)/tool-\(index)"))
                written += snapshots.filter { $0.day == day }.count
            }
            #expect(written == 100)
            #expect(try await store.repositoriesToCheck(notCheckedSince: clock.now(), limit: 1_000).count == 50)
        }
    }

    @Test(
        "two servers sharing PostgreSQL run a day's refresh once",
        arguments: Engine.available.filter { $0 == .postgres })
    func oneRunner(engine: Engine) async throws {
        let standIn = try GitHubStandIn(users: [:])
        defer { standIn.stop() }
        try await withStore(engine) { test in
            try await Self.seed(standIn, test.store)
            guard let reopen = test.reopen else {
                Issue.record("a PostgreSQL store can be opened twice")
                return
            }
            let other = try await reopen()
            try await other.whileRunning { second in
                let clock = TestClock("2026-11-23T06:00:00Z")
                let servers = [
                    Self.refresher(test.store, Self.client(standIn), clock: clock, runner: "one"),
                    Self.refresher(second, Self.client(standIn), clock: clock, runner: "two"),
                ]
                let first = Task { try await servers[0].runIfDue() }
                let second = Task { try await servers[1].runIfDue() }
                let outcomes: [CatalogRefreshRun?] = [try await first.value, try await second.value]
                let runs = outcomes.compactMap { $0 }
                #expect(runs.count == 1)
                #expect(try await test.store.catalogRefreshes(limit: 5).count == 1)
                for server in servers { #expect(try await server.runIfDue() == nil) }
                let day = Day("2026-11-23")!
                let snapshots = try await test.store.starSnapshots(of: Fixtures.name("refresh-7/tool-7"))
                #expect(snapshots.filter { $0.day == day }.count == 1)
            }
            try await other.close()
        }
    }

    @Test("a day's run reads the followed curated lists after the repositories, and the next day's are 304s")
    func readsLists() async throws {
        let standIn = try GitHubStandIn(users: [:], lists: SharedDataFolder.url.appendingPathComponent("awesome"))
        defer { standIn.stop() }
        try await withStore(.sqliteMemory) { test in
            let store = test.store
            try await Self.seed(standIn, store)
            let clock = TestClock("2026-11-23T10:00:00Z")
            let github = Self.client(standIn)
            let followed = try ["avelino/awesome-go", "lorien/awesome-web-scraping/golang.md"].map {
                id throws(RepositoryNameError) in try CuratedListSource(id: id)
            }
            let refresher = CatalogRefresher(
                store: store, github: github, schedule: CatalogRefreshSchedule(languages: [], curatedLists: followed),
                logger: ServerHarness.quietLogger, runner: "test", now: { clock.now() })
            #expect(try await refresher.runIfDue()?.state == .finished)
            let lists = try await store.curatedLists()
            #expect(lists.map(\.list.id).sorted() == followed.map(\.id).sorted())
            #expect(lists.allSatisfy { $0.etag != nil && $0.placements > 10 })
            clock.set("2026-11-24T00:01:00Z")
            let notModified = await github.statistics.notModified
            #expect(try await refresher.runIfDue()?.state == .finished)
            #expect(await github.statistics.notModified == notModified + 2)
            #expect(try await store.curatedLists().map(\.readAt) == lists.map(\.readAt))
        }
    }
}
