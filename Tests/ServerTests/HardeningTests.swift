import Foundation
import GitHubAccounts
import HTTPTypes
import HummingbirdTesting
import Logging
import NIOCore
import RepoFinderCore
import Storage
import TestSupport
import Testing

@testable import RepoFinderServer

/// The attacks and clumsy clients of the hardening issue, each sent in process (or over a real socket for what lives
/// at the connection level) against the fix it needs.
@Suite("Server: hardening against abusive and clumsy clients")
struct HardeningTests {
    /// A token-shaped marker that must never reach the log.
    static let secret = "SECRETtoken0123456789abcdefghijklmnopqrstuv"
    static let bodyMarker = "BODY-MARKER-7f3a"

    /// Every logged record as one text (message and metadata).
    static func logText(_ handler: CapturingLogHandler) -> String {
        handler.logged.map { record in
            record.message + " " + record.metadata.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }.joined(separator: "\n")
    }

    /// A live server (real sockets) with short timeouts, for the connection-level attacks.
    static func live(
        _ engine: Engine = .sqliteMemory, idle: Duration, cap: Int = 64,
        _ body: @escaping @Sendable (Int) throws -> Void
    ) async throws -> CapturingLogHandler {
        var configuration = ServerConfiguration.unlimited
        configuration.port = 0
        configuration.idleTimeout = idle
        configuration.requestTimeout = idle
        configuration.maximumConnectionsPerAddress = cap
        configuration.maximumBodySize = 1024
        let handler = CapturingLogHandler()
        let logger = Logger(label: "test") { _ in handler }
        try await ServerHarness.run(engine, configuration: configuration, logger: logger, mode: .live) { client, _ in
            let port = try #require(client.port)
            try await offThePool { try body(port) }
        }
        return handler
    }

    @Test(
        "connections: idle, half-sent, answered and trickled ones close in time; a chunked body over the limit",
        arguments: Engine.available)
    func connectionTimeouts(engine: Engine) async throws {
        let handler = try await Self.live(engine, idle: .seconds(2)) { port in
            // Sends nothing: closed after the idle timeout.
            let idle = try RawConnection(port: port)
            let start = Date()
            #expect(idle.readUntilClosed(timeout: 15).closed)
            #expect(Date().timeIntervalSince(start) > 1.5)

            // Headers that never end.
            let half = try RawConnection(port: port)
            half.send("GET /health HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(Self.secret)\r\n")
            #expect(half.readUntilClosed(timeout: 15).closed)

            // A body trickled a byte at a time: closed after the request timeout, however steady the trickle.
            let trickle = try RawConnection(port: port)
            trickle.send(
                "PUT /v1/me/preferences HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(Self.secret)\r\n"
                    + "Cookie: session=\(Self.secret)\r\nContent-Type: application/json\r\nContent-Length: 900\r\n\r\n"
                    + "{\"name\":\"\(Self.bodyMarker)")
            let trickleStart = Date()
            while trickle.send("x"), Date().timeIntervalSince(trickleStart) < 20 { Thread.sleep(forTimeInterval: 0.2) }
            #expect(Date().timeIntervalSince(trickleStart) < 15)

            // A keep-alive connection is answered, then closed once idle.
            let keepAlive = try RawConnection(port: port)
            keepAlive.send("GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
            // (Generous waits: a loaded machine may be slow to answer, and the read ends as soon as it closes.)
            let answered = keepAlive.readUntilClosed(timeout: 60)
            #expect(answered.text.hasPrefix("HTTP/1.1 200"))
            #expect(answered.closed)

            // Refused before its body was read (no account): once the body has come, the connection is idle and
            // closes like any other.
            let early = try RawConnection(port: port)
            early.send(
                "PUT /v1/me/preferences HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    + "Content-Length: 11\r\n\r\n{\"name\":")
            Thread.sleep(forTimeInterval: 0.5)
            early.send("\"\"}")
            let refusedEarly = early.readUntilClosed(timeout: 60)
            #expect(refusedEarly.text.hasPrefix("HTTP/1.1 401"))
            #expect(refusedEarly.closed)

            // A chunked body over the limit: 413, not 500. (The server closes with the rest of the body unread, so
            // the kernel may reset the connection before the answer is read: try a few times.)
            var statusLines: [String] = []
            for _ in 0..<3 where !statusLines.contains("HTTP/1.1 413") {
                let chunked = try RawConnection(port: port)
                let body = String(repeating: "x", count: 4_000)
                chunked.send(
                    "POST /v1/users HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                        + String(body.utf8.count, radix: 16) + "\r\n\(body)\r\n0\r\n\r\n")
                statusLines.append(String(chunked.readUntilClosed(timeout: 30).text.prefix(12)))
            }
            #expect(statusLines.contains("HTTP/1.1 413"))
            #expect(!statusLines.contains { $0.hasPrefix("HTTP/1.1 5") })
        }
        let log = Self.logText(handler)
        #expect(!log.contains(Self.secret))
        #expect(!log.contains(Self.bodyMarker))
    }

    @Test("connections: an address past its cap is closed at once, other addresses are served")
    func connectionCap() async throws {
        _ = try await Self.live(idle: .seconds(30), cap: 4) { port in
            // From an address of their own (the test framework's client also connects from 127.0.0.1). Accepted
            // connections are set up on several event loops: an answer on each says it was counted.
            let held = try (0..<4).map { _ in try RawConnection(port: port, source: "127.0.0.3") }
            for connection in held {
                connection.send("GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(connection.read(until: "}", timeout: 60).hasPrefix("HTTP/1.1 200"))
            }
            // Closed by the server without a byte (the read's own deadline is only a backstop: a wall-clock bound
            // fails on a loaded machine, and "closed" already says the server, not the deadline, ended it).
            let fifth = try RawConnection(port: port, source: "127.0.0.3")
            let refused = fifth.readUntilClosed(timeout: 60)
            #expect(refused.closed && refused.text.isEmpty)
            let other = try RawConnection(port: port, source: "127.0.0.2")
            other.send("GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            #expect(other.readUntilClosed(timeout: 60).text.hasPrefix("HTTP/1.1 200"))
            withExtendedLifetime(held) {}
        }
    }

    @Test(
        "a busy database answers 503 with Retry-After; no token, cookie or body reaches the log",
        arguments: [
            Engine.sqliteFile, Engine.postgres,
        ].filter(Engine.available.contains))
    func busyDatabase(engine: Engine) async throws {
        let handler = CapturingLogHandler()
        let logger = Logger(label: "test") { _ in handler }
        try await withStore(engine) { test in
            try await ServerHarness.run(test, logger: logger) { client, test in
                let token = try await client.newToken()
                let repo = ServerHarness.name("Swift", 0)
                let interaction =
                    #"{"interactions":[{"id":"b1","repo":"\#(repo)","kind":"like","#
                    + #""at":"2026-01-01T00:00:00Z","note":"\#(Self.bodyMarker)"}]}"#
                let cookie: HTTPFields = [.cookie: "session=\(Self.secret)"]
                // A 4xx carrying a token, a cookie and a body.
                let bad = try await client.call(
                    .put, "/v1/me/preferences", token: Self.secret, json: #"{"name":"\#(Self.bodyMarker)"#,
                    headers: cookie)
                #expect(bad.status.kind == .clientError)
                // A 5xx: the database is locked by someone else past the wait.
                // (Waits until the lock is held: on a loaded machine opening the second connection can take seconds.)
                let (held, signal) = AsyncStream.makeStream(of: Void.self)
                // The stream ends when holding fails (the second connection cannot open, say): the test then fails
                // at `try await busy` instead of waiting for a signal that never comes.
                async let busy: Void = {
                    defer { signal.finish() }
                    try await holdBusy(test, seconds: 40) { signal.yield() }
                }()
                for await _ in held { break }
                let refused = try await client.call(
                    .post, "/v1/me/interactions", token: token, json: interaction, headers: cookie)
                #expect(refused.status == .serviceUnavailable)
                #expect(refused.headers[.retryAfter] == "1")
                #expect(try refused.errorCode() == "unavailable")
                try await busy
                let stored = try await client.call(
                    .post, "/v1/me/interactions", token: token, json: interaction, headers: cookie)
                #expect(stored.status == .ok)
                let log = Self.logText(handler)
                #expect(log.contains("request failed"))
                #expect(!log.contains(token))
                #expect(!log.contains(Self.secret))
                #expect(!log.contains(Self.bodyMarker))
            }
        }
    }

    @Test("a closed database: /health and the API answer 503 with Retry-After, no internals")
    func closedDatabase() async throws {
        try await withStore(.sqliteFile) { test in
            try await ServerHarness.run(test) { client, test in
                let token = try await client.newToken()
                try await test.store.close()
                let health = try await client.call(.get, "/health")
                #expect(health.status == .serviceUnavailable)
                #expect(health.headers[.retryAfter] == "1")
                #expect(!String(buffer: health.body).contains("SQLite"))
                let preferences = try await client.call(.get, "/v1/me/preferences", token: token)
                #expect(preferences.status == .serviceUnavailable)
                #expect(preferences.headers[.retryAfter] == "1")
            }
        }
    }

    @Test("stats are aggregated by the database; an account's interactions are bounded", arguments: Engine.available)
    func statsAndQuota(engine: Engine) async throws {
        var configuration = ServerConfiguration.unlimited
        configuration.interactionQuota = InteractionQuota(perAccount: 10, perDay: nil)
        try await ServerHarness.run(engine, configuration: configuration) { client, _ in
            let token = try await client.newToken()
            func batch(_ items: [(String, String, String)]) -> String {
                let list = items.map { id, repo, kind in
                    #"{"id":"\#(id)","repo":"\#(repo)","kind":"\#(kind)","at":"2026-01-01T00:00:00Z"}"#
                }
                return #"{"interactions":[\#(list.joined(separator: ","))]}"#
            }
            let swift = (0..<3).map { ServerHarness.name("Swift", $0) }
            let rust = ServerHarness.name("Rust", 0)
            let first = batch([
                ("1", swift[0], "like"), ("2", swift[1], "save"), ("3", swift[2], "like"), ("4", rust, "like"),
                ("5", rust, "view"), ("6", swift[0], "skip"),
            ])
            #expect(try await client.call(.post, "/v1/me/interactions", token: token, json: first).status == .ok)
            // A retry counts nothing new.
            let retry = try await client.call(.post, "/v1/me/interactions", token: token, json: first)
            #expect(try retry.json()["duplicates"] as? Int == 6)
            // Five more would make 11 of 10: refused whole.
            let over = batch((7...11).map { ("\($0)", rust, "view") })
            let refused = try await client.call(.post, "/v1/me/interactions", token: token, json: over)
            #expect(refused.status == .unprocessableContent)
            #expect(try refused.errorCode() == "quota_exceeded")
            let fits = batch((7...10).map { ("\($0)", rust, "open") })
            #expect(try await client.call(.post, "/v1/me/interactions", token: token, json: fits).status == .ok)

            let stats = try await client.call(.get, "/v1/me/stats", token: token).json()
            #expect(stats["likes"] as? Int == 3)
            #expect(stats["saves"] as? Int == 1)
            #expect(stats["skips"] as? Int == 1)
            #expect(stats["views"] as? Int == 1)
            #expect(stats["opens"] as? Int == 4)
            let languages = (stats["topLanguages"] as? [[String: Any]] ?? []).map { "\($0["name"]!)=\($0["count"]!)" }
            #expect(languages == ["Swift=3", "Rust=1"])
            let topics = (stats["topTopics"] as? [[String: Any]] ?? []).map { "\($0["name"]!)=\($0["count"]!)" }
            #expect(topics == ["ios=3", "swift=3", "cli=1", "rust=1"])
        }
    }

    @Test("the per-day quota answers 429 with Retry-After")
    func perDayQuota() {
        let error = ErrorMiddleware<ServerContext>.apiError(
            for: StorageError.quotaExceeded(
                QuotaExceeded(bound: .perDay, limit: 2_000, stored: 1_990, retryAfter: 3_000)))
        #expect(error.httpStatus == .tooManyRequests)
        #expect(error.code == "quota_exceeded")
        #expect(error.retryAfter == 3_000)
    }

    @Test("lengths are bytes, not characters; a NUL never cuts an id short; deep search pages are refused")
    func inputBounds() async throws {
        try await ServerHarness.run(.sqliteMemory) { client, _ in
            let token = try await client.newToken()
            let repo = ServerHarness.name("Go", 1)
            let marks = "a" + String(repeating: "\u{301}", count: 60_000)
            for id in [marks, "k\\u0000one", "tab\\there"] {
                let json =
                    #"{"interactions":[{"id":"\#(id)","repo":"\#(repo)","kind":"skip","#
                    + #""at":"2026-01-01T00:00:00Z"}]}"#
                let response = try await client.call(.post, "/v1/me/interactions", token: token, json: json)
                #expect(response.status == .unprocessableContent, "\(id.prefix(12))")
            }
            let skip = #"{"interactions":[{"id":"a","repo":"\#(repo)","kind":"skip","at":"2026-01-01T00:00:00Z"}]}"#
            #expect(try await client.call(.post, "/v1/me/interactions", token: token, json: skip).status == .ok)
            let nul = try await client.call(.delete, "/v1/me/interactions/a%00b", token: token)
            #expect(nul.status == .badRequest)
            #expect(try await client.call(.get, "/v1/me/stats", token: token).json()["skips"] as? Int == 1)

            let name = "A" + String(repeating: "\u{301}", count: 400)
            let preferences = try await client.call(
                .put, "/v1/me/preferences", token: token, json: #"{"name":"\#(name)"}"#)
            #expect(preferences.status == .unprocessableContent)

            #expect(try await client.call(.get, "/v1/search?q=go&page=10&perPage=100").status == .ok)
            let deep = try await client.call(.get, "/v1/search?q=go&page=9999&perPage=100")
            #expect(deep.status == .badRequest)
            #expect(try deep.json()["message"] as? String ?? "" != "")
        }
    }

    @Test("malformed tokens are refused without a rate-limit bucket; account creation has its own limit")
    func tokensAndAccounts() async throws {
        var configuration = ServerConfiguration.unlimited
        configuration.perTokenLimit = RateLimit(perSecond: 0.001, burst: 1)
        configuration.accountCreationLimit = RateLimit(perSecond: 0.0001, burst: 3)
        try await ServerHarness.run(.sqliteMemory, configuration: configuration) { client, _ in
            let huge = String(repeating: "Z", count: 70_000)
            for _ in 0..<3 {
                let response = try await client.call(.get, "/v1/me/preferences", token: huge)
                #expect(response.status == .unauthorized)
                #expect(response.headers[.wwwAuthenticate] == #"Bearer realm="RepoFinder", error="invalid_token""#)
            }
            var statuses: [Int] = []
            for _ in 0..<4 { statuses.append(try await client.execute(uri: "/v1/users", method: .post).status.code) }
            #expect(statuses == [201, 201, 201, 429])
            let limited = try await client.execute(uri: "/v1/users", method: .post)
            #expect(Int(limited.headers[.retryAfter] ?? "") ?? 0 >= 1)
        }
    }

    @Test("HTTP manners: security headers, no-store on personal answers, 405 and OPTIONS with Allow, HEAD")
    func httpManners() async throws {
        try await ServerHarness.run(.sqliteMemory) { client, _ in
            let search = try await client.call(.get, "/v1/search?q=swift")
            #expect(search.headers[.xContentTypeOptions] == "nosniff")
            #expect(search.headers[HTTPField.Name("Referrer-Policy")!] == "no-referrer")
            // Words in the asker's language, and what the token's person did: every cache asks again, and keeps
            // each language and person apart (issue 63, finding 10).
            #expect(search.headers[.cacheControl] == "no-cache")
            #expect(search.headers[.vary] == "Authorization, Accept-Language, Cookie")
            let refused = try await client.call(.get, "/v1/clusters/no-such-area/repos")
            #expect(refused.headers[.vary] == "Authorization, Accept-Language, Cookie")
            let created = try await client.execute(uri: "/v1/users", method: .post)
            #expect(created.headers[.cacheControl] == "no-store")
            let token = try created.json()["token"] as! String
            let preferences = try await client.call(.get, "/v1/me/preferences", token: token)
            #expect(preferences.headers[.cacheControl] == "no-store")
            let anonymous = try await client.call(.get, "/v1/me/stats")
            #expect(anonymous.headers[.wwwAuthenticate] == #"Bearer realm="RepoFinder""#)

            let options = try await client.call(.options, "/v1/me/stats")
            #expect(options.status == .noContent)
            #expect(options.headers[.allow] == "GET, HEAD, OPTIONS")
            let wrong = try await client.call(.put, "/v1/search?q=x")
            #expect(wrong.status == .methodNotAllowed)
            #expect(wrong.headers[.allow] == "GET, HEAD, OPTIONS")
            #expect(try wrong.errorCode() == "method_not_allowed")
            let head = try await client.call(.head, "/v1/search?q=swift")
            #expect(head.status == .ok)
            #expect(head.body.readableBytes == 0)
            #expect(try await client.call(.get, "/v1/nowhere").status == .notFound)
        }
    }

    @Test("/metrics: the operator's token when one is set")
    func metricsAccess() async throws {
        var configuration = ServerConfiguration.unlimited
        configuration.metricsToken = "operator-secret"
        try await ServerHarness.run(.sqliteMemory, configuration: configuration) { client, _ in
            let anonymous = try await client.call(.get, "/metrics")
            let wrong = try await client.call(.get, "/metrics", token: "wrong")
            let allowed = try await client.call(.get, "/metrics", token: "operator-secret")
            #expect(anonymous.status == .unauthorized)
            #expect(wrong.status == .unauthorized)
            #expect(allowed.status == .ok)
        }
    }

    @Test("400 messages name fields and parameters in the API's words, never Swift types")
    func messages() async throws {
        try await ServerHarness.run(.sqliteMemory) { client, _ in
            let sort = try await client.call(.get, "/v1/search?q=swift&sort=loudest").json()["message"] as? String
            #expect(sort?.contains("'sort'") == true)
            #expect(sort?.contains("SearchSort") == false)
            #expect(sort?.contains("the body") == false)
            let token = try await client.newToken()
            let kind =
                try await client.call(
                    .post, "/v1/me/interactions", token: token,
                    json: #"{"interactions":[{"id":"1","repo":"a/b","kind":"adore","at":"2026-01-01T00:00:00Z"}]}"#
                ).json()["message"] as? String
            #expect(kind?.contains("'interactions[0].kind'") == true)
            #expect(kind?.contains("InteractionKind") == false)
        }
    }

    @Test(
        "an account used a day after its creation has come back; the cleanup deletes the others",
        arguments: [
            Engine.sqliteMemory
        ])
    func abandonedAccounts(engine: Engine) async throws {
        try await withStore(engine) { test in
            let now = Date()
            let accounts = Accounts(store: test.store)
            let token = BearerToken.make()
            _ = try await test.store.createUser(
                tokenHash: BearerToken.hash(token), at: now.addingTimeInterval(-40 * 86_400))
            for i in 0..<3 {
                _ = try await test.store.createUser(
                    tokenHash: "drive-by-\(i)", at: now.addingTimeInterval(-31 * 86_400))
            }
            _ = try await test.store.createUser(tokenHash: "today", at: now)
            try await RequestIdentity.$current.withValue(RequestIdentity(token: token)) {
                _ = try await accounts.authenticate(now: now)
            }
            #expect(try await test.store.user(tokenHash: BearerToken.hash(token))?.returnedAt != nil)
            var cleanup = AccountCleanupService(
                store: test.store, age: .seconds(30 * 86_400), clock: ContinuousClock(),
                logger: ServerHarness.quietLogger)
            cleanup.batchSize = 2
            #expect(await cleanup.sweep(now: now) == 3)
            #expect(try await test.store.user(tokenHash: BearerToken.hash(token)) != nil)
            #expect(try await test.store.user(tokenHash: "today") != nil)
            #expect(try await test.store.user(tokenHash: "drive-by-0") == nil)
        }
    }
}
