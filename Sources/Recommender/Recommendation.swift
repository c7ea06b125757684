public import Localization
public import RepoFinderCore

/// One card of a deck: a repository, how well it fits, and why it was chosen.
public struct Recommendation: Hashable, Sendable {
    /// The repository.
    public var repository: Repository
    /// How well it fits this person, 0–100.
    public var fit: Int
    /// One to three short reasons a person understands, strongest first, in English (``details`` words them in any
    /// language). A card made from details words them when asked: a deal makes twenty cards, and a face in
    /// another language, or one that never shows them (a benchmark, the dealt ledger), need not pay for English.
    public var reasons: [String] {
        get { givenReasons ?? details.map { $0.text(Self.english) } }
        set { givenReasons = newValue }
    }
    /// The reasons given as text (nil: worded from ``details``).
    private var givenReasons: [String]?
    /// The same reasons as data: a kind and its values, worded at the edge in the person's language.
    public var details: [Reason]
    /// Its primary topic cluster.
    public var cluster: TopicCluster
    /// Its position in the index of the recommender that chose it (`RecommendationIndex.repositories`), so that a
    /// caller holding that index needs no lookup by name; nil for a card made elsewhere.
    public var indexPosition: Int?

    public init(repository: Repository, fit: Int, reasons: [String], cluster: TopicCluster, indexPosition: Int? = nil) {
        self.repository = repository
        self.fit = fit
        givenReasons = reasons
        self.details = []
        self.cluster = cluster
        self.indexPosition = indexPosition
    }

    /// A card whose reasons are `details`, worded in English for ``reasons``.
    public init(repository: Repository, fit: Int, details: [Reason], cluster: TopicCluster, indexPosition: Int? = nil) {
        self.repository = repository
        self.fit = fit
        self.details = details
        self.cluster = cluster
        self.indexPosition = indexPosition
    }

    /// The reasons in `words`' language (the English ones of a card made without details, or given as text).
    public func reasons(in words: Words) -> [String] {
        reasonsAsGiven(in: words) ?? details.map { $0.text(words) }
    }

    /// The reasons given as text when they are what `words` shows (a card without details, or English ones); nil
    /// when ``details`` word them.
    public func reasonsAsGiven(in words: Words) -> [String]? {
        guard let givenReasons, details.isEmpty || words.language == .english else { return nil }
        return givenReasons
    }

    /// The shipped English words, made once.
    private static let english = Words(.english)
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
        let words = Words(Language.current)
        switch (cards.isEmpty, narrowed) {
        case (true, true): return words.text("facts.deck.seen-all-filter")
        case (false, true): return words.text("facts.deck.last-filter")
        case (true, false): return words.text("facts.deck.seen-all")
        case (false, false): return words.text("facts.deck.last")
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
