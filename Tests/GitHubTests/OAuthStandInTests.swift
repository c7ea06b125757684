import Foundation
import GitHub
import GitHubLive
import GitHubTestSupport
import HTTPTypes
import RepoFinderCore
import TestSupport
import Testing

/// The GitHub client's sign-in and starring calls against the stand-in GitHub, and the stand-in's answers checked
/// against GitHub's recorded ones (github3py's cassettes of star, unstar, is-starred and a user).
@Suite("OAuth and starring: the GitHub client against the stand-in, the stand-in against the recordings")
struct OAuthStandInTests {
    static let app = GitHubOAuthApp(clientID: GitHubStandIn.clientID, clientSecret: GitHubStandIn.clientSecret)

    static func client(_ standIn: GitHubStandIn, _ transport: LiveGitHubTransport) -> GitHubClient {
        GitHubClient(
            configuration: GitHubConfiguration(
                baseURL: standIn.baseURL, webURL: standIn.baseURL, timeout: .seconds(10), maximumWait: .seconds(1)),
            transport: transport)
    }

    @Test("the device flow: pending, slow_down with a longer interval, then the token; a used code is refused")
    func deviceFlow() async throws {
        // A minute between polls: a second poll at once is surely too soon, however loaded the machine (under the
        // whole suite, two polls 5 s apart were seen).
        let standIn = try GitHubStandIn(users: ["ada": 0], deviceInterval: 60)
        defer { standIn.stop() }
        let transport = LiveGitHubTransport()
        let github = Self.client(standIn, transport)
        let waiting = try await github.requestDeviceCode(app: Self.app, scope: ["read:user", "public_repo"])
        #expect(waiting.interval == .seconds(60))
        #expect(waiting.userCode.count == 9)
        #expect(try await github.pollDeviceToken(app: Self.app, deviceCode: waiting.deviceCode) == .pending)
        let tooSoon = try await github.pollDeviceToken(app: Self.app, deviceCode: waiting.deviceCode)
        #expect(tooSoon == .slowDown(interval: .seconds(65)))
        // Another code, authorized before its first poll: the token, with the scopes asked for.
        let code = try await github.requestDeviceCode(app: Self.app, scope: ["read:user", "public_repo"])
        try await standIn.device(code.userCode, login: "ada", action: "approve")
        guard case .authorized(let token) = try await github.pollDeviceToken(app: Self.app, deviceCode: code.deviceCode)
        else { throw GitHubError.invalidResponse("no token") }
        #expect(token.scopes == ["read:user", "public_repo"])
        #expect(try await github.authenticatedUser(token: token.value).login == "ada")
        await #expect(
            throws: GitHubOAuthError.refused(
                code: "incorrect_device_code", description: "The device_code provided is not valid.")
        ) {
            try await github.pollDeviceToken(app: Self.app, deviceCode: code.deviceCode)
        }
        let wrongApp = GitHubOAuthApp(clientID: "someone-else", clientSecret: "x")
        await #expect(throws: GitHubOAuthError.self) {
            try await github.exchangeCode(app: wrongApp, code: "x", redirectURI: "http://x/", codeVerifier: "v")
        }
        try await transport.shutdown()
    }

    @Test("star, unstar and is-starred answer 204 / 404 with GitHub's scope headers, as recorded; /user as recorded")
    func starring() async throws {
        let standIn = try GitHubStandIn(users: ["ada": 0], deviceInterval: 1)
        defer { standIn.stop() }
        let transport = LiveGitHubTransport()
        let github = Self.client(standIn, transport)
        let code = try await github.requestDeviceCode(app: Self.app, scope: ["read:user", "public_repo"])
        try await standIn.device(code.userCode, login: "ada", action: "approve")
        try await Task.sleep(for: .seconds(1.1))
        guard case .authorized(let token) = try await github.pollDeviceToken(app: Self.app, deviceCode: code.deviceCode)
        else { throw GitHubError.invalidResponse("no token") }

        let name = try RepositoryName(parsing: "sigmavirus24/github3.py")
        let recordedStar = try #require(Recordings.github3py("GitHub_star").first)
        let recordedUnstar = try #require(Recordings.github3py("GitHub_unstar").first)
        let recordedCheck = try #require(Recordings.github3py("GitHub_is_starred").first)
        let path = standIn.baseURL.appendingPathComponent("user/starred/\(name.owner)/\(name.name)")
        func send(_ method: HTTPRequest.Method) async throws -> GitHubResponse {
            try await transport.send(
                GitHubRequest(
                    method: method, url: path, headerFields: [.authorization: "token \(token.value)"],
                    body: method == .put ? Data() : nil),
                timeout: .seconds(10))
        }
        let star = try await send(.put)
        #expect(star.status == recordedStar.status && star.status == 204)
        #expect(star.body.isEmpty)
        #expect(star.headerFields[HTTPField.Name("X-OAuth-Scopes")!] != nil)
        #expect(recordedStar.headers[HTTPField.Name("X-OAuth-Scopes")!] != nil)
        let check = try await send(.get)
        #expect(check.status == recordedCheck.status)
        let unstar = try await send(.delete)
        #expect(unstar.status == recordedUnstar.status)
        #expect(try await send(.get).status == 404)

        // Through the client: the same, as the person.
        try await github.star(name, token: token.value)
        #expect(try await github.isStarred(name, token: token.value))
        #expect(try await standIn.starredNames("ada") == ["sigmavirus24/github3.py"])
        try await github.unstar(name, token: token.value)
        #expect(try await !github.isStarred(name, token: token.value))

        // /user: no field GitHub's recorded user lacks.
        let realUser = try #require(Recordings.github3py("GitHub_user_with_id").first)
        let me = try await transport.send(
            GitHubRequest(
                url: standIn.baseURL.appendingPathComponent("user"),
                headerFields: [.authorization: "Bearer \(token.value)"]),
            timeout: .seconds(10))
        #expect(me.status == 200)
        let realKeys = StandInTests.keys(try StandInTests.json(realUser.body))
        let extra = StandInTests.keys(try StandInTests.json(me.body)).subtracting(realKeys).subtracting(["node_id"])
        #expect(extra.isEmpty, "fields GitHub does not send: \(extra.sorted())")

        // Revoked: the token stops working.
        try await github.revokeGrant(app: Self.app, token: token.value)
        await #expect(throws: GitHubError.self) { try await github.authenticatedUser(token: token.value) }
        try await transport.shutdown()
    }
}
