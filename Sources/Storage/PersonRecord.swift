public import RepoFinderCore

/// What a person's session reads of them when it loads: asked of the store in one go, so that loading takes one trip
/// to the database where the engine can (the SQLite file: one read transaction) instead of one per part.
public struct PersonRecordRequest: Sendable, Equatable {
    /// Whether to read the keys of every repository dealt to the person (a server that wrote them itself knows).
    public var served: Bool
    /// How many of the most recently saved repositories to read (the first page of the saved list); 0 for none.
    public var recentSaves: Int
    /// The local day whose pick to read, if any.
    public var pickDay: Day?

    public init(served: Bool, recentSaves: Int = 0, pickDay: Day? = nil) {
        self.served = served
        self.recentSaves = recentSaves
        self.pickDay = pickDay
    }
}

/// A person as their session needs them: preferences, interactions, what they were dealt, and what Home shows.
public struct PersonRecord: Sendable {
    /// Nil when the person never set any.
    public var preferences: UserPreferences?
    /// Oldest first, as ``DataStore/interactions(userID:)`` returns them.
    public var interactions: [Interaction]
    /// The keys of every repository dealt to them; nil when not asked for.
    public var served: Set<String>?
    /// Their GitHub identity, when they signed in with GitHub.
    public var githubIdentity: GitHubIdentity?
    /// The first page of their saved list, of the size asked for; nil when none was asked for.
    public var recentSaves: Page<ListedRepository>?
    /// The pick kept for the day asked for; nil when there is none (or no day was asked for).
    public var pick: RepositoryName?

    public init(
        preferences: UserPreferences?, interactions: [Interaction], served: Set<String>?,
        githubIdentity: GitHubIdentity?, recentSaves: Page<ListedRepository>?, pick: RepositoryName?
    ) {
        self.preferences = preferences
        self.interactions = interactions
        self.served = served
        self.githubIdentity = githubIdentity
        self.recentSaves = recentSaves
        self.pick = pick
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
        async let pick = pick(userID: userID, day: request.pickDay)
        return PersonRecord(
            preferences: try await preferences, interactions: try await interactions, served: try await served,
            githubIdentity: try await identity, recentSaves: try await saves, pick: try await pick)
    }

    private func pick(userID: String, day: Day?) async throws -> RepositoryName? {
        guard let day else { return nil }
        return try await dailyPick(userID: userID, day: day)
    }
}
