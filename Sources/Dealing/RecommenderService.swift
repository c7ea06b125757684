import Foundation
public import Logging
public import Recommender
import RepoFinderCore
public import Storage
import Synchronization

/// Holds the recommender a server deals with, built from the catalog and everyone's stored interactions, and
/// rebuilds it when new likes, saves and opens have come in (``RecommenderRebuildService`` asks every interval); records
/// what it dealt through ``served``.
///
/// `Companion` is whatever the caller derives from each index and wants replaced together with it (the server's
/// pre-encoded JSON of every repository, for example); ``NoCompanion`` when nothing is.
public final class RecommenderService<Companion: Sendable>: Sendable {
    /// Makes the companion of a newly built index (called off the cooperative threads).
    public typealias MakeCompanion = @Sendable (RecommendationIndex) -> Companion

    private let store:
        any CatalogStore & AccountStore & InteractionStore & DeckStore & AnalyticsStore & CuratedListStore
    private let extraCommunity: [CommunitySignal]
    private let makeCompanion: MakeCompanion
    private let built: Mutex<(recommender: Recommender, companion: Companion)>
    private let pendingSignals = Atomic<Int>(0)
    private let logger: Logger
    /// What was dealt to whom, on its way to the store.
    public let served: DealtRecorder
    /// What was dealt, counted for the maintainer dashboards, on its way to the store.
    public let ledger: DealtLedger

    private init(
        store: any CatalogStore & AccountStore & InteractionStore & DeckStore & AnalyticsStore & CuratedListStore,
        extraCommunity: [CommunitySignal],
        makeCompanion: @escaping MakeCompanion,
        built: (recommender: Recommender, companion: Companion), logger: Logger
    ) {
        self.store = store
        self.served = DealtRecorder(store: store, logger: logger)
        self.ledger = DealtLedger(store: store, logger: logger)
        self.extraCommunity = extraCommunity
        self.makeCompanion = makeCompanion
        self.built = Mutex(built)
        self.logger = logger
    }

    /// Builds the first index (off the cooperative threads) and returns the service.
    /// - Parameters:
    ///   - extraCommunity: community signals from outside the store (a stars file), learnt alongside.
    ///   - makeCompanion: what to derive from each index built.
    public static func make(
        store: any CatalogStore & AccountStore & InteractionStore & DeckStore & AnalyticsStore & CuratedListStore,
        extraCommunity: [CommunitySignal] = [],
        logger: Logger,
        makeCompanion: @escaping MakeCompanion
    ) async throws -> RecommenderService {
        let built = try await build(
            store: store, extraCommunity: extraCommunity, makeCompanion: makeCompanion, logger: logger)
        return RecommenderService(
            store: store, extraCommunity: extraCommunity, makeCompanion: makeCompanion, built: built, logger: logger)
    }

    /// Writes the dealt cards and the dashboards' counts that wait to be written (``DealtFlushService`` does so
    /// every second and at the end).
    public func flushDealt() async {
        async let cards: Void = served.flush()
        await ledger.flush()
        await cards
    }

    /// The recommender to deal with now.
    public var recommender: Recommender { built.withLock { $0.recommender } }

    /// The recommender to deal with now and its companion, taken together (a rebuild replaces both).
    public var current: (recommender: Recommender, companion: Companion) { built.withLock { $0 } }

    /// Notes that interactions were stored; positive ones make the next rebuild worthwhile.
    public func noteSignals(_ count: Int) {
        if count > 0 { pendingSignals.add(count, ordering: .relaxed) }
    }

    /// Rebuilds the index if new signals came in since the last build; true if it did.
    @discardableResult
    public func rebuildIfNeeded() async throws -> Bool {
        let pending = pendingSignals.exchange(0, ordering: .relaxed)
        guard pending > 0 else { return false }
        do {
            let built = try await Self.build(
                store: store, extraCommunity: extraCommunity, makeCompanion: makeCompanion, logger: logger)
            self.built.withLock { $0 = built }
            return true
        } catch {
            pendingSignals.add(pending, ordering: .relaxed)
            throw error
        }
    }

    /// The recommender over the store's catalog and interactions, and its companion.
    private static func build(
        store: any CatalogStore & AccountStore & InteractionStore & DeckStore & AnalyticsStore & CuratedListStore,
        extraCommunity: [CommunitySignal],
        makeCompanion: @escaping MakeCompanion,
        logger: Logger
    ) async throws -> (recommender: Recommender, companion: Companion) {
        let start = ContinuousClock.now
        let catalog = try await store.allRepositories()
        let community = extraCommunity + sharedSignals(from: try await store.everyonesInteractions())
        let index = await RecommendationIndex.build(
            repositories: catalog, community: community, weeklyGains: try await store.weeklyGains(),
            listings: try await store.allCuratedListEntries())
        logger.info(
            "recommender built",
            metadata: [
                "repositories": "\(catalog.count)", "community_signals": "\(community.count)",
                "duration": "\(ContinuousClock.now - start)",
            ])
        let companion = await offThePool { makeCompanion(index) }
        return (Recommender(index: index), companion)
    }
}

/// What this server's people did that the shared model may learn from: each positive interaction (a like, a save, an
/// open) on a repository that at least `minimumPeople` of them signalled. Below that, what a few people liked would be
/// readable from another person's deck (issue 63: with three people on a server, two likes of Grafana in common dealt
/// one person's databases to the other). Each person's own likes still shape their own deck; a community data set
/// (`extraCommunity`, people not of this server) is learnt from whole.
func sharedSignals(
    from interactions: [PersonInteraction], minimumPeople: Int = RecommenderConfiguration().minimumPeople
) -> [CommunitySignal] {
    let signals = interactions.compactMap { interaction -> CommunitySignal? in
        let kind = SignalKind(interaction.kind)
        guard kind.weight > 0 else { return nil }
        return CommunitySignal(person: "u:" + interaction.userID, repositoryKey: interaction.repositoryKey, kind: kind)
    }
    var people: [String: Set<String>] = [:]
    for signal in signals { people[signal.repositoryKey, default: []].insert(signal.person) }
    return signals.filter { (people[$0.repositoryKey]?.count ?? 0) >= minimumPeople }
}

/// The companion of a ``RecommenderService`` that derives nothing from its index.
public struct NoCompanion: Sendable {
    public init() {}
}

extension RecommenderService where Companion == NoCompanion {
    /// Builds the first index of a service without a companion.
    public static func make(
        store: any CatalogStore & AccountStore & InteractionStore & DeckStore & AnalyticsStore & CuratedListStore,
        extraCommunity: [CommunitySignal] = [],
        logger: Logger
    )
        async throws -> RecommenderService
    {
        try await make(store: store, extraCommunity: extraCommunity, logger: logger) { _ in NoCompanion() }
    }
}
