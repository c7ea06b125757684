public import Foundation
public import RepoFinderCore

/// A star or unstar on GitHub that GitHub has not taken yet (it refused, limited or could not be reached): kept per
/// person and repository (the newest wish wins) and retried until it goes through.
public struct StarChange: Hashable, Sendable {
    /// What to do on GitHub.
    public enum Action: String, Sendable, CaseIterable {
        case star, unstar
    }

    public var userID: String
    public var repository: RepositoryName
    public var action: Action
    /// Tries so far.
    public var attempts: Int
    /// When to try next.
    public var nextAttemptAt: Date
    /// Why the last try failed, in a person's words.
    public var lastError: String?
    public var createdAt: Date

    public init(
        userID: String, repository: RepositoryName, action: Action, attempts: Int = 0, nextAttemptAt: Date,
        lastError: String? = nil, createdAt: Date
    ) {
        self.userID = userID
        self.repository = repository
        self.action = action
        self.attempts = attempts
        self.nextAttemptAt = nextAttemptAt
        self.lastError = lastError
        self.createdAt = createdAt
    }
}
