import Foundation
import RepoFinderCore
import Storage
import TestSupport
import Testing

@Suite("Storage contract: search")
struct SearchContractTests {
    /// A small catalog whose names, topics and descriptions exercise matching and ranking.
    static func catalog() -> [Repository] {
        func repository(
            _ fullName: String, stars: Int, forks: Int? = nil, language: String?, topics: [String] = [],
            description: String? = nil, pushedDaysAgo: Double? = nil
        ) -> Repository {
            let name = Fixtures.name(fullName)
            return Repository(
                owner: RepositoryOwner(login: name.owner), name: name.name, description: description, topics: topics,
                language: language, stars: stars, forks: forks,
                pushedAt: pushedDaysAgo.map { Fixtures.moment.addingTimeInterval(-$0 * 86_400) })
        }
        return [
            repository(
                "apple/swift-nio", stars: 8000, forks: 600, language: "Swift", topics: ["networking", "server"],
                description: "Event-driven network application framework", pushedDaysAgo: 1),
            repository(
                "vapor/vapor", stars: 25000, forks: 1400, language: "Swift", topics: ["server-side-swift", "http"],
                description: "A server-side Swift HTTP web framework", pushedDaysAgo: 3),
            repository(
                "groue/GRDB.swift", stars: 7000, forks: 700, language: "Swift", topics: ["sqlite", "database"],
                description: "A toolkit for SQLite databases", pushedDaysAgo: 10),
            repository(
                "facebook/react", stars: 230000, forks: 47000, language: "JavaScript",
                topics: ["javascript", "frontend", "ui"], description: "The library for web and native user interfaces",
                pushedDaysAgo: 0.5),
            repository(
                "someone/awesome-vapor", stars: 900, language: nil, topics: ["awesome-list"],
                description: "A curated list of Vapor resources"),
            repository(
                "rust-lang/rust", stars: 100000, forks: 13000, language: "Rust", topics: ["compiler", "language"],
                description: "Empowering everyone to build reliable and efficient software", pushedDaysAgo: 2),
            repository(
                "big/vapor-fans", stars: 90000, forks: 10, language: "Go",
                description: "Everything about the vapor framework, and vapor again"),
        ]
    }

    func names(_ page: Page<Repository>) -> [String] { page.items.map(\.fullName) }

    @Test(
        "words match names, full names, topics and descriptions, whatever the case; a word being typed completes",
        arguments: Engine.available)
    func matching(engine: Engine) async throws {
        try await withStore(engine) { test in
            _ = try await test.store.upsertRepositories(Self.catalog())
            func search(_ text: String) async throws -> Set<String> {
                Set(names(try await test.store.search(SearchQuery(text: text, page: PageRequest(perPage: 100)))))
            }
            #expect(try await search("GRDB") == ["groue/GRDB.swift"])
            // Every word first; too few of those, and the ones with most of the words follow.
            let swiftNIO = try await test.store.search(SearchQuery(text: "swift nio"))
            #expect(names(swiftNIO).first == "apple/swift-nio")
            #expect(Set(names(swiftNIO)) == ["apple/swift-nio", "vapor/vapor", "groue/GRDB.swift"])
            #expect(try await search("netw") == ["apple/swift-nio"])
            #expect(try await search("SQLite") == ["groue/GRDB.swift"])
            #expect(try await search("frontend") == ["facebook/react"])
            #expect(try await search("groue/grdb.swift") == ["groue/GRDB.swift"])
            #expect(try await search("vapor") == ["vapor/vapor", "someone/awesome-vapor", "big/vapor-fans"])
            #expect(try await search("nothing-matches-this").isEmpty)
        }
    }

    @Test("best match puts a name match above a mere mention, then popularity breaks ties", arguments: Engine.available)
    func ranking(engine: Engine) async throws {
        try await withStore(engine) { test in
            _ = try await test.store.upsertRepositories(Self.catalog())
            let results = try await test.store.search(SearchQuery(text: "vapor"))
            #expect(results.total == 3)
            #expect(names(results).first == "vapor/vapor")
            #expect(names(try await test.store.search(SearchQuery(text: "react"))) == ["facebook/react"])
        }
    }

    @Test("filters narrow results and the total counts them all", arguments: Engine.available)
    func filters(engine: Engine) async throws {
        try await withStore(engine) { test in
            _ = try await test.store.upsertRepositories(Self.catalog())
            let swift = try await test.store.search(SearchQuery(text: "", language: "swift", sort: .stars))
            #expect(names(swift) == ["vapor/vapor", "apple/swift-nio", "groue/GRDB.swift"])
            let topic = try await test.store.search(SearchQuery(text: "", topic: "SQLite"))
            #expect(names(topic) == ["groue/GRDB.swift"])
            let popular = try await test.store.search(SearchQuery(text: "framework", minimumStars: 10000))
            #expect(Set(names(popular)) == ["vapor/vapor", "big/vapor-fans"])
            let none = try await test.store.search(SearchQuery(text: "vapor", language: "Rust"))
            #expect(none.total == 0 && none.items.isEmpty)
        }
    }

    @Test(
        "text with a language matches the language exactly (C, C++, C# differ; any case) and follows updates",
        arguments: Engine.available)
    func textAndLanguage(engine: Engine) async throws {
        try await withStore(engine) { test in
            let languages = ["C", "C++", "C#", "Objective-C", nil]
            var catalog = languages.enumerated().map { index, language in
                Repository(
                    owner: RepositoryOwner(login: "lang"), name: "parser-\(index)", description: "A fast parser",
                    language: language, stars: 100 * (index + 1), forks: index, pushedAt: Fixtures.moment)
            }
            _ = try await test.store.upsertRepositories(catalog)
            for (language, expected) in [("c", "lang/parser-0"), ("C++", "lang/parser-1"), ("c#", "lang/parser-2")] {
                for sort in SearchSort.allCases {
                    let page = try await test.store.search(SearchQuery(text: "pars", language: language, sort: sort))
                    #expect(names(page) == [expected] && page.total == 1, "\(language) \(sort) \(names(page))")
                }
            }
            #expect(try await test.store.search(SearchQuery(text: "parser", language: "objective")).total == 0)
            // A language is a field of its own: words are never read as a filter's syntax.
            for text in ["l63", "l6", "L632B2B"] {
                #expect(try await test.store.search(SearchQuery(text: text)).total == 0, "\(text)")
            }
            #expect(try await test.store.search(SearchQuery(text: "parser l63")).total == 5)
            #expect(try await test.store.search(SearchQuery(text: "parser", language: "Objective-C")).total == 1)
            catalog[0].language = "Zig"
            _ = try await test.store.upsertRepositories(catalog)
            #expect(try await test.store.search(SearchQuery(text: "parser", language: "C")).total == 0)
            #expect(
                names(try await test.store.search(SearchQuery(text: "parser", language: "zig"))) == ["lang/parser-0"])
            let filtered = try await test.store.search(
                SearchQuery(text: "fast", minimumStars: 200, sort: .forks, page: PageRequest(page: 2, perPage: 2)))
            #expect(filtered.total == 4)
            #expect(names(filtered) == ["lang/parser-2", "lang/parser-1"])
            let beyond = try await test.store.search(
                SearchQuery(text: "fast", minimumStars: 200, sort: .forks, page: PageRequest(page: 9, perPage: 2)))
            #expect(beyond.items.isEmpty && beyond.total == 4)
        }
    }

    @Test("sorts by stars, forks and recent pushes, and pages with a stable total", arguments: Engine.available)
    func sortsAndPages(engine: Engine) async throws {
        try await withStore(engine) { test in
            _ = try await test.store.upsertRepositories(Self.catalog())
            let forks = try await test.store.search(SearchQuery(text: "", sort: .forks, page: PageRequest(perPage: 3)))
            #expect(names(forks) == ["facebook/react", "rust-lang/rust", "vapor/vapor"])
            #expect(forks.total == 7)
            let pushed = try await test.store.search(SearchQuery(text: "", sort: .recentlyPushed))
            #expect(names(pushed).prefix(3) == ["facebook/react", "apple/swift-nio", "rust-lang/rust"])
            #expect(Set(names(pushed).suffix(2)) == ["someone/awesome-vapor", "big/vapor-fans"])
            let page1 = try await test.store.search(
                SearchQuery(text: "", sort: .stars, page: PageRequest(page: 1, perPage: 4)))
            let page2 = try await test.store.search(
                SearchQuery(text: "", sort: .stars, page: PageRequest(page: 2, perPage: 4)))
            #expect(page1.total == 7 && page2.total == 7)
            #expect(
                names(page1) + names(page2) == names(try await test.store.search(SearchQuery(text: "", sort: .stars))))
            #expect(page2.items.count == 3)
        }
    }

    @Test("the index follows updates", arguments: Engine.available)
    func followsUpdates(engine: Engine) async throws {
        try await withStore(engine) { test in
            var catalog = Self.catalog()
            _ = try await test.store.upsertRepositories(catalog)
            catalog[2].description = "A persistence toolkit"
            catalog[2].topics = ["persistence"]
            _ = try await test.store.upsertRepositories(catalog)
            #expect(try await test.store.search(SearchQuery(text: "sqlite")).total == 0)
            #expect(names(try await test.store.search(SearchQuery(text: "persistence"))) == ["groue/GRDB.swift"])
        }
    }

    @Test("text that looks like query syntax or injection is just text", arguments: Engine.available)
    func hostileText(engine: Engine) async throws {
        try await withStore(engine) { test in
            _ = try await test.store.upsertRepositories(Self.catalog())
            for text in [
                "'; DROP TABLE repositories; --", "\"unterminated", "vapor OR react", "NEAR(a b)", "*", ":*", "a & | !",
                "c++", "日本語", String(repeating: "x", count: 5000), "(((", "\\",
            ] {
                let page = try await test.store.search(SearchQuery(text: text))
                #expect(page.total >= 0, "\(text)")
            }
            #expect(try await test.store.statistics().repositories == 7)
            // Operators are plain words ("or" a stop word): no repository has both, so those with one of them come
            // (and, no repository matching whole, what is close in meaning may join them).
            let either = Set(names(try await test.store.search(SearchQuery(text: "vapor OR react"))))
            #expect(
                either.isSuperset(of: ["vapor/vapor", "someone/awesome-vapor", "big/vapor-fans", "facebook/react"]))
        }
    }

    @Test("a search matching over a thousand repositories pages through each exactly once", arguments: Engine.available)
    func veryBroadSearch(engine: Engine) async throws {
        try await withStore(engine) { test in
            // 1,300 matches with the word in the name or also in the description, and widely spread stars.
            let count = 1300
            let repositories = (0..<count).map { index -> Repository in
                let stars = index % 4 == 0 ? 1000 + (index * 7919) % 100_000 : (index * 7919) % 1000
                var repository = Fixtures.repository("owner\(index % 7)/widget-\(index)", stars: stars)
                if index % 2 == 0 { repository.description = "A widget, number \(index)" }
                return repository
            }
            _ = try await test.store.upsertRepositories(repositories)
            var seen: [Repository] = []
            var page = 1
            while true {
                let results = try await test.store.search(
                    SearchQuery(text: "widget", page: PageRequest(page: page, perPage: 100)))
                #expect(results.total == count)
                if results.items.isEmpty { break }
                seen += results.items
                page += 1
            }
            #expect(seen.count == count && Set(seen.map(\.id)).count == count)
        }
    }

    @Test("scrolling through every page of a broad search shows each match exactly once", arguments: Engine.available)
    func scrollingIsConsistent(engine: Engine) async throws {
        try await withStore(engine) { test in
            // 260 matches of "web" with varied stars and the word in different fields, so text rank and popularity
            // disagree, and the result set crosses the best-match candidate boundary (200).
            let repositories = (0..<260).map { index -> Repository in
                var repository = Fixtures.repository(
                    "owner\(index % 7)/project-\(index)", stars: (index * 7919) % 100_000)
                switch index % 3 {
                case 0: repository.name = "web-\(index)"
                case 1: repository.topics = ["web"]
                default: repository.description = "Tools for the web, number \(index)"
                }
                return repository
            }
            _ = try await test.store.upsertRepositories(repositories)
            var seen: [String] = []
            var page = 1
            while true {
                let results = try await test.store.search(
                    SearchQuery(text: "web", page: PageRequest(page: page, perPage: 30)))
                #expect(results.total == 260)
                if results.items.isEmpty { break }
                seen += results.items.map(\.id)
                page += 1
            }
            #expect(seen.count == 260)
            #expect(Set(seen).count == 260)
        }
    }
}
