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
    private let announce: @Sendable (String) -> Void
    /// One session refreshes from the store at a time: a refresh is never urgent, and on a machine of few cores the
    /// requests keep the rest (and a request that must wait for a read, a person's first load, finds a reader free).
    private let refreshes = RefreshLimiter(limit: 1)

    /// - Parameters:
    ///   - served: where dealt cards are recorded (the deck service's recorder).
    ///   - refresh: how long a session's taste is trusted before it is read from the store again.
    ///   - observe: told of every deal (for metrics).
    ///   - announce: told of each change this server makes to a person's taste or lists, by account (other servers
    ///     sharing the store read it again: ``changedElsewhere(_:)``).
    public init(
        store: any AccountStore & InteractionStore & DeckStore, served: DealtRecorder, maximumCached: Int = 100_000,
        refresh: Duration = .seconds(60),
        observe: @escaping DealObserver = { _, _ in }, announce: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.announce = announce
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

    /// Another server changed the person's taste or lists: their session, if this server holds one, reads the store
    /// before its next answer.
    public func changedElsewhere(_ userID: String) async {
        guard let session = sessions.withLock({ $0[userID] }) else { return }
        await session.changedElsewhere()
    }

    /// Changes may have been missed: every session reads the store before its next answer.
    public func changedElsewhereAll() async {
        for session in sessions.withLock({ Array($0.values) }) { await session.changedElsewhere() }
    }

    /// The person's session (made on first use).
    public func session(_ userID: String) -> PersonSession {
        sessions.withLock { sessions in
            if let session = sessions[userID] { return session }
            if sessions.count >= maximumCached { sessions.removeAll(keepingCapacity: true) }
            let session = PersonSession(
                userID: userID, store: store, served: served, refresh: refresh, refreshes: refreshes,
                observe: observe, announce: announce)
            sessions[userID] = session
            return session
        }
    }
}
