import Recommender
import RepoFinderCore
import Testing

/// Swipes change the very next batch; nothing repeats; filters run out cleanly.
@Suite("Learning and never repeating")
struct LearningTests {
    let swift = UserPreferences(techStack: ["Swift"])

    @Test("A like changes the next batch at once, with a reason naming it")
    func likeChangesNextBatch() async throws {
        let fixture = try await Fixture.shared
        let recommender = fixture.recommender
        let before = recommender.deck(for: Taste(preferences: swift))
        let taste = Taste(preferences: swift, signals: [TasteSignal(repositoryKey: "vapor/vapor", kind: .like)])
        let after = recommender.deck(for: taste)
        #expect(!after.keys.contains("vapor/vapor"), "a liked repository is never dealt again")
        #expect(after.keys != before.keys)
        let inspired = after.cards.filter { $0.reasons.contains { $0.contains("vapor/vapor, which you liked") } }
        #expect(inspired.count >= 5)
        #expect(
            after.cards.prefix(3).allSatisfy { card in inspired.contains { $0.repository.id == card.repository.id } })
    }

    @Test("Imported stars alone make a personal deck: people who starred these also starred …")
    func starsDriveCollaboration() async throws {
        let fixture = try await Fixture.shared
        let recommender = fixture.recommender
        // A real person of the development split: their train stars in, their held-out stars should surface.
        let person = "0187773933"
        let stars = fixture.trainStars.filter { $0.person == person }
        #expect(stars.count > 10)
        let taste = Taste(signals: stars.map { TasteSignal(repositoryKey: $0.repositoryKey, kind: .star) })
        let deck = recommender.deck(for: taste)
        #expect(deck.cards.count == 20)
        #expect(deck.cards.allSatisfy { card in !stars.contains { $0.repositoryKey == card.repository.id } })
        #expect(deck.cards.filter { $0.reasons.contains { $0.contains("which you starred") } }.count >= 10)
    }

    @Test("Skips push similar repositories down")
    func skipsDemote() async throws {
        let fixture = try await Fixture.shared
        let recommender = fixture.recommender
        let taste = Taste(preferences: UserPreferences(techStack: ["JavaScript", "Python"]))
        let first = recommender.deck(for: taste)
        let javascript = first.cards.filter { $0.repository.language == "JavaScript" }
        #expect(javascript.count >= 3)
        var skipping = taste
        skipping.signals = javascript.map { TasteSignal(repositoryKey: $0.repository.id, kind: .skip) }
        let second = recommender.deck(for: skipping)
        #expect(Set(second.keys).isDisjoint(with: javascript.map(\.repository.id)))
        let share = { (deck: Deck) in deck.cards.filter { $0.repository.language == "JavaScript" }.count }
        #expect(share(second) < share(first))
    }

    @Test("Batches never repeat until the filter runs out, then the deck says so")
    func neverRepeatUntilExhausted() async throws {
        let fixture = try await Fixture.shared
        let recommender = fixture.recommender
        let filter = DeckFilter(languages: ["Elixir"])
        let available = fixture.index.repositories.filter { $0.language == "Elixir" && !$0.archived }.count
        #expect(available > 40)
        var served = Set<String>()
        var dealt = 0
        var last = Deck(cards: [], exhausted: false)
        for _ in 0..<50 {
            last = recommender.deck(for: Taste(preferences: swift, served: served), filter: filter)
            #expect(last.cards.allSatisfy { $0.repository.language == "Elixir" })
            #expect(Set(last.keys).isDisjoint(with: served), "nothing dealt twice")
            served.formUnion(last.keys)
            dealt += last.cards.count
            if last.exhausted { break }
        }
        #expect(dealt == available)
        #expect(last.exhausted)
        #expect(last.exhaustedMessage != nil)
        let after = recommender.deck(for: Taste(preferences: swift, served: served), filter: filter)
        #expect(after.cards.isEmpty && after.exhausted)
        #expect(after.exhaustedMessage?.contains("Widen") == true)
    }

    @Test("A filter that leaves one cluster fills the batch from it (the cluster limit gives way)")
    func filterOverridesClusterLimit() async throws {
        let fixture = try await Fixture.shared
        let recommender = fixture.recommender
        let deck = recommender.deck(for: Taste(), filter: DeckFilter(clusters: ["blockchain"]))
        #expect(deck.cards.count == 20)
        #expect(deck.cards.allSatisfy { $0.cluster.id == "blockchain" })
    }

    @Test("Same inputs, same deck: input order and repeated builds do not matter")
    func deterministic() async throws {
        let fixture = try await Fixture.shared
        let taste = Taste(
            preferences: UserPreferences(techStack: ["Rust"], goals: [.exploring]),
            signals: [TasteSignal(repositoryKey: "tokio-rs/tokio", kind: .like)])
        let catalog = fixture.catalog.filter { $0.language == "Rust" || $0.language == "Go" || $0.language == "C" }
        let first = Recommender(
            index: await RecommendationIndex.build(repositories: catalog, community: fixture.community))
        let second = Recommender(
            index: await RecommendationIndex.build(
                repositories: catalog.reversed(), community: fixture.community.reversed()))
        let deck = first.deck(for: taste)
        #expect(deck.cards.count == 20)
        #expect(deck == first.deck(for: taste))
        #expect(deck == second.deck(for: taste))
    }
}
