public import Foundation
public import RepoFinderCore

/// Stars and unstars on GitHub waiting to go through. One of the roles ``DataStore`` composes;
/// a module that needs only this part takes it alone. Every method is atomic (see ``DataStore``).
public protocol StarQueueStore: Sendable {
    /// Keeps a star or unstar for later, replacing the person's earlier wish for that repository.
    func queueStarChange(_ change: StarChange) async throws

    /// The person's waiting change for a repository, if any.
    func pendingStarChange(userID: String, repository: RepositoryName) async throws -> StarChange?

    /// The person's waiting changes, oldest first.
    func pendingStarChanges(userID: String) async throws -> [StarChange]

    /// Everyone's changes due by `date`, soonest first, at most `limit`.
    func dueStarChanges(by date: Date, limit: Int) async throws -> [StarChange]

    /// Drops a waiting change once it went through (only if it is still the same wish).
    func completeStarChange(_ change: StarChange) async throws

    /// Saves a failed try: attempts, the next try's time and why (only if it is still the same wish).
    func deferStarChange(_ change: StarChange) async throws
}
