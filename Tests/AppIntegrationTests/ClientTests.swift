import AppServerSupport
import AsyncHTTPClient
import Foundation
import HTTPTypes
import OpenAPIRuntime
import RepoFinderClient
import RepoFinderCore
import Storage
import Synchronization
import TestSupport
import Testing

@Suite("Client SDK: the real server over HTTP, typed failures, retries, tokens")
struct ClientTests {
    @Test("the first personal call makes an anonymous account and keeps its token; later calls reuse it")
    func accountAndToken() async throws {
        try await LiveServer.run { url, store in
            let tokens = MemoryTokenStore()
            let client = LiveServer.client(url, tokens: tokens)
            #expect(tokens.token() == nil)
            async let first = client.preferences()
            async let second = client.stats()
            _ = try await (first, second)
            let token = try #require(tokens.token())
            #expect(try await store.statistics().users == 1, "two calls at once made one account")
            _ = try await client.feed(limit: 3, filter: nil)
            #expect(tokens.token() == token)
        }
    }

    @Test("catalog calls map the server's answers into the app's values")
    func catalog() async throws {
        try await LiveServer.run { url, store in
            let client = LiveServer.client(url)
            let name = try RepositoryName(parsing: SyntheticCatalog.name("Rust", 0))
            let repository = try await client.repository(name)
            #expect(repository.fullName == name.fullName)
            #expect(repository.language == "Rust")
            // Star history: the server's snapshots, day for day; a window of it.
            let snapshots = try await store.starSnapshots(of: name)
            let history = try await client.starHistory(of: name)
            #expect(!history.isEmpty)
            #expect(history == snapshots)
            if let last = snapshots.last {
                #expect(try await client.starHistory(of: name, from: last.day, to: last.day) == [last])
            }
            let found = try await client.search(SearchRequest(query: "rust", perPage: 5))
            let results = found.results
            #expect(results.items.count == 5)
            #expect(results.total == 12)
            #expect(results.hasMore)
            #expect(found.highlights.contains("rust"))
            #expect(try await client.search(SearchRequest(query: "pyhton")).didYouMean == "python")
            let suggestions = try await client.searchSuggestions("ru", limit: 5)
            #expect(suggestions.contains(SearchSuggestion(kind: .language, text: "Rust", count: 12)), "\(suggestions)")
            let trending = try await client.trending(language: "Go", window: .weekly, page: 1, perPage: 5)
            #expect(trending.items.map(\.rank) == [1, 2, 3, 4, 5])
            #expect(trending.items.allSatisfy { $0.repository.language == "Go" })
            #expect(!(try await client.similar(to: name, limit: 5)).isEmpty)
            #expect(try await client.clusters().contains { $0.id == "systems" || $0.id == "developer-tools" })
        }
    }

    @Test(
        "home and compare: today's pick for the device's day, kept across calls; a comparison rebuilt by the same rules"
    )
    func homeAndCompare() async throws {
        try await LiveServer.run { url, _ in
            let client = LiveServer.client(url)
            _ = try await client.savePreferences(
                UserPreferences(name: "Ana", techStack: ["Rust"], onboardingCompleted: true))
            let home = try await client.home(timeZone: "Europe/Lisbon")
            #expect(home.greeting.hasSuffix(", Ana"))
            let pick = try #require(home.pick)
            #expect(pick.repository.language == "Rust")
            #expect(try await client.home(timeZone: "Europe/Lisbon").pick == pick, "the same pick on a reload")
            #expect(home.moverLanguages == ["Rust"] && !home.movers.isEmpty)
            await #expect(throws: ClientFailure.self) { try await client.home(timeZone: "Nowhere/Special") }
            let names = try [SyntheticCatalog.name("Rust", 0), SyntheticCatalog.name("Go", 3)].map {
                try RepositoryName(parsing: $0)
            }
            let result = try await client.compare(names)
            #expect(result.comparison.entries.map(\.repository.repositoryName) == names)
            #expect(result.comparison.best[.stars] == [0])
            #expect(result.fits.allSatisfy { $0 != nil }, "the device's account gets its fit")
            #expect(result.deepLink == Route.compare(names).deepLink)
        }
    }

    @Test("failures are typed with messages a person can act on")
    func failures() async throws {
        try await LiveServer.run { url, _ in
            let client = LiveServer.client(url)
            let missing = try RepositoryName(parsing: "no/such")
            let notFound = await failure { () async throws(ClientFailure) in _ = try await client.repository(missing) }
            #expect(notFound == .notFound("no/such is not in the catalog."))
            let rejected = await failure { () async throws(ClientFailure) in
                _ = try await client.feed(limit: 5, filter: DeckFilter(clusters: ["not-a-cluster"]))
            }
            guard case .rejected(let message) = rejected else {
                Issue.record("an unknown cluster: \(String(describing: rejected))")
                return
            }
            #expect(message.contains("not-a-cluster"))
            let notOnList = await failure { () async throws(ClientFailure) in
                try await client.remove(missing, from: .liked)
            }
            #expect(notOnList == .notFound("no/such is not on your liked list."))
        }
        // Nothing listens on this port.
        let start = ContinuousClock.now
        let closed = LiveServer.client(URL(string: "http://127.0.0.1:9")!)
        await #expect(throws: ClientFailure.noConnection) { try await closed.clusters() }
        // Refused, not waited out: without retries of the connection itself the refusal ends the call, long before
        // the connect timeout would (what AsyncHTTPClient's default retrying waits for).
        #expect(ContinuousClock.now - start < .seconds(LiveServer.connectSeconds), "a closed port fails at its refusal")
        #expect(ClientFailure.noConnection.message.contains("connection"))
        #expect(ClientFailure.rateLimited(retryAfter: 7).message.contains("7 s"))
    }

    @Test("a token the server does not know: signed out, the token is forgotten, the next call makes a new account")
    func signedOut() async throws {
        try await LiveServer.run { url, store in
            let tokens = MemoryTokenStore(token: "forged-token")
            let client = LiveServer.client(url, tokens: tokens)
            await #expect(throws: ClientFailure.signedOut) { try await client.preferences() }
            #expect(tokens.token() == nil)
            _ = try await client.preferences()
            #expect(tokens.token() != nil)
            #expect(try await store.statistics().users == 1)
        }
    }

    @Test("the file token store keeps the token private to its owner")
    func fileTokens() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("rf-\(UUID())/token")
        let store = FileTokenStore(file: file)
        #expect(try store.token() == nil)
        try store.setToken("abc")
        #expect(try store.token() == "abc")
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        try store.setToken(nil)
        #expect(try store.token() == nil)
        try? FileManager.default.removeItem(at: file.deletingLastPathComponent())
    }

    @Test(
        "safe calls are retried with backoff after 503 and dropped connections; 429 waits as told; an account is made once"
    )
    func retries() async throws {
        let waits = Mutex<[Duration]>([])
        let policy = RetryPolicy(maximumAttempts: 3, baseDelay: .milliseconds(100), longestWait: .seconds(5)) {
            duration in waits.withLock { $0.append(duration) }
        }
        // Two troubles, then the real answer.
        let transport = ScriptedTransport([
            .status(503), .refused, .json(200, #"{"items":[{"id":"mobile","name":"Mobile","size":3}]}"#),
        ])
        let client = APIClient(
            serverURL: URL(string: "http://127.0.0.1:1")!, transport: transport, tokens: MemoryTokenStore(),
            retry: policy)
        #expect(try await client.clusters() == [ClusterSummary(id: "mobile", name: "Mobile", size: 3)])
        #expect(transport.requests == 3)
        let backoff = waits.withLock { $0 }
        #expect(backoff.count == 2)
        #expect(backoff[0] >= .milliseconds(75) && backoff[0] <= .milliseconds(125))
        #expect(backoff[1] >= .milliseconds(150) && backoff[1] <= .milliseconds(250))

        // Out of attempts: the last failure, typed.
        let failing = ScriptedTransport([.status(500), .status(502), .status(503)])
        let gives = APIClient(
            serverURL: URL(string: "http://127.0.0.1:1")!, transport: failing, tokens: MemoryTokenStore(), retry: policy
        )
        await #expect(throws: ClientFailure.serverTrouble("Database down")) { try await gives.clusters() }
        #expect(failing.requests == 3)

        // Rate limited: a short Retry-After is waited out; a long one fails at once with the wait.
        waits.withLock { $0 = [] }
        let limited = ScriptedTransport([
            .status(429, retryAfter: 2), .json(200, #"{"items":[]}"#), .status(429, retryAfter: 60),
        ])
        let patient = APIClient(
            serverURL: URL(string: "http://127.0.0.1:1")!, transport: limited, tokens: MemoryTokenStore(), retry: policy
        )
        #expect(try await patient.clusters().isEmpty)
        #expect(waits.withLock { $0 } == [.seconds(2)])
        await #expect(throws: ClientFailure.rateLimited(retryAfter: 60)) { try await patient.clusters() }

        // Making an account is never retried (it could make two).
        let accounts = ScriptedTransport([.status(503), .json(201, #"{"id":"u","token":"t"}"#)])
        let fresh = APIClient(
            serverURL: URL(string: "http://127.0.0.1:1")!, transport: accounts, tokens: MemoryTokenStore(),
            retry: policy)
        await #expect(throws: ClientFailure.self) { try await fresh.signInIfNeeded() }
        #expect(accounts.requests == 1)
    }
}

/// The failure `work` throws, or nil.
func failure(_ work: () async throws(ClientFailure) -> Void) async -> ClientFailure? {
    do {
        try await work()
        return nil
    } catch {
        return error
    }
}

/// A transport that answers from a script, one step per request, and counts requests.
final class ScriptedTransport: ClientTransport, Sendable {
    enum Step: Sendable {
        case json(Int, String)
        case status(Int, retryAfter: Int? = nil)
        case refused
    }

    private let steps: Mutex<[Step]>
    private let count = Atomic<Int>(0)

    init(_ steps: [Step]) { self.steps = Mutex(steps) }

    var requests: Int { count.load(ordering: .relaxed) }

    func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws
        -> (HTTPResponse, HTTPBody?)
    {
        count.add(1, ordering: .relaxed)
        let step = steps.withLock { $0.isEmpty ? Step.refused : $0.removeFirst() }
        switch step {
        case .refused:
            throw URLError(.cannotConnectToHost)
        case .json(let status, let text):
            return (
                HTTPResponse(status: .init(code: status), headerFields: [.contentType: "application/json"]),
                HTTPBody(text)
            )
        case .status(let status, let retryAfter):
            var fields: HTTPFields = [.contentType: "application/json"]
            if let retryAfter { fields[.retryAfter] = String(retryAfter) }
            return (
                HTTPResponse(status: .init(code: status), headerFields: fields),
                HTTPBody(#"{"error":"trouble","message":"Database down"}"#)
            )
        }
    }
}
