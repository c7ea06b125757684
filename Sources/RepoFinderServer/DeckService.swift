import Foundation
public import Logging
public import Recommender
import RepoFinderCore
import ServiceLifecycle
public import Storage
import Synchronization

/// Holds the recommender the server deals with, built from the catalog and everyone's stored interactions, and
/// rebuilds it in the background when new likes, saves and opens have come in (every `interval` at most); records
/// what it dealt (``ServedRecorder``).
public final class DeckService: Sendable {
    private let store: any DataStore
    private let extraCommunity: [CommunitySignal]
    private let built: Mutex<(recommender: Recommender, encoded: EncodedRepositories)>
    private let pendingSignals = Atomic<Int>(0)
    private let logger: Logger
    /// What was dealt to whom, on its way to the store.
    let served: ServedRecorder

    private init(
        store: any DataStore, extraCommunity: [CommunitySignal], recommender: Recommender,
        encoded: EncodedRepositories, logger: Logger
    ) {
        self.store = store
        self.served = ServedRecorder(store: store, logger: logger)
        self.extraCommunity = extraCommunity
        self.built = Mutex((recommender, encoded))
        self.logger = logger
    }

    /// Builds the first index (off the cooperative threads) and returns the service.
    /// - Parameter extraCommunity: community signals from outside the store (a stars file), learnt alongside.
    public static func make(store: any DataStore, extraCommunity: [CommunitySignal] = [], logger: Logger) async throws
        -> DeckService
    {
        let (recommender, encoded) = try await build(store: store, extraCommunity: extraCommunity, logger: logger)
        return DeckService(
            store: store, extraCommunity: extraCommunity, recommender: recommender, encoded: encoded, logger: logger)
    }

    /// Writes the dealt cards that wait to be written (the server does so every second and when it stops).
    public func flushServed() async {
        await served.flush()
    }

    /// The recommender to deal with now.
    public var recommender: Recommender { built.withLock { $0.recommender } }

    /// The recommender to deal with now and the repositories of its index as JSON, for the feed.
    var current: (recommender: Recommender, encoded: EncodedRepositories) { built.withLock { $0 } }

    /// Notes that interactions were stored; positive ones make the next rebuild worthwhile.
    func noteSignals(_ count: Int) {
        if count > 0 { pendingSignals.add(count, ordering: .relaxed) }
    }

    /// Rebuilds the index if new signals came in since the last build; true if it did.
    @discardableResult
    public func rebuildIfNeeded() async throws -> Bool {
        let pending = pendingSignals.exchange(0, ordering: .relaxed)
        guard pending > 0 else { return false }
        do {
            let built = try await Self.build(store: store, extraCommunity: extraCommunity, logger: logger)
            self.built.withLock { $0 = built }
            return true
        } catch {
            pendingSignals.add(pending, ordering: .relaxed)
            throw error
        }
    }

    /// The recommender over the store's catalog and interactions, and its repositories encoded for the feed.
    private static func build(store: any DataStore, extraCommunity: [CommunitySignal], logger: Logger) async throws
        -> (recommender: Recommender, encoded: EncodedRepositories)
    {
        let start = ContinuousClock.now
        let catalog = try await store.allRepositories()
        let community =
            extraCommunity
            + (try await store.everyonesInteractions()).compactMap { interaction -> CommunitySignal? in
                let kind = SignalKind(interaction.kind)
                guard kind.weight > 0 else { return nil }
                return CommunitySignal(
                    person: "u:" + interaction.userID, repositoryKey: interaction.repositoryKey, kind: kind)
            }
        let index = await RecommendationIndex.build(
            repositories: catalog, community: community, weeklyGains: try await store.weeklyGains())
        logger.info(
            "recommender: \(catalog.count) repositories, \(community.count) community signals, built in \(ContinuousClock.now - start)"
        )
        let encoded = await offThePool { EncodedRepositories(index) }
        return (Recommender(index: index), encoded)
    }
}

/// Rebuilds the deck's index on a timer while the server runs.
struct DeckRebuildService: Service {
    let deck: DeckService
    let interval: Duration
    let logger: Logger

    func run() async throws {
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
            } catch {
                return
            }
            do {
                try await deck.rebuildIfNeeded()
            } catch {
                logger.error("recommender rebuild failed: \(error)")
            }
        }
    }
}
