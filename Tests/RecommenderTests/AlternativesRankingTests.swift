import Foundation
import Recommender
import RepoFinderCore
import Testing

/// Alternatives by meaning, re-ranked by what people do: one starred by the same people as the seed comes first; a
/// tie too few people stand behind changes nothing.
@Suite("Alternatives re-ranked by people")
struct AlternativesRankingTests {
    static let catalog = HonestReasonsTests.catalog

    @Test func aReplacementPeopleStarTogetherComesFirst() async {
        let candidates = Array(Self.catalog[2...5]) + [Self.catalog[1]]
        let tied = Recommender(
            index: await RecommendationIndex.build(
                repositories: Self.catalog, community: HonestReasonsTests.community(people: 6)))
        let ranked = tied.alternatives(among: candidates, to: "owner0/project0", limit: 3).map(\.id)
        #expect(ranked.first == "owner1/project1")
        #expect(ranked.count == 3)
        // Four people are too few to say anything: the order by meaning stands.
        let few = Recommender(
            index: await RecommendationIndex.build(
                repositories: Self.catalog, community: HonestReasonsTests.community(people: 4)))
        #expect(
            few.alternatives(among: candidates, to: "owner0/project0", limit: 5).map(\.id)
                == candidates.map(\.id))
        #expect(tied.alternatives(among: candidates, to: "owner0/project0", limit: 0).isEmpty)
    }
}
