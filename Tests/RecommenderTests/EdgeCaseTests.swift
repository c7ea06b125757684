import Recommender
import RepoFinderCore
import Testing

/// What happens at the edges: no catalog, unknown names, filters nothing matches, tiny catalogs.
@Suite("Edge cases")
struct EdgeCaseTests {
    @Test("An empty catalog deals nothing and says so; lookups come back empty")
    func emptyCatalog() async {
        let recommender = Recommender(index: await RecommendationIndex.build(repositories: []))
        let deck = recommender.deck(for: Taste(preferences: UserPreferences(techStack: ["Swift"])))
        #expect(deck.cards.isEmpty && deck.exhausted && deck.exhaustedMessage != nil)
        #expect(recommender.similar(to: "vapor/vapor").isEmpty)
        #expect(recommender.clusters().isEmpty)
        #expect(recommender.repositories(inCluster: "mobile") == [])
    }

    @Test("Unknown repositories in signals are ignored; a filter nothing matches exhausts at once; size 0 is empty")
    func unknownsAndFilters() async {
        let catalog = [
            Repository(owner: RepositoryOwner(login: "vapor"), name: "vapor", language: "Swift", stars: 25_000),
            Repository(owner: RepositoryOwner(login: "tokio-rs"), name: "tokio", language: "Rust", stars: 30_000),
        ]
        let recommender = Recommender(index: await RecommendationIndex.build(repositories: catalog))
        let taste = Taste(signals: [TasteSignal(repositoryKey: "nobody/nothing", kind: .like)])
        let deck = recommender.deck(for: taste)
        #expect(deck.keys == ["tokio-rs/tokio", "vapor/vapor"])
        #expect(deck.exhausted, "two cards of twenty asked: the catalog ran out")
        let filtered = recommender.deck(for: taste, filter: DeckFilter(languages: ["COBOL"]))
        #expect(filtered.cards.isEmpty && filtered.exhausted)
        #expect(recommender.deck(for: taste, size: 0).cards.isEmpty)
        let starFloor = recommender.deck(for: taste, filter: DeckFilter(minimumStars: 26_000))
        #expect(starFloor.keys == ["tokio-rs/tokio"])
        #expect(
            recommender.deck(for: taste, filter: DeckFilter(languages: ["swift"])).keys == ["vapor/vapor"],
            "languages match in any case")
    }

    @Test("The last word per repository counts: liked, then skipped, is a skip")
    func lastSignalWins() async throws {
        let fixture = try await Fixture.shared
        let recommender = fixture.recommender
        let liked = Taste(signals: [TasteSignal(repositoryKey: "vapor/vapor", kind: .like)])
        let changedMind = Taste(signals: liked.signals + [TasteSignal(repositoryKey: "vapor/vapor", kind: .skip)])
        let likedDeck = recommender.deck(for: liked)
        let skippedDeck = recommender.deck(for: changedMind)
        #expect(likedDeck.cards.contains { $0.reasons.contains { $0.contains("vapor/vapor") } })
        #expect(!skippedDeck.cards.contains { $0.reasons.contains { $0.contains("vapor/vapor") } })
        #expect(!skippedDeck.keys.contains("vapor/vapor"))
    }
}
