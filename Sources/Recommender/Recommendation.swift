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
    /// Whether a filter narrowed the deal (the deck ran dry because of it, when it ran dry).
    public var narrowed: Bool
    /// How old the catalog it was dealt from is: faces judge the cards' activity as of its newest day once stale.
    public var age: CatalogAge

    public init(
        cards: [Recommendation], exhausted: Bool, narrowed: Bool = false, age: CatalogAge = CatalogAge(newestDay: nil)
    ) {
        self.cards = cards
        self.exhausted = exhausted
        self.narrowed = narrowed
        self.age = age
    }

    /// What to tell the person when the deck ran out, or `nil` while it has not.
    public var exhaustedMessage: String? {
        guard exhausted else { return nil }
        switch (cards.isEmpty, narrowed) {
        case (true, true):
            return "You have seen every repository your filter allows. Widen the filter to see more."
        case (false, true):
            return "These are the last repositories your filter allows. Widen the filter to see more."
        case (true, false):
            return "You have seen every repository in the catalog. Come back after the next catalog refresh."
        case (false, false):
            return "These are the last repositories in the catalog for now. More come with the next catalog refresh."
        }
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
