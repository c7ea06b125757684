public import Foundation
public import ImageLoading
import Localization
public import Observation
public import OfflineStore
public import RepoFinderClient
public import RepoFinderCore

/// The deck: one card on top, swiped right (like), up (save) or left (skip); the last of these can be undone. Cards
/// come in batches of ``batchSize``; the next batch is asked for when ``refillThreshold`` remain; the next
/// ``prefetchCount`` cards' avatars are prefetched. Every swipe goes to the outbox first (so it survives a crash or no
/// connection) and is sent in the background. The deck is cached on the device and opens from it without a connection.
/// Every ``redealAfter`` decisions the deck is dealt again: the next card is held back (``current`` is nil, the state
/// ``State/loading``) while the swipes are sent, the cards in hand that never reached the top go back to the server's
/// pool and a new batch follows, so the very next card reflects the latest swipes; after ``redealWait`` without an
/// answer the hand shows as it was (the web app does the same during a card's fly-off).
@Observable @MainActor
public final class DeckViewModel {
    public enum State: Hashable, Sendable {
        case idle
        /// The first cards are on their way.
        case loading
        /// A card is on top.
        case ready
        /// Nothing more matches; the server's words.
        case exhausted(String)
        /// No cards and none could be loaded; what to tell the person.
        case failed(String)
    }

    public enum Event: Hashable, Sendable {
        case appear
        case like
        case save
        case skip
        /// Takes back the last like, save or skip and brings its card back on top (while it is the last one).
        case undo
        /// Records that the top card was opened (the app then shows ``opened``).
        case open
        case retry
        /// Narrows the deck (an empty filter widens it to everything): saved for the person on the server, then the
        /// cards in hand the filter does not allow leave and the next ones follow it. Needs a connection.
        case setFilter(DeckFilter)
    }

    public static let batchSize = 20
    public static let refillThreshold = 5
    public static let prefetchCount = 3
    public static let redealAfter = 5
    /// How long a re-deal may hold the next card back before the hand shows as it was.
    public let redealWait: Duration

    public private(set) var state = State.idle
    public private(set) var cards: [Card] = []
    /// Something the person should know while the deck goes on (offline, a failed refill, an undo).
    public private(set) var notice: String?
    /// The address of the card last opened (the shell shows or opens it).
    public private(set) var opened: URL?
    /// The last like, save or skip: what ``Event/undo`` takes back.
    public private(set) var lastDecision: (card: Card, interaction: Interaction)?
    /// What the last flush of the outbox did (for diagnostics and tests).
    public private(set) var lastFlush: FlushReport?
    /// The filter the deck deals within (the person's saved one, as the last batch said; empty: none).
    public private(set) var filter = DeckFilter()
    /// How many repositories of the catalog ``filter`` allows, once a change of filter told.
    public private(set) var matching: Int?
    /// Whether the deck is narrowed, so an empty or exhausted deck can offer to widen it.
    public var canWiden: Bool { !filter.isEmpty }
    private var exhaustedMessage: String?
    private var refilling: Task<Void, Never>?

    private let service: any RepoFinderService
    private let outbox: Outbox
    private let recorder: InteractionRecorder
    private let cache: CardCache?
    private let images: ImageLoader?
    private let lists: ListCache?
    private let analytics: AnalyticsRecorder
    private let now: @Sendable () -> Date
    /// Counts changes of filter: a batch asked for before the last change is dropped (it was dealt by the old one).
    private var filterChanges = 0
    /// Likes, saves and skips since the last re-deal: at ``redealAfter``, the deck is dealt again (a refill while the
    /// hand runs low adds cards but leaves the older ones as they were dealt, so it does not count).
    private var sinceDeal = 0
    /// Ids of the cards that reached the top (seen): they never go back to the pool.
    private var shown: Set<String> = []
    /// Whether a re-deal holds the next card back.
    private var holding = false
    /// Whether the deck's running dry was recorded (once, until cards come again).
    private var emptiedRecorded = false

    /// The card on top (none while a re-deal holds it back).
    public var current: Card? { holding ? nil : cards.first }
    public var canUndo: Bool { lastDecision != nil }

    /// - Parameter analytics: where the deck's analytics events go (batches dealt, the deck running dry, swipes, undo,
    ///   opens, the screen shown).
    public init(
        service: any RepoFinderService, outbox: Outbox, cache: CardCache? = nil, images: ImageLoader? = nil,
        lists: ListCache? = nil, now: @escaping @Sendable () -> Date = Date.init,
        makeID: @escaping @Sendable () -> String = { UUID().uuidString }, redealWait: Duration = .milliseconds(1_500),
        analytics: AnalyticsRecorder = .disabled
    ) {
        self.redealWait = redealWait
        self.analytics = analytics
        self.service = service
        self.outbox = outbox
        self.recorder = InteractionRecorder(outbox: outbox, now: now, makeID: makeID)
        self.now = now
        self.cache = cache
        self.images = images
        self.lists = lists
    }

    /// Handles an event; the returned task finishes when its background work (refill, sending) has.
    @discardableResult
    public func send(_ event: Event) -> Task<Void, Never> {
        switch event {
        case .appear:
            analytics.screen(.discover)
            guard state == .idle else { return Task {} }
            if let cached = try? cache?.cards(), !cached.isEmpty {
                cards = cached
                // Kept from an earlier visit in the order dealt: only the first reached the top then.
                shown.insert(cached[0].id)
                state = .ready
                prefetchImages()
            }
            return background(refill: true)
        case .retry:
            notice = nil
            return background(refill: true)
        case .like: return swipe(.like)
        case .save: return swipe(.save)
        case .skip: return swipe(.skip)
        case .undo: return undo()
        case .setFilter(let filter): return Task { await self.change(filter) }
        case .open:
            guard let card = current else { return Task {} }
            notice = nil
            opened = card.repository.webURL
            guard record(.open, card: card) != nil else { return Task {} }
            analytics.track(.open)
            return background(refill: false)
        }
    }

    /// Sends what the outbox holds now and returns what happened (the terminal calls it before quitting).
    @discardableResult
    public func flush() async -> FlushReport {
        let report = await outbox.flush(to: service)
        lastFlush = report
        if let message = report.notice {
            notice = message
        } else if notice == ClientFailure.noConnection.message {
            notice = nil
        }
        return report
    }

    private func swipe(_ kind: InteractionKind) -> Task<Void, Never> {
        guard let card = current else { return Task {} }
        notice = nil
        guard let interaction = record(kind, card: card) else { return Task {} }
        analytics.track(.swipe, label: kind.rawValue)
        if let list = UserList(kind) {
            try? lists?.add(ListEntry(repository: card.repository, addedAt: now()), to: list)
        }
        cards.removeFirst()
        lastDecision = (card, interaction)
        sinceDeal += 1
        guard sinceDeal >= Self.redealAfter, !cards.isEmpty else {
            afterDeckChange()
            return background(refill: true)
        }
        holding = true
        afterDeckChange()
        let redealing = Task { await self.redeal() }
        let wait = redealWait
        let patience = Task {
            try? await Task.sleep(for: wait)
            self.reveal()
        }
        return Task {
            await redealing.value
            patience.cancel()
        }
    }

    /// Shows the hand again after a re-deal (or after waiting ``redealWait`` for one).
    private func reveal() {
        guard holding else { return }
        holding = false
        afterDeckChange()
    }

    /// Sends the swipes, gives the cards in hand that never reached the top back to the pool, and deals anew. Offline
    /// (or on any failure) the cards in hand stay and the next swipes try again.
    private func redeal() async {
        if let refilling { await refilling.value }
        guard exhaustedMessage == nil else {
            reveal()
            await flush()
            return
        }
        let report = await flush()
        guard report.remaining == 0 else {
            reveal()
            return await refillIfLow()
        }
        let unseen = cards.filter { !shown.contains($0.id) }
        if unseen.isEmpty {
            sinceDeal = 0
            reveal()
            return await refillIfLow()
        }
        do throws(ClientFailure) {
            let returned = try await service.giveBack(unseen.map(\.repository.repositoryName))
            // A card that reached the top meanwhile stays in hand, and a view tells the server it was seen.
            let back = Set(returned.map(\.key)).subtracting(shown)
            for card in unseen where shown.contains(card.id) && returned.contains(card.repository.repositoryName) {
                _ = record(.view, card: card)
            }
            cards.removeAll { back.contains($0.id) }
            sinceDeal = 0
            if back.isEmpty {
                reveal()
                return await refillIfLow()
            }
        } catch {
            reveal()
            return await refillIfLow()
        }
        await refill()
        reveal()
        await flush()
    }

    private func refillIfLow() async {
        if cards.count <= Self.refillThreshold { await refill() }
    }

    /// Writes an interaction to the outbox; nil (with a notice) if the device could not keep it.
    private func record(_ kind: InteractionKind, card: Card) -> Interaction? {
        do {
            return try recorder.record(kind, card.repository.repositoryName)
        } catch {
            notice = InteractionRecorder.problem(kind, error)
            return nil
        }
    }

    /// Takes the last decision out of the outbox, or queues its withdrawal when it was sent (the server keeps it in
    /// its record, marked withdrawn; a like or save leaves its list), and puts its card back on top.
    private func undo() -> Task<Void, Never> {
        guard let (card, interaction) = lastDecision else { return Task {} }
        do {
            _ = try outbox.undo(interaction)
        } catch {
            notice = Words(Language.device).text("app.undo-failed", "\(error)")
            return Task {}
        }
        lastDecision = nil
        analytics.track(.undo)
        if let list = UserList(interaction.kind) { try? lists?.remove(interaction.repository, from: list) }
        holding = false
        cards.insert(card, at: 0)
        notice =
            interaction.kind == .skip
            ? Words(Language.device).text("app.brought-back", card.repository.fullName)
            : Words(Language.device).text("app.took-back.\(interaction.kind.rawValue)", card.repository.fullName)
        afterDeckChange()
        return background(refill: false)
    }

    /// Saves a new filter for the person, keeps the cards in hand it allows, and deals the rest within it.
    private func change(_ newFilter: DeckFilter) async {
        do throws(ClientFailure) {
            let saved = try await service.saveDeckFilter(newFilter)
            filterChanges += 1
            filter = saved.filter
            matching = saved.matching
        } catch {
            notice =
                error == .noConnection
                ? Words(Language.device).text("app.filter-offline") : error.message
            return
        }
        let now = now()
        cards = cards.filter { filter.allows($0.repository, cluster: $0.cluster, now: now) }
        lastDecision = nil
        exhaustedMessage = nil
        notice = nil
        afterDeckChange()
        if cards.isEmpty { state = .loading }
        // A batch asked for under the old filter may be on its way: wait for it (it is dropped), then ask anew.
        if let refilling { await refilling.value }
        await loadBatch()
        if cards.isEmpty, exhaustedMessage == nil, case .loading = state { ranDry(Self.dryMessage) }
        await flush()
    }

    /// Shows the deck as run dry, and records it once (until cards come again).
    private func ranDry(_ message: String) {
        state = .exhausted(message)
        guard !emptiedRecorded else { return }
        emptiedRecorded = true
        analytics.track(.deckEmptied)
    }

    /// What an empty deck says when a filter allows nothing new.
    static var dryMessage: String { Words(Language.device).text("app.deck.dry") }

    /// Keeps the cache and the exhausted state in step with the deck, and prefetches the next cards' images.
    private func afterDeckChange() {
        if !holding, let top = cards.first { shown.insert(top.id) }
        try? cache?.keep(cards)
        if holding {
            state = .loading
        } else if !cards.isEmpty {
            state = .ready
            emptiedRecorded = false
        } else if let exhaustedMessage {
            ranDry(exhaustedMessage)
        } else if state == .ready {
            state = .loading  // swiped faster than the next batch came: it is on its way
        }
        prefetchImages()
    }

    private func prefetchImages() {
        guard let images else { return }
        let urls = cards.prefix(Self.prefetchCount).map(\.repository.owner.displayAvatarURL)
        Task { await images.prefetch(urls) }
    }

    /// Refills the deck if it runs low, then sends the outbox.
    private func background(refill: Bool) -> Task<Void, Never> {
        Task {
            if refill, cards.count <= Self.refillThreshold { await self.refill() }
            await flush()
        }
    }

    /// Asks for the next batch (one request at a time).
    private func refill() async {
        if let refilling { return await refilling.value }
        guard exhaustedMessage == nil else { return }
        let task = Task { await loadBatch() }
        refilling = task
        await task.value
        refilling = nil
    }

    private func loadBatch() async {
        if cards.isEmpty { state = .loading }
        do throws(ClientFailure) {
            let changes = filterChanges
            let batch = try await service.feed(limit: Self.batchSize, filter: nil)
            guard changes == filterChanges else { return }
            filter = batch.filter
            let known = Set(cards.map(\.id))
            let fresh = batch.cards.filter { !known.contains($0.id) }
            cards += fresh
            if !batch.cards.isEmpty { analytics.track(.deckDealt, count: batch.cards.count) }
            if batch.exhausted { exhaustedMessage = batch.message ?? Words(Language.device).text("app.deck.seen-all") }
            if notice == ClientFailure.noConnection.message { notice = nil }
            afterDeckChange()
            if cards.isEmpty, exhaustedMessage == nil {
                ranDry(Words(Language.device).text("app.deck.none"))
            }
        } catch {
            if cards.isEmpty {
                state = .failed(error.message)
            } else {
                notice = error.message
            }
        }
    }
}
