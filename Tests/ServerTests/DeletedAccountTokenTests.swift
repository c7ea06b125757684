import Foundation
import HTTPTypes
import HummingbirdTesting
import RepoFinderServer
import Storage
import TestSupport
import Testing

/// The hardening issue's eighth finding, second item: deleting an account refused only the token that asked for it;
/// the account's other devices, their tokens cached, went on working for up to 30 s.
@Suite("A deleted account's every token is refused at once")
struct DeletedAccountTokenTests {
    @Test(
        "a second device, used a moment before, is refused as soon as the first deletes the account",
        arguments: Engine.available)
    func everyDevice(engine: Engine) async throws {
        let standIn = try GitHubStandIn(users: ["octo-stars": 3])
        defer { standIn.stop() }
        try await SignInTests.withServer(engine, standIn: standIn) { client, _ in
            let laptop = try await client.newToken()
            #expect(
                try await SignInTests.signIn(client, token: laptop, as: "octo-stars", standIn: standIn).status == .ok)
            let phoneDevice = try await client.newToken()
            let joined = try await SignInTests.signIn(client, token: phoneDevice, as: "octo-stars", standIn: standIn)
            let phone = try #require(try joined.json()["token"] as? String)
            // The phone's token is in use (and so cached) when the laptop deletes the account.
            #expect(try await client.call(.get, "/v1/me/preferences", token: phone).status == .ok)
            #expect(try await client.call(.delete, "/v1/me", token: laptop).status == .noContent)
            // Before: 200 for up to 30 s more.
            #expect(try await client.call(.get, "/v1/me/preferences", token: phone).status == .unauthorized)
            #expect(try await client.call(.get, "/v1/me/preferences", token: laptop).status == .unauthorized)
        }
    }
}
