import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import RepoFinderCore
import Storage
import TestSupport
import Testing

@Suite("Server: where curated lists place a repository")
struct RepositoryListingsTests {
    @Test(
        "a repository's answer carries its lists, by list then heading; none is an empty array",
        arguments: Engine.available)
    func listsOnTheRepository(engine: Engine) async throws {
        try await ServerHarness.run(engine) { client, store in
            let name = ServerHarness.name("Python", 3)
            let repository = try RepositoryName(parsing: name)
            let before = try await client.call(.get, "/v1/repos/\(name)").json()
            #expect((before["lists"] as? [Any])?.isEmpty == true)
            try await store.replaceCuratedList(
                CuratedListSource(repository: try RepositoryName(parsing: "vinta/awesome-python")),
                placements: [
                    CuratedListPlacement(
                        repository: repository, heading: ["Web Frameworks", "Synchronous"], position: 1)
                ], etag: nil, at: Date())
            try await store.replaceCuratedList(
                CuratedListSource(repository: try RepositoryName(parsing: "a/awesome"), file: "docs/list.md"),
                placements: [CuratedListPlacement(repository: repository, heading: ["Web"], position: 4)], etag: nil,
                at: Date())
            let lists =
                try await client.call(.get, "/v1/repos/\(name.uppercased())").json()["lists"] as? [[String: Any]]
            #expect(lists?.map { $0["list"] as? String } == ["a/awesome/docs/list.md", "vinta/awesome-python"])
            #expect(lists?.map { $0["heading"] as? [String] } == [["Web"], ["Web Frameworks", "Synchronous"]])
        }
    }

    @Test("the repository page shows where lists place it and what it says it replaces; neither shows no panel")
    func shownOnTheRepositoryPage() async throws {
        try await ServerHarness.run(.sqliteMemory, withWebApp: true) { client, store in
            let name = ServerHarness.name("Python", 3)
            let repository = try RepositoryName(parsing: name)
            let plain = String(buffer: try await client.call(.get, "/r/\(name)").body)
            #expect(!plain.contains("class=\"panel community\""))
            var changed = try #require(try await store.repository(named: repository))
            changed.description = "A toolkit, and a drop-in replacement for Moment.js and <Luxon>"
            _ = try await store.upsertRepositories([changed])
            try await store.replaceCuratedList(
                CuratedListSource(repository: try RepositoryName(parsing: "a/awesome"), file: "docs/list.md"),
                placements: [CuratedListPlacement(repository: repository, heading: ["Web", "<Dates>"], position: 4)],
                etag: nil, at: Date())
            let html = String(buffer: try await client.call(.get, "/r/\(name)").body)
            #expect(html.contains("class=\"panel community\""))
            #expect(html.contains("An alternative to Moment.js and &lt;Luxon&gt;, in its own words."), "\(html)")
            #expect(html.contains("href=\"https://github.com/a/awesome/blob/HEAD/docs/list.md\""))
            #expect(html.contains("Web › &lt;Dates&gt;"))
            #expect(!html.contains("<Dates>") && !html.contains("<Luxon>"))
            let german = String(
                buffer: try await client.call(.get, "/r/\(name)", headers: [.acceptLanguage: "de"]).body)
            #expect(german.contains("Nach eigenen Worten eine Alternative zu Moment.js und &lt;Luxon&gt;."))
        }
    }
}
