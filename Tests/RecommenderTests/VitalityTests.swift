import Foundation
import RepoFinderCore
import Testing

@testable import Recommender

/// A person who told us what they work with is dealt what is alive: small projects that nobody pushed to for years,
/// or whose activity nobody recorded, fall behind their likes' living neighbours.
@Suite("Vitality: dormant, little-known neighbours fall back")
struct VitalityTests {
    @Test("alive is 1 within a year of the last push or from 5,000 stars; unknown and old small projects drop")
    func values() {
        #expect(Priors.vitality(stars: 10, daysSincePush: 30) == 1)
        #expect(Priors.vitality(stars: 5_000, daysSincePush: nil) == 1)
        #expect(Priors.vitality(stars: 40_000, daysSincePush: 3_000) == 1)
        #expect(Priors.vitality(stars: 100, daysSincePush: nil) == 0.55)
        #expect(Priors.vitality(stars: 100, daysSincePush: 2_000) == 0.6)
        #expect(abs(Priors.vitality(stars: 100, daysSincePush: 730) - 0.8) < 1e-5)
        let thousand = Priors.vitality(stars: 1_000, daysSincePush: nil)
        #expect(thousand > 0.7 && thousand < 0.8)
    }

    @Test("a liked repository's dormant twins rank below a living, less similar neighbour once the person told us")
    func livingNeighboursFirst() async throws {
        let now = Date(timeIntervalSince1970: 1_780_000_000)
        func repository(_ name: String, topics: [String], daysAgo: Double?, stars: Int = 200) -> Repository {
            var repository = Repository(
                owner: RepositoryOwner(login: name), name: name, topics: topics, language: "Go", stars: stars)
            repository.pushedAt = daysAgo.map { now.addingTimeInterval(-$0 * 86_400) }
            return repository
        }
        let shared = ["operator", "reconciler", "controller", "webhook"]
        var catalog = [
            repository("liked", topics: shared, daysAgo: 3, stars: 9_000),
            repository("unrecorded", topics: shared, daysAgo: nil, stars: 900),
            repository("abandoned", topics: shared, daysAgo: 2_500, stars: 900),
            repository("living", topics: Array(shared.prefix(2)) + ["living"], daysAgo: 5),
        ]
        catalog += (0..<120).map { repository("filler\($0)", topics: ["filler\($0)"], daysAgo: 10, stars: 50) }
        let index = await RecommendationIndex.build(repositories: catalog, now: now)
        let recommender = Recommender(index: index)
        let like = [TasteSignal(repositoryKey: "liked/liked", kind: .like)]

        // Likes alone (nothing told): the twins' closer likeness wins, as it should for a taste made of stars.
        let untold = recommender.deck(for: Taste(signals: like), now: now).keys
        let livingUntold = try #require(untold.firstIndex(of: "living/living"))
        #expect(untold.firstIndex(of: "unrecorded/unrecorded").map { $0 < livingUntold } == true, "\(untold)")
        #expect(untold.firstIndex(of: "abandoned/abandoned").map { $0 < livingUntold } == true, "\(untold)")

        let goPerson = Taste(preferences: UserPreferences(techStack: ["Go"]), signals: like)
        let order = recommender.deck(for: goPerson, now: now).keys
        let living = try #require(order.firstIndex(of: "living/living"))
        #expect(order.firstIndex(of: "unrecorded/unrecorded").map { $0 > living } ?? true, "\(order)")
        #expect(order.firstIndex(of: "abandoned/abandoned").map { $0 > living } ?? true, "\(order)")

        // Beginners are not scaled: their prior already leans on the popular and well kept.
        let dormant = try #require(index.itemByKey["unrecorded/unrecorded"])
        #expect(Scorer(taste: goPerson, index: index).vitality(Int(dormant)) < 0.8)
        var beginner = goPerson
        beginner.preferences.experienceLevel = .beginner
        #expect(Scorer(taste: beginner, index: index).vitality(Int(dormant)) == 1)
    }
}
