import Foundation
import Recommender
import RepoFinderCore
import Testing

/// One project under an old and a new name: found from the catalog's own evidence, shown once.
@Suite("Same projects under two names")
struct SameProjectsTests {
    static let moment = Date(timeIntervalSince1970: 1_780_000_000)

    static func repository(
        _ fullName: String, _ description: String?, stars: Int, pushedDaysAgo days: Double, language: String? = "Rust",
        githubID: Int64? = nil
    ) -> Repository {
        let name = try! RepositoryName(parsing: fullName)
        return Repository(
            githubID: githubID, owner: RepositoryOwner(login: name.owner), name: name.name, description: description,
            language: language, stars: stars, pushedAt: moment.addingTimeInterval(-days * 86_400))
    }

    @Test("same words, a frozen copy, an identity; and what keeps two projects apart")
    func rules() {
        let catalog = [
            Self.repository(
                "gitui-org/gitui", "Blazing fast terminal-ui for git written in rust", stars: 21_965, pushedDaysAgo: 1),
            Self.repository(
                "extrawurst/gitui", "Blazing fast terminal-ui for git written in Rust.", stars: 19_154,
                pushedDaysAgo: 500),
            Self.repository(
                "astral-sh/ruff", "An extremely fast Python linter and code formatter, written in Rust.", stars: 49_267,
                pushedDaysAgo: 0),
            Self.repository(
                "charliermarsh/ruff", "An extremely fast Python linter, written in Rust.", stars: 15_304,
                pushedDaysAgo: 900),
            // Different languages years apart may be one project, but the older one has more stars: two projects.
            Self.repository(
                "fzaninotto/faker", "Faker is a PHP library that generates fake data for you", stars: 26_000,
                pushedDaysAgo: 1_000,
                language: "PHP"),
            Self.repository(
                "elixirs/faker", "Faker is a pure Elixir library for generating fake data", stars: 1_000,
                pushedDaysAgo: 10,
                language: "Elixir"),
            // Different GitHub ids: two projects.
            Self.repository("a/tool", "A tool that does one job well", stars: 10, pushedDaysAgo: 1, githubID: 1),
            Self.repository("b/tool", "A tool that does one job well", stars: 9, pushedDaysAgo: 2, githubID: 2),
            // Close words, but the newer one has fewer stars than the frozen one could not have: two projects.
            Self.repository("koajs/session", "Simple session middleware for koa apps", stars: 900, pushedDaysAgo: 1),
            Self.repository(
                "expressjs/session", "Simple session middleware for Express apps", stars: 6_000, pushedDaysAgo: 300),
            // Too few words to tell.
            Self.repository("me/dotfiles", "My dotfiles", stars: 500, pushedDaysAgo: 1),
            Self.repository("you/dotfiles", "My dotfiles", stars: 400, pushedDaysAgo: 400),
        ]
        let same = SameProjects(catalog)
        #expect(
            same.decisions == [
                .init(old: "charliermarsh/ruff", current: "astral-sh/ruff", evidence: .frozenCopy),
                .init(old: "extrawurst/gitui", current: "gitui-org/gitui", evidence: .sameDescription),
            ])
        #expect(same.current(catalog).count == catalog.count - 2)
    }

    @Test("a like of the old name counts for the current one, which is never dealt after it")
    func likesFollow() async {
        let catalog = [
            Self.repository(
                "gitui-org/gitui", "Blazing fast terminal-ui for git written in rust", stars: 21_965, pushedDaysAgo: 1),
            Self.repository(
                "extrawurst/gitui", "Blazing fast terminal-ui for git written in Rust.", stars: 19_154,
                pushedDaysAgo: 500),
            Self.repository(
                "jesseduffield/lazygit", "simple terminal UI for git commands", stars: 60_000, pushedDaysAgo: 2,
                language: "Go"),
        ]
        let index = await RecommendationIndex.build(repositories: catalog)
        #expect(index.count == 2 && index.item(forKey: "extrawurst/gitui") == index.item(forKey: "gitui-org/gitui"))
        let recommender = Recommender(index: index)
        let deck = recommender.deck(for: Taste(signals: [TasteSignal(repositoryKey: "extrawurst/gitui", kind: .like)]))
        #expect(deck.cards.map(\.repository.id) == ["jesseduffield/lazygit"])
        let cold = recommender.deck(for: Taste())
        #expect(Set(cold.cards.map(\.repository.id)) == ["gitui-org/gitui", "jesseduffield/lazygit"])
    }

    @Test("on the shared catalog: every pair found, how it was decided, and the renames the issue names")
    func sharedCatalog() async throws {
        let fixture = try await Fixture.shared
        let same = fixture.index.sameProjects
        for decision in same.decisions {
            print("same project: \(decision.old) → \(decision.current) (\(decision.evidence.rawValue))")
        }
        let counts = Dictionary(grouping: same.decisions, by: \.evidence).mapValues(\.count)
        print("same projects on the shared catalog: \(same.decisions.count) old names; \(counts)")
        for (old, current) in [
            ("extrawurst/gitui", "gitui-org/gitui"), ("sergiobenitez/rocket", "rwf2/rocket"),
            ("ibm-swift/kitura", "kitura/kitura"), ("charliermarsh/ruff", "astral-sh/ruff"),
            ("stedolan/jq", "jqlang/jq"),
            ("alextran1502/immich", "immich-app/immich"),
        ] {
            #expect(same.currentKey[old] == current, "\(old)")
            #expect(fixture.index.item(forKey: old) == fixture.index.item(forKey: current))
        }
        // plasticboy/vim-markdown moved to preservim/; tpope's is another project with close words.
        #expect(same.currentKey["plasticboy/vim-markdown"] == "preservim/vim-markdown")
        #expect(same.currentKey["tpope/vim-markdown"] == nil && same.currentKey["preservim/vim-markdown"] == nil)
        #expect(same.decisions.count > 500 && same.decisions.count < 800)
        // Similar lists name each project once.
        let similar = fixture.recommender.similar(to: "jesseduffield/lazygit", limit: 30)
        #expect(!similar.contains { same.isSuperseded($0.repository.id) })
    }
}
