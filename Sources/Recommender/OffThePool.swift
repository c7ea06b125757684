import Dispatch
public import Foundation
public import RepoFinderCore

/// Runs long, CPU-bound work on a Dispatch thread and suspends the caller meanwhile, so that Swift concurrency's few
/// cooperative threads (one per core) stay free for I/O, timers and deadlines.
func offThePool<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { continuation in
        DispatchQueue.global(qos: .userInitiated).async { continuation.resume(returning: work()) }
    }
}

extension RecommendationIndex {
    /// Builds the index like ``init(repositories:community:weeklyGains:now:configuration:)``, but off Swift
    /// concurrency's cooperative threads: use this from async code (a server, a command), since a build keeps every
    /// core busy for a second or more.
    public static func build(
        repositories: [Repository], community: [CommunitySignal] = [], weeklyGains: [String: Int] = [:],
        now: Date? = nil, configuration: RecommenderConfiguration = RecommenderConfiguration()
    ) async -> RecommendationIndex {
        await offThePool {
            RecommendationIndex(
                repositories: repositories, community: community, weeklyGains: weeklyGains, now: now,
                configuration: configuration)
        }
    }
}

extension OfflineEvaluation {
    /// ``run(catalog:)`` off the cooperative threads.
    public func evaluate(catalog: [Repository]) async -> Result {
        await offThePool { self.run(catalog: catalog) }
    }
}
