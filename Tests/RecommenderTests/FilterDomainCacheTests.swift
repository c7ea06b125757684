import Foundation
import Recommender
import RepoFinderCore
import TestSupport
import Testing

/// The worked-out domains of deck filters are kept least-recently-used first out: a stream of new filters (an
/// attacker's made-up `minStars`) never costs a filter in use its domain, which would make its next deal read the
/// whole catalog again.
@Suite("Deck filter domains: least recently used first out")
struct FilterDomainCacheTests {
    @Test("a filter used between 300 new ones stays resolved throughout; an unused one goes")
    func keepsTheFilterInUse() {
        let recommender = Recommender(index: RecommendationIndex(repositories: SyntheticCatalog.repositories))
        let now = Date()
        let inUse = DeckFilter(languages: ["Swift"])
        let forgotten = DeckFilter(languages: ["Rust"])
        #expect(!recommender.hasResolved(inUse, now: now))
        _ = recommender.matching(inUse, now: now)
        _ = recommender.matching(forgotten, now: now)
        #expect(recommender.hasResolved(inUse, now: now))
        #expect(recommender.hasResolved(DeckFilter(), now: now))
        var dropped = 0
        for stars in 1...300 {
            _ = recommender.matching(DeckFilter(minimumStars: stars), now: now)
            // Before: the whole cache was emptied once it held 128, the filter in use with it.
            if !recommender.hasResolved(inUse, now: now) { dropped += 1 }
            _ = recommender.matching(inUse, now: now)
        }
        #expect(dropped == 0)
        #expect(!recommender.hasResolved(forgotten, now: now))
        #expect(recommender.hasResolved(DeckFilter(minimumStars: 300), now: now))
        #expect(!recommender.hasResolved(DeckFilter(minimumStars: 1), now: now))
    }
}
