public import Foundation
public import Recommender
public import RepoFinderAPI
public import RepoFinderCore

extension APISchemas {
    /// A comparison as the contract's `Comparison`; `fits` (same order, may be empty) adds the person's fit.
    public static func comparison(
        _ comparison: Comparison, fits: [Recommendation?], now: Date, viewers: [String: RepositoryState]? = nil
    ) -> Components.Schemas.Comparison {
        let route = Route.compare(comparison.entries.map(\.repository.repositoryName))
        let items = comparison.entries.enumerated().map { position, entry in
            let fit = position < fits.count ? fits[position] : nil
            return Components.Schemas.ComparedRepository(
                repository: repository(entry.repository, now: now, viewer: viewers?[entry.repository.id]),
                gained7: entry.gained7, gained30: entry.gained30,
                issuesPerStar: entry.issuesPerStar, likedHere: entry.likedHere,
                best: ComparedFact.allCases.filter { comparison.isBest(position, $0) }.map {
                    Components.Schemas.ComparedFact(rawValue: $0.rawValue)!
                },
                sharedTopics: entry.repository.topics.filter { comparison.sharedTopics.contains($0) },
                history: entry.history.map { .init(day: $0.day.description, stars: $0.stars, forks: $0.forks) },
                reason: comparison.reasons[position], fitScore: fit?.fit, fitReasons: fit?.reasons)
        }
        return .init(items: items, deepLink: route.deepLink, webPath: route.webPath)
    }
}
