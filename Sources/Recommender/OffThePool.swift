public import Foundation
public import RepoFinderCore

extension RecommendationIndex {
    /// Builds the index like ``init(repositories:community:weeklyGains:now:configuration:embedder:listings:)``, but off Swift
    /// concurrency's cooperative threads: use this from async code (a server, a command), since a build keeps every
    /// core busy for a second or more.
    public static func build(
        repositories: [Repository], community: [CommunitySignal] = [], weeklyGains: [String: Int] = [:],
        now: Date? = nil, configuration: RecommenderConfiguration = RecommenderConfiguration(),
        listings: [CuratedListEntry] = []
    ) async -> RecommendationIndex {
        await offThePool {
            RecommendationIndex(
                repositories: repositories, community: community, weeklyGains: weeklyGains, now: now,
                configuration: configuration, listings: listings)
        }
    }
}

extension OfflineEvaluation {
    /// ``run(catalog:)`` off the cooperative threads.
    public func evaluate(catalog: [Repository]) async -> Result {
        await offThePool { self.run(catalog: catalog) }
    }
}
