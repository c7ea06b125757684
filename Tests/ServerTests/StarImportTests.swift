import Catalog
import Foundation
import GitHub
import GitHubLive
import HTTPTypes
import HummingbirdTesting
import RepoFinderCore
import Storage
import TestSupport
import Testing

/// `POST /v1/me/imports/github-stars` against the stand-in GitHub (a separate process speaking GitHub's REST API),
/// over real HTTP through the live transport.
@Suite("Star imports: a GitHub user's public stars become the person's taste")
struct StarImportTests {
    /// A GitHub client of the stand-in that never waits long.
    static func github(_ baseURL: URL) -> (GitHubClient, LiveGitHubTransport) {
        let transport = LiveGitHubTransport()
        let configuration = GitHubConfiguration(
            baseURL: baseURL, timeout: .seconds(10), retryBackoff: .milliseconds(20), maximumWait: .seconds(2))
        return (GitHubClient(configuration: configuration, transport: transport), transport)
    }

    /// Runs `body` against a server with a GitHub client of `standIn` whose catalog also holds the shared catalog's
    /// first `realRepositories` repositories (the stand-in's stars are drawn from its first few thousand).
    static func withServer(
        _ engine: Engine, standIn: GitHubStandIn, realRepositories: Int = 0,
        _ body: @Sendable (any TestClientProtocol, any DataStore, GitHubClient) async throws -> Void
    ) async throws {
        let (github, transport) = Self.github(standIn.baseURL)
        do {
            try await withStore(engine) { test in
                try await ServerHarness.run(test, github: github, seed: { try await seedReal(realRepositories, $0) }) {
                    client, test in try await body(client, test.store, github)
                }
            }
        } catch {
            try await transport.shutdown()
            throw error
        }
        try await transport.shutdown()
    }

    /// Upserts the shared catalog's first `count` repositories.
    static func seedReal(_ count: Int, _ store: any DataStore) async throws {
        guard count > 0 else { return }
        let reader = try LineReader(path: SharedDataFolder.url.appendingPathComponent("catalog/repos.jsonl.gz").path)
        let decoder = RepositoryRecordDecoder()
        var repositories: [Repository] = []
        while repositories.count < count, let line = try reader.next() {
            if case .text(_, let bytes) = line, case .success(let repository) = decoder.decode(bytes) {
                repositories.append(repository)
            }
        }
        _ = try await store.upsertRepositories(repositories)
    }

    /// Polls an import until it is no longer running (at most `seconds`).
    static func finished(
        _ client: any TestClientProtocol, token: String, at location: String, seconds: Int = 60
    ) async throws -> [String: Any] {
        for _ in 0..<(seconds * 10) {
            let response = try await client.call(.get, location, token: token)
            #expect(response.status == .ok)
            let body = try response.json()
            if body["state"] as? String != "running" { return body }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw HarnessError.notAnObject("the import at \(location) was still running after \(seconds) s")
    }

    static func start(_ client: any TestClientProtocol, token: String, login: String) async throws -> TestResponse {
        try await client.call(.post, "/v1/me/imports/github-stars", token: token, json: #"{"login": "\#(login)"}"#)
    }

    @Test(
        "every page is read, missing repositories are added, the deck never deals a star; again reads only what is new",
        arguments: Engine.available)
    func importsEverything(engine: Engine) async throws {
        let standIn = try GitHubStandIn(users: ["octo-stars": 250])
        defer { standIn.stop() }
        try await Self.withServer(engine, standIn: standIn, realRepositories: 1_000) { client, store, github in
            let starred = Set(try await github.starredRepositories(of: "octo-stars").map(\.repository.id))
            #expect(starred.count == 250)
            let missingBefore = try await store.missingRepositories(starred.map { try RepositoryName(parsing: $0) })
            #expect(!missingBefore.isEmpty && missingBefore.count < 250)

            let token = try await client.newToken()
            let started = try await Self.start(client, token: token, login: "octo-stars")
            #expect(started.status == .accepted)
            let location = try #require(started.headers[.location])
            let first = try started.json()
            #expect(location == "/v1/me/imports/\(first["id"] as! String)")
            #expect(first["state"] as? String == "running" || first["state"] as? String == "done")

            let done = try await Self.finished(client, token: token, at: location)
            #expect(done["state"] as? String == "done")
            #expect(done["read"] as? Int == 250)
            #expect(done["imported"] as? Int == 250)
            #expect(done["added"] as? Int == missingBefore.count)
            #expect(done["pagesRead"] as? Int == 3)
            #expect(done["pagesTotal"] as? Int == 3)
            #expect(done["finishedAt"] != nil && done["failure"] == nil)
            #expect(try await store.missingRepositories(starred.map { try RepositoryName(parsing: $0) }).isEmpty)
            let stats = try await client.call(.get, "/v1/me/stats", token: token).json()
            #expect(stats["stars"] as? Int == 250)
            #expect(stats["likes"] as? Int == 0)

            // Six batches of the deck (300 of ~1,060 cards): none is a starred repository.
            var dealt: [String] = []
            for _ in 0..<6 {
                let feed = try await client.call(.get, "/v1/me/feed?limit=50", token: token)
                #expect(feed.status == .ok)
                dealt += try feed.names()
            }
            #expect(dealt.count == 300)
            #expect(Set(dealt.map { $0.lowercased() }).isDisjoint(with: starred))

            // Again: nothing new, a couple of requests. Then five new stars: exactly those.
            _ = try await standIn.requestCount(reset: true)
            let again = try await Self.start(client, token: token, login: "octo-stars")
            #expect(again.status == .accepted)
            let second = try await Self.finished(client, token: token, at: try #require(again.headers[.location]))
            #expect(second["state"] as? String == "done")
            #expect(second["imported"] as? Int == 0)
            #expect(try await standIn.requestCount() <= 2)
            try await standIn.star(5, for: "octo-stars")
            let more = try await Self.start(client, token: token, login: "octo-stars")
            let third = try await Self.finished(client, token: token, at: try #require(more.headers[.location]))
            #expect(third["imported"] as? Int == 5)
            #expect(third["read"] as? Int ?? 0 <= 100)
            let after = try await client.call(.get, "/v1/me/stats", token: token).json()
            #expect(after["stars"] as? Int == 255)
        }
    }

    @Test(
        "10,000 stars (100 pages) are all imported; again, a couple of requests and nothing twice",
        // Opt-in (REPOFINDER_TEST_TEN_THOUSAND=1, every engine): adding 10,000 repositories while the whole suite
        // runs pushed other tests past their deadlines on the 2-core CI machine. The suite imports 250 stars on every
        // engine; scripts/star-import-bench.py times 10,000 against a release server.
        arguments: ProcessInfo.processInfo.environment["REPOFINDER_TEST_TEN_THOUSAND"] == "1" ? Engine.available : [])
    func tenThousand(engine: Engine) async throws {
        let standIn = try GitHubStandIn(users: ["many-stars": 10_000])
        defer { standIn.stop() }
        try await Self.withServer(engine, standIn: standIn) { client, _, _ in
            let token = try await client.newToken()
            _ = try await standIn.requestCount(reset: true)
            let clock = ContinuousClock()
            let start = clock.now
            let started = try await Self.start(client, token: token, login: "many-stars")
            let location = try #require(started.headers[.location])
            let done = try await Self.finished(client, token: token, at: location, seconds: 300)
            let elapsed = clock.now - start
            let requests = try await standIn.requestCount(reset: true)
            #expect(done["state"] as? String == "done")
            #expect(done["read"] as? Int == 10_000 && done["imported"] as? Int == 10_000)
            #expect(done["pagesRead"] as? Int == 100 && done["pagesTotal"] as? Int == 100)
            // The user, then 100 pages.
            #expect(requests == 101)
            let stats = try await client.call(.get, "/v1/me/stats", token: token).json()
            #expect(stats["stars"] as? Int == 10_000)

            let again = try await Self.start(client, token: token, login: "many-stars")
            let second = try await Self.finished(client, token: token, at: try #require(again.headers[.location]))
            let secondRequests = try await standIn.requestCount()
            #expect(second["state"] as? String == "done" && second["imported"] as? Int == 0)
            #expect(secondRequests <= 2)
            let after = try await client.call(.get, "/v1/me/stats", token: token).json()
            #expect(after["stars"] as? Int == 10_000)
            print(
                "star import (\(engine), debug build): 10,000 stars in \(elapsed), \(requests) GitHub requests; "
                    + "again: \(secondRequests) requests, \(second["imported"] as? Int ?? -1) imported")
        }
    }

    @Test("bad logins, a second import while one runs, and someone else's import get clear answers")
    func badInput() async throws {
        // Three pages 3 s apart: the first import is still running when the second is asked for, however late.
        let standIn = try GitHubStandIn(users: ["octo-stars": 250], pageDelay: 3)
        defer { standIn.stop() }
        try await Self.withServer(.sqliteMemory, standIn: standIn) { client, _, _ in
            let token = try await client.newToken()
            for body in [#"{}"#, #"{"login": "  "}"#] {
                let missing = try await client.call(.post, "/v1/me/imports/github-stars", token: token, json: body)
                #expect(missing.status == .badRequest)
            }
            let noBody = try await client.call(.post, "/v1/me/imports/github-stars", token: token)
            #expect(noBody.status == .badRequest)
            for login in ["bad login!", "-dash", "a--b", "x/../y"] {
                let invalid = try await Self.start(client, token: token, login: login)
                #expect(invalid.status == .unprocessableContent, "\(login)")
                #expect(try invalid.errorCode() == "invalid_login")
            }
            let tooLong = try await Self.start(client, token: token, login: String(repeating: "a", count: 40))
            #expect(tooLong.status == .unprocessableContent)
            let unknown = try await Self.start(client, token: token, login: "nobody-here")
            #expect(unknown.status == .unprocessableContent)
            #expect(
                try unknown.json()["message"] as? String
                    == "GitHub has no user named 'nobody-here'. Check the spelling.")

            let started = try await Self.start(client, token: token, login: "octo-stars")
            #expect(started.status == .accepted)
            let running = try await Self.start(client, token: token, login: "octo-stars")
            #expect(running.status == .conflict)
            #expect(running.headers[.location] == started.headers[.location])
            #expect(try running.json()["id"] as? String == started.json()["id"] as? String)

            let other = try await client.newToken()
            let location = try #require(started.headers[.location])
            let notYours = try await client.call(.get, location, token: other)
            #expect(notYours.status == .notFound)
            let unknownID = try await client.call(.get, "/v1/me/imports/no-such-import", token: token)
            #expect(unknownID.status == .notFound)
            let done = try await Self.finished(client, token: token, at: location)
            #expect(done["imported"] as? Int == 250)
        }
    }

    @Test("GitHub's rate limit ends an import with what it read kept and a reason; no GitHub is a 503")
    func gitHubFailures() async throws {
        // Three requests an hour: the user, then two pages of the three.
        let standIn = try GitHubStandIn(users: ["octo-stars": 250], rateLimit: 3)
        defer { standIn.stop() }
        try await Self.withServer(.sqliteMemory, standIn: standIn) { client, _, _ in
            let token = try await client.newToken()
            let started = try await Self.start(client, token: token, login: "octo-stars")
            #expect(started.status == .accepted)
            let failed = try await Self.finished(client, token: token, at: try #require(started.headers[.location]))
            #expect(failed["state"] as? String == "failed")
            #expect(failed["imported"] as? Int == 200)
            #expect((failed["failure"] as? String)?.hasPrefix("GitHub's rate limit is used up until ") == true)
            let stats = try await client.call(.get, "/v1/me/stats", token: token).json()
            #expect(stats["stars"] as? Int == 200)
            // The limit is still used up: starting again says when to come back.
            let refused = try await Self.start(client, token: token, login: "octo-stars")
            #expect(refused.status == .serviceUnavailable)
            #expect(Int(refused.headers[.retryAfter] ?? "") ?? 0 > 60)
        }
        standIn.stop()
        // A GitHub that does not answer at all.
        try await Self.withServer(.sqliteMemory, standIn: standIn) { client, _, _ in
            let token = try await client.newToken()
            let unreachable = try await Self.start(client, token: token, login: "octo-stars")
            #expect(unreachable.status == .serviceUnavailable)
            #expect(try unreachable.errorCode() == "github_unavailable")
            #expect(unreachable.headers[.retryAfter] != nil)
        }
        // A server without GitHub.
        try await ServerHarness.run(.sqliteMemory) { client, _ in
            let token = try await client.newToken()
            let response = try await Self.start(client, token: token, login: "octo-stars")
            #expect(response.status == .serviceUnavailable)
            #expect(try response.errorCode() == "github_unavailable")
        }
    }
}
