import Foundation
import GitHub
import GitHubAccounts
import GitHubLive
import HTTPTypes
import HummingbirdTesting
import NIOCore
import RepoFinderCore
import RepoFinderServer
import Storage
import TestSupport
import Testing

/// Signing in with GitHub against the stand-in GitHub (a separate process speaking GitHub's documented OAuth and REST
/// protocol), over real HTTP through the live transport, on every engine.
@Suite("Sign in with GitHub: web and device flows, one account across devices, sign out")
struct SignInTests {
    /// This server's own callback, as the test clients reach it (`Host: localhost`).
    static let callback = "http://localhost/auth/github/callback"

    /// A GitHub client of the stand-in (API and sign-in pages both there) that never waits long.
    static func github(_ standIn: GitHubStandIn) -> (GitHubClient, LiveGitHubTransport) {
        let transport = LiveGitHubTransport()
        let configuration = GitHubConfiguration(
            baseURL: standIn.baseURL, webURL: standIn.baseURL, timeout: .seconds(10),
            retryBackoff: .milliseconds(20), maximumWait: .seconds(2))
        return (GitHubClient(configuration: configuration, transport: transport), transport)
    }

    static let signIn = GitHubSignIn.Configuration(
        app: GitHubOAuthApp(clientID: GitHubStandIn.clientID, clientSecret: GitHubStandIn.clientSecret),
        sealer: SecretSealer())

    /// Runs `body` against a server that signs people in with `standIn`.
    static func withServer(
        _ engine: Engine, standIn: GitHubStandIn, signIn: GitHubSignIn.Configuration? = signIn,
        configuration: ServerConfiguration = .unlimited, mode: TestingSetup = .router,
        _ body: @Sendable (any TestClientProtocol, TestStore) async throws -> Void
    ) async throws {
        let (github, transport) = Self.github(standIn)
        do {
            try await withStore(engine) { test in
                try await ServerHarness.run(
                    test, configuration: configuration, github: github, signIn: signIn, mode: mode
                ) {
                    client, test in
                    try await body(client, test)
                }
            }
        } catch {
            try await transport.shutdown()
            throw error
        }
        try await transport.shutdown()
    }

    /// Begins a web sign-in for `token`: GitHub's consent page address.
    static func begin(_ client: any TestClientProtocol, token: String) async throws -> URL {
        let response = try await client.call(
            .post, "/v1/me/sign-in/github", token: token, json: #"{"redirectUri": "\#(callback)"}"#)
        #expect(response.status == .ok)
        return URL(string: try response.json()["authorizeUrl"] as! String)!
    }

    /// The `code` and `state` GitHub sends back after the consent page.
    static func query(_ url: URL) -> [String: String] {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }

    static func complete(
        _ client: any TestClientProtocol, token: String, code: String, state: String
    ) async throws -> TestResponse {
        let body = try JSONSerialization.data(withJSONObject: ["code": code, "state": state])
        return try await client.call(
            .post, "/v1/me/sign-in/github/callback", token: token, json: String(decoding: body, as: UTF8.self))
    }

    /// A whole web sign-in of `token` as `login`: the answer of the callback.
    static func signIn(_ client: any TestClientProtocol, token: String, as login: String, standIn: GitHubStandIn)
        async throws -> TestResponse
    {
        let back = try await standIn.consent(try await begin(client, token: token), login: login)
        let fields = query(back)
        return try await complete(client, token: token, code: fields["code"] ?? "", state: fields["state"] ?? "")
    }

    static func like(_ client: any TestClientProtocol, token: String, ids: [(String, String)]) async throws {
        let items = ids.map { #"{"id": "\#($0.0)", "repo": "\#($0.1)", "kind": "like", "at": "2026-11-20T10:00:00Z"}"# }
        let response = try await client.call(
            .post, "/v1/me/interactions", token: token, json: #"{"interactions": [\#(items.joined(separator: ","))]}"#)
        #expect(response.status == .ok)
    }

    @Test(
        "web flow: consent links the account by GitHub id; a wrong or replayed state is 400, nothing lost",
        arguments: Engine.available)
    func webFlow(engine: Engine) async throws {
        let standIn = try GitHubStandIn(users: ["octo-stars": 3])
        defer { standIn.stop() }
        try await Self.withServer(engine, standIn: standIn) { client, test in
            let token = try await client.newToken()
            let account = try await client.call(.get, "/v1/me/account", token: token).json()
            #expect((account["signIn"] as? [String: Any])?["available"] as? Bool == true)
            #expect(account["github"] == nil)

            // The consent page asks for the profile and public_repo, with PKCE (S256) and a state.
            let authorize = try await Self.begin(client, token: token)
            let asked = Self.query(authorize)
            #expect(asked["client_id"] == GitHubStandIn.clientID)
            #expect(asked["code_challenge_method"] == "S256")
            #expect(asked["scope"] == "read:user public_repo")
            #expect(asked["redirect_uri"] == Self.callback)
            let back = Self.query(try await standIn.consent(authorize, login: "octo-stars"))
            #expect(back["state"] == asked["state"])
            let code = back["code"]!

            // A state this server did not make, or made for another account: 400, and the code still works after.
            let forged = try await Self.complete(client, token: token, code: code, state: "forged-state")
            #expect(forged.status == .badRequest)
            #expect(try forged.errorCode() == "invalid_state")
            let stranger = try await client.newToken()
            let theirs = try await Self.complete(client, token: stranger, code: code, state: back["state"]!)
            #expect(theirs.status == .badRequest)

            let signedIn = try await Self.complete(client, token: token, code: code, state: back["state"]!)
            #expect(signedIn.status == .ok)
            let result = try signedIn.json()
            #expect(result["joined"] as? Bool == false)
            #expect(result["token"] == nil)
            let github = result["github"] as? [String: Any]
            #expect(github?["login"] as? String == "octo-stars")
            #expect((github?["scopes"] as? [String])?.contains("public_repo") == true)

            // The same callback again: its state is spent (400, GitHub not asked), and the account stays signed in.
            let replayed = try await Self.complete(client, token: token, code: code, state: back["state"]!)
            #expect(replayed.status == .badRequest)
            #expect(try replayed.errorCode() == "invalid_state")
            let after = try await client.call(.get, "/v1/me/account", token: token).json()
            #expect((after["github"] as? [String: Any])?["login"] as? String == "octo-stars")

            // Its own stars, without naming the login.
            let imported = try await client.call(.post, "/v1/me/imports/github-stars", token: token)
            #expect(imported.status == .accepted, "\(String(buffer: imported.body))")
            #expect(try imported.json()["login"] as? String == "octo-stars")

            // A bad redirect is refused before GitHub is asked.
            let elsewhere = try await client.call(
                .post, "/v1/me/sign-in/github", token: token, json: #"{"redirectUri": "https://evil.example/steal"}"#)
            #expect(elsewhere.status == .badRequest)
            #expect(try elsewhere.errorCode() == "invalid_redirect")

            // No GitHub token anywhere in the database's bytes: sealed with AES-GCM.
            let issued = try await standIn.tokens()["octo-stars"] ?? []
            #expect(issued.count == 1)
            // The export names the GitHub identity, never its token.
            let export = try await client.call(.get, "/v1/me/export", token: token)
            #expect((try export.json()["github"] as? [String: Any])?["login"] as? String == "octo-stars")
            for value in issued { #expect(!String(buffer: export.body).contains(value)) }
            if let dump = try test.dump?() {
                // The identity is there (the dump holds the rows), its token only sealed.
                #expect(dump.range(of: Data("octo-stars".utf8)) != nil)
                for value in issued { #expect(dump.range(of: Data(value.utf8)) == nil, "a GitHub token in clear text") }
            }
        }
    }

    @Test(
        "two devices: anonymous likes on each, both sign in, one account with the union and nothing twice",
        arguments: Engine.available)
    func twoDevices(engine: Engine) async throws {
        let standIn = try GitHubStandIn(users: ["ada": 0])
        defer { standIn.stop() }
        try await Self.withServer(engine, standIn: standIn) { client, _ in
            let names = ServerHarness.catalog.prefix(4).map(\.fullName)
            let laptop = try await client.newToken()
            let phone = try await client.newToken()
            try await Self.like(client, token: laptop, ids: [("shared", names[0]), ("laptop-1", names[1])])
            try await Self.like(client, token: phone, ids: [("shared", names[0]), ("phone-1", names[2])])
            try await client.call(
                .put, "/v1/me/preferences", token: phone, json: #"{"techStack": ["Rust"]}"#
            ).status.expect(.ok)

            let first = try await Self.signIn(client, token: laptop, as: "ada", standIn: standIn)
            #expect(first.status == .ok)
            let second = try await Self.signIn(client, token: phone, as: "ada", standIn: standIn).json()
            #expect(second["joined"] as? Bool == true)
            let merged = second["merged"] as? [String: Any]
            #expect(merged?["interactions"] as? Int == 1)
            #expect(merged?["duplicates"] as? Int == 1)
            let newToken = try #require(second["token"] as? String)

            // The phone's old token is dead; its new one reaches the laptop's account.
            #expect(try await client.call(.get, "/v1/me/liked", token: phone).status == .unauthorized)
            let liked = try await client.call(.get, "/v1/me/liked?perPage=100", token: newToken)
            #expect(Set(try liked.names()) == Set(names.prefix(3)))
            let onLaptop = try await client.call(.get, "/v1/me/liked?perPage=100", token: laptop)
            #expect(try onLaptop.names().count == 3)
            let stats = try await client.call(.get, "/v1/me/stats", token: laptop).json()
            #expect(stats["likes"] as? Int == 3)
            // The laptop had no preferences: the phone's came along.
            let preferences = try await client.call(.get, "/v1/me/preferences", token: laptop).json()
            #expect(preferences["techStack"] as? [String] == ["Rust"])

            // Sign out on the phone: only its token ends. Everywhere: the laptop's too.
            try await client.call(.post, "/v1/me/sign-out", token: newToken).status.expect(.noContent)
            #expect(try await client.call(.get, "/v1/me/account", token: newToken).status == .unauthorized)
            #expect(try await client.call(.get, "/v1/me/account", token: laptop).status == .ok)
            let again = try await Self.signIn(client, token: try await client.newToken(), as: "ada", standIn: standIn)
            let phoneToken = try #require(try again.json()["token"] as? String)
            try await client.call(.post, "/v1/me/sign-out", token: laptop, json: #"{"everywhere": true}"#).status
                .expect(.noContent)
            #expect(try await client.call(.get, "/v1/me/account", token: laptop).status == .unauthorized)
            #expect(try await client.call(.get, "/v1/me/account", token: phoneToken).status == .unauthorized)
        }
    }

    @Test(
        "a device signed in as one GitHub user cannot sign in as another without signing out",
        arguments: [Engine.sqliteMemory])
    func anotherUser(engine: Engine) async throws {
        let standIn = try GitHubStandIn(users: ["ada": 0, "grace": 0])
        defer { standIn.stop() }
        try await Self.withServer(engine, standIn: standIn) { client, _ in
            let token = try await client.newToken()
            #expect(try await Self.signIn(client, token: token, as: "ada", standIn: standIn).status == .ok)
            let other = try await Self.signIn(client, token: token, as: "grace", standIn: standIn)
            #expect(other.status == .conflict)
            #expect(try other.errorCode() == "signed_in_elsewhere")
        }
    }

    @Test("deleting a signed-in account revokes the app's grant on GitHub", arguments: Engine.available)
    func deleteRevokes(engine: Engine) async throws {
        let standIn = try GitHubStandIn(users: ["ada": 0])
        defer { standIn.stop() }
        try await Self.withServer(engine, standIn: standIn) { client, test in
            let token = try await client.newToken()
            #expect(try await Self.signIn(client, token: token, as: "ada", standIn: standIn).status == .ok)
            #expect(try await standIn.tokens()["ada"]?.count == 1)
            try await client.call(.delete, "/v1/me", token: token).status.expect(.noContent)
            #expect(try await standIn.tokens()["ada"] == nil)
            #expect(try await client.call(.get, "/v1/me/account", token: token).status == .unauthorized)
            #expect(try await test.store.account(githubID: 1) == nil)
        }
    }

    @Test("device flow: the server polls GitHub; approved, denied and expired codes each end as they should")
    func deviceFlow() async throws {
        let standIn = try GitHubStandIn(users: ["ada": 0], deviceInterval: 1)
        defer { standIn.stop() }
        try await Self.withServer(.sqliteMemory, standIn: standIn) { client, _ in
            let laptop = try await client.newToken()
            #expect(try await Self.signIn(client, token: laptop, as: "ada", standIn: standIn).status == .ok)

            for action in ["approve", "deny", "expire"] {
                let device = try await client.newToken()
                let started = try await client.call(.post, "/v1/me/sign-in/github/device", token: device)
                #expect(started.status == .created)
                let attempt = try started.json()
                let id = attempt["id"] as! String
                let userCode = attempt["userCode"] as! String
                #expect(attempt["state"] as? String == "pending")
                #expect((attempt["verificationUri"] as? String)?.hasSuffix("/login/device") == true)
                try await standIn.device(userCode, login: "ada", action: action)
                var last: [String: Any] = [:]
                for _ in 0..<600 {  // up to a minute: the whole suite shares two cores
                    last = try await client.call(.get, "/v1/me/sign-in/github/device/\(id)", token: device).json()
                    if last["state"] as? String != "pending" { break }
                    try await Task.sleep(for: .milliseconds(100))
                }
                switch action {
                case "approve":
                    #expect(last["state"] as? String == "done")
                    let result = last["result"] as? [String: Any]
                    #expect(result?["joined"] as? Bool == true)
                    let token = try #require(result?["token"] as? String)
                    let account = try await client.call(.get, "/v1/me/account", token: token).json()
                    #expect((account["github"] as? [String: Any])?["login"] as? String == "ada")
                case "deny": #expect(last["state"] as? String == "denied")
                default: #expect(last["state"] as? String == "expired")
                }
            }
            let unknown = try await client.call(.get, "/v1/me/sign-in/github/device/nothing", token: laptop)
            #expect(unknown.status == .notFound)
        }
    }

    @Test("without client credentials or a key, sign-in is unavailable and says so")
    func unavailable() async throws {
        let standIn = try GitHubStandIn(users: [:])
        defer { standIn.stop() }
        try await Self.withServer(.sqliteMemory, standIn: standIn, signIn: nil) { client, _ in
            let token = try await client.newToken()
            let signIn = try await client.call(.get, "/v1/me/account", token: token).json()["signIn"] as? [String: Any]
            #expect(signIn?["available"] as? Bool == false)
            // A person reads it: no settings' names (the server's log names them for whoever runs it).
            #expect(
                signIn?["reason"] as? String
                    == "Sign-in with GitHub is not offered on this server; everything else works without an account.")
            let start = try await client.call(
                .post, "/v1/me/sign-in/github", token: token, json: #"{"redirectUri": "\#(Self.callback)"}"#)
            #expect(start.status == .serviceUnavailable)
            #expect(try start.errorCode() == "sign_in_unavailable")
        }
    }
}

extension HTTPResponse.Status {
    /// Expects this status.
    func expect(_ expected: Self, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(self == expected, sourceLocation: sourceLocation)
    }
}
