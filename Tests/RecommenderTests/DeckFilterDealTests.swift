import Foundation
import Recommender
import RepoFinderCore
import Testing

/// Deals within a deck filter on the real catalog: every card inside it, each once, until it runs dry.
@Suite("Deck filters on the real catalog")
struct DeckFilterDealTests {
    /// The moment health is measured at: the catalog's snapshot is from late August 2026.
    static let now = Date(timeIntervalSince1970: 1_788_000_000)

    /// What `filter` allows, counted the slow way: every repository checked with the rule clients use, as of the
    /// catalog's newest day (22 Aug 2026: a week before `now`, so the catalog is stale then).
    static func allowed(_ filter: DeckFilter, _ recommender: Recommender) -> Set<String> {
        let now = recommender.index.age.moment(now: now)
        var keys = Set<String>()
        for repository in recommender.index.repositories where !repository.archived {
            let cluster = recommender.index.cluster(of: repository.id)?.id
            if filter.allows(repository, cluster: cluster, now: now) { keys.insert(repository.id) }
        }
        return keys
    }

    @Test(
        "Rust + CLI, Python with 20k stars that is alive, and health alone: every card inside, each once, then dry",
        arguments: [
            DeckFilter(languages: ["Rust"], clusters: ["developer-tools"]),
            DeckFilter(languages: ["python", "Go"], minimumStars: 20_000, health: .quiet),
            DeckFilter(clusters: ["mobile", "games-graphics"], minimumStars: 15_000),
            DeckFilter(health: .active),
        ])
    func dealsInside(filter: DeckFilter) async throws {
        let fixture = try await Fixture.shared
        let recommender = Recommender(index: fixture.index)
        let allowed = Self.allowed(filter, recommender)
        #expect(recommender.matching(filter, now: Self.now) == allowed.count)
        let taste = Taste(preferences: UserPreferences(techStack: ["Swift"], interests: ["ios"]))
        var served = Set<String>()
        var dry = false
        for _ in 0..<(allowed.count / 50 + 3) where !dry {
            var current = taste
            current.served = served
            let deck = recommender.deck(for: current, size: 50, filter: filter, now: Self.now)
            for card in deck.cards {
                #expect(allowed.contains(card.repository.id), "\(card.repository.fullName) is outside \(filter)")
                #expect(served.insert(card.repository.id).inserted, "\(card.repository.fullName) dealt twice")
            }
            dry = deck.cards.isEmpty
            if dry { #expect(deck.exhausted && deck.exhaustedMessage?.contains("filter") == true) }
        }
        #expect(dry)
        #expect(served == allowed, "every repository the filter allows was dealt before it ran dry")
    }

    @Test("Months after the catalog's newest day, the Active filter still matches what was active then")
    func activeOnAnOldCatalog() async throws {
        let fixture = try await Fixture.shared
        let recommender = Recommender(index: fixture.index)
        let months = Self.now.addingTimeInterval(90 * 86_400)
        #expect(recommender.index.age.newestDay == Day(year: 2026, month: 8, day: 22))
        let active = recommender.matching(DeckFilter(health: .active), now: months)
        #expect(active == recommender.matching(DeckFilter(health: .active), now: Self.now))
        // 2,341 repositories were pushed in the 30 days to 22 Aug (of 23,756 with a push known); judged today, none.
        #expect(active > 2_000, "active as of 22 Aug: \(active) of \(fixture.catalog.count)")
        let deck = recommender.deck(for: Taste(), size: 20, filter: DeckFilter(health: .active), now: months)
        #expect(deck.cards.count == 20 && !deck.exhausted)
    }
}
