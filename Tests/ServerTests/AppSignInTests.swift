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
/// page, which hands GitHub's answer on to `repoverse://auth/github/callback`; the app completes with its token.
@Suite("Sign in with GitHub from an app: the callback page hands GitHub's answer to repoverse://")
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

    /// Begins a sign-in for `token`, an app's or a web page's: GitHub's consent page.
    static func begin(_ client: any TestClientProtocol, token: String, app: Bool) async throws -> URL {
        let body = #"{"redirectUri": "\#(SignInTests.callback)", "app": \#(app)}"#
        let response = try await client.call(.post, "/v1/me/sign-in/github", token: token, json: body)
        #expect(response.status == .ok, "\(String(buffer: response.body))")
        return URL(string: try response.json()["authorizeUrl"] as! String)!
    }

    /// What the server's callback page answers for GitHub's return address `back` (its path and query).
    static func callbackPage(_ client: any TestClientProtocol, _ back: URL) async throws -> TestResponse {
        let components = URLComponents(url: back, resolvingAgainstBaseURL: false)!
        #expect(components.path == "/auth/github/callback")
        return try await client.call(.get, "/auth/github/callback?" + (components.percentEncodedQuery ?? ""))
    }

    @Test("an app's sign-in: the page sends code and state to repoverse://, and the app's token completes it")
    func appFlow() async throws {
        let standIn = try GitHubStandIn(users: ["ada": 2])
        defer { standIn.stop() }
        try await Self.withServer(standIn) { client in
            let token = try await client.newToken()
            let consent = try await Self.begin(client, token: token, app: true)
            let state = try #require(SignInTests.query(consent)["state"])
            #expect(AppSignInReturn.isAppState(state))
            let back = try await standIn.consent(consent, login: "ada")

            let page = try await Self.callbackPage(client, back)
            #expect(page.status == .seeOther)
            #expect(page.headers[.cacheControl] == "no-store")
            let location = try #require(page.headers[.location].flatMap(URL.init(string:)))
            #expect(location.scheme == "repoverse")
            let answer = try #require(AppSignInReturn(appURL: location))
            #expect(answer.state == state)
            #expect(answer.code == SignInTests.query(back)["code"])

            let done = try await SignInTests.complete(client, token: token, code: answer.code!, state: answer.state)
            #expect(done.status == .ok, "\(String(buffer: done.body))")
            #expect((try done.json()["github"] as? [String: Any])?["login"] as? String == "ada")
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
            let location = try #require(page.headers[.location].flatMap(URL.init(string:)))
            let answer = try #require(AppSignInReturn(appURL: location))
            #expect(answer.code == nil)
            #expect(answer.error == "access_denied")

            // The web page's own sign-in: the page itself (its script completes it), no redirect.
            let web = try await standIn.consent(try await Self.begin(client, token: token, app: false), login: "ada")
            let own = try await Self.callbackPage(client, web)
            #expect(own.status == .ok)
            #expect(own.headers[.location] == nil)
            #expect(String(buffer: own.body).contains("<html"))
        }
    }

    @Test("a state relabelled as an app's, or an app's stripped of its mark, is refused: 400 invalid_state")
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
                let refused = try await SignInTests.complete(client, token: token, code: code, state: state)
                #expect(refused.status == .badRequest)
                #expect(try refused.errorCode() == "invalid_state")
            }
        }
    }
}
