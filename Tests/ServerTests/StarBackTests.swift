import Foundation
import GitHub
import GitHubAccounts
import HTTPTypes
import HummingbirdTesting
import RepoFinderCore
import RepoFinderServer
import Storage
import TestSupport
import Testing

/// Starring back on GitHub, against the stand-in GitHub: at once when GitHub takes it, queued and retried when it does
/// not, and "star on GitHub when I like".
@Suite("Star back: saved and liked repositories starred on GitHub")
struct StarBackTests {
    static func star(_ client: any TestClientProtocol, _ method: HTTPRequest.Method, _ repo: String, token: String)
        async throws -> TestResponse
    {
        try await client.call(method, "/v1/me/github/stars/\(repo)", token: token)
    }

    @Test("star and unstar reach GitHub and show its state; without sign-in it is 403", arguments: Engine.available)
    func starAndUnstar(engine: Engine) async throws {
        let standIn = try GitHubStandIn(users: ["ada": 0])
        defer { standIn.stop() }
        try await SignInTests.withServer(engine, standIn: standIn) { client, _ in
            let repo = ServerHarness.catalog[0].fullName
            let anonymous = try await client.newToken()
            let refused = try await Self.star(client, .put, repo, token: anonymous)
            #expect(refused.status == .forbidden)
            #expect(try refused.errorCode() == "not_signed_in")

            let token = try await client.newToken()
            #expect(try await SignInTests.signIn(client, token: token, as: "ada", standIn: standIn).status == .ok)
            #expect(try await Self.star(client, .get, repo, token: token).json()["starred"] as? Bool == false)
            let starred = try await Self.star(client, .put, repo, token: token)
            #expect(starred.status == .ok)
            #expect(try starred.json()["starred"] as? Bool == true)
            #expect(try await standIn.starredNames("ada") == [repo.lowercased()])
            #expect(try await Self.star(client, .get, repo, token: token).json()["starred"] as? Bool == true)
            let unstarred = try await Self.star(client, .delete, repo, token: token)
            #expect(unstarred.status == .ok)
            #expect(try await standIn.starredNames("ada").isEmpty)
            let malformed = try await client.call(.put, "/v1/me/github/stars/bad%20owner/x", token: token)
            #expect(malformed.status == .badRequest)
        }
    }

    @Test("a star GitHub refuses waits, the person is told why, and it goes through once GitHub allows it")
    func queuedAndRetried() async throws {
        let standIn = try GitHubStandIn(users: ["ada": 0])
        defer { standIn.stop() }
        // The app asks only for the profile: GitHub refuses stars until the person grants public_repo.
        let profileOnly = GitHubSignIn.Configuration(
            app: SignInTests.signIn.app, sealer: SecretSealer(), scopes: ["read:user"])
        var configuration = ServerConfiguration.unlimited
        configuration.starBackRetryInterval = .milliseconds(200)
        configuration.starBackFirstPause = .milliseconds(300)
        try await SignInTests.withServer(
            .sqliteFile, standIn: standIn, signIn: profileOnly, configuration: configuration
        ) { client, _ in
            let repo = ServerHarness.catalog[1].fullName
            let token = try await client.newToken()
            #expect(try await SignInTests.signIn(client, token: token, as: "ada", standIn: standIn).status == .ok)
            let queued = try await Self.star(client, .put, repo, token: token)
            #expect(queued.status == .accepted)
            let body = try queued.json()
            #expect((body["problem"] as? String)?.contains("sign in with GitHub again") == true)
            #expect((body["pending"] as? [String: Any])?["action"] as? String == "star")
            let account = try await client.call(.get, "/v1/me/account", token: token).json()
            let pending = (account["github"] as? [String: Any])?["pendingStars"] as? [[String: Any]]
            #expect(pending?.count == 1)
            #expect(try await standIn.starredNames("ada").isEmpty)

            // The person allows starring on GitHub: the next retry takes it, and nothing waits any more.
            try await standIn.grantScopes("read:user public_repo", to: "ada")
            var names: [String] = []
            for _ in 0..<600 where names.isEmpty {
                try await Task.sleep(for: .milliseconds(100))
                names = try await standIn.starredNames("ada")
            }
            #expect(names == [repo.lowercased()])
            // GitHub has it a moment before the server writes down that nothing waits: read again until it has.
            var waiting: [Any]? = nil
            for _ in 0..<100 {
                let after = try await client.call(.get, "/v1/me/account", token: token).json()
                waiting = (after["github"] as? [String: Any])?["pendingStars"] as? [Any]
                if waiting?.isEmpty == true { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(waiting?.isEmpty == true)
        }
    }

    @Test("with \"star on GitHub when I like\" on, a like stars the repository; off by default")
    func starOnLike() async throws {
        let standIn = try GitHubStandIn(users: ["ada": 0])
        defer { standIn.stop() }
        try await SignInTests.withServer(.sqliteMemory, standIn: standIn) { client, _ in
            let names = ServerHarness.catalog.prefix(2).map(\.fullName)
            let token = try await client.newToken()
            #expect(try await SignInTests.signIn(client, token: token, as: "ada", standIn: standIn).status == .ok)
            try await SignInTests.like(client, token: token, ids: [("off", names[0])])
            try await Task.sleep(for: .milliseconds(300))
            #expect(try await standIn.starredNames("ada").isEmpty)

            let settings = try await client.call(
                .put, "/v1/me/github/settings", token: token, json: #"{"starOnLike": true}"#)
            #expect(settings.status == .ok)
            #expect((try settings.json()["github"] as? [String: Any])?["starOnLike"] as? Bool == true)
            try await SignInTests.like(client, token: token, ids: [("on", names[1])])
            var starred: [String] = []
            for _ in 0..<600 where starred.isEmpty {
                try await Task.sleep(for: .milliseconds(100))
                starred = try await standIn.starredNames("ada")
            }
            #expect(starred == [names[1].lowercased()])

            let anonymous = try await client.newToken()
            let refused = try await client.call(
                .put, "/v1/me/github/settings", token: anonymous, json: #"{"starOnLike": true}"#)
            #expect(refused.status == .forbidden)
        }
    }
}
