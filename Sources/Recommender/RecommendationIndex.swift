public import Foundation
public import RepoFinderCore
public import Semantics
import Synchronization

/// Everything the recommender precomputes from the catalog and everyone's signals: per-repository facts, content
/// neighbours (shared words, topics, language, owner), collaborative neighbours (RP3β over people's likes, saves and
/// stars), popularity and freshness priors, clusters, and lists by language, topic and cluster. Immutable and safe
/// to share; rebuild it to take in new community signals (a person's own signals count at once without a rebuild).
public final class RecommendationIndex: Sendable {
    /// The repositories, ordered by key (so results never depend on input order).
    public let repositories: [Repository]
    let configuration: RecommenderConfiguration
    let itemByKey: [String: Int32]

    /// Facts per repository: language, topics, owner, name words, cluster.
    let facts: CatalogFacts
    let archived: [Bool]
    /// Priors per repository, each 0…1.
    let priors: Priors
    /// How old the catalog's facts are: health and "this week" are judged as of its newest day once it is stale.
    public let age: CatalogAge
    /// The stars of the catalog's 1,000th most-starred repository (0 in a smaller catalog): at or above it, a
    /// repository is one a person likely knows already (today's pick prefers others).
    public let famousStars: Int
    /// The projects the catalog holds under an old name too (``SameProjects``): only the current name is dealt,
    /// similar or assessed, and a signal for an old name counts for the current one.
    public let sameProjects: SameProjects

    // Neighbours.
    let content: NeighbourLists
    let collaborative: NeighbourLists
    /// Implicit factors over everyone's signals, if any.
    let factors: ImplicitFactors?
    /// The repositories someone signalled positively (those with collaborative neighbours and factors).
    let signalledItems: [Int32]
    /// How many people signalled each repository positively.
    public let communityCount: [Int32]

    // Lists, strongest general prior first (archived repositories left out).
    let byPrior: [Int32]
    let byLanguage: [[Int32]]
    let byTopic: [[Int32]]
    let byCluster: [[Int32]]
    /// Every repository's prior per blend, made when a person with that blend is first scored (at most 16 tables).
    private let blendedPriors = Mutex<[PriorBlend: [Float]]>([:])
    /// What deck filters allow, worked out on first use (``FilterDomain``).
    let filterDomains = FilterDomains()
    /// Each repository's place in ``byPrior`` (archived ones last), for merging lists back into that order.
    let priorRank: [Int32]

    /// Builds the index.
    /// - Parameters:
    ///   - repositories: the catalog (duplicates by key: the last wins).
    ///   - community: everyone's signals; skips and signals for repositories outside the catalog are ignored.
    ///   - weeklyGains: stars gained this week by repository key, for the trending prior (optional).
    ///   - embedder: what gives repositories meaning vectors, for re-weighting content neighbours
    ///     (``RecommenderConfiguration/contentMeaningFloor``); nil (no table) keeps them as words alone.
    ///   - now: the date freshness is measured from; `nil` takes the newest push in the catalog, so the same
    ///     inputs always give the same index.
    ///   - listings: where curated lists place repositories: their headings are matched like topics
    ///     (``ListedTopics``).
    public init(
        repositories: [Repository], community: [CommunitySignal] = [], weeklyGains: [String: Int] = [:],
        now: Date? = nil, configuration: RecommenderConfiguration = RecommenderConfiguration(),
        embedder: TextEmbedder? = SemanticModel.shared, listings: [CuratedListEntry] = []
    ) {
        var positionByKey: [String: Int] = [:]
        positionByKey.reserveCapacity(repositories.count)
        for (position, repository) in repositories.enumerated() { positionByKey[repository.id] = position }
        let sameProjects = SameProjects(positionByKey.values.sorted().map { repositories[$0] })
        self.sameProjects = sameProjects
        let keys = positionByKey.keys.filter { !sameProjects.isSuperseded($0) }.sorted()
        let sorted = keys.map { repositories[positionByKey[$0]!] }
        self.repositories = sorted
        self.configuration = configuration
        var itemByKey: [String: Int32] = [:]
        itemByKey.reserveCapacity(sorted.count + sameProjects.currentKey.count)
        for (index, key) in keys.enumerated() { itemByKey[key] = Int32(index) }
        for (old, current) in sameProjects.currentKey { itemByKey[old] = itemByKey[current] }
        self.itemByKey = itemByKey

        // The catalog's facts and content ties by words here; the meaning vectors and the collaborative side
        // (people's signals) on a thread of its own meanwhile: each is mostly sequential, together they take both
        // cores (2.3 → 1.9 s, 42k catalog). Then the word ties are re-weighed by meaning.
        let itemCount = sorted.count
        let keyed = itemByKey
        let keep = configuration.contentNeighbours
        let meaningEmbedder = configuration.contentMeaningFloor < 1 ? embedder : nil
        let ((facts, wordTies), (meaning, collaborative)) = alongside {
            let facts = CatalogFacts(sorted, listed: ListedTopics.byRepository(listings))
            let pool = meaningEmbedder == nil ? keep : keep * max(1, configuration.contentMeaningPool)
            return (
                facts,
                ContentSimilarity.neighbours(
                    facts: facts, repositories: sorted, configuration: configuration, keep: pool)
            )
        } _: {
            // Meaning vectors only while content neighbours are made (a 42k catalog's would hold 43 MB).
            (
                meaningEmbedder.map { ItemMeaning(sorted, embedder: $0) },
                CollaborativeSimilarity(
                    community: community, itemByKey: keyed, itemCount: itemCount, configuration: configuration)
            )
        }
        self.facts = facts
        content = meaning?.reweighted(wordTies, floor: configuration.contentMeaningFloor, keep: keep) ?? wordTies
        archived = sorted.map(\.archived)
        let priors = Priors(sorted, weeklyGains: weeklyGains, now: now)
        self.priors = priors
        age = CatalogAge(pushes: sorted.lazy.map(\.pushedAt))
        let stars = sorted.map(\.stars).sorted(by: >)
        famousStars = stars.count > 1_000 ? stars[999] : 0

        self.collaborative = collaborative.neighbours
        communityCount = collaborative.peopleCount
        factors = collaborative.factors
        signalledItems = (0..<Int32(sorted.count)).filter { collaborative.peopleCount[Int($0)] > 0 }

        let general: [Float] = (0..<sorted.count).map { priors.general($0) }
        let ordered: [Int32] = (0..<Int32(sorted.count)).filter { !sorted[Int($0)].archived }.sorted {
            (a: Int32, b: Int32) -> Bool in
            let first = general[Int(a)]
            let second = general[Int(b)]
            return first > second || (first == second && a < b)
        }
        byPrior = ordered
        var priorRank = [Int32](repeating: Int32.max, count: sorted.count)
        for (rank, item) in ordered.enumerated() { priorRank[Int(item)] = Int32(rank) }
        self.priorRank = priorRank
        var byLanguage = Array(repeating: [Int32](), count: facts.languages.names.count)
        var byTopic = Array(repeating: [Int32](), count: facts.topicNumbering.names.count)
        var byCluster = Array(repeating: [Int32](), count: TopicCluster.all.count)
        for item in ordered {
            let index = Int(item)
            if facts.languageOf[index] >= 0 { byLanguage[Int(facts.languageOf[index])].append(item) }
            for position in facts.topics.range(of: index) { byTopic[Int(facts.topics.ids[position])].append(item) }
            for topic in facts.listedTopics[index] { byTopic[Int(topic)].append(item) }
            byCluster[Int(facts.clusterOf[index])].append(item)
        }
        self.byLanguage = byLanguage
        self.byTopic = byTopic
        self.byCluster = byCluster
    }

    /// How many repositories the index holds.
    public var count: Int { repositories.count }

    /// The position of a repository, by key (`owner/name`, any case).
    public func item(forKey key: String) -> Int? {
        itemByKey[key.lowercased()].map(Int.init)
    }

    /// A repository's primary cluster.
    public func cluster(of key: String) -> TopicCluster? {
        item(forKey: key).map { TopicCluster.all[Int(facts.clusterOf[$0])] }
    }

    /// Every repository's prior as people of this blend weigh it, computed once per index and blend.
    func priors(for blend: PriorBlend) -> [Float] {
        if let table = blendedPriors.withLock({ $0[blend] }) { return table }
        let table = (0..<count).map { blend.prior($0, priors) }
        return blendedPriors.withLock { tables in
            if let made = tables[blend] { return made }
            tables[blend] = table
            return table
        }
    }
}
