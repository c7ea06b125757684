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

    @Test(
        "a heading's section: its own entries first, then those below, each once; headings below counted; bounds",
        arguments: Engine.available)
    func section(engine: Engine) async throws {
        try await ServerHarness.run(engine) { client, store in
            let names = (1...4).map { ServerHarness.name("Python", $0) }
            let repositories = try names.map { try RepositoryName(parsing: $0) }
            try await store.replaceCuratedList(
                CuratedListSource(repository: try RepositoryName(parsing: "vinta/awesome-python")),
                placements: [
                    CuratedListPlacement(
                        repository: repositories[0], heading: ["Web & APIs", "Sync/Async"], position: 1),
                    CuratedListPlacement(repository: repositories[1], heading: ["Web & APIs"], position: 2),
                    CuratedListPlacement(
                        repository: try RepositoryName(parsing: "not/in-catalog"), heading: ["Web & APIs"], position: 3),
                    CuratedListPlacement(
                        repository: repositories[2], heading: ["Web & APIs", "Sync/Async"], position: 2),
                    CuratedListPlacement(
                        repository: repositories[1], heading: ["Web & APIs", "Sync/Async"], position: 3),
                    CuratedListPlacement(repository: repositories[3], heading: ["Other"], position: 1),
                ], etag: nil, at: Date())
            let path = "/v1/lists/section?list=VINTA%2Fawesome-python&heading=Web%20%26%20APIs"
            let section = try await client.call(.get, path).json()
            #expect(section["list"] as? String == "vinta/awesome-python")
            #expect(section["listURL"] as? String == "https://github.com/vinta/awesome-python")
            #expect(section["heading"] as? [String] == ["Web & APIs"])
            #expect(section["listed"] as? Int == 4)
            let items = section["items"] as? [[String: Any]]
            #expect(items?.map { $0["fullName"] as? String } == [names[1], names[0], names[2]])
            let below = section["subheadings"] as? [[String: Any]]
            #expect(below?.map { $0["name"] as? String } == ["Sync/Async"])
            #expect(below?.map { $0["count"] as? Int } == [3])
            let deeper = try await client.call(.get, path + "&heading=Sync%2FAsync&limit=2").json()
            #expect((deeper["items"] as? [[String: Any]])?.map { $0["fullName"] as? String } == [names[0], names[2]])
            #expect((deeper["subheadings"] as? [Any])?.isEmpty == true)
            // Pages of `limit`: every repository the catalog has, once, and nothing past the last.
            var paged: [String?] = []
            for page in 1...3 {
                let answer = try await client.call(.get, path + "&limit=2&page=\(page)").json()
                #expect(answer["inCatalog"] as? Int == 3)
                paged += (answer["items"] as? [[String: Any]])?.map { $0["fullName"] as? String } ?? []
            }
            #expect(paged == [names[1], names[0], names[2]])

            let unknown = try await client.call(.get, "/v1/lists/section?list=a/b&heading=Web")
            #expect(unknown.status == .notFound)
            #expect(try unknown.json()["message"] as? String == "RepoFinder does not follow a list 'a/b'.")
            let empty = try await client.call(.get, "/v1/lists/section?list=vinta/awesome-python&heading=Web")
            #expect(empty.status == .notFound)
            #expect(try empty.json()["message"] as? String == "'vinta/awesome-python' places nothing under 'Web'.")
            for bad in [
                "heading=%20", "heading=Web%20%26%20APIs&heading=", String(repeating: "heading=a&", count: 9) + "x=1",
                "heading=" + String(repeating: "a", count: 201), "heading=Web&limit=0", "heading=Web&limit=201",
                "heading=Web&page=0", "heading=Web&page=10001",
            ] {
                let answer = try await client.call(.get, "/v1/lists/section?list=vinta/awesome-python&\(bad)")
                #expect(answer.status == .badRequest, "\(bad)")
            }
            #expect(try await client.call(.get, "/v1/lists/section?list=vinta/awesome-python").status == .badRequest)
        }
    }

    @Test("a heading's page: the path above it linked, its name, what the script reads; a broken link is not found")
    func sectionPage() async throws {
        try await ServerHarness.run(.sqliteMemory, withWebApp: true) { client, store in
            let name = ServerHarness.name("Python", 3)
            try await store.replaceCuratedList(
                CuratedListSource(repository: try RepositoryName(parsing: "a/awesome"), file: "docs/list.md"),
                placements: [
                    CuratedListPlacement(
                        repository: try RepositoryName(parsing: name), heading: ["Web & more", "<Dates>"], position: 4)
                ], etag: nil, at: Date())
            let detail = String(buffer: try await client.call(.get, "/r/\(name)").body)
            let href = "/lists?list=a%2Fawesome%2Fdocs%2Flist.md&amp;heading=Web%20%26%20more&amp;heading=%3CDates%3E"
            #expect(detail.contains("href=\"\(href)\""), "\(detail)")
            let page = try await client.call(.get, href.replacingOccurrences(of: "&amp;", with: "&"))
            #expect(page.status == .ok)
            let html = String(buffer: page.body)
            #expect(html.contains("<title>&lt;Dates&gt;"))
            #expect(html.contains("href=\"/lists?list=a%2Fawesome%2Fdocs%2Flist.md&amp;heading=Web%20%26%20more\""))
            #expect(html.contains("href=\"https://github.com/a/awesome/blob/HEAD/docs/list.md\""))
            #expect(html.contains("data-heading=\"Web &amp; more\n&lt;Dates&gt;\""))
            #expect(!html.contains("<Dates>"))
            for broken in ["/lists", "/lists?list=a/awesome", "/lists?heading=Web", "/lists?list=nothing&heading=Web"] {
                #expect(try await client.call(.get, broken).status == .notFound, "\(broken)")
            }
        }
    }
}
