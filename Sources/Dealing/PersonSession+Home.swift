public import Foundation
public import Recommender
public import RepoFinderCore
public import Storage

/// Today's pick of a person: the card, and what they did with it since (like, save or skip), if anything.
public struct DailyPick: Sendable {
    public var card: Recommendation
    public var decision: InteractionKind?

    public init(card: Recommendation, decision: InteractionKind?) {
        self.card = card
        self.decision = decision
    }
}

/// What Home needs of a person's session, asked for together: the pick, the preferences, what to call them and their
/// recent saves.
public struct HomeParts: Sendable {
    public var pick: DailyPick?
    /// No pick yet because nothing personal is known (no onboarding, no swipe or star): a pick made now would be
    /// everyone's, and it would stay for the day.
    public var pickWaits: Bool
    public var preferences: UserPreferences
    public var callingName: String?
    public var recentSaves: Page<ListedRepository>
}

extension PersonSession {
    /// Everything Home shows of this person for their local `day` (see ``pick(for:recommender:at:)``): on a first
    /// visit the session loads with the day's pick, the name and the recent saves in one read of the store.
    public func home(for day: Day, recommender: Recommender, at date: Date) async throws -> HomeParts {
        let waits = try await pickWaits(for: day, in: recommender.index)
        let pick = waits ? nil : try await pick(for: day, recommender: recommender, at: date)
        return HomeParts(
            pick: pick, pickWaits: waits, preferences: try await preferences(in: recommender.index),
            callingName: try await callingName(in: recommender.index),
            recentSaves: try await recentSaves(Self.recentSavesRead, in: recommender.index))
    }

    /// Today's pick for this person's local `day`: the one kept for that day, else the best card of a fresh deal,
    /// kept and recorded as dealt. Kept by the store at once when it is shared (when two servers ask at once, the
    /// first kept wins and both show it), else written behind with the dealt cards (this server's sessions are the
    /// only ones that pick, and this one is the person's). A pick the person turned down ("Not for me") is replaced
    /// at once, up to ``replacementsPerDay`` times a day. Nil when nothing is left to deal.
    public func pick(for day: Day, recommender: Recommender, at date: Date) async throws -> DailyPick? {
        guard let pick = try await keptPick(for: day, recommender: recommender, at: date) else { return nil }
        guard pick.decision == .skip, picksReplaced[day, default: 0] < Self.replacementsPerDay else { return pick }
        return try await replace(pick, day: day, recommender: recommender, at: date) ?? pick
    }

    /// How many times a day "Not for me" (a skip of today's pick) brings another pick at once; after that the
    /// turned-down pick stays, marked, until the next day.
    public static let replacementsPerDay = 3

    /// Today's pick turned down: the best card of a fresh deal replaces it (in the store, where the first replacement
    /// of two devices at once wins), and becomes today's pick. Nil when nothing is left to deal.
    private func replace(_ old: DailyPick, day: Day, recommender: Recommender, at date: Date) async throws
        -> DailyPick?
    {
        let deck = try await dealPick(recommender)
        guard let card = deck.cards.first else { return nil }
        let picked = card.repository.repositoryName
        let kept = try await store.replaceDailyPick(
            old.card.repository.repositoryName, with: picked, userID: userID, day: day, at: date)
        if served.keepsPicksBehind, kept == picked {
            // A first pick still waiting to be written must not come back over this one.
            served.keepBehind(DealtRecorder.Pick(name: picked, day: day, at: date), userID: userID)
        }
        picksReplaced[day, default: 0] += 1
        state?.keptPicks[day] = kept
        var replacement: Recommendation? = kept == picked ? card : nil
        if replacement == nil { replacement = try await assess([kept.key], recommender: recommender).first ?? nil }
        guard let replacement else { return nil }
        todaysPick = (day, ObjectIdentifier(recommender.index), tasteVersion, replacement)
        return DailyPick(card: replacement, decision: try await decision(on: kept))
    }

    /// One card for today's pick, worth coming back for: among the best five active ones (judged as of the catalog's
    /// day) that fit nearly as well as the person's best card of all (within 15), the first that is not one of the
    /// catalog's 1,000 most-starred (those the person likely knows), else the first of them; else that best card. The
    /// cards not chosen go back to the pool, undealt.
    private func dealPick(_ recommender: Recommender) async throws -> Deck {
        let best = try await deal(size: 1, filter: DeckFilter(), recommender: recommender)
        guard let top = best.cards.first else { return best }
        let active = try await deal(size: 5, filter: DeckFilter(health: .active), recommender: recommender)
        let famous = recommender.index.famousStars
        let fitting = active.cards.filter { $0.fit >= max(1, top.fit - 15) }
        let chosen = fitting.first { $0.repository.stars < famous } ?? fitting.first ?? top
        let others = ([top] + active.cards).filter { $0.repository.id != chosen.repository.id }
        _ = try await giveBack(others.map(\.repository.repositoryName), recommender: recommender)
        return Deck(cards: [chosen], exhausted: false, narrowed: false, age: best.age)
    }

    /// Today's pick kept for the day (or made now), with the person's decision on it.
    private func keptPick(for day: Day, recommender: Recommender, at date: Date) async throws -> DailyPick? {
        if let known = try await knownPick(for: day, recommender: recommender) { return known }
        // A session loads with the picks of every day that is today somewhere; on a store this server owns, it then
        // knows each later day's pick too (it keeps them itself), so a first visit of the day asks the store nothing.
        let loaded = try await current(for: recommender.index)
        // Taken before the store is read: a pick being written is then in one or the other.
        let unwritten = served.unwrittenPick(userID: userID, day: day)
        let knowsDay = served.keepsPicksBehind && loaded.picksFrom.map { $0 <= day } == true
        var name: RepositoryName? =
            if let known = unwritten ?? loaded.keptPicks[day] { known } else if knowsDay { nil } else {
                try await store.dailyPick(userID: userID, day: day)
            }
        var dealt: Recommendation?
        // A card another server dealt a moment ago comes back empty-handed (the store had it): read what was dealt
        // again and deal once more.
        for _ in 0..<3 where name == nil {
            let deck = try await dealPick(recommender)
            if let card = deck.cards.first {
                // Another visit of this person may have picked while this one dealt (an actor takes turns at awaits).
                if let known = try await knownPick(for: day, recommender: recommender) { return known }
                let picked = card.repository.repositoryName
                if served.keepsPicksBehind {
                    served.keepBehind(DealtRecorder.Pick(name: picked, day: day, at: date), userID: userID)
                    name = picked
                } else {
                    name = try await store.keepDailyPick(picked, userID: userID, day: day, at: date)
                }
                state?.keptPicks[day] = name
                dealt = card
            } else if deck.exhausted {
                return nil
            } else {
                state = nil
            }
        }
        guard let name else { return nil }
        // The card just dealt has its fit and reasons; a pick kept before (or by another device) is assessed now.
        var card = dealt.flatMap { $0.repository.repositoryName == name ? $0 : nil }
        if card == nil { card = try await assess([name.key], recommender: recommender).first ?? nil }
        guard let card else { return nil }
        todaysPick = (day, ObjectIdentifier(recommender.index), tasteVersion, card)
        return DailyPick(card: card, decision: try await decision(on: name))
    }

    /// Whether today's pick waits for something personal: the person has not finished onboarding, has not liked,
    /// saved, skipped or starred anything, and has no pick kept for the day.
    func pickWaits(for day: Day, in index: RecommendationIndex) async throws -> Bool {
        let loaded = try await current(for: index)
        if loaded.preferences.onboardingCompleted || todaysPick?.day == day || loaded.keptPicks[day] != nil {
            return false
        }
        return !loaded.signals.contains { $0.kind != .open && $0.kind != .view }
    }

    /// Today's pick as this session knows it already, with the person's decision on it; nil when it does not.
    private func knownPick(for day: Day, recommender: Recommender) async throws -> DailyPick? {
        guard let kept = todaysPick, kept.day == day, kept.index == ObjectIdentifier(recommender.index) else {
            return nil
        }
        // Another server replaced it ("Not for me" there): the session's refreshed picks say so.
        if let stored = state?.keptPicks[day], stored != kept.card.repository.repositoryName {
            todaysPick = nil
            return nil
        }
        var card = kept.card
        // Likes and skips since it was dealt move its fit as they move every other card's: assessed again (from memory
        // while the taste stays), so the pick never shows an older number than Compare or Ask beside it.
        if kept.taste != tasteVersion,
            let fresh = try await assess([card.repository.repositoryName.key], recommender: recommender).first ?? nil
        {
            card = fresh
            todaysPick = (day, kept.index, tasteVersion, fresh)
        }
        return DailyPick(card: card, decision: try await decision(on: card.repository.repositoryName))
    }

    /// How well each of `keys` fits this person (fit and reasons); nil for a key the recommender's index lacks.
    /// Answers already worked out for the same taste and index come from memory (people compare the same few
    /// repositories again, one column changed).
    public func assess(_ keys: [String], recommender: Recommender) async throws -> [Recommendation?] {
        var loaded = try await current(for: recommender.index)
        let index = ObjectIdentifier(recommender.index)
        let taste = tasteVersion
        var known: [String: Recommendation] = [:]
        if let fits, fits.index == index, fits.taste == taste { known = fits.byKey }
        let missing = keys.filter { known[$0.lowercased()] == nil }
        if !missing.isEmpty {
            if loaded.prepared?.fits(loaded.preferences, recommender.index) != true {
                loaded.prepared = recommender.index.prepare(loaded.preferences)
                state?.prepared = loaded.prepared
            }
            let person = Taste(preferences: loaded.preferences, signals: loaded.signals, prepared: loaded.prepared)
            var fresh: [String: Recommendation] = [:]
            for (key, card) in zip(missing, recommender.assess(missing, for: person)) {
                if let card { fresh[key.lowercased()] = card }
            }
            // Kept small: a person who compares hundreds starts over.
            known = known.count > 256 ? fresh : known.merging(fresh) { $1 }
            fits = (index, taste, known)
        }
        return keys.map { known[$0.lowercased()] }
    }

    /// The first `count` of the person's saved repositories and how many there are, kept while this server saw no
    /// save or removal (and until the session is read again from the store).
    public func recentSaves(_ count: Int, in index: RecommendationIndex) async throws -> Page<ListedRepository> {
        if let kept = try await current(for: index).recentSaves, kept.request.perPage == count { return kept }
        let page = try await store.list(.saved, userID: userID, page: PageRequest(page: 1, perPage: count))
        state?.recentSaves = page
        return page
    }

    /// What to call the person: their preferences' name, else their GitHub name or login (asked of the store once
    /// per load of the session); nil when there is none.
    public func callingName(in index: RecommendationIndex) async throws -> String? {
        let loaded = try await current(for: index)
        if let name = PartOfDay.callingName(loaded.preferences.name) { return name }
        if let known = loaded.githubName { return known }
        let identity = try await store.githubIdentity(userID: userID)
        let name = identity.map { PartOfDay.callingName($0.name) ?? $0.login }
        state?.githubName = .some(name)
        return name
    }

    /// The person's preferences as this session holds them.
    public func preferences(in index: RecommendationIndex) async throws -> UserPreferences {
        try await current(for: index).preferences
    }

    /// The person's last like, save or skip of `name`, if any.
    private func decision(on name: RepositoryName) async throws -> InteractionKind? {
        let key = name.key
        guard let signals = state?.signals else { return nil }
        // Asked on every Home visit: the kind is checked before the key, and nothing is allocated per signal.
        for signal in signals.reversed() {
            switch signal.kind {
            case .like, .save, .skip:
                if signal.repositoryKey == key { return InteractionKind(rawValue: signal.kind.rawValue) }
            case .star, .open, .view:
                continue
            }
        }
        return nil
    }
}
