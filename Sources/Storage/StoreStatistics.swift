import Foundation
public import RepoFinderCore

/// Row counts, for `repofinder stats` and health checks.
public struct StoreStatistics: Hashable, Sendable {
    public var repositories: Int
    public var topics: Int
    public var starSnapshots: Int
    public var firstSnapshotDay: Day?
    public var lastSnapshotDay: Day?
    public var users: Int
    public var interactions: Int
    public var schemaVersion: Int

    public init(
        repositories: Int, topics: Int, starSnapshots: Int, firstSnapshotDay: Day?, lastSnapshotDay: Day?,
        users: Int, interactions: Int, schemaVersion: Int
    ) {
        self.repositories = repositories
        self.topics = topics
        self.starSnapshots = starSnapshots
        self.firstSnapshotDay = firstSnapshotDay
        self.lastSnapshotDay = lastSnapshotDay
        self.users = users
        self.interactions = interactions
        self.schemaVersion = schemaVersion
    }
}
