import Foundation
import RepoFinderCore
import SearchIndex
import Storage
import TestSupport
import Testing

@Suite("Storage contract: curated lists and where they place repositories")
struct CuratedListContractTests {
    private func placement(_ name: String, _ heading: [String], _ position: Int) -> CuratedListPlacement {
        CuratedListPlacement(repository: Fixtures.name(name), heading: heading, position: position)
    }

    @Test(
        "a list read again replaces what it placed; listings by list then heading; old names follow a rename",
        arguments: Engine.available)
    func placements(engine: Engine) async throws {
        try await withStore(engine) { test in
            let store = test.store
            let go = CuratedListSource(repository: Fixtures.name("avelino/awesome-go"))
            let mac = CuratedListSource(
                repository: Fixtures.name("jaywcjlove/awesome-mac"), file: "command-line-apps.md")
            _ = try await store.upsertRepositories([Fixtures.repository("nats-io/nats-server", stars: 10)])
            try await store.replaceCuratedList(
                go,
                placements: [
                    placement("nats-io/nats-server", ["Messaging"], 1), placement("Old/Queue", ["Messaging"], 2),
                    placement("nats-io/NATS-server", ["Messaging"], 3),
                    placement("elsewhere/x", ["Web › not", "Sub"], 1),
                ], etag: "\"abc\"", at: Fixtures.moment)
            try await store.replaceCuratedList(
                mac, placements: [placement("nats-io/nats-server", ["Developer Tools", "Queues"], 1)], etag: nil,
                at: Fixtures.moment)

            let listings = try await store.listings(of: Fixtures.name("NATS-io/nats-server"))
            #expect(listings.map(\.list.id) == ["avelino/awesome-go", "jaywcjlove/awesome-mac/command-line-apps.md"])
            #expect(listings.map(\.heading) == [["Messaging"], ["Developer Tools", "Queues"]])
            #expect(
                try await store.listings(of: Fixtures.name("elsewhere/x")).map(\.heading) == [["Web › not", "Sub"]])

            let records = try await store.curatedLists()
            #expect(records.map(\.list) == [go, mac])
            #expect(records.map(\.placements) == [3, 1])
            #expect(records.first?.etag == "\"abc\"")
            #expect(records.first?.readAt == Fixtures.moment)

            // A renamed repository keeps what lists said of its old name.
            _ = try await store.upsertRepositories([Fixtures.repository("old/queue", stars: 5)])
            let renamed = Fixtures.repository("new/queue", stars: 6)
            #expect(try await store.renameRepository(Fixtures.name("old/queue"), to: renamed, at: Fixtures.moment))
            #expect(try await store.listings(of: renamed.repositoryName).map(\.heading) == [["Messaging"]])

            // What the search index reads: every placement by list, heading and position, old names as current.
            let entries = try await store.allCuratedListEntries()
            #expect(
                entries.map { "\($0.list) \($0.heading.joined(separator: "|")) \($0.key)" } == [
                    "avelino/awesome-go Messaging nats-io/nats-server", "avelino/awesome-go Messaging new/queue",
                    "avelino/awesome-go Web › not|Sub elsewhere/x",
                    "jaywcjlove/awesome-mac/command-line-apps.md Developer Tools|Queues nats-io/nats-server",
                ])
            // Reading a list moves the catalog version, so the search index of every process reads it.
            let indexed = try #require(store as? any SearchIndexedStore)
            let version = try await indexed.catalogVersion()

            // Read again: what the list no longer says is gone.
            try await store.replaceCuratedList(
                go, placements: [placement("elsewhere/x", ["Other"], 1)], etag: "\"def\"", at: Fixtures.moment)
            #expect(try await store.listings(of: Fixtures.name("nats-io/nats-server")).map(\.list) == [mac])
            #expect(try await store.curatedLists().first?.placements == 1)
            #expect(try await indexed.catalogVersion() > version)
        }
    }

    @Test(
        "a heading's section: it and the headings below it, by heading then position; no neighbour's by prefix",
        arguments: Engine.available)
    func section(engine: Engine) async throws {
        try await withStore(engine) { test in
            let store = test.store
            let list = CuratedListSource(repository: Fixtures.name("vinta/awesome-python"))
            try await store.replaceCuratedList(
                list,
                placements: [
                    placement("a/deep", ["Web", "Frameworks", "Micro"], 1), placement("a/web", ["Web"], 2),
                    placement("b/web", ["Web"], 1), placement("a/sub", ["Web", "Frameworks"], 1),
                    placement("a/webby", ["Webby"], 1), placement("a/space", ["Web x"], 1),
                    placement("a/other", ["Other"], 1), placement("a/accent", ["Wéb"], 1),
                ], etag: nil, at: Fixtures.moment)
            func keys(_ heading: [String], list id: String = list.id) async throws -> [String] {
                try await store.curatedListSection(list: id, heading: heading).map {
                    "\($0.heading.joined(separator: "|")) \($0.key)"
                }
            }
            #expect(
                try await keys(["Web"]) == [
                    "Web b/web", "Web a/web", "Web|Frameworks a/sub", "Web|Frameworks|Micro a/deep",
                ])
            #expect(try await keys(["Web", "Frameworks"]) == ["Web|Frameworks a/sub", "Web|Frameworks|Micro a/deep"])
            #expect(try await keys(["Wéb"]) == ["Wéb a/accent"])
            #expect(try await keys(["We"]).isEmpty)
            #expect(try await keys(["Web"], list: "someone/else").isEmpty)
        }
    }

    @Test(
        "what repositories say they replace, by name and by repository; a list's headings are words search finds",
        arguments: Engine.available)
    func replacementsAndHeadingWords(engine: Engine) async throws {
        try await withStore(engine) { test in
            let store = test.store
            var dayjs = Fixtures.repository("iamkun/dayjs", stars: 47_000)
            dayjs.description = "A 2kB alternative to Moment.js with the same API"
            var pages = Fixtures.repository("acme/pages", stars: 4_000)
            pages.description = "A self-hosted alternative to Notion"
            var claim = Fixtures.repository("new/claim", stars: 12)
            claim.description = "The best alternative to Notion"
            let quiet = Fixtures.repository("quiet/files", stars: 3_000)
            _ = try await store.upsertRepositories([dayjs, pages, claim, quiet])
            #expect(try await store.replacing("moment", limit: 5).map(\.fullName) == ["iamkun/dayjs"])
            #expect(try await store.replacing("Notion", limit: 5).map(\.fullName) == ["acme/pages"], "12 stars: no")
            #expect(try await store.replacing("notion", limit: 0).isEmpty)
            #expect(try await store.replacedNames(of: "iamkun/dayjs") == ["Moment.js"])
            #expect(try await store.replacedNames(of: "nobody/here").isEmpty)

            // quiet/files has no description and no topics: only a curator's heading says what it is.
            #expect(try await store.search(SearchQuery(text: "managers")).items.isEmpty)
            try await store.replaceCuratedList(
                CuratedListSource(repository: Fixtures.name("agarrharr/awesome-cli-apps")),
                placements: [placement("quiet/files", ["Files and Directories", "File Managers"], 1)], etag: nil,
                at: Fixtures.moment)
            #expect(try await store.search(SearchQuery(text: "managers")).items.map(\.fullName) == ["quiet/files"])
            let found = try await store.search(SearchQuery(text: "file manager")).items
            #expect(found.first?.fullName == "quiet/files", "\(found.map(\.fullName))")
        }
    }
}
