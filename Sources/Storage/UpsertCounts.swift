import Foundation
public import RepoFinderCore

/// How many rows an upsert inserted, changed, or found already up to date.
public struct UpsertCounts: Hashable, Sendable {
    public var inserted: Int
    public var updated: Int
    public var unchanged: Int

    public init(inserted: Int = 0, updated: Int = 0, unchanged: Int = 0) {
        self.inserted = inserted
        self.updated = updated
        self.unchanged = unchanged
    }

    /// Adds another batch's counts.
    public static func + (lhs: Self, rhs: Self) -> Self {
        Self(
            inserted: lhs.inserted + rhs.inserted, updated: lhs.updated + rhs.updated,
            unchanged: lhs.unchanged + rhs.unchanged)
    }
}

/// The outcome of storing star snapshots.
public struct SnapshotUpsertResult: Hashable, Sendable {
    /// What was written.
    public var counts: UpsertCounts
    /// Repositories named by snapshots but missing from the catalog (their snapshots were skipped).
    public var unknownRepositories: Set<RepositoryName>

    public init(counts: UpsertCounts, unknownRepositories: Set<RepositoryName>) {
        self.counts = counts
        self.unknownRepositories = unknownRepositories
    }
}
