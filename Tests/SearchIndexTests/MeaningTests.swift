import Catalog
import Foundation
import RepoFinderCore
import SearchIndex
import Semantics
import Storage
import TestSupport
import Testing

/// Search by meaning, with the shipped token vectors: words people use for a need that the repositories describe in
/// other words, alternatives apart from companions, and keyword searches left as they were.
@Suite(.enabled(if: SemanticModel.shared != nil, "the token-vector table could not be loaded"))
struct MeaningTests {
    static let catalog = [
        RankingTests.repository(
            "starship/starship", "The minimal, blazing-fast, and infinitely customizable prompt for any shell",
            topics: ["prompt", "shell", "zsh", "bash"], language: "Rust", stars: 40_000),
        RankingTests.repository(
            "jgm/pandoc", "Universal markup converter", topics: ["markdown", "pdf", "docx"], language: "Haskell",
            stars: 30_000),
        RankingTests.repository(
            "restic/restic", "Fast, secure, efficient backup program", topics: ["backup", "encryption"],
            language: "Go", stars: 25_000),
        RankingTests.repository(
            "tauri-apps/tauri", "Build smaller, faster, and more secure desktop applications with a web frontend",
            topics: ["desktop", "webview", "gui"], language: "Rust", stars: 80_000),
        RankingTests.repository(
            "electron/electron", "Build cross-platform desktop apps with JavaScript, HTML, and CSS",
            topics: ["desktop", "chromium", "html"], language: "C++", stars: 110_000),
        RankingTests.repository(
            "electron/electron-quick-start", "Clone to try a simple Electron app", language: "HTML",
            stars: 10_000),
        RankingTests.repository(
            "someone/electron-builder-plus", "Package and build a ready for distribution Electron app",
            topics: ["electron", "desktop"], language: "TypeScript", stars: 13_000),
        RankingTests.repository(
            "pallets/flask", "The Python micro framework for building web applications", topics: ["web", "python"],
            language: "Python", stars: 65_000),
    ]

    static let index = CatalogSearchIndex(catalog)

    @Test func aNeedInOtherWordsFindsWhatMeetsIt() async {
        #expect(Self.index.understandsMeaning)
        let found = Self.index.search(
            SearchQuery(text: "make my shell look nice and show git status", now: RankingTests.now)
        ).keys
        #expect(found.first == "starship/starship")
        let question = SearchQuery(
            text: "convert docs", now: RankingTests.now,
            meaning: "turn my markdown documents into pdf and word files from the command line")
        // Read by the sentence model (waited for), and by the token vectors alone: both find what meets it.
        await Self.index.prepareForQuestions()
        let byModel = Self.index.search(question)
        #expect(byModel.keys.first == "jgm/pandoc")
        #expect(byModel.closeness.count == byModel.keys.count)
        #expect(byModel.weakCloseness == (SemanticModel.questions == nil ? nil : QuestionEncoder.weakCloseness))
        let tokensOnly = CatalogSearchIndex(Self.catalog, questionReader: { nil }, questionReaderLoad: {})
        let byTokens = tokensOnly.search(question)
        #expect(byTokens.keys.first == "jgm/pandoc")
        #expect(byTokens.weakCloseness == nil)
    }

    @Test func aNameStillFindsItselfFirst() {
        #expect(RankingTests.keys(Self.index, "flask") == ["pallets/flask"])
        #expect(RankingTests.keys(Self.index, "backup program").first == "restic/restic")
    }

    @Test("'grep alternative' is about grep: by meaning, not whatever calls itself an alternative to something")
    func aRelationWordIsNotTheSubject() {
        let index = CatalogSearchIndex([
            RankingTests.repository(
                "burntsushi/ripgrep", "Recursively searches directories for a regex pattern",
                topics: ["grep", "search", "cli"], language: "Rust", stars: 50_000),
            RankingTests.repository(
                "ggreer/the_silver_searcher", "A code-searching tool, like ack but faster", topics: ["grep"],
                language: "C", stars: 26_000),
            RankingTests.repository(
                "hoppscotch/hoppscotch", "Open source API development ecosystem, an alternative to Postman",
                topics: ["api", "postman-alternative"], stars: 70_000),
            RankingTests.repository(
                "usebruno/bruno", "A lightweight alternative to Postman and Insomnia for exploring APIs",
                topics: ["api-client"], stars: 30_000),
            RankingTests.repository(
                "typesense/typesense", "Open source alternative to Algolia, a typo-tolerant search engine",
                topics: ["search-engine"], stars: 20_000),
            RankingTests.repository(
                "appflowy/appflowy", "The open source alternative to Notion", topics: ["notion-alternative"],
                stars: 60_000),
        ])
        let keys = RankingTests.keys(index, "grep alternative")
        #expect(Set(keys.prefix(2)) == ["burntsushi/ripgrep", "ggreer/the_silver_searcher"], "\(keys)")
    }

    @Test("a repository that says it works with the seed comes after one that does the same job")
    func companionsThatSayTheirSeedComeLast() {
        let index = CatalogSearchIndex(
            Self.catalog + [
                RankingTests.repository(
                    "hashicorp/terraform", "Write infrastructure as code and provision cloud resources",
                    topics: ["infrastructure-as-code", "cloud"], language: "Go", stars: 45_000),
                RankingTests.repository(
                    "tfutils/tfenv", "Terraform versions to write infrastructure as code and provision cloud resources",
                    topics: ["terraform", "infrastructure-as-code"], language: "Shell", stars: 90_000),
                RankingTests.repository(
                    "pulumi/pulumi", "Infrastructure as code in any programming language, provision cloud resources",
                    topics: ["infrastructure-as-code", "cloud"], language: "Go", stars: 22_000),
            ])
        let alternatives = index.alternatives(toKey: "hashicorp/terraform", limit: 2).map(\.id)
        #expect(alternatives == ["pulumi/pulumi", "tfutils/tfenv"])
    }

    @Test func alternativesAreOtherProjectsNotCompanions() {
        let alternatives = Self.index.alternatives(toKey: "electron/electron", limit: 5).map(\.id)
        #expect(alternatives.first == "tauri-apps/tauri")
        // Not the same owner's, not one named after it.
        #expect(!alternatives.contains("electron/electron-quick-start"))
        #expect(!alternatives.contains("someone/electron-builder-plus"))
        #expect(!alternatives.contains("electron/electron"))
    }

    @Test func withoutVectorsSearchIsByWordsAlone() {
        let words = CatalogSearchIndex(Self.catalog, embedder: nil)
        #expect(!words.understandsMeaning)
        #expect(words.alternatives(toKey: "electron/electron", limit: 5).isEmpty)
        let query = SearchQuery(text: "backup program", now: RankingTests.now)
        #expect(words.search(query).keys == Self.index.search(query).keys)
        #expect(words.search(query).closeness.isEmpty)
    }
}

/// The shipped full-model vectors cover the real catalog as it is: the script's description hash is the Swift one.
@Suite(.enabled(if: SemanticModel.repositoryVectors != nil, "no shipped repository vectors"))
struct StoredRepositoryVectorsTests {
    @Test("nearly every repository of the shared catalog gets its stored vector, pointing where the table's does")
    func coverage() async throws {
        let catalog = try await onOwnThread {
            try RepositoryRecordDecoder.repositories(inFile: try SharedDataFolder.file("catalog/repos.jsonl.gz"))
        }
        let stored = try #require(SemanticModel.repositoryVectors)
        let table = try #require(SemanticModel.shared)
        var found = 0
        var agreement: Float = 0
        for repository in catalog {
            guard let vector = stored.vector(of: repository.fullName, description: repository.description) else {
                continue
            }
            found += 1
            if found % 100 == 0,
                let approximate = table.embed(
                    [repository.name, repository.description ?? "", repository.topics.joined(separator: " ")]
                        .joined(separator: " "))
            {
                agreement += TextEmbedder.cosine(vector, approximate)
            }
        }
        #expect(Double(found) >= 0.99 * Double(catalog.count), "\(found) of \(catalog.count)")
        // The table approximates the model (0.81 on texts it was not fitted on): the two must broadly agree.
        #expect(agreement / Float(found / 100) > 0.7, "mean cosine \(agreement / Float(found / 100))")
    }
}
