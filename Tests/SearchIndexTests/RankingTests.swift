import Foundation
import RepoFinderCore
import SearchIndex
import Storage
import TestSupport
import Testing

/// Ranking on a small hand-made catalog: each test names the idea it holds the index to.
@Suite struct RankingTests {
    static func repository(
        _ fullName: String, _ description: String? = nil, topics: [String] = [], language: String? = nil,
        stars: Int = 100, forks: Int = 0, pushed: Date? = Date(timeIntervalSince1970: 1_780_000_000),
        archived: Bool = false
    ) -> Repository {
        let parts = fullName.split(separator: "/").map(String.init)
        return Repository(
            owner: RepositoryOwner(login: parts[0]), name: parts[1], description: description, topics: topics,
            language: language, stars: stars, forks: forks, openIssues: 0, pushedAt: pushed, archived: archived,
            webURL: URL(string: "https://github.com/\(fullName)"))
    }

    static let now = Date(timeIntervalSince1970: 1_780_100_000)

    static func keys(
        _ index: CatalogSearchIndex, _ text: String, language: String? = nil, sort: SearchSort = .bestMatch
    )
        -> [String]
    {
        index.search(SearchQuery(text: text, language: language, now: now, sort: sort)).keys
    }

    @Test func aStuffedDescriptionDoesNotBeatAPreciseOne() {
        // As the one the issue found: thousands of different words, the searched ones among them.
        let stuffing = (0..<3000).map { $0 == 40 ? "terminal file manager" : "word\($0)" }.joined(separator: " ")
        let index = CatalogSearchIndex([
            Self.repository("spam/everything", stuffing, stars: 500),
            Self.repository("sxyazi/yazi", "Blazing fast terminal file manager written in Rust", stars: 400),
        ])
        #expect(Self.keys(index, "terminal file manager").first == "sxyazi/yazi")
    }

    @Test func namesWeighMoreThanTopicsMoreThanDescriptions() {
        let index = CatalogSearchIndex([
            Self.repository("a/other", "A parser for everything", stars: 100),
            Self.repository("b/tools", "Tools", topics: ["parser"], stars: 100),
            Self.repository("c/parser", "Tools", stars: 100),
        ])
        #expect(Self.keys(index, "parser") == ["c/parser", "b/tools", "a/other"])
    }

    @Test func wordsAsDevelopersWriteThem() {
        let index = CatalogSearchIndex([
            Self.repository("ranger/ranger", "A VIM-inspired filemanager for the console", stars: 100),
            Self.repository("kubernetes/kubernetes", "Production-Grade Container Scheduling", stars: 1000),
            Self.repository("x/libs", "Useful libraries", stars: 10),
            Self.repository("home-assistant/core", "Open source home automation", stars: 100),
            Self.repository("m/learn", "Machine learning in the browser", stars: 10),
        ])
        // Joined ↔ split, and a synonym (console ↔ terminal).
        #expect(Self.keys(index, "terminal file manager") == ["ranger/ranger"])
        #expect(Self.keys(index, "k8s") == ["kubernetes/kubernetes"])
        #expect(Self.keys(index, "kuberntes") == ["kubernetes/kubernetes"])  // one typo
        #expect(Self.keys(index, "library") == ["x/libs"])  // plural
        #expect(Self.keys(index, "homeassistant") == ["home-assistant/core"])
        #expect(Self.keys(index, "ml") == ["m/learn"])  // abbreviation of two words
        #expect(index.search(SearchQuery(text: "kuberntes")).didYouMean == "kubernetes")
    }

    @Test("a last word still being typed is completed, not corrected; a finished typo is")
    func noCorrectionWhileTyping() {
        let index = CatalogSearchIndex([
            Self.repository("qdrant/qdrant", "Vector database for the next generation of AI", stars: 500),
            Self.repository("x/data", "Data tools for data people", stars: 50),
        ])
        let typing = index.search(SearchQuery(text: "vector datab"))
        #expect(typing.didYouMean == nil)
        #expect(typing.keys.first == "qdrant/qdrant")
        #expect(index.search(SearchQuery(text: "vector databse")).didYouMean == "vector database")
    }

    @Test func aWordMatchesNamesThatBeginOrEndWithIt() {
        let index = CatalogSearchIndex([
            Self.repository("BurntSushi/ripgrep", "Recursively searches directories for a regex pattern", stars: 500),
            Self.repository("tailwindlabs/tailwindcss", "A utility-first CSS framework", stars: 900),
            Self.repository("x/grepping-notes", "Notes", stars: 5),
        ])
        #expect(Self.keys(index, "grep") == ["burntsushi/ripgrep", "x/grepping-notes"])
        #expect(Self.keys(index, "tailwind") == ["tailwindlabs/tailwindcss"])
    }

    @Test func mostWordsWhenAllOfThemFindTooLittle() {
        let catalog = [
            Self.repository("a/one", "fast json parser", stars: 10),
            Self.repository("b/two", "json toolkit", stars: 1000),
        ]
        // By words alone (no vectors): no repository has all of "fast json parser zebra", so the ones with most of
        // the words come, best first.
        let words = CatalogSearchIndex(catalog, embedder: nil)
        #expect(Self.keys(words, "fast json parser zebra") == ["a/one"])
        #expect(Self.keys(words, "json parser") == ["a/one", "b/two"])
        // With meaning, the most-words match still leads; what is close in meaning may follow.
        let index = CatalogSearchIndex(catalog)
        #expect(Self.keys(index, "fast json parser zebra").first == "a/one")
        #expect(Self.keys(index, "json parser") == ["a/one", "b/two"])
    }

    @Test func popularityAndHealthBreakCloseCalls() {
        let old = Date(timeIntervalSince1970: 1_600_000_000)
        let index = CatalogSearchIndex([
            Self.repository("dead/fork", "web framework", stars: 50, pushed: old, archived: true),
            Self.repository("big/one", "web framework", stars: 50_000),
        ])
        #expect(Self.keys(index, "web framework") == ["big/one", "dead/fork"])
    }

    @Test func filtersSortsAndPages() {
        let index = CatalogSearchIndex(
            (0..<30).map {
                Self.repository("o/p\($0)", "parser", language: $0 % 2 == 0 ? "Rust" : "Go", stars: $0, forks: 30 - $0)
            })
        #expect(Self.keys(index, "parser", language: "rust").count == 15)
        #expect(Self.keys(index, "parser", sort: .stars).prefix(2) == ["o/p29", "o/p28"])
        #expect(Self.keys(index, "parser", sort: .forks).prefix(2) == ["o/p0", "o/p1"])
        let second = index.search(SearchQuery(text: "parser", sort: .stars, page: PageRequest(page: 2, perPage: 20)))
        #expect(second.total == 30)
        #expect(second.keys == (0..<10).reversed().map { "o/p\($0)" })
        #expect(Self.keys(index, "parser", language: "Zig").isEmpty)
        let browse = index.search(SearchQuery(text: "", language: "Go", sort: .stars, page: PageRequest(perPage: 3)))
        #expect(browse.total == 15 && browse.keys == ["o/p29", "o/p27", "o/p25"])
    }

    @Test func suggestionsNameRepositoriesTopicsAndLanguages() {
        let index = CatalogSearchIndex([
            Self.repository("home-assistant/core", topics: ["home-automation"], language: "Python", stars: 900),
            Self.repository("a/homebrew", topics: ["homebrew"], language: "Ruby", stars: 100),
        ])
        let suggestions = index.suggestions("home", limit: 8)
        #expect(suggestions.map(\.text) == ["home-automation", "homebrew", "home-assistant/core", "a/homebrew"])
        #expect(suggestions.map(\.kind) == [.topic, .topic, .repository, .repository])
        #expect(index.suggestions("home ass", limit: 8).map(\.text) == ["home-assistant/core"])
        #expect(index.suggestions("homeass", limit: 8).map(\.text) == ["home-assistant/core"])
        #expect(index.suggestions("pyt", limit: 8).map(\.kind) == [.language])
    }

    @Test func aSingleLetterSuggestsTheMostStarredWhateverTheirPlaceInTheAlphabet() async throws {
        // Thousands of names begin with "s"; the most starred sorts last.
        let index = try await onOwnThread {
            let many = (0..<30_000).map { Self.repository("s/s\($0)", stars: 10) }
            return CatalogSearchIndex(many + [Self.repository("zz/swift", topics: ["swift"], stars: 60_000)])
        }
        let suggestions = index.suggestions("s", limit: 4)
        #expect(suggestions.first { $0.kind == .repository }?.text == "zz/swift")
        #expect(suggestions.first { $0.kind == .topic }?.text == "swift")
    }

    @Test func highlightsAreTheWordsThatMatched() {
        let ranger = Self.repository("ranger/ranger", "A VIM-inspired filemanager for the console")
        let index = CatalogSearchIndex([ranger])
        let outcome = index.search(SearchQuery(text: "terminal file manager"))
        #expect(
            CatalogSearchIndex.highlights(in: [ranger], matching: outcome.matchedTerms) == ["filemanager", "console"])
    }
}
