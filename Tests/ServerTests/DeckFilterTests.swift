import Foundation
import HTTPTypes
import HummingbirdTesting
import RepoFinderCore
import RepoFinderServer
import Storage
import TestSupport
import Testing

@Suite("Server: the deck filter, kept per person and dealt by")
struct DeckFilterTests {
    /// Rust with at least 30,000 stars: Rust's first seven of the synthetic catalog.
    static let rustFilter = #"{"languages":["rust"],"minimumStars":30000}"#

    @Test(
        "a saved filter is dealt by on every request until cleared; it runs dry and says so",
        arguments: Engine.available)
    func savedFilter(engine: Engine) async throws {
        try await ServerHarness.run(engine) { client, _ in
            let token = try await client.newToken()
            let saved = try await client.call(.put, "/v1/me/deck-filter", token: token, json: Self.rustFilter)
            #expect(saved.status == .ok)
            let state = try saved.json()
            #expect(state["matching"] as? Int == 7)
            #expect(state["webPath"] as? String == "/discover?language=rust&stars=30000")
            #expect(state["deepLink"] as? String == "repoverse://discover?language=rust&stars=30000")
            // Another device reads it back.
            let read = try await client.call(.get, "/v1/me/deck-filter", token: token).json()
            #expect((read["filter"] as? [String: Any])?["languages"] as? [String] == ["rust"])

            let first = try await client.call(.get, "/v1/me/feed?limit=5", token: token)
            let items = try first.items()
            #expect(items.count == 5)
            for item in items {
                let repository = item["repository"] as? [String: Any] ?? [:]
                #expect(repository["language"] as? String == "Rust")
                #expect(repository["stars"] as? Int ?? 0 >= 30_000)
            }
            #expect((try first.json()["filter"] as? [String: Any])?["minimumStars"] as? Int == 30_000)
            let last = try await client.call(.get, "/v1/me/feed?limit=5", token: token).json()
            #expect((last["items"] as? [Any])?.count == 2)
            #expect(last["exhausted"] as? Bool == true)
            #expect((last["message"] as? String)?.contains("Widen the filter") == true)
            let dry = try await client.call(.get, "/v1/me/feed", token: token).json()
            #expect((dry["items"] as? [Any])?.isEmpty == true)
            #expect(
                dry["message"] as? String
                    == "You have seen every repository your filter allows. Widen the filter to see more.")

            // Widening (clearing) deals the rest of the catalog again.
            let cleared = try await client.call(.put, "/v1/me/deck-filter", token: token, json: "{}")
            #expect(try cleared.json()["matching"] as? Int == ServerHarness.catalog.count)
            #expect(try cleared.json()["webPath"] as? String == "/discover")
            var wide = Set<String>()
            for _ in 0..<2 { wide.formUnion(try await client.call(.get, "/v1/me/feed?limit=50", token: token).names()) }
            #expect(wide.count == ServerHarness.catalog.count - 7)
        }
    }

    @Test("named parameters deal by themselves, filter=none without any; preferences leave the filter alone")
    func namedParameters() async throws {
        try await ServerHarness.run(.sqliteMemory) { client, _ in
            let token = try await client.newToken()
            _ = try await client.call(.put, "/v1/me/deck-filter", token: token, json: Self.rustFilter)
            _ = try await client.call(
                .put, "/v1/me/preferences", token: token, json: #"{"techStack":["Swift"],"onboardingCompleted":true}"#)
            let kept = try await client.call(.get, "/v1/me/deck-filter", token: token).json()
            #expect(kept["matching"] as? Int == 7, "saving preferences cleared the deck filter")

            let named = try await client.call(.get, "/v1/me/feed?limit=10&language=Go,TypeScript", token: token)
            let languages = Set(
                try named.items().compactMap { ($0["repository"] as? [String: Any])?["language"] as? String })
            #expect(languages.isSubset(of: ["Go", "TypeScript"]) && !languages.isEmpty)
            #expect((try named.json()["filter"] as? [String: Any])?["languages"] as? [String] == ["Go", "TypeScript"])

            let none = try await client.call(.get, "/v1/me/feed?limit=30&filter=none", token: token)
            let anyLanguage = Set(
                try none.items().compactMap { ($0["repository"] as? [String: Any])?["language"] as? String })
            #expect(anyLanguage.count > 2)
            // The saved filter is still there for the next plain request.
            let plain = try await client.call(.get, "/v1/me/feed?limit=3", token: token)
            #expect(
                try plain.items().allSatisfy { ($0["repository"] as? [String: Any])?["language"] as? String == "Rust" })
        }
    }

    @Test("languages left out are never dealt, saved or named in a feed; one both kept and left out is refused")
    func leftOutLanguages() async throws {
        try await ServerHarness.run(.sqliteMemory) { client, _ in
            let token = try await client.newToken()
            let rust = ServerHarness.catalog.filter { $0.language == "Rust" }.count
            let saved = try await client.call(
                .put, "/v1/me/deck-filter", token: token, json: #"{"excludedLanguages":["rust"]}"#)
            #expect(saved.status == .ok)
            let state = try saved.json()
            #expect(state["matching"] as? Int == ServerHarness.catalog.count - rust)
            #expect(state["webPath"] as? String == "/discover?without=rust")
            #expect((state["filter"] as? [String: Any])?["excludedLanguages"] as? [String] == ["rust"])
            var dealt: [[String: Any]] = []
            for _ in 0..<3 { dealt += try await client.call(.get, "/v1/me/feed?limit=50", token: token).items() }
            let languages = dealt.compactMap { ($0["repository"] as? [String: Any])?["language"] as? String }
            #expect(rust > 0 && dealt.count == ServerHarness.catalog.count - rust && !languages.contains("Rust"))

            let named = try await client.call(.get, "/v1/me/feed?limit=20&filter=none&without=Go", token: token)
            #expect(named.status == .badRequest, "filter=none names no filter")
            let other = try await client.newToken()
            let withoutGo = try await client.call(.get, "/v1/me/feed?limit=20&without=Go,TypeScript", token: other)
            let shown = try withoutGo.items().compactMap {
                ($0["repository"] as? [String: Any])?["language"] as? String
            }
            #expect(!shown.isEmpty && !shown.contains("Go") && !shown.contains("TypeScript"))

            for body in [
                #"{"languages":["Rust"],"excludedLanguages":["RUST"]}"#, #"{"excludedLanguages":[""]}"#,
                #"{"excludedLanguages":[\#((0..<11).map { "\"L\($0)\"" }.joined(separator: ","))]}"#,
            ] {
                let refused = try await client.call(.put, "/v1/me/deck-filter", token: token, json: body)
                #expect(refused.status == .badRequest, "\(body)")
                #expect((try refused.json()["message"] as? String)?.isEmpty == false)
            }
            let both = try await client.call(
                .put, "/v1/me/deck-filter", token: token, json: #"{"languages":["Rust"],"excludedLanguages":["rust"]}"#)
            #expect((try both.json()["message"] as? String)?.contains("both kept and left out") == true)
            let kept = try await client.call(.get, "/v1/me/deck-filter", token: token).json()
            #expect((kept["filter"] as? [String: Any])?["excludedLanguages"] as? [String] == ["rust"])
        }
    }

    @Test("bad filters get a 400 that says what to send, and the saved filter stays")
    func badFilters() async throws {
        try await ServerHarness.run(.sqliteMemory) { client, _ in
            let token = try await client.newToken()
            _ = try await client.call(.put, "/v1/me/deck-filter", token: token, json: Self.rustFilter)
            let eleven = (0..<11).map { "\"L\($0)\"" }.joined(separator: ",")
            for body in [
                #"{"languages":[\#(eleven)]}"#, #"{"clusters":["cooking"]}"#, #"{"minimumStars":-1}"#,
                #"{"health":"dormant"}"#, #"{"languages":[""]}"#, "[]",
            ] {
                let response = try await client.call(.put, "/v1/me/deck-filter", token: token, json: body)
                #expect(response.status == .badRequest, "\(body)")
                #expect(try response.json()["message"] is String)
            }
            for query in [
                "health=dormant", "filter=none&language=Rust", "filter=all", "minStars=many", "cluster=cooking",
                "language=Rust&language=Go",
            ] {
                let response = try await client.call(.get, "/v1/me/feed?" + query, token: token)
                #expect(response.status == .badRequest, "\(query)")
                #expect((try response.json()["message"] as? String)?.isEmpty == false)
            }
            let kept = try await client.call(.get, "/v1/me/deck-filter", token: token).json()
            #expect(kept["matching"] as? Int == 7)
            let anonymous = try await client.call(.put, "/v1/me/deck-filter", json: Self.rustFilter)
            #expect(anonymous.status == .unauthorized)
        }
    }

    @Test("a discover link with a filter resolves to it; a bad one says why")
    func links() async throws {
        try await ServerHarness.run(.sqliteMemory) { client, _ in
            let link = "repoverse://discover?language=Rust,Go&cluster=developer-tools&stars=1000&health=active"
            let encoded = link.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? link
            let resolved = try await client.call(.get, "/v1/links/resolve?url=" + encoded).json()
            #expect(resolved["kind"] as? String == "discover")
            let filter = resolved["filter"] as? [String: Any] ?? [:]
            #expect(filter["languages"] as? [String] == ["Go", "Rust"])
            #expect(filter["clusters"] as? [String] == ["developer-tools"])
            #expect(filter["minimumStars"] as? Int == 1_000 && filter["health"] as? String == "active")
            #expect(
                resolved["webPath"] as? String
                    == "/discover?language=Go,Rust&cluster=developer-tools&stars=1000&health=active")
            let bad = try await client.call(.get, "/v1/links/resolve?url=repoverse%3A%2F%2Fdiscover%3Fstars%3Dlots")
            #expect(bad.status == .badRequest)
        }
    }
}
