public import Foundation
import PostgresNIO
public import RepoFinderCore
import SearchIndex
public import Storage
import StorageSQL

extension PostgresStorage {
    public func renameRepository(_ old: RepositoryName, to current: Repository, at date: Date) async throws -> Bool {
        defer { searchIndex.invalidate() }
        return try await transaction { connection in
            let oldID: Int64? = try await query(SharedSQL.repositoryIDByKey, [old.key], on: connection).first?.value(0)
            let newID: Int64? = try await query(SharedSQL.repositoryIDByKey, [current.id], on: connection).first?
                .value(0)
            guard let id = oldID ?? newID else { return false }
            if let oldID, oldID != newID {
                if let newID {
                    for statement in SharedSQL.mergeRepositoryRows + [Self.mergeServed] {
                        try await query(statement, [newID, oldID], on: connection)
                    }
                    try await query(SharedSQL.deleteRepositoryByID, [oldID], on: connection)
                } else {
                    try await query(
                        SharedSQL.moveRepository, [current.id, current.owner.login, current.name, oldID],
                        on: connection)
                }
            }
            if old.key != current.id {
                try await query(
                    SharedSQL.recordRename, [old.key, newID ?? id, date.roundedToMilliseconds], on: connection)
            }
            try await query(SharedSQL.forgetRename, [current.id], on: connection)
            _ = try await upsert([current], on: connection)
            return true
        }
    }

    /// What was dealt follows a merged record (PostgreSQL keeps a row per dealt card).
    private static let mergeServed = """
        INSERT INTO served_repositories (user_id, repository_id, served_at)
        SELECT user_id, ?, served_at FROM served_repositories WHERE repository_id = ? ON CONFLICT DO NOTHING
        """

    public func currentName(of name: RepositoryName) async throws -> RepositoryName? {
        guard let row = try await query(SharedSQL.currentName, [name.key]).first else { return nil }
        return try RepositoryName(owner: try row.value(0), name: try row.value(1))
    }

    public func markGone(_ names: [RepositoryName], at date: Date) async throws -> Int {
        guard !names.isEmpty else { return 0 }
        defer { searchIndex.invalidate() }
        // Out of the search vector too, so no search finds them; a refresh that finds one again re-indexes it.
        return try await query(
            "UPDATE repositories SET gone_at = ? WHERE gone_at IS NULL "
                + "AND full_name_key = ANY(?) RETURNING id",
            [date.roundedToMilliseconds, Array(Set(names.map(\.key)))]
        ).count
    }

    public func markChecked(_ names: [RepositoryName], at date: Date) async throws {
        guard !names.isEmpty else { return }
        defer { searchIndex.invalidate() }
        let keys = Array(Set(names.map(\.key)))
        try await transaction { connection in
            // A gone repository that is back: its zero fingerprint makes the next upsert re-index it.
            try await query(
                "UPDATE repositories SET gone_at = NULL, fingerprint = 0 WHERE gone_at IS NOT NULL "
                    + "AND full_name_key = ANY(?)", [keys], on: connection)
            try await query(
                "UPDATE repositories SET checked_at = ? WHERE full_name_key = ANY(?)",
                [date.roundedToMilliseconds, keys], on: connection)
        }
    }

    public func repositoriesToCheck(notCheckedSince date: Date, limit: Int) async throws -> [RepositoryName] {
        try await query(SharedSQL.repositoriesToCheck, [date.roundedToMilliseconds, Int64(max(0, limit))]).map { row in
            try RepositoryName(owner: try row.value(0), name: try row.value(1))
        }
    }

    public func claimCatalogRefresh(_ run: CatalogRefreshRun, staleBefore: Date, retryBefore: Date) async throws
        -> Bool
    {
        try await !query(
            SharedSQL.claimCatalogRefresh,
            [
                run.slot, run.runner, run.startedAt.roundedToMilliseconds, run.heartbeatAt.roundedToMilliseconds,
                try CatalogRefreshCoding.encode(run.summary), staleBefore.roundedToMilliseconds,
                retryBefore.roundedToMilliseconds,
            ]
        ).isEmpty
    }

    public func claimJob(_ job: String, holder: String, until: Date, now: Date) async throws -> Bool {
        try await !query(
            SharedSQL.claimJob, [job, holder, until.roundedToMilliseconds, now.roundedToMilliseconds]
        ).isEmpty
    }

    public func saveCatalogRefresh(_ run: CatalogRefreshRun) async throws {
        try await query(
            SharedSQL.saveCatalogRefresh,
            [
                run.state.rawValue, run.heartbeatAt.roundedToMilliseconds, run.finishedAt?.roundedToMilliseconds,
                try CatalogRefreshCoding.encode(run.summary), run.slot, run.runner,
            ])
    }

    public func catalogRefreshes(limit: Int) async throws -> [CatalogRefreshRun] {
        try await query(SharedSQL.catalogRefreshes, [Int64(max(0, limit))]).map { row in
            try CatalogRefreshCoding.run(
                slot: try row.value(0), runner: try row.value(1), state: try row.value(2), startedAt: try row.date(3),
                heartbeatAt: try row.date(4), finishedAt: try row.date(5), summary: try row.value(6))
        }
    }
}
