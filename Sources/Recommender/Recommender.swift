public import Foundation
public import RepoFinderCore

/// Deals personal decks of repositories from a ``RecommendationIndex``: cold start from onboarding answers, learning
/// from every signal at once (no retraining), never repeating a repository, diverse by owner and cluster, each card
/// with a fit score and reasons. Pure and deterministic: the same index and taste give the same deck.
public struct Recommender: Sendable {
    /// What it recommends from.
    public let index: RecommendationIndex

    public init(index: RecommendationIndex) {
        self.index = index
    }

    /// The next `size` cards for a person: nothing they have signalled or been served, nothing archived, nothing
    /// outside `filter` (its health measured at `now`, or as of the catalog's newest day once it is stale:
    /// ``RecommendationIndex/age``); at most ``RecommenderConfiguration/maximumPerOwner`` per owner
    /// and ``RecommenderConfiguration/maximumPerCluster`` per cluster unless the filter leaves no choice.
    public func deck(for taste: Taste, size: Int = 20, filter: DeckFilter = DeckFilter(), now: Date = Date()) -> Deck {
        guard size > 0 else { return Deck(cards: [], exhausted: false, narrowed: !filter.isEmpty, age: index.age) }
        let scorer = Scorer(taste: taste, index: index)
        var pool = CandidatePool(count: index.count)
        for item in scorer.promisingReached(keeping: 20 * size) { pool.add(item) }
        for item in scorer.implicitLeaders { pool.add(item) }
        let listLength = 300
        for language in scorer.preferences.languages.keys.sorted() {
            pool.add(index.byLanguage[Int(language)], fresh: listLength, excluding: scorer.excluded)
        }
        for topic in scorer.preferences.topics.keys.sorted() {
            pool.add(index.byTopic[Int(topic)], fresh: listLength, excluding: scorer.excluded)
        }
        for cluster
            in ([scorer.preferences.primaryCluster].compactMap { $0 } + scorer.preferences.secondaryClusters.sorted())
        {
            pool.add(index.byCluster[cluster], fresh: listLength, excluding: scorer.excluded)
        }
        // What the filter allows, best prior first: its best fresh ones join the pool.
        let resolved = ResolvedFilter(filter, index: index, now: now)
        if let domain = resolved.domain {
            pool.add(domain.items, fresh: listLength, excluding: scorer.excluded)
        } else {
            pool.add(index.byPrior, fresh: 600, excluding: scorer.excluded)
        }

        var selection = Selection(
            size: size, index: index,
            maximumPerOwner: scorer.preferences.goals.contains(.exploring)
                ? min(2, index.configuration.maximumPerOwner) : index.configuration.maximumPerOwner,
            // A person who chose areas asked for them: no limit per area then.
            maximumPerCluster: filter.clusters.isEmpty ? index.configuration.maximumPerCluster : size)
        offer(pool.items, to: &selection, scorer: scorer, filter: resolved)
        if !selection.isFull {
            // Rare: the likely candidates ran out; look further through what the filter allows (the whole catalog
            // when it has none), best prior first, a few hundred fresh ones at a time until the deck is full.
            var rest = (resolved.domain?.items ?? index.byPrior)[...]
            while !selection.isFull, !rest.isEmpty {
                var chunk: [Int32] = []
                while chunk.count < 500, let item = rest.popFirst() {
                    if !pool.contains(item), !scorer.excluded.contains(Int(item)) { chunk.append(item) }
                }
                offer(chunk, to: &selection, scorer: scorer, filter: resolved)
            }
        }
        if !selection.isFull { selection.relaxLimits() }
        let writer = ReasonWriter(index: index, scorer: scorer, now: now)
        let cards = selection.chosen.map { card(for: Int($0.item), scorer: scorer, writer: writer) }
        return Deck(cards: cards, exhausted: cards.count < size, narrowed: !filter.isEmpty, age: index.age)
    }

    /// The best `limit` repositories among `allowed` (positions in the index) for a person, by score alone: no
    /// diversity rules. Evaluation uses it.
    public func ranking(for taste: Taste, among allowed: [Int], limit: Int) -> [Int] {
        let scorer = Scorer(taste: taste, index: index)
        var best = StrongestNeighbours(capacity: limit)
        for item in allowed where !scorer.excluded.contains(item) && !index.archived[item] {
            best.offer(Neighbour(item: Int32(item), weight: scorer.score(item)))
        }
        return best.drain().map { Int($0.item) }
    }

    /// Offers the eligible `items` to `selection`, best first (taken from a heap: a batch rarely needs more than the
    /// first few hundred in order).
    private func offer(_ items: [Int32], to selection: inout Selection, scorer: Scorer, filter: ResolvedFilter) {
        var scored: [Selection.Scored] = []
        scored.reserveCapacity(items.count)
        var told: [Selection.Scored] = []
        let widens = scorer.widensWithTold
        for item in items where scorer.isEligible(Int(item), filter: filter) {
            let parts = scorer.parts(Int(item))
            scored.append(Selection.Scored(item: item, score: parts.total))
            if widens { told.append(Selection.Scored(item: item, score: parts.told)) }
        }
        if widens {
            selection.offerBestFirst(scored, widening: told, every: Self.toldEvery)
        } else {
            selection.offerBestFirst(scored)
        }
    }

    /// Every how many cards one is chosen by what the person told us alone, once they have liked things too.
    static let toldEvery = 4

    func card(for item: Int, scorer: Scorer, writer: ReasonWriter) -> Recommendation {
        Recommendation(
            repository: index.repositories[item], fit: scorer.fit(item), details: writer.reasons(for: item),
            cluster: TopicCluster.all[Int(index.facts.clusterOf[item])], indexPosition: item)
    }
}

/// The repositories worth scoring for one request, each once, in the order they were added.
struct CandidatePool {
    private var member: ItemBits
    private(set) var items: [Int32] = []

    init(count: Int) {
        member = ItemBits(capacity: count)
    }

    func contains(_ item: Int32) -> Bool { member.contains(Int(item)) }

    /// Adds the first `count` items of a list that are not excluded (dealt or signalled), so a person who has been
    /// dealt thousands of cards still gets a full pool of fresh candidates without a scan of the whole catalog.
    mutating func add(_ list: [Int32], fresh count: Int, excluding excluded: ItemBits) {
        var added = 0
        for item in list where !excluded.contains(Int(item)) {
            add(item)
            added += 1
            if added == count { return }
        }
    }

    mutating func add(_ item: Int32) {
        if !member.contains(Int(item)) {
            member.insert(Int(item))
            items.append(item)
        }
    }

    mutating func add(_ list: ArraySlice<Int32>) {
        for item in list { add(item) }
    }
}
