import Ask
import Catalog
import Foundation
import Recommender
import RepoFinderCore
import Storage
import TestSupport
import Testing

/// The judged questions of `Tests/Fixtures/ask-questions.tsv` (written from knowledge of the ecosystem, before the
/// engine) on the real catalog and its star history: an accepted repository among the first three sources for at
/// least 80% of them — the bar.
@Suite struct AskRelevanceTests {
    static let questions = SharedDataFolder.packageRoot.appendingPathComponent("Tests/Fixtures/ask-questions.tsv").path

    @Test func theJudgedQuestionsCiteWhatDevelopersWant() async throws {
        let evaluation = try AskEvaluation(file: Self.questions)
        #expect(evaluation.items.count >= 60)
        try await withStore(.sqliteMemory) { test in
            let store = test.store
            // Decoding and indexing in a debug build take seconds of CPU: on a thread of their own, so the
            // cooperative threads stay free for other suites' servers (whose timeouts a starved pool trips).
            let (catalog, snapshots) = try await onOwnThread {
                (
                    try RepositoryRecordDecoder.repositories(
                        inFile: try SharedDataFolder.file("catalog/repos.jsonl.gz")),
                    try StarSnapshotRecordDecoder.snapshots(
                        inFile: try SharedDataFolder.file("catalog/stars-daily.csv.gz"))
                )
            }
            for start in stride(from: 0, to: catalog.count, by: 5_000) {
                _ = try await store.upsertRepositories(Array(catalog[start..<min(start + 5_000, catalog.count)]))
            }
            for start in stride(from: 0, to: snapshots.count, by: 50_000) {
                _ = try await store.upsertStarSnapshots(Array(snapshots[start..<min(start + 50_000, snapshots.count)]))
            }
            let gains = try await store.weeklyGains()
            let recommender = Recommender(
                index: try await onOwnThread { RecommendationIndex(repositories: catalog, weeklyGains: gains) })
            try await store.prepareSearch()
            let now = catalog.compactMap(\.pushedAt).max() ?? Date()
            let outcomes = try await evaluation.run { item in
                let person = try await GivenPerson.named(saved: item.saved, liked: item.liked, in: store).person
                return CatalogAskTools(store: store, recommender: recommender, person: person, now: now)
            }
            let figures = AskEvaluation.figures(outcomes)
            let misses = outcomes.filter { !$0.success }.map {
                "\($0.item.text) → \($0.answer.sources.prefix(3).map(\.fullName))"
            }
            let kinds = figures.kinds.map { "\($0.kind) \(Int(($0.rate * 100).rounded()))%" }
            #expect(figures.all >= 0.80, "\(figures.all) (\(kinds)); misses: \(misses)")
        }
    }
}
