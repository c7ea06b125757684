import Catalog
import Foundation
import Recommender
import RepoFinderCore
import TestSupport

/// The real shared catalog (42,184 repositories) and the real stars of the development split's `train` file as
/// everyone's signals, indexed once for all tests. Loaded off Swift concurrency's cooperative threads (a debug build
/// takes seconds), so that tests elsewhere keep their timers and deadlines meanwhile.
struct Fixture: Sendable {
    let catalog: [Repository]
    let trainStars: [OfflineEvaluation.Star]
    let validStars: [OfflineEvaluation.Star]
    let community: [CommunitySignal]
    let index: RecommendationIndex
    var recommender: Recommender { Recommender(index: index) }

    private static let loading = Task { try await load() }

    /// The fixture, loaded on first use; without the shared data, a failure that says where it was looked for.
    static var shared: Fixture { get async throws { try await loading.value } }

    private static func load() async throws -> Fixture {
        let loaded = await offThePool {
            Result { () throws -> ([Repository], [OfflineEvaluation.Star], [OfflineEvaluation.Star]) in
                (
                    try readCatalog(), try stars("interactions/train.csv.gz"),
                    try stars("interactions/valid.csv.gz")
                )
            }
        }
        let (catalog, trainStars, validStars) = try loaded.get()
        let community = trainStars.map {
            CommunitySignal(person: $0.person, repositoryKey: $0.repositoryKey, kind: .star)
        }
        let index = await RecommendationIndex.build(repositories: catalog, community: community)
        return Fixture(
            catalog: catalog, trainStars: trainStars, validStars: validStars, community: community, index: index)
    }

    private static func readCatalog() throws -> [Repository] {
        try RepositoryRecordDecoder.repositories(inFile: try SharedDataFolder.file("catalog/repos.jsonl.gz"))
    }

    private static func stars(_ relativePath: String) throws -> [OfflineEvaluation.Star] {
        try DevelopmentSplit.stars(relativePath).map {
            OfflineEvaluation.Star(person: $0.person, repositoryKey: $0.repositoryKey)
        }
    }
}

extension Deck {
    var keys: [String] { cards.map(\.repository.id) }
}
