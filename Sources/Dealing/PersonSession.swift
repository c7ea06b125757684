import Foundation
public import Recommender
public import RepoFinderCore
public import Storage

/// One person's taste as the deck needs it: preferences, signals, and what was dealt (as bits of the current index).
/// Loaded from the store on first use (the request waits) and again after about `refresh` (so several servers sharing
/// a database converge, and edits made with the command line show) — that refresh in the background, one session at a
/// time (``RefreshLimiter``), while requests are answered from what the session holds; this server's own changes apply
/// at once. What was dealt is read again only from a shared store or for a new index. An actor: one person's feed
/// requests are dealt one after another, so two at once never get the same cards.
public actor PersonSession {
    struct State {
        var preferences: UserPreferences
        var signals: [TasteSignal]
        var served: ItemBits
        var index: ObjectIdentifier
        /// When to load it again from the store.
        var refreshAt: ContinuousClock.Instant
        /// The preferences resolved against the index, kept while neither changes.
        var prepared: PreparedPreferences?
        /// The first page of the saved list Home shows, while nothing was saved or removed here.
        var recentSaves: Page<ListedRepository>?
        /// The name on the person's GitHub identity (Home's greeting when the preferences have none): nil until
        /// asked, then `.some(nil)` for nobody.
        var githubName: String??
        /// Today's picks kept in the store or by this session, by local day: every pick of a day from `picksFrom`
        /// on (what the store had when this was loaded, and what this session kept since).
        var keptPicks: [Day: RepositoryName] = [:]
        /// The earliest local day anywhere when this was loaded: the first day `keptPicks` knows completely.
        var picksFrom: Day?
        /// The keys on the person's lists, by list (what `viewer` states say).
        var listed: [RepositoryList: Set<String>] = [:]
    }

    /// How many of the most recent saves a load reads along (what Home shows).
    public static let recentSavesRead = 3

    /// Whose session it is.
    public let userID: String
    let store: any AccountStore & InteractionStore & DeckStore
    let served: DealtRecorder
    private let refresh: Duration
    private let observe: DealingSessions.DealObserver
    private let refreshes: RefreshLimiter
    var state: State?
    /// Whether a background refresh is under way or waiting its turn.
    private var refreshing = false
    /// Another server changed the taste (``changedElsewhere()``): the next request reads the store before answering.
    private var changedElsewhereCount = 0
    /// Told of each change this server makes to the taste (so that other servers read it again).
    private let announce: @Sendable (String) -> Void
    /// Counts this server's changes to the taste (signals, withdrawals, preferences): a load that saw one happen
    /// while it read the store keeps the session's newer signals and preferences.
    private var localChanges = 0
    /// Counts every change of the taste (a signal, a withdrawn skip, new preferences, a load from the store).
    var tasteVersion = 0
    /// Fits worked out for Compare, by repository key, while the taste and the index stay the same.
    var fits: (index: ObjectIdentifier, taste: Int, byKey: [String: Recommendation])?
    /// Today's pick once known, with its card as of the index and the taste it was assessed on (Home asks for it on
    /// every visit; a newer taste assesses it again, so Home's fit is Compare's and Ask's at the same moment).
    var todaysPick: (day: Day, index: ObjectIdentifier, taste: Int, card: Recommendation)?
    /// How many picks "Not for me" replaced, by local day (kept by this session: a server restart allows a few more).
    var picksReplaced: [Day: Int] = [:]
    /// The last deal that came back empty, and what it was dealt from (see ``DryDeal``).
    private var dry: DryDeal?

    /// An empty deal and what it was dealt from: while the filter, the index, the day (a filter's health is judged by
    /// the day) and the taste stay the same, dealing again gives the same empty deck — each deal or signal since can
    /// only take repositories away — so it is answered without dealing. A person whose filter ran dry asks again on
    /// every visit; giving cards back or reading the store forgets it.
    private struct DryDeal {
        let filter: DeckFilter
        let index: ObjectIdentifier
        let day: Int
        let taste: Int
        let deck: Deck

        /// Whether a deal within `filter` from `index` at `now` with taste `taste` would be this one again.
        func answers(_ filter: DeckFilter, index: ObjectIdentifier, now: Date, taste: Int) -> Bool {
            self.index == index && self.taste == taste && day == Self.day(now) && self.filter == filter
        }

        /// The UTC day of `now`, as a filter's domain is kept by.
        static func day(_ now: Date) -> Int { Int((now.timeIntervalSince1970 / 86_400).rounded(.down)) }
    }

    init(
        userID: String, store: any AccountStore & InteractionStore & DeckStore, served: DealtRecorder,
        refresh: Duration, refreshes: RefreshLimiter,
        observe: @escaping DealingSessions.DealObserver, announce: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.announce = announce
        self.userID = userID
        self.store = store
        self.served = served
        self.refresh = refresh
        self.refreshes = refreshes
        self.observe = observe
    }

    /// Deals the next cards and records them as served; on a shared store, returns only cards the store had not
    /// recorded for this person before (another server may have dealt one a moment ago). `filter` nil deals with the
    /// filter the person saved (``UserPreferences/deckFilter``); the filter dealt with comes back beside the deck.
    public func deal(size: Int, choosing filter: DeckFilter?, recommender: Recommender) async throws -> (
        deck: Deck, filter: DeckFilter
    ) {
        var chosen = filter ?? DeckFilter()
        if filter == nil { chosen = try await current(for: recommender.index).preferences.deckFilter ?? DeckFilter() }
        return (try await deal(size: size, filter: chosen, recommender: recommender), chosen)
    }

    /// Deals the next cards within `filter` and records them as served (see ``deal(size:choosing:recommender:)``).
    public func deal(size: Int, filter: DeckFilter, recommender: Recommender) async throws -> Deck {
        let start: ContinuousClock.Instant
        let deck: Deck
        do {
            // A copy of the session's state, gone at the end of this block: the bits are then marked in place.
            var loaded = try await current(for: recommender.index)
            start = ContinuousClock.now
            let now = Date()
            if let dry, dry.answers(filter, index: loaded.index, now: now, taste: tasteVersion) {
                observe(ContinuousClock.now - start, 0)
                return dry.deck
            }
            if loaded.prepared?.fits(loaded.preferences, recommender.index) != true {
                loaded.prepared = recommender.index.prepare(loaded.preferences)
                state?.prepared = loaded.prepared
            }
            let taste = Taste(
                preferences: loaded.preferences, signals: loaded.signals, servedItems: loaded.served,
                prepared: loaded.prepared)
            deck = recommender.deck(for: taste, size: size, filter: filter, now: now)
            if deck.cards.isEmpty, deck.exhausted {
                dry = DryDeal(
                    filter: filter, index: loaded.index, day: DryDeal.day(now), taste: tasteVersion, deck: deck)
            }
        }
        observe(ContinuousClock.now - start, deck.cards.count)
        // Marked in place (the bits are not copied); taken back if the deal cannot be recorded.
        let items = deck.cards.compactMap(\.indexPosition)
        for item in items { state?.served.insert(item) }
        do {
            let recorded = try await served.record(
                deck.cards.map(\.repository.repositoryName), userID: userID, at: Date())
            // Written behind, every card is new; a shared store may have seen some (another server dealt them).
            guard recorded.count < deck.cards.count else { return deck }
            let new = Set(recorded.map(\.key))
            return Deck(
                cards: deck.cards.filter { new.contains($0.repository.repositoryName.key) }, exhausted: deck.exhausted,
                narrowed: deck.narrowed, age: deck.age)
        } catch {
            for item in items { state?.served.remove(item) }
            dry = nil
            throw error
        }
    }

    /// Gives cards back to the pool: cards dealt to the person that their device held but never showed, so that a
    /// deal made after their next swipes can choose again (the deck's re-deal). A card the person signalled in any way
    /// (a view or an open too) or today's pick stays dealt, as does one this index does not know; returns the
    /// repositories given back, in the order asked.
    public func giveBack(_ names: [RepositoryName], recommender: Recommender) async throws -> [RepositoryName] {
        let loaded = try await current(for: recommender.index)
        let index = recommender.index
        // Items, not keys: an old name of a project stands for its current one.
        var staying = Set(loaded.signals.compactMap { index.item(forKey: $0.repositoryKey) })
        staying.formUnion(loaded.keptPicks.values.compactMap { index.item(forKey: $0.key) })
        if let pick = todaysPick?.card.repository.repositoryName, let item = index.item(forKey: pick.key) {
            staying.insert(item)
        }
        let leaving = names.filter { name in
            guard let item = index.item(forKey: name.key), loaded.served.contains(item) else { return false }
            return staying.insert(item).inserted
        }
        guard !leaving.isEmpty else { return [] }
        // The record first, while the cards still count as dealt here: taken off the session first, a deal made
        // while this waited (an actor takes turns at awaits) could deal one again and record it, and this give-back,
        // arriving after, would take it out of that record (CI, 2026-11-29: today's pick, dealt that way, came back
        // the next day).
        try await served.giveBack(leaving, userID: userID)
        for item in leaving.compactMap({ index.item(forKey: $0.key) }) { state?.served.remove(item) }
        dry = nil
        return leaving
    }

    /// Keys the person has been dealt or has signalled, for excluding them from cluster listings.
    public func seen(in index: RecommendationIndex) async throws -> (served: ItemBits, signalled: Set<String>) {
        let state = try await current(for: index)
        return (state.served, Set(state.signals.map(\.repositoryKey)))
    }

    /// Applies interactions this server just stored.
    public func didRecord(_ interactions: [Interaction]) {
        state?.signals += interactions.map { TasteSignal(repository: $0.repository, kind: SignalKind($0.kind)) }
        for interaction in interactions {
            if let list = interaction.kind.list { state?.listed[list, default: []].insert(interaction.repository.key) }
        }
        tasteVersion += 1
        localChanges += 1
        if interactions.contains(where: { $0.kind == .save }) { state?.recentSaves = nil }
        announce(userID)
    }

    /// Takes `repository` off the session's copy of `list` (this server just took it off in the store).
    public func didRemove(_ repository: RepositoryName, from list: RepositoryList) {
        state?.listed[list]?.remove(repository.key)
        state?.recentSaves = nil
        localChanges += 1
        announce(userID)
    }

    /// Forgets the latest `kind` of `repository` (this server just withdrew it in the store): it no longer counts
    /// in the taste, and a withdrawn like or save has left its list.
    public func didWithdraw(_ kind: InteractionKind, of repository: RepositoryName) {
        let key = repository.key
        let signal = SignalKind(kind)
        if let position = state?.signals.lastIndex(where: { $0.repositoryKey == key && $0.kind == signal }) {
            state?.signals.remove(at: position)
        }
        if let list = kind.list {
            state?.recentSaves = nil
            state?.listed[list]?.remove(key)
        }
        tasteVersion += 1
        localChanges += 1
        announce(userID)
    }

    /// Applies preferences this server just stored.
    public func didSetPreferences(_ preferences: UserPreferences) {
        state?.preferences = preferences
        tasteVersion += 1
        localChanges += 1
        announce(userID)
    }

    /// Another server changed the person's taste or lists: the next request reads them from the store first.
    public func changedElsewhere() {
        changedElsewhereCount += 1
    }

    /// The session's state: loaded from the store when there is none or it is for another index (the caller waits
    /// for one read of the store, ``DataStore/personRecord(userID:_:)``); answered as it is when due for a refresh,
    /// while the refresh reads the store in the background.
    func current(for index: RecommendationIndex) async throws -> State {
        if let state, state.index == ObjectIdentifier(index), changedElsewhereCount == 0 {
            if ContinuousClock.now >= state.refreshAt, !refreshing { refreshInBackground(index) }
            return state
        }
        return try await load(for: index)
    }

    /// Reads the session again behind the requests, when the limiter gives it a turn. A failed read leaves the
    /// session as it was (the next request tries again).
    private func refreshInBackground(_ index: RecommendationIndex) {
        refreshing = true
        let refreshes = self.refreshes
        Task {
            await refreshes.run { await self.refreshNow(index) }
        }
    }

    private func refreshNow(_ index: RecommendationIndex) async {
        defer { refreshing = false }
        // Loaded meanwhile (a new index), or no longer due: nothing to do.
        guard let state, state.index == ObjectIdentifier(index), ContinuousClock.now >= state.refreshAt else { return }
        _ = try? await load(for: index)
    }

    /// Reads the session from the store, with the picks of every local day that is today somewhere on Earth or later.
    private func load(for index: RecommendationIndex) async throws -> State {
        let loadedAt = ContinuousClock.now
        tasteVersion += 1
        // Each session refreshes a little earlier or later than `refresh`, so that people who arrived together do
        // not all reload in the same second.
        let refreshAt = loadedAt + refresh * Double.random(in: 0.75...1.25)
        // A store this server owns holds no card it did not deal itself, and those are in memory already.
        let servedKnown = state?.index == ObjectIdentifier(index) && store.dealtCardsRecording == .writeBehind
        // What is on its way to the store, taken before reading the store: a card is then in one or the other.
        let unwritten = servedKnown ? [] : self.served.unwritten(userID: userID).map(\.key)
        // The earliest time zone is UTC−12: no person's local day is earlier than this one.
        let picksFrom = Day(containing: Date().addingTimeInterval(-12 * 3600))
        let changesBefore = localChanges
        // Changes other servers told of before this read are in it; one told of during it makes the next request read
        // again.
        let elsewhereBefore = changedElsewhereCount
        let record = try await store.personRecord(
            userID: userID,
            PersonRecordRequest(served: !servedKnown, recentSaves: Self.recentSavesRead, picksFrom: picksFrom))
        let signals = record.signals.map { TasteSignal(repositoryKey: $0.repositoryKey, kind: SignalKind($0.kind)) }
        let served =
            if let state, servedKnown { state.served } else {
                index.items(forKeys: (record.served ?? []).union(unwritten))
            }
        var loaded = State(
            preferences: record.preferences ?? UserPreferences(), signals: signals, served: served,
            index: ObjectIdentifier(index), refreshAt: refreshAt)
        loaded.recentSaves = record.recentSaves
        loaded.githubName = .some(record.githubIdentity.map { PartOfDay.callingName($0.name) ?? $0.login })
        loaded.keptPicks = record.picks ?? [:]
        loaded.picksFrom = picksFrom
        loaded.listed = record.listed
        // Another call may have loaded meanwhile (actors re-enter at awaits): keep what it dealt, too.
        if let state, state.index == loaded.index {
            var merged = loaded
            merged.served = state.served.union(loaded.served)
            merged.prepared = state.prepared
            // A kept pick never changes: what this session kept stays known while the store may not have it yet.
            merged.keptPicks = loaded.keptPicks.merging(state.keptPicks) { stored, _ in stored }
            if localChanges != changesBefore {
                // This server changed the taste while the store was read, which may or may not show it: keep the
                // session's own signals and preferences, and read again a little later.
                merged.signals = state.signals
                merged.preferences = state.preferences
                merged.listed = state.listed
                merged.refreshAt = ContinuousClock.now + refresh / 10
            }
            self.state = merged
        } else {
            // A change made while the store was read may be missing: read again at the next request.
            if localChanges != changesBefore { loaded.refreshAt = ContinuousClock.now }
            self.state = loaded
        }
        changedElsewhereCount -= elsewhereBefore
        return self.state!
    }
}
