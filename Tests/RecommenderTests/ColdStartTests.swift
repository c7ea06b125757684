import Foundation
import RepoFinderCore
import Testing

@testable import Recommender

/// Decks from onboarding answers alone, on the real catalog.
@Suite("Cold start")
struct ColdStartTests {

    /// The share of cards whose language is one of `languages` or that carry one of `topics`.
    func share(_ deck: Deck, languages: Set<String>, topics: Set<String>) -> Double {
        let matching = deck.cards.filter { card in
            languages.contains(card.repository.language?.lowercased() ?? "")
                || !topics.isDisjoint(with: card.repository.topics)
        }
        return Double(matching.count) / Double(max(1, deck.cards.count))
    }

    func expectWellFormed(_ deck: Deck, size: Int = 20) {
        #expect(deck.cards.count == size)
        #expect(Set(deck.keys).count == deck.cards.count, "no repository twice")
        #expect(deck.cards.allSatisfy { !$0.repository.archived })
        #expect(deck.cards.allSatisfy { (0...100).contains($0.fit) })
        #expect(deck.cards.allSatisfy { (1...3).contains($0.reasons.count) && !$0.reasons.contains("") })
        let owners = Dictionary(grouping: deck.cards, by: { $0.repository.owner.login.lowercased() })
        #expect(owners.values.allSatisfy { $0.count <= 3 }, "at most 3 per owner")
        let clusters = Dictionary(grouping: deck.cards, by: \.cluster.id)
        #expect(clusters.values.allSatisfy { $0.count <= 8 }, "at most 8 per cluster")
    }

    @Test("Swift and iOS: mostly Swift / iOS repositories, each with a reason that says so")
    func swiftAndIOS() async throws {
        let fixture = try await Fixture.shared
        let recommender = fixture.recommender
        let taste = Taste(preferences: UserPreferences(techStack: ["Swift"], interests: ["iOS"]))
        let deck = recommender.deck(for: taste)
        expectWellFormed(deck)
        #expect(share(deck, languages: ["swift"], topics: ["ios", "swift", "swiftui"]) >= 0.9)
        #expect(deck.cards[0].reasons.contains { $0.contains("Swift — in your tech stack") || $0.contains("#ios") })
        // The fit is personal (what the person told us), not the ranking: told Swift and iOS, every card has one.
        #expect(deck.cards.allSatisfy { (1...100).contains($0.fit) }, "\(deck.cards.map(\.fit))")
    }

    @Test("the project type in a person's words steers the deck toward that kind of project, and says so")
    func projectType() async throws {
        let fixture = try await Fixture.shared
        let recommender = fixture.recommender
        let stackOnly = recommender.deck(for: Taste(preferences: UserPreferences(techStack: ["Rust"])))
        let withProject = recommender.deck(
            for: Taste(preferences: UserPreferences(techStack: ["Rust"], projectType: "a small game engine")))
        expectWellFormed(withProject)
        let games = { (deck: Deck) in deck.cards.filter { $0.cluster.id == "games-graphics" }.count }
        #expect(games(withProject) > games(stackOnly))
        #expect(withProject.cards.contains { $0.reasons.contains { $0.hasSuffix("fits your project") } })
        #expect(share(withProject, languages: ["rust"], topics: []) >= 0.5, "the stack still leads")
    }

    @Test("Python and machine learning: mostly Python / ML repositories")
    func pythonAndMachineLearning() async throws {
        let fixture = try await Fixture.shared
        let recommender = fixture.recommender
        let taste = Taste(
            preferences: UserPreferences(techStack: ["Python"], interests: ["machine learning", "deep-learning"]))
        let deck = recommender.deck(for: taste)
        expectWellFormed(deck)
        #expect(
            share(deck, languages: ["python"], topics: ["machine-learning", "deep-learning", "python"]) >= 0.9)
    }

    @Test("A cluster alone (DevOps & cloud) leads the deck with that cluster")
    func clusterOnly() async throws {
        let fixture = try await Fixture.shared
        let recommender = fixture.recommender
        let taste = Taste(preferences: UserPreferences(primaryCluster: "devops-cloud"))
        let deck = recommender.deck(for: taste)
        expectWellFormed(deck)
        #expect(deck.cards.filter { $0.cluster.id == "devops-cloud" }.count == 8, "as many as the cluster limit")
        #expect(deck.cards.prefix(8).allSatisfy { $0.cluster.id == "devops-cloud" })
    }

    @Test("Beginners see popular, well-kept repositories first; advanced people fresher, less-known ones")
    func experienceLevels() async throws {
        let fixture = try await Fixture.shared
        let now = Date(timeIntervalSince1970: 1_787_000_000)
        func repository(_ name: String, stars: Int, daysAgo: Double, kept: Bool) -> Repository {
            Repository(
                owner: RepositoryOwner(login: name), name: name, description: kept ? "A library" : nil,
                language: "Swift", stars: stars,
                license: kept ? RepositoryLicense(spdxID: "MIT", name: "MIT License") : nil,
                pushedAt: now.addingTimeInterval(-daysAgo * 86_400))
        }
        let catalog = [
            repository("famous", stars: 60_000, daysAgo: 200, kept: true),
            repository("fresh", stars: 900, daysAgo: 1, kept: false),
            repository("middling", stars: 5_000, daysAgo: 60, kept: false),
        ]
        let recommender = Recommender(index: await RecommendationIndex.build(repositories: catalog, now: now))
        func order(_ level: ExperienceLevel) -> [String] {
            let taste = Taste(preferences: UserPreferences(techStack: ["Swift"], experienceLevel: level))
            return recommender.deck(for: taste, size: 3).cards.map(\.repository.name)
        }
        #expect(order(.beginner).first == "famous")
        #expect(order(.advanced).first == "fresh")
        let beginner = recommender.deck(
            for: Taste(preferences: UserPreferences(techStack: ["Swift"], experienceLevel: .beginner)), size: 1)
        #expect(beginner.cards.first?.reasons.contains("popular and well kept: 60K stars") == true)

        // On the real catalog: a beginner's JavaScript deck is popular and well kept, or learning material (issue 44:
        // learning material comes forward for beginners), and some of it is learning material.
        let real = fixture.recommender.deck(
            for: Taste(preferences: UserPreferences(techStack: ["JavaScript"], experienceLevel: .beginner)))
        expectWellFormed(real)
        let learning = Set(PreferenceProfile.learningTopics)
        let isLearning = { (card: Recommendation) in
            card.cluster.id == "learning" || card.repository.topics.contains { learning.contains($0) }
        }
        for card in real.cards {
            let popular = card.repository.stars >= 20_000 && card.repository.description != nil
            #expect(popular || (isLearning(card) && card.repository.stars >= 1_000), "\(card.repository.fullName)")
        }
        #expect(real.cards.filter(isLearning).count >= 2)
    }

    @Test("Contributing favours active repositories with open issues")
    func contributing() async throws {
        let fixture = try await Fixture.shared
        let recommender = fixture.recommender
        let taste = Taste(preferences: UserPreferences(techStack: ["Go"], goals: [.contributing]))
        let deck = recommender.deck(for: taste)
        expectWellFormed(deck)
        #expect(deck.cards.filter { ($0.repository.openIssues ?? 0) > 0 }.count >= 19)
        // "Active, with N open issues" is said only of what was active on the catalog's newest day (pushed within
        // 30 days of it), and names that day.
        let moment = recommender.index.age.moment(now: Date())
        for card in deck.cards where card.reasons.contains(where: { $0.hasPrefix("active") }) {
            #expect(card.repository.health(now: moment)?.level == .active, "\(card.repository.fullName)")
        }
        let plain = recommender.deck(for: Taste(preferences: UserPreferences(techStack: ["Go"])))
        let issues = { (deck: Deck) in deck.cards.reduce(0) { $0 + ($1.repository.openIssues ?? 0 > 0 ? 1 : 0) } }
        #expect(issues(deck) >= issues(plain))
    }

    @Test("Nobody said anything: popular, fresh repositories of many kinds")
    func noPreferences() async throws {
        let fixture = try await Fixture.shared
        let recommender = fixture.recommender
        let deck = recommender.deck(for: Taste())
        expectWellFormed(deck)
        #expect(Set(deck.cards.map(\.cluster.id)).count >= 4)
        #expect(deck.cards.allSatisfy { $0.repository.stars >= 10_000 })
    }

    @Test("Archived repositories never appear, however well they match")
    func noArchived() async throws {
        let fixture = try await Fixture.shared
        // The real catalog has no archived repositories: archive every third Swift one, the most popular first.
        var swift = fixture.catalog.filter { $0.language == "Swift" }.sorted { $0.stars > $1.stars }
        for position in swift.indices where position % 3 == 0 { swift[position].archived = true }
        let archived = Set(swift.filter(\.archived).map(\.id))
        let recommender = Recommender(
            index: await RecommendationIndex.build(repositories: swift, community: fixture.community))
        let liked = swift.filter { !$0.archived }.prefix(5).map { TasteSignal(repositoryKey: $0.id, kind: .like) }
        var served = Set<String>()
        while true {
            let deck = recommender.deck(
                for: Taste(preferences: UserPreferences(techStack: ["Swift"]), signals: liked, served: served))
            #expect(archived.isDisjoint(with: deck.keys))
            served.formUnion(deck.keys)
            if deck.exhausted { break }
        }
        // Every repository dealt once: the index's own (a project under two names is one), less the archived and liked.
        let index = recommender.index
        let likedKeys = Set(liked.compactMap { index.item(forKey: $0.repositoryKey).map { index.repositories[$0].id } })
        #expect(served == Set(index.repositories.filter { !$0.archived }.map(\.id)).subtracting(likedKeys))
        #expect(recommender.similar(to: swift[1].id).allSatisfy { !archived.contains($0.repository.id) })
        #expect(recommender.repositories(inCluster: "mobile", limit: 1_000)?.allSatisfy { !$0.archived } == true)
    }
}
