public import RepoFinderCore

/// What a person's session reads of them when it loads: asked of the store in one go, so that loading takes one trip
/// to the database where the engine can (the SQLite file: one read transaction) instead of one per part.
public struct PersonRecordRequest: Sendable, Equatable {
    /// Whether to read the keys of every repository dealt to the person (a server that wrote them itself knows).
    public var served: Bool
    /// How many of the most recently saved repositories to read (the first page of the saved list); 0 for none.
    public var recentSaves: Int
    /// The first day whose picks to read (that day's and every later day's), if any.
    public var picksFrom: Day?

    public init(served: Bool, recentSaves: Int = 0, picksFrom: Day? = nil) {
        self.served = served
        self.recentSaves = recentSaves
        self.picksFrom = picksFrom
    }
}

/// A person as their session needs them: preferences, interactions, what they were dealt, and what Home shows.
public struct PersonRecord: Sendable {
    /// Nil when the person never set any.
    public var preferences: UserPreferences?
    /// What they did to which repository, oldest first (the order of ``DataStore/interactions(userID:)``): all a
    /// taste needs of their interactions, without the ids and times that cost more to read than the rest.
    public var signals: [PersonSignal]
    /// The keys of every repository dealt to them; nil when not asked for.
    public var served: Set<String>?
    /// Their GitHub identity, when they signed in with GitHub.
    public var githubIdentity: GitHubIdentity?
    /// The first page of their saved list, of the size asked for; nil when none was asked for.
    public var recentSaves: Page<ListedRepository>?
    /// The picks kept for the days asked for, by day; nil when no day was asked for.
    public var picks: [Day: RepositoryName]?
    /// The keys of the repositories on their lists, by list (``DataStore/listedKeys(userID:)``).
    public var listed: [RepositoryList: Set<String>]

    public init(
        preferences: UserPreferences?, signals: [PersonSignal], served: Set<String>?,
        githubIdentity: GitHubIdentity?, recentSaves: Page<ListedRepository>?, picks: [Day: RepositoryName]?,
        listed: [RepositoryList: Set<String>] = [:]
    ) {
        self.preferences = preferences
        self.signals = signals
        self.served = served
        self.githubIdentity = githubIdentity
        self.recentSaves = recentSaves
        self.picks = picks
        self.listed = listed
    }
}

/// One of a person's interactions as their taste needs it: the repository (by ``RepositoryName/key``) and the kind.
public struct PersonSignal: Hashable, Sendable {
    /// ``RepositoryName/key`` of the repository.
    public var repositoryKey: String
    public var kind: InteractionKind

    public init(repositoryKey: String, kind: InteractionKind) {
        self.repositoryKey = repositoryKey
        self.kind = kind
    }

    /// The signal an interaction gives.
    public init(_ interaction: Interaction) {
        self.init(repositoryKey: interaction.repository.key, kind: interaction.kind)
    }
}

extension DataStore {
    /// Reads the parts one by one, all at the same time: for engines without a one-trip way.
    public func personRecord(userID: String, _ request: PersonRecordRequest) async throws -> PersonRecord {
        async let preferences = preferences(userID: userID)
        async let interactions = interactions(userID: userID)
        async let identity = githubIdentity(userID: userID)
        async let served = request.served ? served(userID: userID) : nil
        async let saves =
            request.recentSaves > 0
            ? list(.saved, userID: userID, page: PageRequest(page: 1, perPage: request.recentSaves)) : nil
        async let picks = picks(userID: userID, from: request.picksFrom)
        async let listed = listedKeys(userID: userID)
        return PersonRecord(
            preferences: try await preferences, signals: try await interactions.map(PersonSignal.init),
            served: try await served,
            githubIdentity: try await identity, recentSaves: try await saves, picks: try await picks,
            listed: try await listed)
    }

    private func picks(userID: String, from day: Day?) async throws -> [Day: RepositoryName]? {
        guard let day else { return nil }
        return try await dailyPicks(userID: userID, from: day)
    }
}
