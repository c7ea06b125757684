import Foundation
public import RepoFinderCore

/// Hit rate, NDCG and recall of top-N lists against held-out relevant items (binary relevance).
public struct RankingMetrics: Hashable, Sendable {
    public private(set) var users = 0
    private var hits = 0.0
    private var gain = 0.0
    private var recalled = 0.0

    public init() {}

    /// Adds one person's ranked list (best first) and the items they really chose.
    public mutating func add<Item: Hashable>(ranked: [Item], relevant: Set<Item>) {
        guard !relevant.isEmpty else { return }
        users += 1
        let top10 = ranked.prefix(10)
        if top10.contains(where: relevant.contains) { hits += 1 }
        var dcg = 0.0
        for (rank, item) in top10.enumerated() where relevant.contains(item) { dcg += 1 / log2(Double(rank + 2)) }
        let ideal = (0..<min(10, relevant.count)).reduce(0.0) { $0 + 1 / log2(Double($1 + 2)) }
        gain += dcg / ideal
        recalled += Double(ranked.prefix(20).filter(relevant.contains).count) / Double(relevant.count)
    }

    /// Share of people with at least one relevant item in their top 10.
    public var hitRate: Double { users > 0 ? hits / Double(users) : 0 }
    /// Mean NDCG@10.
    public var ndcg: Double { users > 0 ? gain / Double(users) : 0 }
    /// Mean share of a person's relevant items found in their top 20.
    public var recall: Double { users > 0 ? recalled / Double(users) : 0 }

    /// `name HR@10=0.xxx NDCG@10=0.xxx Recall@20=0.xxx`.
    public func line(_ name: String) -> String {
        "\(name) HR@10=\(Self.format(hitRate)) NDCG@10=\(Self.format(ndcg)) Recall@20=\(Self.format(recall))"
    }

    private static func format(_ value: Double) -> String {
        String(format: "%.3f", value)
    }
}

/// The offline protocol of `../shared/data/README.md`: train on everyone's `train` stars, then for every person
/// rank all repositories of the data set that are not among their `train` stars, and score the top 10 / 20 against
/// their held-out stars. Repositories are matched to the catalog by full name; those outside it take part with
/// their name only.
public struct OfflineEvaluation: Sendable {
    /// One `(person, repository key)` pair of a star file.
    public struct Star: Hashable, Sendable {
        public var person: String
        public var repositoryKey: String

        public init(person: String, repositoryKey: String) {
            self.person = person
            self.repositoryKey = repositoryKey.lowercased()
        }
    }

    /// The engine's and the popularity baseline's figures, and how many repositories matched the catalog.
    public struct Result: Sendable {
        public var engine: RankingMetrics
        public var popularity: RankingMetrics
        /// The discovery figures of the engine and of the popularity baseline.
        public var engineDiscovery: DiscoveryMetrics
        public var popularityDiscovery: DiscoveryMetrics
        public var repositories: Int
        public var matchedInCatalog: Int
    }

    public let train: [Star]
    public let test: [Star]
    public let configuration: RecommenderConfiguration
    /// Scores only the people whose login's FNV-1a digest is this modulo 2 (nil: everyone), so that a change tuned
    /// on one half can be checked on the other.
    public let half: UInt64?

    public init(
        train: [Star], test: [Star], configuration: RecommenderConfiguration = RecommenderConfiguration(),
        half: UInt64? = nil
    ) {
        self.train = train
        self.test = test
        self.configuration = configuration
        self.half = half
    }

    /// Runs both rankers over `catalog`.
    public func run(catalog: [Repository]) -> Result {
        let catalogByKey = Dictionary(catalog.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        let keys = Set(train.map(\.repositoryKey)).union(test.map(\.repositoryKey)).sorted()
        var repositories: [Repository] = []
        var matched = 0
        for key in keys {
            if let known = catalogByKey[key] {
                repositories.append(known)
                matched += 1
            } else if let name = try? RepositoryName(parsing: key) {
                repositories.append(Repository(owner: RepositoryOwner(login: name.owner), name: name.name, stars: 0))
            }
        }
        let community = train.map { CommunitySignal(person: $0.person, repositoryKey: $0.repositoryKey, kind: .star) }
        let index = RecommendationIndex(repositories: repositories, community: community, configuration: configuration)
        let recommender = Recommender(index: index)
        // A project under two names is one repository of the index.
        var inUniverse = Set<Int>()
        let universe = keys.compactMap { index.item(forKey: $0) }.filter { inUniverse.insert($0).inserted }

        var trainBy: [String: [String]] = [:]
        for star in train { trainBy[star.person, default: []].append(star.repositoryKey) }
        var testBy: [String: Set<Int>] = [:]
        for star in test {
            if let item = index.item(forKey: star.repositoryKey) { testBy[star.person, default: []].insert(item) }
        }
        let people = testBy.keys.sorted().filter { person in half.map { FNV1a.digest(person) % 2 == $0 } ?? true }

        let popularityOrder = universe.sorted {
            index.communityCount[$0] > index.communityCount[$1]
                || (index.communityCount[$0] == index.communityCount[$1] && $0 < $1)
        }
        let starRank = DiscoveryMetrics.starRanks(
            of: index.repositories.map(\.stars), within: catalog.map(\.stars))
        let partials = inParallel(count: people.count, chunkCount: 16) { [trainBy, testBy] range -> Partial in
            var part = Partial()
            for person in people[range] {
                let starred = trainBy[person] ?? []
                let relevant = testBy[person] ?? []
                let taste = Taste(signals: starred.map { TasteSignal(repositoryKey: $0, kind: .star) })
                let ranked = recommender.ranking(for: taste, among: universe, limit: 20)
                part.engine.add(ranked: ranked, relevant: relevant)
                part.engineDiscovery.add(ranked: ranked, relevant: relevant, starRank: starRank)
                let seen = Set(starred.compactMap { index.item(forKey: $0) })
                let popular = Array(popularityOrder.lazy.filter { !seen.contains($0) }.prefix(20))
                part.popularity.add(ranked: popular, relevant: relevant)
                part.popularityDiscovery.add(ranked: popular, relevant: relevant, starRank: starRank)
            }
            return part
        }
        var total = Partial()
        for part in partials { total.merge(part) }
        return Result(
            engine: total.engine, popularity: total.popularity, engineDiscovery: total.engineDiscovery,
            popularityDiscovery: total.popularityDiscovery, repositories: universe.count, matchedInCatalog: matched)
    }
}

/// One worker's share of an evaluation.
private struct Partial: Sendable {
    var engine = RankingMetrics()
    var popularity = RankingMetrics()
    var engineDiscovery = DiscoveryMetrics()
    var popularityDiscovery = DiscoveryMetrics()

    mutating func merge(_ other: Partial) {
        engine.merge(other.engine)
        popularity.merge(other.popularity)
        engineDiscovery.merge(other.engineDiscovery)
        popularityDiscovery.merge(other.popularityDiscovery)
    }
}

extension RankingMetrics {
    mutating func merge(_ other: RankingMetrics) {
        users += other.users
        hits += other.hits
        gain += other.gain
        recalled += other.recalled
    }
}
