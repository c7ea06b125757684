import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RepoFinderCore
import RepoFinderServer
import Storage
import TestSupport
import Testing

/// Issue 47: what one server changes, the others sharing its PostgreSQL database apply within a second (PostgreSQL's
/// `NOTIFY` and `LISTEN`), not at their next refresh (a session's taste: 60 s; a cached token: 30 s).
@Suite("Server: three servers on one PostgreSQL database hear each other's changes")
struct ClusterPropagationTests {
    static let repository = ServerHarness.name("Rust", 0)

    /// Three servers, each over its own connection pool and listening connection to `test`'s database.
    static func withThreeServers(
        configuration: ServerConfiguration = .unlimited,
        _ body: @Sendable ([any TestClientProtocol]) async throws -> Void
    ) async throws {
        try await withStore(.postgres) { test in
            try await SyntheticCatalog.seed(test.store)
            let reopen = try #require(test.reopen)
            let (second, third) = (try await reopen(), try await reopen())
            defer {
                Task {
                    try? await second.close(); try? await third.close()
                }
            }
            try await second.whileRunning { second in
                try await third.whileRunning { third in
                    let logger = ServerHarness.quietLogger
                    var applications: [any ApplicationProtocol] = []
                    for store in [test.store, second, third] {
                        applications.append(
                            try APIServer.makeApplication(
                                configuration: configuration, store: store,
                                deck: try await APIServer.makeDeck(store: store, logger: logger), logger: logger))
                    }
                    let (first, middle, last) = (applications[0], applications[1], applications[2])
                    try await first.test(.router) { a in
                        try await middle.test(.router) { b in
                            try await last.test(.router) { c in try await body([a, b, c]) }
                        }
                    }
                }
            }
        }
    }

    /// Seconds until `check` holds, asked every 20 ms for at most `limit` seconds; nil if it never did.
    static func secondsUntil(limit: Double = 10, _ check: () async throws -> Bool) async throws -> Double? {
        let start = ContinuousClock.now
        while (ContinuousClock.now - start).secondsDouble < limit {
            if try await check() { return (ContinuousClock.now - start).secondsDouble }
            try await Task.sleep(for: .milliseconds(20))
        }
        return nil
    }

    /// `viewer.liked` of ``repository`` on its page, as `client`'s server sees it for `token`.
    static func liked(_ client: any TestClientProtocol, _ token: String) async throws -> Bool? {
        let response = try await client.call(.get, "/v1/repos/\(repository)", token: token)
        #expect(response.status == .ok)
        return (try response.json()["viewer"] as? [String: Bool])?["liked"]
    }

    @Test(
        "a like made on one server shows on the others' pages and leaves their decks within 1 s",
        .enabled(if: Engine.available.contains(.postgres)))
    func like() async throws {
        try await Self.withThreeServers { servers in
            let token = try await servers[0].newToken()
            // The others know the person (their token checked, their taste loaded, a deck dealt).
            for server in servers[1...] {
                #expect(try await Self.liked(server, token) == false)
                #expect(try await server.call(.get, "/v1/me/feed?limit=5", token: token).status == .ok)
            }
            let liked = try await servers[0].call(
                .post, "/v1/me/interactions", token: token,
                json:
                    #"{"interactions":[{"id":"c1","repo":"\#(Self.repository)","kind":"like","at":"2026-11-20T10:00:00Z"}]}"#
            )
            #expect(liked.status == .ok)
            for (number, server) in servers[1...].enumerated() {
                let seconds = try await Self.secondsUntil { try await Self.liked(server, token) == true }
                let measured = try #require(seconds, "server \(number + 2) never saw the like")
                print("cluster: a like reached server \(number + 2) in \(Int(measured * 1000)) ms")
                #expect(measured < 1)
                // Never dealt there from now on.
                for _ in 0..<3 {
                    let names = try await server.call(.get, "/v1/me/feed?limit=20", token: token).names()
                    #expect(!names.contains(Self.repository))
                }
            }
        }
    }

    @Test(
        "a sign-out everywhere on one server is refused by the others within 1 s",
        .enabled(if: Engine.available.contains(.postgres)))
    func signOut() async throws {
        try await Self.withThreeServers { servers in
            let token = try await servers[0].newToken()
            for server in servers { #expect(try await server.call(.get, "/v1/me/account", token: token).status == .ok) }
            let out = try await servers[0].call(
                .post, "/v1/me/sign-out", token: token, json: #"{"everywhere": true}"#)
            #expect(out.status == .noContent)
            for (number, server) in servers[1...].enumerated() {
                let seconds = try await Self.secondsUntil {
                    try await server.call(.get, "/v1/me/account", token: token).status == .unauthorized
                }
                let measured = try #require(seconds, "server \(number + 2) still takes the token")
                print("cluster: a sign-out reached server \(number + 2) in \(Int(measured * 1000)) ms")
                #expect(measured < 1)
            }
        }
    }

    @Test(
        "a client spreading its requests over three servers gets no more than the limit in all",
        .enabled(if: Engine.available.contains(.postgres)))
    func sharedLimits() async throws {
        var configuration = ServerConfiguration.unlimited
        // Ten at once, then one every 100 s: a request a server answers is one the others cannot.
        configuration.perTokenLimit = RateLimit(perSecond: 0.01, burst: 10)
        try await Self.withThreeServers(configuration: configuration) { servers in
            let token = try await servers[0].newToken()
            var statuses: [Int] = []
            for request in 0..<30 {
                let answer = try await servers[request % 3].call(.get, "/v1/me/account", token: token)
                statuses.append(Int(answer.status.code))
                if answer.status == .tooManyRequests { #expect(Int(answer.headers[.retryAfter] ?? "") ?? 0 >= 1) }
            }
            print("cluster: 30 requests over 3 servers, limit 10: \(statuses.count { $0 == 200 }) allowed")
            #expect(statuses.count { $0 == 200 } == 10, "\(statuses)")
            #expect(statuses.count { $0 == 429 } == 20)
        }
    }
}
