public import Foundation
public import Logging
public import RepoFinderCore
public import Storage
import Synchronization

/// What the server dealt, kept for the maintainer dashboards: held here and written behind the answers, every
/// person's together, whenever ``DealtFlushService`` flushes (every ten seconds), never one deal at a time.
///
/// Cards that count every time they are dealt (the deck's, Ask's sources) are added up per repository, day, source
/// and reason (``DealtTally``), so a second of deals is a few hundred upserts however many people swiped; a card that
/// counts once per id (Home's pick of the day, an area's repositories a day) is a dealt event of its person, and its
/// id keeps a retried write from counting it twice. Awaiting an insert per card on every deal had made the deck
/// eight times slower (issue 64).
///
/// The promise: each deal is counted once; a flush that fails is added back and tried again at the next one; a
/// graceful stop writes everything; `kill -9` forgets at most the last ten seconds of counts (the deck's own record
/// of what it dealt, ``DealtRecorder``, loses its last second). While the store keeps failing, at most
/// ``maximumWaitingEvents`` events wait; later ones are dropped and logged (counts never are: they are bounded by the
/// catalog).
public final class DealtLedger: Sendable {
    /// Most per-person dealt events held while the store cannot take them.
    public static let maximumWaitingEvents = 100_000

    /// A tally as it waits: the name as dealt (owner and name hashed as written, not lowercased or joined: the
    /// store adds up spellings of one repository), with its day, source and reason.
    /// Hashed once, when made (outside the lock, by the deal that counts it): the table only combines `hash`.
    private struct Counted: Hashable {
        let owner: String
        let name: String
        let day: Day
        let source: DealtSource
        let reason: String
        let hash: Int

        init(owner: String, name: String, day: Day, source: DealtSource, reason: String) {
            self.owner = owner
            self.name = name
            self.day = day
            self.source = source
            self.reason = reason
            var hasher = Hasher()
            hasher.combine(owner)
            hasher.combine(name)
            hasher.combine(day)
            hasher.combine(source)
            hasher.combine(reason)
            hash = hasher.finalize()
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }

        static func == (left: Counted, right: Counted) -> Bool {
            left.hash == right.hash && left.owner == right.owner && left.name == right.name && left.day == right.day
                && left.source == right.source && left.reason == right.reason
        }
    }

    private typealias Tallies = [Counted: (name: RepositoryName, count: Int)]

    /// Counts waiting in one part: by name, and the deck's by position in a catalog (``DealtCatalog``), keyed by a
    /// number so that counting a card hashes no text (``PlacedKey``).
    private struct Counts {
        var named = Tallies()
        var catalog: DealtCatalog?
        var placed: [UInt64: Int] = [:]

        /// Moves the counts by position into ``named`` (before counting in another catalog, and at a flush).
        mutating func name() {
            if let catalog {
                for (key, count) in placed {
                    let placed = PlacedKey(key)
                    let name = catalog.names[placed.position]
                    let counted = Counted(
                        owner: name.owner, name: name.name, day: placed.day, source: placed.source,
                        reason: placed.reason)
                    named[counted, default: (name, 0)].count += count
                }
            }
            placed = [:]
        }
    }

    /// A card counted by position, as one number: its position in the catalog (32 bits), its reason's kind plus one
    /// (0: none; 8 bits), the day (days since 1970, 16 bits) and the source (8 bits).
    private struct PlacedKey {
        let position: Int
        let reason: String
        let day: Day
        let source: DealtSource

        init(_ key: UInt64) {
            position = Int(key & 0xFFFF_FFFF)
            let kind = Int((key >> 32) & 0xFF)
            reason = kind == 0 ? "" : Reason.kind(numbered: UInt8(kind - 1)) ?? ""
            day = Day(daysSinceEpoch: Int((key >> 40) & 0xFFFF))
            source = DealtSource.allCases[Int(key >> 56)]
        }

        /// The key's day and source, or nil when the day does not fit in 16 bits.
        static func high(day: Day, source: DealtSource) -> UInt64? {
            guard (0..<65_536).contains(day.daysSinceEpoch),
                let sourceNumber = DealtSource.allCases.firstIndex(of: source)
            else { return nil }
            return UInt64(day.daysSinceEpoch) << 40 | UInt64(sourceNumber) << 56
        }

        /// The key's position and reason (a number that names no kind counts as none).
        static func low(position: Int, reason: UInt8?) -> UInt64 {
            let kind = reason.flatMap { Reason.kind(numbered: $0) == nil ? nil : UInt64($0) + 1 } ?? 0
            return UInt64(UInt32(truncatingIfNeeded: position)) | kind << 32
        }
    }

    /// Tallies waiting, one part of ``parts``: each thread counts into a part of its own (picked by its identity), so
    /// the cores do not write the same table (a shared one cost a deal more than its dictionary look-ups).
    private final class Part: Sendable {
        let counts = Mutex(Counts())
    }

    private struct Waiting {
        /// Each person's events by id: one that came again before the flush (Home opened twice) waits once.
        var events: [String: [String: AnalyticsEvent]] = [:]
        var eventCount = 0
        var dropped = 0

        /// Adds events not waiting yet, as many as fit under the bound; counts the rest of the new ones as dropped.
        mutating func add(_ added: [AnalyticsEvent], userID: String) {
            for event in added where events[userID]?[event.id] == nil {
                guard eventCount < DealtLedger.maximumWaitingEvents else {
                    dropped += 1
                    continue
                }
                events[userID, default: [:]][event.id] = event
                eventCount += 1
            }
        }
    }

    private let store: any AnalyticsStore
    private let waiting = Mutex(Waiting())
    private let parts = (0..<32).map { _ in Part() }
    /// One flush at a time: a flush called while another writes waits for it, so that when it returns, everything
    /// dealt before the call is in the store (what a test, a merge of accounts or a stop relies on).
    private let flushing = FlushTurn()
    private let logger: Logger

    /// A ledger writing into `store`.
    public init(store: any AnalyticsStore, logger: Logger) {
        self.store = store
        self.logger = logger
    }

    /// Counts cards dealt from `source` at `date`, each with the kind of the first reason shown with it.
    public func count(_ cards: [(RepositoryName, reason: String?)], source: DealtSource, at date: Date) {
        guard !cards.isEmpty else { return }
        let day = Day(containing: date)
        let counted = cards.map { name, reason in
            (Counted(owner: name.owner, name: name.name, day: day, source: source, reason: reason ?? ""), name)
        }
        parts[ThreadIdentity.part(of: parts.count)].counts.withLock { counts in
            for (key, name) in counted { counts.named[key, default: (name, 0)].count += 1 }
        }
    }

    /// Counts the deck's cards dealt at `date` by their positions in `catalog`, each with the kind of its first reason
    /// (``Reason/kindNumber``): what ``count(_:source:at:)`` counts, without hashing names per card. A position
    /// outside the catalog names nothing and is not counted.
    public func count(
        _ cards: [(position: Int, reason: UInt8?)], in catalog: DealtCatalog, source: DealtSource, at date: Date
    ) {
        guard !cards.isEmpty else { return }
        let day = Day(containing: date)
        let names = catalog.names
        guard let high = PlacedKey.high(day: day, source: source) else {
            // A day past 2149: counted by name.
            count(
                cards.filter { names.indices.contains($0.position) }.map {
                    (names[$0.position], $0.reason.flatMap(Reason.kind(numbered:)))
                }, source: source, at: date)
            return
        }
        parts[ThreadIdentity.part(of: parts.count)].counts.withLock { counts in
            if counts.catalog !== catalog {
                counts.name()
                counts.catalog = catalog
            }
            for card in cards where names.indices.contains(card.position) {
                counts.placed[high | PlacedKey.low(position: card.position, reason: card.reason), default: 0] += 1
            }
        }
    }

    /// Keeps a person's dealt events (each with the id that makes it count once) until the next flush.
    public func record(_ events: [AnalyticsEvent], userID: String) {
        guard !events.isEmpty else { return }
        waiting.withLock { $0.add(events, userID: userID) }
    }

    /// Writes what waits, in one call to the store; what could not be written is added back for the next flush.
    public func flush() async {
        await flushing.take()
        defer { flushing.give() }
        var tallies = Tallies()
        for part in parts {
            let taken = part.counts.withLock { counts in
                counts.name()
                defer { counts.named = [:] }
                return counts.named
            }
            tallies.merge(taken) { (name: $0.name, count: $0.count + $1.count) }
        }
        let (events, dropped) = waiting.withLock { waiting in
            defer { waiting = Waiting() }
            return (waiting.events, waiting.dropped)
        }
        let batch = DealtBatch(
            tallies: tallies.map { counted, value in
                DealtTally(
                    key: .init(
                        repository: value.name, day: counted.day, source: counted.source, reason: counted.reason),
                    count: value.count)
            },
            events: events.mapValues { Array($0.values).sorted { $0.at < $1.at } })
        if dropped > 0 {
            logger.error("dealt events dropped: the store has not taken them", metadata: ["events": "\(dropped)"])
        }
        guard !batch.isEmpty else { return }
        do {
            try await store.recordDealt(batch)
        } catch {
            logger.error(
                "could not record what was dealt; trying again at the next flush", metadata: ["error": "\(error)"])
            parts[0].counts.withLock { counts in
                for tally in batch.tallies {
                    let counted = Counted(
                        owner: tally.key.repository.owner, name: tally.key.repository.name, day: tally.key.day,
                        source: tally.key.source, reason: tally.key.reason)
                    counts.named[counted, default: (tally.key.repository, 0)].count += tally.count
                }
            }
            waiting.withLock { waiting in
                for (userID, events) in batch.events { waiting.add(events, userID: userID) }
            }
        }
    }
}

/// A turn to flush: one holder at a time, the others wait in order.
private final class FlushTurn: Sendable {
    private struct State {
        var held = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    func take() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state -> Bool in
                guard state.held else {
                    state.held = true
                    return true
                }
                state.waiters.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    func give() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiters.isEmpty else {
                state.held = false
                return nil
            }
            return state.waiters.removeFirst()
        }
        next?.resume()
    }
}

/// The names of a catalog's repositories by position (a recommender index's order), made once per index: the deck
/// counts its cards by position (``DealtLedger/count(_:in:source:at:)``) and the ledger names them at the flush.
public final class DealtCatalog: Sendable {
    /// The repositories' names, by position.
    public let names: [RepositoryName]

    public init(names: [RepositoryName]) {
        self.names = names
    }
}
