import Foundation
import Recommender
import RepoFinderCore
import Testing

/// The offline protocol and its metrics.
@Suite("Evaluation")
struct EvaluationTests {
    @Test("Metrics match a hand computation")
    func metrics() async {
        var metrics = RankingMetrics()
        // Hit at ranks 2 and 4 of 2 relevant: DCG = 1/log2(3) + 1/log2(5), ideal = 1 + 1/log2(3).
        metrics.add(ranked: ["a", "x", "b", "y", "z"], relevant: ["x", "y"])
        // No hit.
        metrics.add(ranked: ["a", "b"], relevant: ["q"])
        let first = (1 / log2(3.0) + 1 / log2(5.0)) / (1 + 1 / log2(3.0))
        #expect(metrics.users == 2)
        #expect(abs(metrics.hitRate - 0.5) < 1e-9)
        #expect(abs(metrics.ndcg - first / 2) < 1e-9)
        #expect(abs(metrics.recall - 0.5) < 1e-9)
        #expect(
            metrics.line("engine")
                == "engine HR@10=0.500 NDCG@10=0.\(Int((first / 2 * 1000).rounded())) Recall@20=0.500")
        metrics.add(ranked: ["a"], relevant: [])
        #expect(metrics.users == 2, "people without held-out items do not count")
    }

    @Test("Discovery figures match a hand computation")
    func discovery() {
        // Star counts of six repositories within a catalog of eight.
        let ranks = DiscoveryMetrics.starRanks(of: [900, 50, 50, 7, 0, 300], within: [900, 700, 300, 50, 50, 7, 3, 0])
        #expect(ranks == [1, 4, 4, 6, 8, 3])
        var metrics = DiscoveryMetrics()
        // Items 0 and 5 are inside the head of 1,000 here, so only relevant items with rank > 1,000 would count:
        // none do, and the person still counts for the other figures.
        metrics.add(ranked: [0, 5, 1], relevant: [5], starRank: ranks)
        #expect(metrics.longTail.users == 0)
        #expect(metrics.medianStarRank == 3, "ranks 1, 3, 4: the median is 3")
        #expect(abs(metrics.knownShare - 1.0 / 3) < 1e-9)
        var tail = DiscoveryMetrics()
        let deep = [Int32(1), 1_500, 2_000]
        tail.add(ranked: [0, 1, 2], relevant: [0, 2], starRank: deep)
        #expect(tail.longTail.users == 1)
        #expect(abs(tail.longTail.ndcg - 0.5) < 1e-9, "the tail item at rank 3 of 1 relevant: 1/log2(4)")
        #expect(tail.medianStarRank == 1_500)
        #expect(abs(tail.knownShare - 2.0 / 3) < 1e-9)
        metrics.merge(tail)
        #expect(metrics.longTail.users == 1 && metrics.medianStarRank == 4)
    }

    @Test("The two halves of --half split the people between them")
    func halves() async throws {
        let train = (0..<40).map { OfflineEvaluation.Star(person: "p\($0)", repositoryKey: "o/r\($0 % 5)") }
        let test = (0..<40).map { OfflineEvaluation.Star(person: "p\($0)", repositoryKey: "o/r\(($0 + 1) % 5)") }
        let catalog = (0..<5).map { Repository(owner: RepositoryOwner(login: "o"), name: "r\($0)", stars: 10 * $0) }
        let everyone = OfflineEvaluation(train: train, test: test).run(catalog: catalog).engine.users
        let first = OfflineEvaluation(train: train, test: test, half: 0).run(catalog: catalog).engine.users
        let second = OfflineEvaluation(train: train, test: test, half: 1).run(catalog: catalog).engine.users
        #expect(everyone == 40)
        #expect(first > 0 && second > 0 && first + second == everyone)
    }

    @Test("On the development split (train → valid) the engine beats EASE's reference figure and popularity by far")
    func developmentSplit() async throws {
        let fixture = try await Fixture.shared
        let result = await OfflineEvaluation(train: fixture.trainStars, test: fixture.validStars).evaluate(
            catalog: fixture.catalog)
        #expect(result.engine.users == 2_105)
        // 4,761 names, one project under two of them (SameProjects).
        #expect(result.repositories == 4_760)
        #expect(result.matchedInCatalog == 3_859)
        // The reference figures of ../shared/data/README.md, computed with numpy.
        #expect(abs(result.popularity.hitRate - 0.341) < 0.0005 && abs(result.popularity.ndcg - 0.057) < 0.0005)
        #expect(result.engine.ndcg > 0.105, "EASE (lambda 500): NDCG@10 0.105")
        #expect(result.engine.hitRate > 0.546, "EASE (lambda 500): HR@10 0.546")
        #expect(result.engine.ndcg > 1.8 * result.popularity.ndcg)
        // Discovery (RP3β's β at 0.8): long-tail NDCG@10 was 0.021 with β 0.5; the issue asks a third more.
        #expect(result.engineDiscovery.longTail.ndcg >= 0.028)
        #expect(result.engineDiscovery.medianStarRank > 400, "β 0.5: 285; popularity: 53")
        #expect(result.popularityDiscovery.medianStarRank == 53)
    }
}
