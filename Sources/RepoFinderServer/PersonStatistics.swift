import Foundation
import RepoFinderAPI
import RepoFinderCore
import Storage

/// A person's statistics: interactions by kind, and the languages and topics of what they liked and saved.
enum PersonStatistics {
    /// How many entries each top list has at most.
    static let topCount = 10
    /// How many list entries are read for the top lists (the most recent).
    static let listReach = 1_000

    static func compute(userID: String, store: any DataStore) async throws -> Components.Schemas.Stats {
        let interactions = try await store.interactions(userID: userID)
        var counts: [InteractionKind: Int] = [:]
        for interaction in interactions { counts[interaction.kind, default: 0] += 1 }
        var seen = Set<String>()
        var languages: [String: Int] = [:]
        var topics: [String: Int] = [:]
        for list in RepositoryList.allCases {
            var page = 1
            while (page - 1) * PageRequest.maximumPerPage < listReach {
                let result = try await store.list(
                    list, userID: userID, page: PageRequest(page: page, perPage: PageRequest.maximumPerPage))
                for entry in result.items where seen.insert(entry.repository.repositoryName.key).inserted {
                    if let language = entry.repository.language { languages[language, default: 0] += 1 }
                    for topic in entry.repository.topics { topics[topic, default: 0] += 1 }
                }
                if result.items.count < PageRequest.maximumPerPage { break }
                page += 1
            }
        }
        return .init(
            likes: counts[.like] ?? 0, saves: counts[.save] ?? 0, skips: counts[.skip] ?? 0, views: counts[.view] ?? 0,
            opens: counts[.open] ?? 0, topLanguages: top(languages), topTopics: top(topics))
    }

    private static func top(_ counts: [String: Int]) -> [Components.Schemas.NamedCount] {
        counts.sorted { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }.prefix(topCount).map {
            .init(name: $0.key, count: $0.value)
        }
    }
}
