import Catalog
import Foundation
import Recommender
import RepoFinderCore
import TestSupport

/// The real shared catalog (42,184 repositories) and the real stars of the development split's `train` file as
/// everyone's signals, indexed once for all tests.
enum Fixture {
    static let catalog: [Repository] = {
        let reader = try! LineReader(path: SharedDataFolder.path("catalog/repos.jsonl.gz"))
        let decoder = RepositoryRecordDecoder()
        var repositories: [Repository] = []
        while let line = try! reader.next() {
            if case .text(_, let bytes) = line, case .success(let repository) = decoder.decode(bytes) {
                repositories.append(repository)
            }
        }
        return repositories
    }()

    static let trainStars: [OfflineEvaluation.Star] = stars("interactions/train.csv.gz")
    static let validStars: [OfflineEvaluation.Star] = stars("interactions/valid.csv.gz")

    static let community: [CommunitySignal] = trainStars.map {
        CommunitySignal(person: $0.person, repositoryKey: $0.repositoryKey, kind: .star)
    }

    static let index = RecommendationIndex(repositories: catalog, community: community)
    static let recommender = Recommender(index: index)

    static func stars(_ relativePath: String) -> [OfflineEvaluation.Star] {
        let reader = try! LineReader(path: SharedDataFolder.path(relativePath))
        var stars: [OfflineEvaluation.Star] = []
        while let line = try! reader.next() {
            guard case .text(let number, let bytes) = line, number > 1 else { continue }
            let fields = String(decoding: bytes, as: UTF8.self).split(separator: ",")
            stars.append(OfflineEvaluation.Star(person: String(fields[0]), repositoryKey: String(fields[1])))
        }
        return stars
    }

    static func repository(_ key: String) -> Repository {
        index.repositories[index.item(forKey: key)!]
    }
}

extension Deck {
    var keys: [String] { cards.map(\.repository.id) }
}
