import Foundation
import GitHub
import GitHubLive
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RepoFinderCore
import RepoFinderServer
import Storage
import TestSupport
import Testing

/// A repository outside the catalog opens by API, web path, deep link and search, fetched from the stand-in GitHub in
/// one request; a rename redirects; a name GitHub does not know is remembered; no network says so.
@Suite("Any repository on demand")
struct OnDemandRepositoryTests {
    static func addOutsider(_ standIn: GitHubStandIn, _ name: String, stars: Int = 4_321) async throws {
        try await standIn.addRepository([
            "full_name": name, "name": String(name.split(separator: "/")[1]),
            "owner": ["login": String(name.split(separator: "/")[0])], "stargazers_count": stars, "forks_count": 12,
            "language": "Rust", "topics": ["cli"], "pushed_at": "2026-11-22T08:00:00Z",
            "html_url": "https://github.com/\(name)",
        ])
    }

    @Test("API, web path, deep link and search each fetch it in one GitHub request", arguments: Engine.available)
    func outsider(engine: Engine) async throws {
        let standIn = try GitHubStandIn(users: [:])
        defer { standIn.stop() }
        for name in ["fresh-owner/by-api", "fresh-owner/by-web", "fresh-owner/by-link", "fresh-owner/by-search"] {
            try await Self.addOutsider(standIn, name)
        }
        let github = CatalogRefreshTests.client(standIn, token: nil)
        try await ServerHarness.run(engine, withWebApp: true, github: github) { client, store in
            _ = try await standIn.requestCount(reset: true)
            let api = try await client.call(.get, "/v1/repos/fresh-owner/by-api")
            #expect(api.status == .ok)
            #expect(try api.json()["stars"] as? Int == 4_321)
            #expect(try await standIn.requestCount(reset: true) == 1)
            // Now in the catalog: no second request.
            #expect(try await client.call(.get, "/v1/repos/fresh-owner/by-api").status == .ok)
            #expect(try await standIn.requestCount(reset: true) == 0)

            let web = try await client.call(.get, "/r/fresh-owner/by-web")
            #expect(web.status == .ok)
            #expect(String(buffer: web.body).contains("by-web"))
            #expect(try await standIn.requestCount(reset: true) == 1)

            let link = try await client.call(.get, "/v1/links/resolve?url=repoverse://repo/fresh-owner/by-link")
            #expect(link.status == .ok)
            #expect(try await standIn.requestCount(reset: true) == 1)

            let search = try await client.call(.get, "/v1/search?q=https://github.com/fresh-owner/by-search.git")
            #expect(search.status == .ok)
            #expect(try search.names().first == "fresh-owner/by-search")
            #expect(try await standIn.requestCount(reset: true) == 1)
            #expect(try await store.repository(named: Fixtures.name("fresh-owner/by-search"))?.language == "Rust")
            #expect(try await store.starSnapshots(of: Fixtures.name("fresh-owner/by-search")).count == 1)

            // Unknown on GitHub: 404, remembered for a while.
            #expect(try await client.call(.get, "/v1/repos/nobody-here/nothing").status == .notFound)
            #expect(try await client.call(.get, "/v1/repos/nobody-here/nothing").status == .notFound)
            #expect(try await standIn.requestCount(reset: true) == 1)
        }
    }

    @Test("a renamed repository's old addresses lead to the new name", arguments: Engine.available)
    func renamed(engine: Engine) async throws {
        let standIn = try GitHubStandIn(users: [:])
        defer { standIn.stop() }
        try await Self.addOutsider(standIn, "first-owner/tool")
        try await standIn.rename("first-owner/tool", to: "second-owner/tool-renamed")
        let github = CatalogRefreshTests.client(standIn, token: nil)
        try await ServerHarness.run(engine, withWebApp: true, github: github) { client, store in
            let api = try await client.call(.get, "/v1/repos/first-owner/tool")
            #expect(api.status == .ok)
            #expect(try api.json()["fullName"] as? String == "second-owner/tool-renamed")
            let web = try await client.call(.get, "/r/first-owner/tool")
            #expect(web.status == .movedPermanently)
            #expect(web.headers[.location] == "/r/second-owner/tool-renamed")
            let link = try await client.call(.get, "/v1/links/resolve?url=repoverse://repo/first-owner/tool")
            #expect(String(buffer: link.body).contains("second-owner/tool-renamed"))
            #expect(
                try await store.currentName(of: Fixtures.name("first-owner/tool"))?.fullName
                    == "second-owner/tool-renamed")
        }
    }

    @Test("without a network the answer says so: 503, never 500", arguments: [Engine.sqliteMemory])
    func offline(engine: Engine) async throws {
        // Nothing listens on port 9 of loopback.
        let configuration = GitHubConfiguration(
            baseURL: URL(string: "http://127.0.0.1:9")!, timeout: .seconds(2), maximumRetries: 0,
            retryBackoff: .milliseconds(10))
        let github = GitHubClient(configuration: configuration, transport: LiveGitHubTransport())
        try await ServerHarness.run(engine, withWebApp: true, github: github) { client, _ in
            let api = try await client.call(.get, "/v1/repos/far-away/repo")
            #expect(api.status == .serviceUnavailable)
            #expect(try api.errorCode() == "github_unavailable")
            #expect(api.headers[.retryAfter] != nil)
            // Said for a person: no transport error ("127.0.0.1:9: connection refused").
            let sentence =
                "far-away/repo is not in RepoFinder's catalog, and GitHub cannot be reached from here to look it up."
            #expect(try api.json()["message"] as? String == sentence)
            let page = try await client.call(.get, "/r/far-away/repo")
            #expect(page.status == .serviceUnavailable)
            #expect(String(buffer: page.body).contains("GitHub cannot be reached"))
            #expect(String(buffer: page.body).contains(sentence.replacingOccurrences(of: "'", with: "&#39;")))
            #expect(!String(buffer: page.body).contains("127.0.0.1"))
            // Search still answers from the catalog.
            #expect(try await client.call(.get, "/v1/search?q=far-away/repo").status == .ok)
        }
    }
}
