import Foundation
import GitHub
import GitHubAccounts
import GitHubLive
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RepoFinderServer
import Storage
import TestSupport
import Testing

/// Issue 47: a device sign-in lives in the database, not in the server that started it.
@Suite("Sign in with GitHub: a device sign-in belongs to every server")
struct DeviceSignInClusterTests {
    @Test(
        "started on one server, which then stops, it completes by polling another",
        .enabled(if: Engine.available.contains(.postgres)))
    func acrossServers() async throws {
        let standIn = try GitHubStandIn(users: ["ada": 0], deviceInterval: 1)
        defer { standIn.stop() }
        let (github, transport) = SignInTests.github(standIn)
        defer { Task { try? await transport.shutdown() } }
        try await withStore(.postgres) { test in
            try await SyntheticCatalog.seed(test.store)
            let logger = ServerHarness.quietLogger
            func server(_ store: any DataStore) async throws -> some ApplicationProtocol {
                try APIServer.makeApplication(
                    configuration: .unlimited, store: store,
                    deck: try await APIServer.makeDeck(store: store, logger: logger), github: github,
                    signIn: SignInTests.signIn, logger: logger)
            }
            // The first server: a device starts signing in, then the server stops.
            let (token, id, userCode) = try await server(test.store).test(.router) { first in
                let token = try await first.newToken()
                let started = try await first.call(.post, "/v1/me/sign-in/github/device", token: token)
                #expect(started.status == .created)
                let json = try started.json()
                return (token, json["id"] as! String, json["userCode"] as! String)
            }
            try await standIn.device(userCode, login: "ada", action: "approve")
            // The second server, over its own connections, has never seen it.
            let reopen = try #require(test.reopen)
            let other = try await reopen()
            defer { Task { try? await other.close() } }
            try await other.whileRunning { other in
                try await server(other).test(.router) { second in
                    var last: [String: Any] = [:]
                    for _ in 0..<300 {
                        last = try await second.call(.get, "/v1/me/sign-in/github/device/\(id)", token: token).json()
                        if last["state"] as? String != "pending" { break }
                        try await Task.sleep(for: .milliseconds(100))
                    }
                    #expect(last["state"] as? String == "done")
                    let account = try await second.call(.get, "/v1/me/account", token: token).json()
                    #expect((account["github"] as? [String: Any])?["login"] as? String == "ada")
                    // Told once: the attempt is over.
                    let again = try await second.call(.get, "/v1/me/sign-in/github/device/\(id)", token: token)
                    #expect(again.status == .notFound)
                }
            }
        }
    }
}
