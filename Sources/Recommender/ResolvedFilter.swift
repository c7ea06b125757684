public import Foundation
public import RepoFinderCore

/// A ``DeckFilter`` resolved against one index: languages as the index's ids, clusters as positions, health as the
/// earliest last push it allows; what a deal checks for every candidate, without strings.
struct ResolvedFilter {
    /// No narrowing at all.
    let isEmpty: Bool
    /// Allowed language ids (`nil`: any language).
    private let languages: Set<Int32>?
    /// Allowed cluster positions (`nil`: any cluster).
    private let clusters: Set<UInt8>?
    private let minimumStars: Int
    private let health: RepositoryHealth.Level?
    private let now: Date

    init(_ filter: DeckFilter, index: RecommendationIndex, now: Date) {
        isEmpty = filter.isEmpty
        languages =
            filter.languages.isEmpty
            ? nil : Set(filter.languages.compactMap { index.facts.languages.ids[$0.lowercased()] })
        clusters =
            filter.clusters.isEmpty
            ? nil
            : Set(filter.clusters.compactMap { id in TopicCluster.all.firstIndex { $0.id == id }.map(UInt8.init) })
        minimumStars = filter.minimumStars
        health = filter.health
        self.now = now
    }

    /// Whether the repository at `item` is inside the filter (archived or seen is the scorer's concern).
    func allows(_ item: Int, in index: RecommendationIndex) -> Bool {
        if isEmpty { return true }
        if let languages, !languages.contains(index.facts.languageOf[item]) { return false }
        if let clusters, !clusters.contains(index.facts.clusterOf[item]) { return false }
        let repository = index.repositories[item]
        if repository.stars < minimumStars { return false }
        if let health {
            guard let level = RepositoryHealth.assess(repository, now: now)?.level else { return false }
            switch health {
            case .active: return level == .active
            case .quiet: return level != .dormant
            case .dormant: return true
            }
        }
        return true
    }
}

extension Recommender {
    /// How many repositories of the catalog `filter` allows (archived ones never count), seen or not.
    public func matching(_ filter: DeckFilter, now: Date = Date()) -> Int {
        let resolved = ResolvedFilter(filter, index: index, now: now)
        var count = 0
        for item in 0..<index.count where !index.archived[item] && resolved.allows(item, in: index) { count += 1 }
        return count
    }
}
