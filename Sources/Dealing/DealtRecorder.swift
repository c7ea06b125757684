import Foundation
import Logging
import RepoFinderCore
import Storage
import Synchronization

/// Records which cards were dealt to whom.
///
/// The store says how (``DealtCardsRecording``). On a store several servers share (PostgreSQL) it records at once,
/// and the store decides which cards are new, so two servers never deal a person the same card. On a store one server
/// owns (a SQLite file) this server's sessions already know what they dealt, so the cards are written behind, every
/// person's together, whenever ``DealtFlushService`` flushes (every second): a deal then costs no write of its own. Writing a few cards into each of many
/// people's rows per request had made the database write the same pages over and over (about 90 KB per request),
/// which capped the deck at a third of what it serves now. After `kill -9`, the cards of the last interval are
/// forgotten and may be dealt again; a graceful stop writes everything.
///
/// Today's picks (Home) go the same way: kept by the store at once when it is shared (the first server to keep one
/// wins), written behind with the cards otherwise (one server's sessions are the only ones that pick).
public final class DealtRecorder: Sendable {
    private struct Dealt: Sendable {
        var names: [RepositoryName] = []
        var at = Date.distantPast
        /// Today's pick to keep, when one was made.
        var pick: Pick?
        /// Cards given back (dealt, never shown) that the store may hold already: forgotten after `names` are written.
        var returned: [RepositoryName] = []
    }

    /// A pick of the day, waiting to be kept.
    struct Pick: Sendable {
        var name: RepositoryName
        var day: Day
        var at: Date
    }

    private struct Queue {
        /// Waiting to be written.
        var pending: [String: Dealt] = [:]
        /// Being written now, by flush.
        var writing: [Int: [String: Dealt]] = [:]
        var flushes = 0
    }

    private let store: any DeckStore
    private let queue = Mutex(Queue())
    private let logger: Logger

    init(store: any DeckStore, logger: Logger) {
        self.store = store
        self.logger = logger
    }

    /// Records a deal and returns the cards that are new to the person: all of them when written behind, those the
    /// store had not recorded otherwise.
    func record(_ names: [RepositoryName], userID: String, at date: Date) async throws -> [RepositoryName] {
        guard store.dealtCardsRecording == .writeBehind else {
            return try await store.recordServed(names, userID: userID, at: date)
        }
        queue.withLock { queue in
            queue.pending[userID, default: Dealt()].names += names
            queue.pending[userID]?.at = date
            // A card given back and dealt again before the flush stays dealt.
            if queue.pending[userID]?.returned.isEmpty == false {
                let keys = Set(names.map(\.key))
                queue.pending[userID]?.returned.removeAll { keys.contains($0.key) }
            }
        }
        return names
    }

    /// Cards dealt to the person that the store may not have yet (less those given back since).
    func unwritten(userID: String) -> [RepositoryName] {
        queue.withLock { queue in
            let batches =
                queue.writing.sorted { $0.key < $1.key }.compactMap { $0.value[userID] }
                + [queue.pending[userID]].compactMap { $0 }
            var dealt: [String: RepositoryName] = [:]
            for batch in batches {
                for name in batch.names { dealt[name.key] = name }
                for name in batch.returned { dealt[name.key] = nil }
            }
            return Array(dealt.values)
        }
    }

    /// Gives cards back to the pool (dealt to the person, never shown): at once on a shared store; otherwise taken
    /// out of what waits to be written, and forgotten by the store at the next flush in case it has them already.
    func giveBack(_ names: [RepositoryName], userID: String) async throws {
        guard store.dealtCardsRecording == .writeBehind else {
            _ = try await store.returnServed(names, userID: userID)
            return
        }
        let keys = Set(names.map(\.key))
        queue.withLock { queue in
            queue.pending[userID, default: Dealt()].names.removeAll { keys.contains($0.key) }
            queue.pending[userID]?.returned += names
        }
    }

    /// Whether today's pick is written behind (the caller keeps it with ``keepBehind(_:)``) or kept by the store
    /// at once (``DataStore/keepDailyPick(_:userID:day:at:)``, which says which pick the day has).
    var keepsPicksBehind: Bool { store.dealtCardsRecording == .writeBehind }

    /// Queues the person's pick of `pick.day` to be kept at the next flush. The caller (the person's session) has
    /// checked that the day has no pick yet, in the store or in ``unwrittenPick(userID:day:)``.
    func keepBehind(_ pick: Pick, userID: String) {
        queue.withLock { queue in queue.pending[userID, default: Dealt()].pick = pick }
    }

    /// The person's pick of `day` that the store may not have yet.
    func unwrittenPick(userID: String, day: Day) -> RepositoryName? {
        queue.withLock { queue in
            // The pending one is the newest (a pick replaced by "Not for me" while the first was being written).
            let waiting =
                queue.writing.sorted { $0.key < $1.key }.map { $0.value[userID]?.pick } + [
                    queue.pending[userID]?.pick
                ]
            return waiting.compactMap { $0 }.last { $0.day == day }?.name
        }
    }

    /// Writes what is waiting, every person's at once (SQLite groups them into one transaction). What could not be
    /// written waits for the next flush; a person who no longer exists is dropped.
    public func flush() async {
        let (flush, batch) = queue.withLock { queue in
            queue.flushes += 1
            queue.writing[queue.flushes] = queue.pending
            queue.pending = [:]
            return (queue.flushes, queue.writing[queue.flushes]!)
        }
        guard !batch.isEmpty else {
            queue.withLock { _ = $0.writing.removeValue(forKey: flush) }
            return
        }
        let failed = await withTaskGroup(of: (String, Dealt)?.self) { group in
            for (userID, dealt) in batch {
                group.addTask {
                    var left = dealt
                    do {
                        if !dealt.names.isEmpty {
                            _ = try await self.store.recordServed(dealt.names, userID: userID, at: dealt.at)
                            left.names = []
                        }
                        if !dealt.returned.isEmpty {
                            _ = try await self.store.returnServed(dealt.returned, userID: userID)
                            left.returned = []
                        }
                        if let pick = dealt.pick {
                            _ = try await self.store.keepDailyPick(
                                pick.name, userID: userID, day: pick.day, at: pick.at)
                        }
                        return nil
                    } catch StorageError.unknownUser {
                        return nil
                    } catch StorageError.unknownRepositories where left.names.isEmpty && left.returned.isEmpty {
                        // The picked repository left the catalog before it was kept: the next visit picks again.
                        return nil
                    } catch {
                        return (userID, left)
                    }
                }
            }
            var failed: [(String, Dealt)] = []
            for await result in group { if let result { failed.append(result) } }
            return failed
        }
        queue.withLock { queue in
            for (userID, dealt) in failed {
                let later = queue.pending[userID]
                queue.pending[userID] = Dealt(
                    names: dealt.names + (later?.names ?? []), at: later?.at ?? dealt.at,
                    pick: later?.pick ?? dealt.pick, returned: dealt.returned + (later?.returned ?? []))
            }
            queue.writing[flush] = nil
        }
        if !failed.isEmpty {
            logger.error(
                "could not record the cards dealt; trying again at the next flush",
                metadata: ["people": "\(failed.count)"])
        }
    }
}
