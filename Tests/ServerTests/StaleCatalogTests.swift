import Foundation
import HTTPTypes
import HummingbirdTesting
import RepoFinderCore
import RepoFinderServer
import Storage
import TestSupport
import Testing

/// A catalog nobody refreshed for months: every face judges activity as of its newest day, and names that day.
@Suite("Server: a stale catalog's activity as of its newest day")
struct StaleCatalogTests {
    /// Pushed on the catalog's newest day, 100 days ago, and a month and a half before it.
    static let newest = Date(timeIntervalSinceNow: -100 * 86_400)
    static let fresh = Repository(
        owner: RepositoryOwner(login: "stale"), name: "lively", description: "A lively parser",
        language: "Zig", stars: 5_000, openIssues: 2, pushedAt: newest)
    static let quiet = Repository(
        owner: RepositoryOwner(login: "stale"), name: "sleepy", description: "A sleepy parser",
        language: "Zig", stars: 4_000, openIssues: 2, pushedAt: newest.addingTimeInterval(-45 * 86_400))

    @Test("repository, search with its health filter, and the deck's cards: active as of that day")
    func asOfTheNewestDay() async throws {
        let day = Day(containing: Self.newest).spoken
        try await withStore(.sqliteMemory) { test in
            try await ServerHarness.run(test, seed: { _ = try await $0.upsertRepositories([Self.fresh, Self.quiet]) }) {
                client, _ in
                let page = try await client.call(.get, "/v1/repos/stale/lively").json()
                #expect(page["health"] as? String == "active")
                #expect((page["lastUpdated"] as? String)?.hasSuffix(", as of \(day)") == true, "\(page)")
                #expect((page["healthSummary"] as? String)?.hasSuffix(", as of \(day)") == true, "\(page)")
                #expect(
                    try await client.call(.get, "/v1/repos/stale/sleepy").json()["health"] as? String == "quiet")

                let active = try await client.call(.get, "/v1/search?q=parser&health=active").names()
                #expect(active == ["stale/lively"])
                let token = try await client.newToken()
                let deck = try await client.call(.get, "/v1/me/feed?limit=50&language=Zig&health=active", token: token)
                #expect(try deck.names() == ["stale/lively"])
                let card = try deck.items().first?["repository"] as? [String: Any]
                #expect((card?["lastUpdated"] as? String)?.hasSuffix(", as of \(day)") == true)
                // The deck and Home say the catalog's age once, with what would refresh it.
                for body in [
                    try deck.json(), try await client.call(.get, "/v1/me/home?timeZone=UTC", token: token).json(),
                ] {
                    let catalog = try #require(body["catalog"] as? [String: Any], "\(body.keys.sorted())")
                    #expect(catalog["asOf"] as? String == Day(containing: Self.newest).description)
                    #expect(catalog["ageDays"] as? Int == 100)
                    let note = catalog["note"] as? String ?? ""
                    #expect(note.hasPrefix("Catalog as of \(day), 100 days ago") && note.contains("refreshes"))
                }
            }
        }
    }
}
