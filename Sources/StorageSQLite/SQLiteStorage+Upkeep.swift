public import Foundation
import GRDB
public import RepoFinderCore
import SearchIndex
public import Storage
import StorageSQL

extension SQLiteStorage {
    public func renameRepository(_ old: RepositoryName, to current: Repository, at date: Date) async throws -> Bool {
        defer { searchIndex.invalidate() }
        return try await write { db in
            let oldID = try Int64.fetchOne(db, sql: SharedSQL.repositoryIDByKey, arguments: [old.key])
            let newID = try Int64.fetchOne(db, sql: SharedSQL.repositoryIDByKey, arguments: [current.id])
            guard let id = oldID ?? newID else { return false }
            if let oldID, oldID != newID {
                if let newID {
                    for statement in SharedSQL.mergeRepositoryRows {
                        try db.execute(sql: statement, arguments: [newID, oldID])
                    }
                    try db.execute(sql: SharedSQL.deleteRepositoryByID, arguments: [oldID])
                } else {
                    try db.execute(
                        sql: SharedSQL.moveRepository,
                        arguments: [current.id, current.owner.login, current.name, oldID])
                }
            }
            let target = newID ?? id
            if old.key != current.id {
                try db.execute(sql: SharedSQL.recordRename, arguments: [old.key, target, date.sqliteText])
            }
            try db.execute(sql: SharedSQL.forgetRename, arguments: [current.id])
            _ = try Self.upsert(db, [current])
            return true
        }
    }

    public func currentName(of name: RepositoryName) async throws -> RepositoryName? {
        try await read { db in
            try Row.fetchOne(db, sql: SharedSQL.currentName, arguments: [name.key]).map { row in
                try RepositoryName(owner: row[0], name: row[1])
            }
        }
    }

    public func markGone(_ names: [RepositoryName], at date: Date) async throws -> Int {
        guard !names.isEmpty else { return 0 }
        defer { searchIndex.invalidate() }
        return try await write { db in
            var marked = 0
            for chunk in Array(Set(names.map(\.key))).chunks(of: 500) {
                let ids = try Int64.fetchAll(
                    db,
                    sql: "UPDATE repositories SET gone_at = ? WHERE gone_at IS NULL AND full_name_key IN "
                        + SharedSQL.placeholders(chunk.count) + " RETURNING id",
                    arguments: StatementArguments([date.sqliteText] + Array(chunk)))
                marked += ids.count
            }
            return marked
        }
    }

    public func markChecked(_ names: [RepositoryName], at date: Date) async throws {
        guard !names.isEmpty else { return }
        defer { searchIndex.invalidate() }
        try await write { db in
            for chunk in Array(Set(names.map(\.key))).chunks(of: 500) {
                let list = SharedSQL.placeholders(chunk.count)
                // A gone repository that is back: its zero fingerprint makes the next upsert re-index it.
                try db.execute(
                    sql: "UPDATE repositories SET gone_at = NULL, fingerprint = 0 WHERE gone_at IS NOT NULL "
                        + "AND full_name_key IN \(list)", arguments: StatementArguments(Array(chunk)))
                try db.execute(
                    sql: "UPDATE repositories SET checked_at = ? WHERE full_name_key IN \(list)",
                    arguments: StatementArguments([date.sqliteText] + Array(chunk)))
            }
        }
    }

    public func repositoriesToCheck(notCheckedSince date: Date, limit: Int) async throws -> [RepositoryName] {
        try await read { db in
            try Row.fetchAll(db, sql: SharedSQL.repositoriesToCheck, arguments: [date.sqliteText, max(0, limit)])
                .map { row in try RepositoryName(owner: row[0], name: row[1]) }
        }
    }

    public func claimCatalogRefresh(_ run: CatalogRefreshRun, staleBefore: Date, retryBefore: Date) async throws
        -> Bool
    {
        try await write { db in
            try Row.fetchOne(
                db, sql: SharedSQL.claimCatalogRefresh,
                arguments: [
                    run.slot, run.runner, run.startedAt.sqliteText, run.heartbeatAt.sqliteText,
                    try CatalogRefreshCoding.encode(run.summary), staleBefore.sqliteText, retryBefore.sqliteText,
                ]) != nil
        }
    }

    public func saveCatalogRefresh(_ run: CatalogRefreshRun) async throws {
        try await write { db in
            try db.execute(
                sql: SharedSQL.saveCatalogRefresh,
                arguments: [
                    run.state.rawValue, run.heartbeatAt.sqliteText, run.finishedAt?.sqliteText,
                    try CatalogRefreshCoding.encode(run.summary), run.slot, run.runner,
                ])
        }
    }

    public func claimJob(_ job: String, holder: String, until: Date, now: Date) async throws -> Bool {
        try await write { db in
            try Row.fetchOne(
                db, sql: SharedSQL.claimJob, arguments: [job, holder, until.sqliteText, now.sqliteText]) != nil
        }
    }

    public func catalogRefreshes(limit: Int) async throws -> [CatalogRefreshRun] {
        try await read { db in
            try Row.fetchAll(db, sql: SharedSQL.catalogRefreshes, arguments: [max(0, limit)]).map { row in
                try CatalogRefreshCoding.run(
                    slot: row[0], runner: row[1], state: row[2], startedAt: row.date(3), heartbeatAt: row.date(4),
                    finishedAt: row.date(5), summary: row[6])
            }
        }
    }
}
