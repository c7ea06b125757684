import Foundation
import HTTPTypes
import HummingbirdTesting
import RepoFinderCore
import RepoFinderServer
import Storage
import TestSupport
import Testing

/// A project the catalog holds under an old and a new name is shown once, under the new one.
@Suite("Server: one project, one card")
struct SameProjectsServerTests {
    static let old = Repository(
        owner: RepositoryOwner(login: "extrawurst"), name: "gitui",
        description: "Blazing fast terminal-ui for git written in rust", language: "Rust", stars: 19_154,
        pushedAt: Date(timeIntervalSinceNow: -600 * 86_400))
    static let current = Repository(
        owner: RepositoryOwner(login: "gitui-org"), name: "gitui",
        description: "Blazing fast terminal-ui for git written in Rust.", language: "Rust", stars: 21_965,
        pushedAt: Date(timeIntervalSinceNow: -86_400))

    @Test("the old name's page, a search for it, a like of it and the deck all come to the current name")
    func oldNameResolves() async throws {
        try await withStore(.sqliteMemory) { test in
            try await ServerHarness.run(test, seed: { _ = try await $0.upsertRepositories([Self.old, Self.current]) }) {
                client, _ in
                let page = try await client.call(.get, "/v1/repos/extrawurst/gitui").json()
                #expect(page["fullName"] as? String == "gitui-org/gitui")
                let found = try await client.call(.get, "/v1/search?q=extrawurst/gitui").names()
                #expect(found.first == "gitui-org/gitui" && !found.contains("extrawurst/gitui"), "\(found)")
                let words = try await client.call(.get, "/v1/search?q=terminal-ui git").names()
                #expect(words.filter { $0.hasSuffix("/gitui") } == ["gitui-org/gitui"], "\(words)")

                let token = try await client.newToken()
                let like = #"""
                    {"interactions":[{"id":"l1","repo":"extrawurst/gitui","kind":"like","at":"2026-11-20T10:01:00Z"}]}
                    """#
                #expect(try await client.call(.post, "/v1/me/interactions", token: token, json: like).status == .ok)
                var dealt: [String] = []
                for _ in 0..<3 { dealt += try await client.call(.get, "/v1/me/feed?limit=50", token: token).names() }
                #expect(
                    !dealt.contains { $0.hasSuffix("/gitui") }, "the liked project is never dealt under either name")
            }
        }
    }
}
