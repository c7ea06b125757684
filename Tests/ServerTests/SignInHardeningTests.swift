import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import RepoFinderServer
import TestSupport
import Testing

/// Issue 42, findings 2 and 3, sent as attacks over real HTTP against the stand-in GitHub (which counts the requests
/// it answers): device sign-ins are one per account and bounded server-wide, the server polls GitHub only while
/// someone asks, a web sign-in's `state` works once, and GitHub may send people back only to this server's callback.
@Suite("Sign-in hardening: bounded device sign-ins, polling only while asked, a state once, this server's callback")
struct SignInHardeningTests {
    static func startDevice(_ client: any TestClientProtocol, token: String) async throws -> TestResponse {
        try await client.call(.post, "/v1/me/sign-in/github/device", token: token)
    }

    static func deviceStatus(_ client: any TestClientProtocol, token: String, id: String) async throws -> [String: Any]
    {
        try await client.call(.get, "/v1/me/sign-in/github/device/\(id)", token: token).json()
    }

    @Test("device sign-in: one live attempt per account, a server-wide cap, and no polling while nobody asks")
    func deviceAttack() async throws {
        let standIn = try GitHubStandIn(users: ["ada": 0], deviceInterval: 1)
        defer { standIn.stop() }
        var configuration = ServerConfiguration.unlimited
        configuration.deviceSignIns = 3
        try await SignInTests.withServer(.sqliteMemory, standIn: standIn, configuration: configuration, mode: .live) {
            client, _ in
            // The attack: 40 device sign-ins from one token. One attempt, one device code asked of GitHub.
            let attacker = try await client.newToken()
            _ = try await standIn.requestCount(reset: true)
            var ids: Set<String> = []
            let started = ContinuousClock.now
            for _ in 0..<40 {
                let started = try await Self.startDevice(client, token: attacker)
                #expect(started.status == .created)
                ids.insert(try started.json()["id"] as? String ?? "")
            }
            #expect(ids.count == 1, "every start answers the same live attempt")
            // One device code, and at most a poll a second while the starts go on (a busy machine takes longer).
            let seconds = Int((ContinuousClock.now - started).components.seconds)
            #expect(try await standIn.requestCount() <= 2 + seconds, "one device code and a poll a second, not 40")
            let id = try #require(ids.first)

            // Server-wide: two more accounts fill the cap of 3; a fourth is 503 sign_in_busy with Retry-After.
            for _ in 0..<2 {
                #expect(try await Self.startDevice(client, token: try await client.newToken()).status == .created)
            }
            let late = try await client.newToken()
            let busy = try await Self.startDevice(client, token: late)
            #expect(busy.status == .serviceUnavailable)
            #expect(try busy.errorCode() == "sign_in_busy")
            #expect(Int(busy.headers[.retryAfter] ?? "") ?? 0 >= 1)
            // An account with a live attempt still gets it back at the cap.
            let again = try await Self.startDevice(client, token: attacker)
            #expect(again.status == .created)
            #expect(try again.json()["id"] as? String == id)

            // Nobody asks: after 2 × interval (2 s) the server stops polling GitHub for all three.
            try await Task.sleep(for: .seconds(5))
            _ = try await standIn.requestCount(reset: true)
            try await Task.sleep(for: .seconds(4))
            #expect(try await standIn.requestCount() == 0, "GitHub polled with no client asking")

            // Asked again, it polls again: the person approves and the sign-in completes.
            let status = try await Self.deviceStatus(client, token: attacker, id: id)
            #expect(status["state"] as? String == "pending")
            try await standIn.device(status["userCode"] as? String ?? "", login: "ada", action: "approve")
            var last = status
            for _ in 0..<300 where last["state"] as? String == "pending" {
                try await Task.sleep(for: .milliseconds(200))
                last = try await Self.deviceStatus(client, token: attacker, id: id)
            }
            #expect(last["state"] as? String == "done")
            #expect(((last["result"] as? [String: Any])?["github"] as? [String: Any])?["login"] as? String == "ada")
            // A slot is free again.
            #expect(try await Self.startDevice(client, token: late).status == .created)
        }
    }

    @Test("device sign-in: a code that expires while nobody asks ends as expired, and a new start is a new attempt")
    func devicePausedExpiry() async throws {
        let standIn = try GitHubStandIn(users: ["ada": 0], deviceInterval: 1, deviceExpires: 3)
        defer { standIn.stop() }
        try await SignInTests.withServer(.sqliteMemory, standIn: standIn, mode: .live) { client, _ in
            let token = try await client.newToken()
            let first = try await Self.startDevice(client, token: token).json()
            let id = try #require(first["id"] as? String)
            try await Task.sleep(for: .seconds(4.5))
            #expect(try await Self.deviceStatus(client, token: token, id: id)["state"] as? String == "expired")
            let second = try await Self.startDevice(client, token: token)
            #expect(second.status == .created)
            #expect(try second.json()["id"] as? String != id)
        }
    }

    @Test("a web sign-in's state works once: made-up codes with it ask GitHub once, then 400 invalid_state")
    func stateOnce() async throws {
        let standIn = try GitHubStandIn(users: ["ada": 0])
        defer { standIn.stop() }
        try await SignInTests.withServer(.sqliteMemory, standIn: standIn, mode: .live) { client, _ in
            let token = try await client.newToken()
            let back = SignInTests.query(
                try await standIn.consent(try await SignInTests.begin(client, token: token), login: "ada"))
            let state = try #require(back["state"])
            _ = try await standIn.requestCount(reset: true)
            var codes: [String?] = []
            for attempt in 0..<20 {
                let answer = try await SignInTests.complete(
                    client, token: token, code: "made-up-\(attempt)", state: state)
                codes.append(try answer.errorCode())
            }
            #expect(codes.first == "invalid_code")
            #expect(codes.dropFirst().allSatisfy { $0 == "invalid_state" }, "\(codes)")
            #expect(try await standIn.requestCount() == 1, "one token request to GitHub, not 20")
            // The state is spent even for the real code; a new sign-in works.
            let real = try await SignInTests.complete(client, token: token, code: back["code"] ?? "", state: state)
            #expect(real.status == .badRequest)
            #expect(try real.errorCode() == "invalid_state")
            #expect(try await SignInTests.signIn(client, token: token, as: "ada", standIn: standIn).status == .ok)
        }
    }

    /// Starts a web sign-in with `redirect` (and extra headers): the answer.
    static func startWeb(
        _ client: any TestClientProtocol, token: String, redirect: String, headers: HTTPFields = [:]
    ) async throws -> TestResponse {
        let body = try JSONSerialization.data(withJSONObject: ["redirectUri": redirect])
        return try await client.call(
            .post, "/v1/me/sign-in/github", token: token, json: String(decoding: body, as: UTF8.self),
            headers: headers)
    }

    /// Expects each of `redirects` to be refused with 400 `invalid_redirect`.
    static func expectRefused(
        _ redirects: [String], _ client: any TestClientProtocol, token: String, headers: HTTPFields = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        for redirect in redirects {
            let answer = try await startWeb(client, token: token, redirect: redirect, headers: headers)
            #expect(answer.status == .badRequest, "\(redirect)", sourceLocation: sourceLocation)
            #expect(try answer.errorCode() == "invalid_redirect", "\(redirect)", sourceLocation: sourceLocation)
        }
    }

    /// Expects `redirect` to be accepted, with GitHub told to send the browser back to `expected`.
    static func expectAccepted(
        _ redirect: String, expected: String, _ client: any TestClientProtocol, token: String,
        headers: HTTPFields = [:], sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let answer = try await startWeb(client, token: token, redirect: redirect, headers: headers)
        #expect(answer.status == .ok, "\(String(buffer: answer.body))", sourceLocation: sourceLocation)
        guard answer.status == .ok else { return }
        let authorize = URL(string: try answer.json()["authorizeUrl"] as? String ?? "")
        #expect(authorize.map(SignInTests.query)?["redirect_uri"] == expected, sourceLocation: sourceLocation)
    }

    static let forwarded: HTTPFields = [
        HTTPField.Name("X-Forwarded-Proto")!: "https", HTTPField.Name("X-Forwarded-Host")!: "evil.example",
    ]

    @Test("redirectUri: only the request's own origin's /auth/github/callback; other hosts, ports, user-info: 400")
    func redirectOwnOrigin() async throws {
        let standIn = try GitHubStandIn(users: ["ada": 0])
        defer { standIn.stop() }
        try await SignInTests.withServer(.sqliteMemory, standIn: standIn, mode: .live) { client, _ in
            let token = try await client.newToken()
            _ = try await standIn.requestCount(reset: true)
            try await Self.expectRefused(
                [
                    "http://evil.example/auth/github/callback", "https://evil.example:8443/x/auth/github/callback",
                    "http://127.0.0.1:8080@evil.example/auth/github/callback",
                    "http://localhost@evil.example/auth/github/callback",
                    "http://attacker@localhost/auth/github/callback", "http://localhost:8443/auth/github/callback",
                    "https://localhost/auth/github/callback", "http://localhost.evil.example/auth/github/callback",
                    "http://localhost/x/auth/github/callback", "http://localhost/auth/github/callback/x",
                    "http://localhost/auth/github/callback?next=//evil.example",
                    "http://localhost/auth/github/callback#x", "//evil.example/auth/github/callback",
                    "http://localhost\\@evil.example/auth/github/callback", "javascript:alert(1)//auth/github/callback",
                    "/auth/github/callback", "",
                ], client, token: token)
            // X-Forwarded-* from a peer that is not a trusted proxy changes nothing.
            try await Self.expectRefused(
                ["https://evil.example/auth/github/callback"], client, token: token, headers: Self.forwarded)
            #expect(try await standIn.requestCount() == 0)
            try await Self.expectAccepted(SignInTests.callback, expected: SignInTests.callback, client, token: token)
            try await Self.expectAccepted(
                "HTTP://LOCALHOST:80/auth/github/callback", expected: SignInTests.callback, client, token: token)
        }
    }

    @Test("redirectUri: with --public-url only its origin; behind a trusted proxy its X-Forwarded-Proto/-Host")
    func redirectConfigured() async throws {
        let standIn = try GitHubStandIn(users: ["ada": 0])
        defer { standIn.stop() }
        var configured = ServerConfiguration.unlimited
        configured.publicURL = URL(string: "https://repofinder.example/app/")
        try await SignInTests.withServer(.sqliteMemory, standIn: standIn, configuration: configured, mode: .live) {
            client, _ in
            let token = try await client.newToken()
            let own = "https://repofinder.example/auth/github/callback"
            try await Self.expectAccepted(own, expected: own, client, token: token)
            try await Self.expectRefused(
                [
                    SignInTests.callback, "http://repofinder.example/auth/github/callback",
                    "https://repofinder.example:8443/auth/github/callback",
                    "https://evil.example/auth/github/callback",
                ], client, token: token)
            try await Self.expectRefused(
                ["https://evil.example/auth/github/callback"], client, token: token, headers: Self.forwarded)
        }
        var proxied = ServerConfiguration.unlimited
        proxied.trustedProxies = try TrustedProxies(parsing: "127.0.0.1, ::1")
        try await SignInTests.withServer(.sqliteMemory, standIn: standIn, configuration: proxied, mode: .live) {
            client, _ in
            let token = try await client.newToken()
            let headers: HTTPFields = [
                HTTPField.Name("X-Forwarded-Proto")!: "https", HTTPField.Name("X-Forwarded-Host")!: "app.example",
            ]
            let own = "https://app.example/auth/github/callback"
            try await Self.expectAccepted(own, expected: own, client, token: token, headers: headers)
            try await Self.expectRefused(
                [SignInTests.callback, "https://evil.example/auth/github/callback"], client, token: token,
                headers: headers)
        }
    }
}
