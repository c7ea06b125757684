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

    @Test("On the development split (train → valid) the engine beats EASE's reference figure and popularity by far")
    func developmentSplit() async throws {
        let fixture = try await Fixture.shared
        let result = await OfflineEvaluation(train: fixture.trainStars, test: fixture.validStars).evaluate(
            catalog: fixture.catalog)
        #expect(result.engine.users == 2_105)
        #expect(result.repositories == 4_761)
        #expect(result.matchedInCatalog == 3_859)
        // The reference figures of ../shared/data/README.md, computed with numpy.
        #expect(abs(result.popularity.hitRate - 0.341) < 0.0005 && abs(result.popularity.ndcg - 0.057) < 0.0005)
        #expect(result.engine.ndcg > 0.105, "EASE (lambda 500): NDCG@10 0.105")
        #expect(result.engine.hitRate > 0.546, "EASE (lambda 500): HR@10 0.546")
        #expect(result.engine.ndcg > 1.8 * result.popularity.ndcg)
    }
}
