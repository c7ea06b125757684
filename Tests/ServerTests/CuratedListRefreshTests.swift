import Catalog
import Foundation
import GitHub
import GitHubLive
import RepoFinderCore
import Storage
import TestSupport
import Testing

/// Curated lists as a living source: the 58 list files of `../shared/data/awesome` served by the stand-in GitHub's
/// contents API, read in the raw media type, conditionally on the stored ETag, on every engine.
@Suite("Curated lists refresh from GitHub: raw files, ETags kept, unchanged lists free", .serialized)
struct CuratedListRefreshTests {
    static var folder: URL { SharedDataFolder.url.appendingPathComponent("awesome") }

    /// A client with no token (GitHub's 60 requests an hour) and no cache of its own: a restarted server.
    static func client(_ standIn: GitHubStandIn) -> GitHubClient {
        GitHubClient(
            configuration: GitHubConfiguration(baseURL: standIn.baseURL, token: nil, timeout: .seconds(10)),
            transport: LiveGitHubTransport())
    }

    @Test(
        "the first pass reads every list; a restarted server's next pass is all 304s; a changed list alone is read",
        arguments: Engine.available)
    func conditional(engine: Engine) async throws {
        // 60 requests an hour without a token: the second pass fits only because a 304 costs nothing.
        let standIn = try GitHubStandIn(users: [:], rateLimit: 60, lists: Self.folder)
        defer { standIn.stop() }
        let lists = try CuratedListFolder(Self.folder).entries().map(\.list)
        let expected = try CuratedListFolder(Self.folder).readAll()
        #expect(lists.count == 58)
        try await withStore(engine) { test in
            let store = test.store
            let first = await CuratedListRefresh(store: store, github: Self.client(standIn)).run(lists)
            #expect(first.stoppedBecause == nil)
            #expect(first.read == 58 && first.unchanged == 0 && first.missing == 0 && first.failed == 0)
            let stored = try await store.curatedLists()
            #expect(stored.count == 58)
            #expect(stored.allSatisfy { $0.etag?.hasPrefix("W/\"") == true })
            // The same placements as `repofinder ingest --lists` stores from the folder's copies, list by list.
            var ingested: [[String: Int]] = []
            try await withStore(.sqliteMemory) { other in
                _ = try await CuratedListFolder(Self.folder).load(into: other.store)
                ingested = try await other.store.curatedLists().map { [$0.list.id: $0.placements] }
            }
            #expect(stored.map { [$0.list.id: $0.placements] } == ingested)
            #expect(first.placements == expected.map(\.reading.placements.count).reduce(0, +))
            let go = try await store.listings(of: RepositoryName(parsing: "nats-io/nats-server"))
            #expect(go.contains { $0.list.id == "avelino/awesome-go" && $0.heading == ["Distributed Systems"] })

            // A restarted server (a new client, no cache) follows the lists the database holds: 58 answers of 304.
            _ = try await standIn.requestCount(reset: true)
            let restarted = Self.client(standIn)
            let second = await CuratedListRefresh(store: store, github: restarted).run()
            #expect(second.stoppedBecause == nil, "\(second.stoppedBecause ?? "")")
            #expect(second.unchanged == 58 && second.read == 0)
            #expect(await restarted.statistics.notModified == 58)
            #expect(try await standIn.requestCount() == 58)
            #expect(try await store.curatedLists().map(\.readAt) == stored.map(\.readAt), "nothing rewritten")

            // A curator's commit: only that list is read again; what it no longer places is gone.
            try await standIn.setList(
                "avelino/awesome-go",
                text: "# Awesome Go\n\n## Contents\n\n- [Queues](#queues)\n\n## Queues\n\n"
                    + "- [nats](https://github.com/nats-io/nats-server) - text.\n"
                    + "- [nsq](https://github.com/nsqio/nsq) - text.\n")
            let third = await CuratedListRefresh(store: store, github: restarted).run()
            #expect(third.read == 1 && third.unchanged == 57 && third.placements == 2)
            let now = try await store.listings(of: RepositoryName(parsing: "nats-io/nats-server"))
            #expect(now.contains { $0.list.id == "avelino/awesome-go" && $0.heading == ["Queues"] })
            #expect(!now.contains { $0.list.id == "avelino/awesome-go" && $0.heading == ["Distributed Systems"] })
        }
    }

    @Test(
        "a list GitHub does not have is missing, the rest are read; a rate limit stops the pass, keeping what it read")
    func missingAndLimited() async throws {
        let standIn = try GitHubStandIn(users: [:], rateLimit: 3, lists: Self.folder)
        defer { standIn.stop() }
        let lists = try [
            "vinta/awesome-python", "someone/awesome-nothing", "jaywcjlove/awesome-mac/nope.md", "avelino/awesome-go",
            "sindresorhus/awesome-nodejs",
        ].map { id throws(RepositoryNameError) in try CuratedListSource(id: id) }
        try await withStore(.sqliteMemory) { test in
            let summary = await CuratedListRefresh(store: test.store, github: Self.client(standIn)).run(lists)
            // Two 404s and a read use the hour's three requests; the fourth is refused.
            #expect(summary.read == 1 && summary.missing == 2, "\(summary)")
            #expect(summary.stoppedBecause?.contains("rate limit") == true, "\(summary.stoppedBecause ?? "")")
            let stored = try await test.store.curatedLists()
            #expect(stored.map(\.list.id) == ["vinta/awesome-python"])
        }
    }
}
