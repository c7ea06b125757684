public import RepoFinderCore

/// One card of a deck: a repository, how well it fits, and why it was chosen.
public struct Recommendation: Hashable, Sendable {
    /// The repository.
    public var repository: Repository
    /// How well it fits this person, 0–100.
    public var fit: Int
    /// One to three short reasons a person understands, strongest first.
    public var reasons: [String]
    /// Its primary topic cluster.
    public var cluster: TopicCluster
    /// Its position in the index of the recommender that chose it (`RecommendationIndex.repositories`), so that a
    /// caller holding that index needs no lookup by name; nil for a card made elsewhere.
    public var indexPosition: Int?

    public init(repository: Repository, fit: Int, reasons: [String], cluster: TopicCluster, indexPosition: Int? = nil) {
        self.repository = repository
        self.fit = fit
        self.reasons = reasons
        self.cluster = cluster
        self.indexPosition = indexPosition
    }
}

/// The next cards for one person.
public struct Deck: Hashable, Sendable {
    /// The cards, best first.
    public var cards: [Recommendation]
    /// Whether every repository their filters allow has now been dealt (fewer cards than asked for, or none).
    public var exhausted: Bool

    public init(cards: [Recommendation], exhausted: Bool) {
        self.cards = cards
        self.exhausted = exhausted
    }

    /// What to tell the person when the deck ran out, or `nil` while it has not.
    public var exhaustedMessage: String? {
        guard exhausted else { return nil }
        return cards.isEmpty
            ? "You have seen every repository that matches your filters. Widen them, or come back after the next sync."
            : "These are the last repositories that match your filters. Widen them to see more."
    }
}

/// A cluster and how many repositories it holds.
public struct ClusterSize: Hashable, Sendable {
    public var cluster: TopicCluster
    public var repositories: Int

    public init(cluster: TopicCluster, repositories: Int) {
        self.cluster = cluster
        self.repositories = repositories
    }
}
