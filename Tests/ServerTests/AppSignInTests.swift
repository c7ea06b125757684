import Foundation
import GitHubAccounts
import GitHubLive
import HTTPTypes
import HummingbirdTesting
import NIOCore
import RepoFinderCore
import TestSupport
import Testing

/// An app's sign-in through a browser sheet (`ASWebAuthenticationSession`): GitHub returns to the server's own callback
/// page, which offers GitHub's answer to `repoverse://auth/github/callback`; the app completes with its token and the
/// PKCE verifier it made (RFC 8252, RFC 7636).
@Suite("Sign in with GitHub from an app: the callback page offers GitHub's answer to repoverse://")
struct AppSignInTests {
    /// Runs `body` against a server with the web app's pages that signs people in with `standIn`.
    static func withServer(
        _ standIn: GitHubStandIn, _ body: @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        let (github, transport) = SignInTests.github(standIn)
        do {
            try await withStore(.sqliteMemory) { test in
                try await ServerHarness.run(test, withWebApp: true, github: github, signIn: SignInTests.signIn) {
                    client, _ in try await body(client)
                }
            }
        } catch {
            try await transport.shutdown()
            throw error
        }
        try await transport.shutdown()
    }

    /// The PKCE verifier the tests' apps make (a real app makes a new one each time: ``PKCE/makeVerifier()``).
    static let verifier = "app-verifier-0123456789-abcdefghijklmnopqrstuvwxyz"

    /// Begins a sign-in for `token`, an app's (with the challenge of `verifier`) or a web page's: GitHub's consent
    /// page.
    static func begin(
        _ client: any TestClientProtocol, token: String, app: Bool, verifier: String = verifier
    ) async throws -> URL {
        var fields: [String: Any] = ["redirectUri": SignInTests.callback, "app": app]
        if app { fields["codeChallenge"] = PKCE.challenge(of: verifier) }
        let body = String(decoding: try JSONSerialization.data(withJSONObject: fields), as: UTF8.self)
        let response = try await client.call(.post, "/v1/me/sign-in/github", token: token, json: body)
        #expect(response.status == .ok, "\(String(buffer: response.body))")
        return URL(string: try response.json()["authorizeUrl"] as! String)!
    }

    /// Completes a sign-in with `verifier` (nil: none sent).
    static func complete(
        _ client: any TestClientProtocol, token: String, code: String, state: String, verifier: String?
    ) async throws -> TestResponse {
        var fields = ["code": code, "state": state]
        fields["codeVerifier"] = verifier
        let body = String(decoding: try JSONSerialization.data(withJSONObject: fields), as: UTF8.self)
        return try await client.call(.post, "/v1/me/sign-in/github/callback", token: token, json: body)
    }

    /// What the server's callback page answers for GitHub's return address `back` (its path and query).
    static func callbackPage(_ client: any TestClientProtocol, _ back: URL) async throws -> TestResponse {
        let components = URLComponents(url: back, resolvingAgainstBaseURL: false)!
        #expect(components.path == "/auth/github/callback")
        return try await client.call(.get, "/auth/github/callback?" + (components.percentEncodedQuery ?? ""))
    }

    /// The `repoverse://` address the callback page offers (its "Continue in the app" link), if any.
    static func offered(_ page: TestResponse) -> URL? {
        let html = String(buffer: page.body)
        let marker = #"id="app-return" href=""#
        guard let start = html.range(of: marker), let end = html[start.upperBound...].firstIndex(of: "\"") else {
            return nil
        }
        return URL(string: String(html[start.upperBound..<end]).replacingOccurrences(of: "&amp;", with: "&"))
    }

    @Test("an app's sign-in: the page offers code and state to repoverse://; the app's token and verifier complete it")
    func appFlow() async throws {
        let standIn = try GitHubStandIn(users: ["ada": 2])
        defer { standIn.stop() }
        try await Self.withServer(standIn) { client in
            let token = try await client.newToken()
            let consent = try await Self.begin(client, token: token, app: true)
            let state = try #require(SignInTests.query(consent)["state"])
            #expect(AppSignInReturn.isAppState(state))
            #expect(SignInTests.query(consent)["code_challenge"] == PKCE.challenge(of: Self.verifier))
            let back = try await standIn.consent(consent, login: "ada")

            // Offered, never sent on by itself (issue 63, finding 1): the person goes on only if they began it.
            let page = try await Self.callbackPage(client, back)
            #expect(page.status == .ok)
            #expect(page.headers[.location] == nil)
            #expect(page.headers[.cacheControl] == "no-store")
            let location = try #require(Self.offered(page), "\(String(buffer: page.body))")
            #expect(location.scheme == "repoverse")
            let answer = try #require(AppSignInReturn(appURL: location))
            #expect(answer.state == state)
            #expect(answer.code == SignInTests.query(back)["code"])

            let done = try await Self.complete(
                client, token: token, code: answer.code!, state: answer.state, verifier: Self.verifier)
            #expect(done.status == .ok, "\(String(buffer: done.body))")
            #expect((try done.json()["github"] as? [String: Any])?["login"] as? String == "ada")
        }
    }

    @Test("issue 63, finding 1: a caught code is useless without the device's verifier; a lure is not sent on")
    func caughtCodes() async throws {
        let standIn = try GitHubStandIn(users: ["victim": 3, "mallory": 0])
        defer { standIn.stop() }
        try await Self.withServer(standIn) { client in
            // The victim has an account linked to GitHub already (their web sign-in).
            let victim = try await client.newToken()
            let linked = try await SignInTests.signIn(client, token: victim, as: "victim", standIn: standIn)
            #expect(linked.status == .ok)

            // An app's sign-in needs a challenge.
            let attacker = try await client.newToken()
            for challenge in [nil, "short"] {
                var fields: [String: Any] = ["redirectUri": SignInTests.callback, "app": true]
                fields["codeChallenge"] = challenge
                let body = String(decoding: try JSONSerialization.data(withJSONObject: fields), as: UTF8.self)
                let refused = try await client.call(.post, "/v1/me/sign-in/github", token: attacker, json: body)
                #expect(refused.status == .badRequest)
                #expect(try refused.errorCode() == "invalid_challenge")
            }

            // The attacker begins an app's sign-in with its own token and challenge; the victim, lured to the
            // address, passes GitHub's consent (which GitHub skips for someone who said yes before). The page does
            // not go on to repoverse:// by itself: the attacker's catcher gets nothing unless the victim, warned,
            // taps on.
            let lure = try await Self.begin(client, token: attacker, app: true, verifier: "m" + Self.verifier)
            let lured = try await Self.callbackPage(client, try await standIn.consent(lure, login: "victim"))
            #expect(lured.status == .ok)
            #expect(lured.headers[.location] == nil)
            #expect(String(buffer: lured.body).contains("someone else may be trying to sign in as you"))

            // The victim's own app signs in; an app that catches its address holds code and state, not the verifier.
            let own = try await Self.begin(client, token: victim, app: true)
            let page = try await Self.callbackPage(client, try await standIn.consent(own, login: "victim"))
            let caught = try #require(Self.offered(page).flatMap(AppSignInReturn.init(appURL:)))
            let code = try #require(caught.code)
            let attempts: [(String, String?, String)] = [
                (attacker, Self.verifier, "invalid_state"), (attacker, nil, "invalid_state"),
                (victim, nil, "invalid_verifier"), (victim, "m" + Self.verifier, "invalid_verifier"),
                (victim, "short", "invalid_verifier"),
            ]
            for (token, verifier, expected) in attempts {
                let refused = try await Self.complete(
                    client, token: token, code: code, state: caught.state, verifier: verifier)
                #expect(refused.status == .badRequest, "\(String(buffer: refused.body))")
                #expect(try refused.errorCode() == expected)
                #expect(try refused.json()["token"] == nil)
            }
            let attackerAccount = try await client.call(.get, "/v1/me/account", token: attacker).json()
            #expect(attackerAccount["github"] == nil, "the attacker's device is not signed in as anyone")
            // The refusals left the state to the app that holds the verifier.
            let done = try await Self.complete(
                client, token: victim, code: code, state: caught.state, verifier: Self.verifier)
            #expect(done.status == .ok, "\(String(buffer: done.body))")
        }
    }

    @Test("a cancelled consent reaches the app as access_denied; a web page's sign-in stays on the page")
    func deniedAndWeb() async throws {
        let standIn = try GitHubStandIn(users: ["ada": 0])
        defer { standIn.stop() }
        try await Self.withServer(standIn) { client in
            let token = try await client.newToken()
            let denied = try await standIn.consent(
                try await Self.begin(client, token: token, app: true), login: "ada", allow: false)
            let page = try await Self.callbackPage(client, denied)
            let location = try #require(Self.offered(page))
            let answer = try #require(AppSignInReturn(appURL: location))
            #expect(answer.code == nil)
            #expect(answer.error == "access_denied")

            // The web page's own sign-in: the page itself (its script completes it), no redirect.
            let web = try await standIn.consent(try await Self.begin(client, token: token, app: false), login: "ada")
            let own = try await Self.callbackPage(client, web)
            #expect(own.status == .ok)
            #expect(own.headers[.location] == nil)
            #expect(String(buffer: own.body).contains("<html"))
            #expect(Self.offered(own) == nil)
        }
    }

    @Test("a state relabelled as an app's, or an app's stripped of its mark, is refused and never offered to the app")
    func relabelledStates() async throws {
        let standIn = try GitHubStandIn(users: ["ada": 0])
        defer { standIn.stop() }
        try await Self.withServer(standIn) { client in
            let token = try await client.newToken()
            let web = SignInTests.query(
                try await standIn.consent(try await Self.begin(client, token: token, app: false), login: "ada"))
            let app = SignInTests.query(
                try await standIn.consent(try await Self.begin(client, token: token, app: true), login: "ada"))
            for (code, state) in [
                (web["code"]!, AppSignInReturn.statePrefix + web["state"]!),
                (app["code"]!, String(app["state"]!.dropFirst(AppSignInReturn.statePrefix.count))),
            ] {
                let refused = try await Self.complete(
                    client, token: token, code: code, state: state, verifier: Self.verifier)
                #expect(refused.status == .badRequest)
                #expect(try refused.errorCode() == "invalid_state")
            }
            // The callback page reads the seal, not the prefix: a web state made to look like an app's is not
            // offered to the app (issue 63, finding 1).
            var relabelled = URLComponents(string: "/auth/github/callback")!
            relabelled.queryItems = [
                URLQueryItem(name: "code", value: web["code"]!),
                URLQueryItem(name: "state", value: AppSignInReturn.statePrefix + web["state"]!),
            ]
            let page = try await client.call(.get, relabelled.string!)
            #expect(Self.offered(page) == nil)
            #expect(!String(buffer: page.body).contains("repoverse:"))
        }
    }
}
