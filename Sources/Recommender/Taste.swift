public import RepoFinderCore

/// One thing a person did with a repository, as the recommender weighs it.
public enum SignalKind: String, CaseIterable, Codable, Hashable, Sendable {
    /// Swiped right.
    case like
    /// Kept for later.
    case save
    /// Starred on GitHub (imported stars).
    case star
    /// Opened it on GitHub.
    case open
    /// Looked at its detail page.
    case view
    /// Swiped left.
    case skip

    /// How much the signal says "more like this" (negative: "less like this").
    public var weight: Float {
        switch self {
        case .like, .save, .star: 1
        case .open: 0.5
        case .view: 0.2
        case .skip: -1
        }
    }

    /// What the person did, as a reason says it: "like vapor/vapor, which you liked".
    var reasonAction: Reason.Action {
        switch self {
        case .like: .liked
        case .save: .saved
        case .star: .starred
        case .open: .opened
        case .view: .viewed
        case .skip: .skipped
        }
    }

    /// The recommender's reading of a stored interaction.
    public init(_ kind: InteractionKind) {
        switch kind {
        case .like: self = .like
        case .save: self = .save
        case .skip: self = .skip
        case .view: self = .view
        case .open: self = .open
        case .star: self = .star
        }
    }
}

/// A person's signal about one repository.
public struct TasteSignal: Hashable, Sendable {
    /// The repository, by its case-insensitive key (`owner/name`, lowercase).
    public var repositoryKey: String
    /// What they did.
    public var kind: SignalKind

    public init(repository: RepositoryName, kind: SignalKind) {
        self.repositoryKey = repository.key
        self.kind = kind
    }

    public init(repositoryKey: String, kind: SignalKind) {
        self.repositoryKey = repositoryKey.lowercased()
        self.kind = kind
    }
}

/// Everything the recommender knows about one person when it deals their next cards.
public struct Taste: Sendable {
    /// What they said in onboarding.
    public var preferences: UserPreferences
    /// What they did, oldest first (a repository may appear more than once; every signal counts).
    public var signals: [TasteSignal]
    /// Keys of repositories already dealt to them (never dealt again).
    public var served: Set<String>
    /// Items already dealt to them, as bits of the index that deals (never dealt again; with `served`, both count).
    /// Sessions that live long keep this instead of keys: it costs nothing per request. Bits of another index
    /// (a different ``RecommendationIndex/count``) are ignored.
    public var servedItems: ItemBits?
    /// `preferences` already resolved against the index (``RecommendationIndex/prepare(_:)``); used only when it
    /// fits them and the index, resolved again otherwise.
    public var prepared: PreparedPreferences?

    public init(
        preferences: UserPreferences = UserPreferences(), signals: [TasteSignal] = [], served: Set<String> = [],
        servedItems: ItemBits? = nil, prepared: PreparedPreferences? = nil
    ) {
        self.preferences = preferences
        self.signals = signals
        self.served = served
        self.servedItems = servedItems
        self.prepared = prepared
    }
}
