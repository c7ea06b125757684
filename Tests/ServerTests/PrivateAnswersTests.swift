import Foundation
import HTTPTypes
import HummingbirdTesting
import RepoFinderServer
import Storage
import TestSupport
import Testing

/// The hardening issue's eighth finding, fifth item: the catalog's answers carry what a token's person did (`viewer`,
/// a fit), yet said nothing to shared caches, so a proxy could hand one person's answer to the next.
@Suite("Answers personalised for a token are private and vary by Authorization")
struct PrivateAnswersTests {
    @Test("search, a repository, similar, compare, trending, areas: private for a token, Vary: Authorization always")
    func headers() async throws {
        try await ServerHarness.run(.sqliteMemory) { client, _ in
            let token = try await client.newToken()
            let first = ServerHarness.name("Swift", 0)
            let second = ServerHarness.name("Swift", 1)
            for path in [
                "/v1/search?q=swift", "/v1/repos/\(first)", "/v1/repos/\(first)/similar",
                "/v1/compare?repos=\(first),\(second)", "/v1/trending", "/v1/clusters", "/v1/clusters/mobile/repos",
            ] {
                let personal = try await client.call(.get, path, token: token)
                #expect(personal.status == .ok, "\(path)")
                #expect(personal.headers[.cacheControl]?.hasPrefix("private") == true, "\(path)")
                #expect(personal.headers[.vary]?.contains("Authorization") == true, "\(path)")
                let anonymous = try await client.call(.get, path)
                #expect(anonymous.headers[.cacheControl]?.contains("private") != true, "\(path)")
                #expect(anonymous.headers[.vary]?.contains("Authorization") == true, "\(path)")
            }
            // A person's own data stays no-store.
            #expect(
                try await client.call(.get, "/v1/me/preferences", token: token).headers[.cacheControl] == "no-store")
        }
    }
}
