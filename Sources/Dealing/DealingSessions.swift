import Foundation
import RepoFinderCore
public import Storage
import Synchronization

/// Every person's dealing session (``PersonSession``), made on first use and kept in memory.
public final class DealingSessions: Sendable {
    /// Told of every deal: how long the recommender took and how many cards it dealt.
    public typealias DealObserver = @Sendable (_ duration: Duration, _ cards: Int) -> Void

    private let store: any AccountStore & InteractionStore & DeckStore
    private let sessions = Mutex<[String: PersonSession]>([:])
    private let maximumCached: Int
    private let refresh: Duration
    private let served: DealtRecorder
    private let observe: DealObserver
    /// One session refreshes from the store at a time: a refresh is never urgent, and on a machine of few cores the
    /// requests keep the rest (and a request that must wait for a read, a person's first load, finds a reader free).
    private let refreshes = RefreshLimiter(limit: 1)

    /// - Parameters:
    ///   - served: where dealt cards are recorded (the deck service's recorder).
    ///   - refresh: how long a session's taste is trusted before it is read from the store again.
    ///   - observe: told of every deal (for metrics).
    public init(
        store: any AccountStore & InteractionStore & DeckStore, served: DealtRecorder, maximumCached: Int = 100_000,
        refresh: Duration = .seconds(60),
        observe: @escaping DealObserver = { _, _ in }
    ) {
        self.store = store
        self.served = served
        self.maximumCached = maximumCached
        self.refresh = refresh
        self.observe = observe
    }

    /// Drops a person's session: the next request loads it from the store again (their account was merged).
    public func forget(_ userID: String) {
        _ = sessions.withLock { $0.removeValue(forKey: userID) }
    }

    /// The person's session (made on first use).
    public func session(_ userID: String) -> PersonSession {
        sessions.withLock { sessions in
            if let session = sessions[userID] { return session }
            if sessions.count >= maximumCached { sessions.removeAll(keepingCapacity: true) }
            let session = PersonSession(
                userID: userID, store: store, served: served, refresh: refresh, refreshes: refreshes,
                observe: observe)
            sessions[userID] = session
            return session
        }
    }
}
