import Foundation
import Recommender
import RepoFinderCore
import Testing

/// What a card and a similar list may say (issue 23): the community only when at least five other people stand
/// behind it, never the person's own likes as others'; a fit only when something personal is known; activity
/// measured against today.
@Suite("Honest reasons")
struct HonestReasonsTests {
    /// Ten repositories without words in common (no content ties): only people tie them.
    static let catalog: [Repository] = (0..<10).map { number in
        Repository(
            owner: RepositoryOwner(login: "owner\(number)"), name: "project\(number)",
            description: ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet"][
                number],
            language: nil, stars: 1_000 + number)
    }

    /// `people` people who each starred both project0 and project1.
    static func community(people: Int, extra: [CommunitySignal] = []) -> [CommunitySignal] {
        (0..<people).flatMap { person in
            ["owner0/project0", "owner1/project1"].map {
                CommunitySignal(person: "person\(person)", repositoryKey: $0, kind: .star)
            }
        } + extra
    }

    static func sharedPeople(_ list: [Recommendation], _ key: String) -> Bool {
        list.first { $0.repository.id == key }?.reasons.contains("liked by the same people") ?? false
    }

    @Test("Similar: a tie of four people is not shown; five are; the viewer is never one of them")
    func similarNeedsFivePeople() async {
        let four = Recommender(
            index: await RecommendationIndex.build(repositories: Self.catalog, community: Self.community(people: 4)))
        #expect(!four.similar(to: "owner0/project0").contains { $0.repository.id == "owner1/project1" })
        let five = Recommender(
            index: await RecommendationIndex.build(repositories: Self.catalog, community: Self.community(people: 5)))
        let similar = five.similar(to: "owner0/project0")
        #expect(Self.sharedPeople(similar, "owner1/project1"))
        // The viewer is one of the five: four others remain, too few.
        let mine = five.similar(to: "owner0/project0", viewerKeys: ["owner0/project0", "owner1/project1"])
        #expect(!mine.contains { $0.repository.id == "owner1/project1" })
        // A viewer who liked only one of the two is not behind the tie.
        let halfMine = five.similar(to: "owner0/project0", viewerKeys: ["owner0/project0"])
        #expect(Self.sharedPeople(halfMine, "owner1/project1"))
    }

    @Test("A deck's \"like X, which you liked\" rests on at least five other people")
    func deckReasonNeedsFivePeople() async {
        for (people, expected) in [(3, false), (6, true)] {
            let recommender = Recommender(
                index: await RecommendationIndex.build(
                    repositories: Self.catalog, community: Self.community(people: people)))
            let taste = Taste(signals: [TasteSignal(repositoryKey: "owner0/project0", kind: .like)])
            let card = recommender.deck(for: taste).cards.first { $0.repository.id == "owner1/project1" }
            let named = card?.reasons.contains { $0.contains("owner0/project0") } ?? false
            #expect(named == expected, "\(people) people: \(card?.reasons ?? [])")
        }
    }

    @Test("No fit without anything personal; a fit once the person said or did something")
    func fitIsPersonal() async {
        let recommender = Recommender(
            index: await RecommendationIndex.build(repositories: Self.catalog, community: Self.community(people: 6)))
        let cold = recommender.deck(for: Taste())
        #expect(!cold.cards.isEmpty && cold.cards.allSatisfy { $0.fit == 0 }, "\(cold.cards.map(\.fit))")
        let liked = recommender.deck(for: Taste(signals: [TasteSignal(repositoryKey: "owner0/project0", kind: .like)]))
        #expect(liked.cards.first { $0.repository.id == "owner1/project1" }.map { $0.fit > 50 } == true)
    }

    @Test("On a stale catalog \"active\" and \"trending\" are judged as of its newest day, and say which day")
    func activityAsOfTheNewestDay() async {
        let old = Date(timeIntervalSinceNow: -200 * 86_400)
        let catalog = [
            Repository(
                owner: RepositoryOwner(login: "a"), name: "stale", language: "Swift", stars: 90_000, pushedAt: old),
            Repository(
                owner: RepositoryOwner(login: "b"), name: "older", language: "Swift", stars: 80_000,
                pushedAt: old.addingTimeInterval(-86_400)),
        ]
        let recommender = Recommender(
            index: await RecommendationIndex.build(repositories: catalog, weeklyGains: ["a/stale": 900]))
        let day = Day(containing: old).spoken
        let reasons = recommender.deck(for: Taste()).cards.flatMap(\.reasons)
        #expect(reasons.contains { $0.hasPrefix("active: pushed") && $0.hasSuffix(", as of \(day)") }, "\(reasons)")
        #expect(reasons.contains("trending in the week to \(day) (+900 stars)"), "\(reasons)")
        #expect(!reasons.contains { $0.contains("this week") }, "\(reasons)")
        // The same catalog, fresh: no date said.
        let fresh = recommender.deck(for: Taste(), now: old.addingTimeInterval(3_600)).cards.flatMap(\.reasons)
        #expect(fresh.contains { $0.hasPrefix("active: pushed") && !$0.contains("as of") }, "\(fresh)")
        #expect(fresh.contains("trending this week (+900 stars)"), "\(fresh)")
    }

    @Test("A card says an interest once: a name word that is also the topic given is not given again")
    func interestSaidOnce() async {
        let catalog = [
            Repository(
                owner: RepositoryOwner(login: "a"), name: "ios-charts", topics: ["ios", "charts"], language: "Swift",
                stars: 20_000),
            Repository(owner: RepositoryOwner(login: "b"), name: "other", language: "Go", stars: 10_000),
        ]
        let recommender = Recommender(index: await RecommendationIndex.build(repositories: catalog))
        let taste = Taste(preferences: UserPreferences(techStack: ["Kotlin"], interests: ["ios"]))
        let card = recommender.deck(for: taste).cards.first { $0.repository.id == "a/ios-charts" }
        let reasons = card?.reasons ?? []
        #expect(reasons.contains("#ios — one of your interests"), "\(reasons)")
        #expect(!reasons.contains("ios — one of your interests"), "\(reasons)")
    }
}
