import RepoFinderCore

/// Scores repositories for one person: collaborative and content similarity to what they liked, onboarding match,
/// priors, and a penalty for resemblance to what they skipped. Built once per request.
struct Scorer {
    /// A person's signal, reduced to the last word per repository.
    struct Signal {
        var item: Int32
        var kind: SignalKind
    }

    let index: RecommendationIndex
    let preferences: PreferenceProfile
    /// Repositories never to deal: everything signalled or served.
    let excluded: ItemBits
    let positives: [Signal]
    let negatives: [Signal]

    /// What the positives add up to for one repository (kept small: the request's hot loop touches one of these
    /// per neighbour, at random, so the whole array should stay in cache).
    struct Similarity {
        var collaborative: Float = 0
        var content: Float = 0
        /// The strongest single tie so far (content ties scaled by the content weight) and its positive signal.
        var strongestTie: Float = 0
        var source = Source.none
    }

    /// The positive signal behind a repository's strongest tie, and whether the tie was collaborative or content.
    struct Source: Equatable {
        /// The signal's repository, `-1` for none.
        var item: Int32
        var isContent: Bool

        static let none = Source(item: -1, isContent: false)
    }

    /// Accumulated similarity to the positives, per repository.
    private(set) var similarity: [Similarity]
    /// The implicit factors' predicted interest per repository (empty when unused), its largest value, and the
    /// repositories it rates highest.
    private(set) var implicit: [Float] = []
    private(set) var implicitMax: Float = 0
    private(set) var implicitLeaders: [Int32] = []
    /// Accumulated similarity to the negatives (empty without negatives).
    private(set) var negative: [Float]
    /// How much a person avoids a language / a cluster, 0…1: skips against likes there.
    let languagePenalty: [Int32: Float]
    let clusterPenalty: [UInt8: Float]
    /// Every repository some positive reached.
    private(set) var reached: [Int32] = []
    /// Whether scores are scaled by ``Priors/vitality``: for people who told us what they work with, beginners
    /// aside (their prior already leans on popular, well-kept repositories, and for them the likes' small ties are
    /// all that keeps a deck personal).
    let scalesByVitality: Bool

    // Normalisers (largest accumulated value) and component weights.
    private(set) var collaborativeMax: Float = 0
    private(set) var contentMax: Float = 0
    private(set) var negativeMax: Float = 0
    let weights: Weights

    struct Weights {
        var collaborative: Float
        var content: Float
        var implicit: Float
        var preference: Float
        var prior: Float
        var negative: Float

        var total: Float { collaborative + content + implicit + preference + prior }
    }

    /// The content weight when no positive has collaborative neighbours and there are five or more of them.
    static let silentContentWeight: Float = 0.35

    init(taste: Taste, index: RecommendationIndex) {
        self.index = index
        if let prepared = taste.prepared, prepared.fits(taste.preferences, index) {
            preferences = prepared.profile
        } else {
            preferences = PreferenceProfile(taste.preferences, index: index)
        }
        var last: [Int32: SignalKind] = [:]
        var order: [Int32] = []
        for signal in taste.signals {
            guard let item = index.itemByKey[signal.repositoryKey] else { continue }
            if last.updateValue(signal.kind, forKey: item) == nil { order.append(item) }
        }
        var excluded =
            taste.servedItems.flatMap { $0.capacity == index.count ? $0 : nil } ?? ItemBits(capacity: index.count)
        for item in order { excluded.insert(Int(item)) }
        for key in taste.served { if let item = index.itemByKey[key] { excluded.insert(Int(item)) } }
        self.excluded = excluded
        let signals = order.map { Signal(item: $0, kind: last[$0]!) }
        positives = signals.filter { $0.kind.weight > 0 }
        negatives = signals.filter { $0.kind.weight < 0 }
        let mass = positives.reduce(Float(0)) { $0 + $1.kind.weight }
        let configuration = index.configuration
        // Content takes over the share of collaboration that has nothing to say: on a fresh install (no community
        // stars) or for repositories nobody co-starred, what a liked repository is like is all the evidence there is,
        // and at a fifth of the weight five likes would barely move the deck.
        let silent = positives.reduce(Float(0)) { sum, signal in
            index.collaborative.range(of: Int(signal.item)).isEmpty ? sum + signal.kind.weight : sum
        }
        // It grows with the likes (full from five), so one look at a page does not turn the deck.
        let takeover = mass > 0 ? silent / mass * min(1, mass / 5) : 0
        let content = configuration.contentWeight + (Self.silentContentWeight - configuration.contentWeight) * takeover
        weights = Weights(
            collaborative: mass > 0 ? 1 : 0,
            content: mass > 0 ? max(configuration.contentWeight, content) : 0,
            implicit: mass > 0 && index.factors != nil ? configuration.factorWeight : 0,
            preference: preferences.isEmpty ? 0 : 1 / (1 + mass / 15),
            prior: 0.35 * preferences.priorEmphasis / (1 + mass / 5),
            negative: negatives.isEmpty ? 0 : 0.5)
        scalesByVitality = !preferences.isEmpty && preferences.experience != .beginner
        (languagePenalty, clusterPenalty) = Self.avoidance(positives: positives, negatives: negatives, index: index)
        let count = index.count
        // A megabyte per request for the whole catalog: only people with likes, saves or opens need it.
        similarity = positives.isEmpty ? [] : [Similarity](repeating: Similarity(), count: count)
        negative = negatives.isEmpty ? [] : [Float](repeating: 0, count: count)
        accumulate()
        predictInterest()
    }

    private mutating func accumulate() {
        let collaborativeLists = index.collaborative
        let contentLists = index.content
        let perSignal = neighboursPerSignal
        // Content weighs a fifth of collaboration: a quarter of the neighbours suffice once the budget bites.
        let contentPerSignal = perSignal >= index.configuration.collaborativeNeighbours ? perSignal : perSignal / 4
        let contentScale = index.configuration.contentWeight
        var reached: [Int32] = []
        reached.reserveCapacity(min(index.count, positives.count * perSignal * 2))
        similarity.withUnsafeMutableBufferPointer { similarity in
            /// Adds a signal's neighbours in `lists` to the collaborative or the content sum; a tie scaled by
            /// `tieScale` that beats the strongest so far names the signal as the card's source.
            func spread(_ signal: Signal, _ lists: NeighbourLists, limit: Int, isContent: Bool, tieScale: Float) {
                let weight = signal.kind.weight
                let source = Source(item: signal.item, isContent: isContent)
                lists.forEach(of: Int(signal.item), limit: limit) { target, tie in
                    if similarity[target].collaborative == 0, similarity[target].content == 0 {
                        reached.append(Int32(target))
                    }
                    let added = weight * tie
                    if isContent {
                        similarity[target].content += added
                    } else {
                        similarity[target].collaborative += added
                    }
                    if added * tieScale > similarity[target].strongestTie {
                        similarity[target].strongestTie = added * tieScale
                        similarity[target].source = source
                    }
                }
            }
            for signal in positives {
                spread(signal, collaborativeLists, limit: perSignal, isContent: false, tieScale: 1)
                spread(signal, contentLists, limit: contentPerSignal, isContent: true, tieScale: contentScale)
            }
        }
        self.reached = reached
        let contentWeight = index.configuration.contentWeight
        for signal in negatives {
            collaborativeLists.forEach(of: Int(signal.item)) { target, tie in negative[target] += tie }
            contentLists.forEach(of: Int(signal.item)) { target, tie in negative[target] += contentWeight * tie }
        }
        for item in reached {
            collaborativeMax = max(collaborativeMax, similarity[Int(item)].collaborative)
            contentMax = max(contentMax, similarity[Int(item)].content)
        }
        negativeMax = negative.max() ?? 0
    }

    /// Skips in a language or cluster, against the positives there: `skips / (skips + positives + 2)`; nothing
    /// skipped, no penalty.
    private static func avoidance(
        positives: [Signal], negatives: [Signal], index: RecommendationIndex
    ) -> ([Int32: Float], [UInt8: Float]) {
        guard !negatives.isEmpty else { return ([:], [:]) }
        var languages: [Int32: (skips: Float, likes: Float)] = [:]
        var clusters: [UInt8: (skips: Float, likes: Float)] = [:]
        for signal in negatives {
            let item = Int(signal.item)
            if index.facts.languageOf[item] >= 0 { languages[index.facts.languageOf[item], default: (0, 0)].skips += 1 }
            clusters[index.facts.clusterOf[item], default: (0, 0)].skips += 1
        }
        for signal in positives {
            let item = Int(signal.item)
            languages[index.facts.languageOf[item]]?.likes += signal.kind.weight
            clusters[index.facts.clusterOf[item]]?.likes += signal.kind.weight
        }
        return (
            languages.mapValues { $0.skips / ($0.skips + $0.likes + 2) },
            clusters.mapValues { $0.skips / ($0.skips + $0.likes + 2) }
        )
    }

    /// Folds the person into the implicit factors (their most recent positives, within the neighbour budget's
    /// spirit: at most 200) and predicts their interest in every repository someone signalled.
    private mutating func predictInterest() {
        guard weights.implicit > 0, let factors = index.factors else { return }
        let recent = positives.suffix(200).map { (item: $0.item, weight: $0.kind.weight) }
        let person = factors.personVector(recent)
        var implicit = [Float](repeating: 0, count: index.count)
        factors.score(person, items: index.signalledItems, into: &implicit)
        var leaders = StrongestNeighbours(capacity: 300)
        for item in index.signalledItems {
            let value = implicit[Int(item)]
            implicitMax = max(implicitMax, value)
            leaders.offer(Neighbour(item: item, weight: value))
        }
        self.implicit = implicit
        implicitLeaders = leaders.drain().map(\.item)
    }

    /// How many of its strongest neighbours each positive signal contributes: people with hundreds of signals
    /// share a fixed budget, so they are served as fast as others.
    var neighboursPerSignal: Int {
        max(
            index.configuration.minimumNeighboursPerSignal,
            index.configuration.neighbourBudget / max(1, positives.count))
    }

    /// How alive a repository looks (``Priors/vitality``) where that counts, else 1.
    func vitality(_ item: Int) -> Float { scalesByVitality ? index.priors.vitality[item] : 1 }

    /// The similarity-only part of a score (collaborative, content and implicit).
    func personal(_ item: Int) -> Float {
        (collaborativeMax > 0 ? weights.collaborative * similarity[item].collaborative / collaborativeMax : 0)
            + (contentMax > 0 ? weights.content * similarity[item].content / contentMax : 0)
            + (implicitMax > 0 ? weights.implicit * implicit[item] / implicitMax : 0)
    }

    /// The reached repositories that can still make the top `keeping`: those whose similarity part is within the
    /// most the other parts can add of the `keeping`-th best similarity. For people with hundreds of signals this
    /// leaves a few hundred of tens of thousands to score in full.
    func promisingReached(keeping: Int) -> [Int32] {
        guard reached.count > keeping else { return reached }
        let values = reached.map { personal(Int($0)) }
        var scratch = values
        let floor = Self.largest(keeping, in: &scratch) - weights.preference - weights.prior
        return zip(reached, values).filter { $0.1 >= floor }.map(\.0)
    }

    /// The `k`-th largest of `values` (1-based), by quickselect; reorders `values`.
    static func largest(_ k: Int, in values: inout [Float]) -> Float {
        var low = 0
        var high = values.count - 1
        let wanted = k - 1
        while low < high {
            let pivot = values[(low + high) / 2]
            var left = low
            var right = high
            while left <= right {
                while values[left] > pivot { left += 1 }
                while values[right] < pivot { right -= 1 }
                if left <= right {
                    values.swapAt(left, right)
                    left += 1
                    right -= 1
                }
            }
            if wanted <= right {
                high = right
            } else if wanted >= left {
                low = left
            } else {
                return values[wanted]
            }
        }
        return values[wanted]
    }

    /// Whether a repository may be dealt at all (not archived, not seen, inside the filter).
    func isEligible(_ item: Int, filter: ResolvedFilter) -> Bool {
        if index.archived[item] || excluded.contains(item) { return false }
        return filter.allows(item)
    }

    /// The weighted parts of a repository's score.
    struct Parts {
        var collaborative: Float
        var content: Float
        var implicit: Float
        var preference: Float
        var prior: Float
        var negative: Float

        var total: Float { collaborative + content + implicit + preference + prior - negative }
        /// The score without the likes' similarity: what the person told us, the prior and their skips.
        var told: Float { preference + prior - negative }
    }

    /// Whether a batch keeps some cards for what the person told us (``Recommender/toldEvery``): when they told us
    /// something and liked, saved or opened something too.
    var widensWithTold: Bool { !preferences.isEmpty && !positives.isEmpty }

    /// The parts of a repository's score; every part but avoidance scaled by the repository's ``vitality(_:)``
    /// where that counts (the likes' dormant, little-known neighbours fall back behind living ones).
    func parts(_ item: Int) -> Parts {
        let scale = vitality(item)
        return Parts(
            collaborative: collaborativeMax > 0
                ? scale * weights.collaborative * similarity[item].collaborative / collaborativeMax : 0,
            content: contentMax > 0 ? scale * weights.content * similarity[item].content / contentMax : 0,
            implicit: implicitMax > 0 ? scale * weights.implicit * implicit[item] / implicitMax : 0,
            preference: weights.preference > 0 ? scale * weights.preference * preferences.match(item, in: index) : 0,
            prior: scale * weights.prior * preferences.prior(item, in: index),
            negative: weights.negative > 0 ? weights.negative * avoidance(item) : 0)
    }

    /// How much a repository resembles what was skipped, 0…1.5: its ties to skipped repositories (half) plus the
    /// penalties of its language and cluster.
    func avoidance(_ item: Int) -> Float {
        let neighbours = negativeMax > 0 ? negative[item] / negativeMax : 0
        let language = languagePenalty[index.facts.languageOf[item]] ?? 0
        let cluster = clusterPenalty[index.facts.clusterOf[item]] ?? 0
        return 0.5 * neighbours + 0.5 * language + 0.5 * cluster
    }

    func score(_ item: Int) -> Float { parts(item).total }

    /// How well a repository fits this person, 0 to 100, from what is personal only: their likes and saves
    /// (collaborative, content, implicit), what they told us (preferences), less what resembles their skips —
    /// never popularity or activity, which would give everyone a high fit for the same famous repositories. 0 when
    /// nothing personal is known (a person who skipped onboarding and has not swiped): the faces then show no fit.
    ///
    /// Calibrated so the labels separate cards and stay put: what the person told us counts by kind of evidence
    /// (``PreferenceProfile/fitMatch(_:in:)``), and their likes can only raise a fit above that, never lower it (the
    /// likes' parts are relative to the best-matching repository, so a new like would otherwise move every other
    /// card's number).
    func fit(_ item: Int) -> Int {
        let personal = weights.collaborative + weights.content + weights.implicit + weights.preference
        guard personal > 0 else { return 0 }
        let parts = parts(item)
        let told = preferences.isEmpty ? 0 : preferences.fitMatch(item, in: index)
        let preference = weights.preference > 0 ? weights.preference * told : 0
        let value = parts.collaborative + parts.content + parts.implicit + preference - parts.negative
        let fit = max(value / personal, told - parts.negative)
        return Int((100 * fit).rounded()).clamped(to: 0...100)
    }
}

extension Comparable {
    func clamped(to range: ClosedRange<Self>) -> Self { min(max(self, range.lowerBound), range.upperBound) }
}
