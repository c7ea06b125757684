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

    private static let loading = Task { await load() }

    /// The fixture, loaded on first use.
    static var shared: Fixture { get async { await loading.value } }

    private static func load() async -> Fixture {
        let (catalog, trainStars, validStars) = await offThePool {
            (
                readCatalog(), stars("interactions/train.csv.gz"),
                stars("interactions/valid.csv.gz")
            )
        }
        let community = trainStars.map {
            CommunitySignal(person: $0.person, repositoryKey: $0.repositoryKey, kind: .star)
        }
        let index = await RecommendationIndex.build(repositories: catalog, community: community)
        return Fixture(
            catalog: catalog, trainStars: trainStars, validStars: validStars, community: community, index: index)
    }

    private static func readCatalog() -> [Repository] {
        let reader = try! LineReader(path: SharedDataFolder.path("catalog/repos.jsonl.gz"))
        let decoder = RepositoryRecordDecoder()
        var repositories: [Repository] = []
        while let line = try! reader.next() {
            if case .text(_, let bytes) = line, case .success(let repository) = decoder.decode(bytes) {
                repositories.append(repository)
            }
        }
        return repositories
    }

    private static func stars(_ relativePath: String) -> [OfflineEvaluation.Star] {
        let reader = try! LineReader(path: SharedDataFolder.path(relativePath))
        var stars: [OfflineEvaluation.Star] = []
        while let line = try! reader.next() {
            guard case .text(let number, let bytes) = line, number > 1 else { continue }
            let fields = String(decoding: bytes, as: UTF8.self).split(separator: ",")
            stars.append(OfflineEvaluation.Star(person: String(fields[0]), repositoryKey: String(fields[1])))
        }
        return stars
    }
}

extension Deck {
    var keys: [String] { cards.map(\.repository.id) }
}
