public import Foundation
import GRDB
public import RepoFinderCore
public import Storage
import StorageSQL

extension SQLiteStorage {
    public func recordServed(_ names: [RepositoryName], userID: String, at date: Date) async throws -> [RepositoryName]
    {
        guard !names.isEmpty else {
            try await read { db in try Self.requireUser(db, userID) }
            return []
        }
        return try await servedWrites.submit(ServedBatch(names: names, userID: userID, date: date))
    }

    /// The group writer of dealt cards: one transaction for every batch that arrived while the last one was written.
    static func servedWrites(_ writer: any DatabaseWriter) -> GroupCommit<ServedBatch, [RepositoryName]> {
        let repositoryIDs = RepositoryIDs()
        return GroupCommit { batches in
            // Which cards were dealt is worth keeping across a crash of the process (WAL commits survive kill -9),
            // but not worth an fsync per commit: NORMAL skips it here; interactions keep SQLite's FULL default.
            try await mappingErrors {
                try await writer.writeWithoutTransaction { db in
                    try db.cachedStatement(sql: "PRAGMA synchronous = NORMAL").execute()
                    defer { try? db.cachedStatement(sql: "PRAGMA synchronous = FULL").execute() }
                    var outcomes: [Result<[RepositoryName], any Error>] = []
                    try db.inTransaction {
                        for batch in batches {
                            do {
                                outcomes.append(.success(try record(batch, repositoryIDs, db)))
                            } catch let error as StorageError {
                                outcomes.append(.failure(error))
                            }
                        }
                        return .commit
                    }
                    return outcomes
                }
            }
        }
    }

    /// Records one batch inside the group's transaction: adds its cards to the person's ``ServedSet`` and returns
    /// those that were not in it.
    private static func record(_ batch: ServedBatch, _ repositoryIDs: RepositoryIDs, _ db: Database) throws
        -> [RepositoryName]
    {
        try requireUser(db, batch.userID)
        let keys = batch.names.map(\.key)
        let ids = try repositoryIDs.ids(forKeys: keys, db)
        // The set is sorted: look the batch up by bisection and merge, never hash or sort the whole history.
        let served = try servedIDs(db, batch.userID)
        var added = Set<Int64>()
        var new: [RepositoryName] = []
        for (name, key) in zip(batch.names, keys) {
            guard let id = ids[key], !ServedSet.contains(served, id), added.insert(id).inserted else { continue }
            new.append(name)
        }
        guard !new.isEmpty else { return [] }
        try db.cachedStatement(
            sql: """
                INSERT INTO served_sets (user_id, repository_ids, updated_at) VALUES (?, ?, ?)
                ON CONFLICT (user_id) DO UPDATE SET repository_ids = excluded.repository_ids,
                    updated_at = excluded.updated_at
                """
        ).execute(
            arguments: [
                batch.userID, Data(ServedSet.encode(sorted: ServedSet.merge(served, added.sorted()))),
                batch.date.sqliteText,
            ])
        return new
    }

    private static func servedIDs(_ db: Database, _ userID: String) throws -> [Int64] {
        let blob = try Data.fetchOne(
            db.cachedStatement(sql: "SELECT repository_ids FROM served_sets WHERE user_id = ?"), arguments: [userID])
        return blob.map(ServedSet.decode) ?? []
    }

    public func served(userID: String) async throws -> Set<String> {
        try await read { db in
            try Self.requireUser(db, userID)
            let ids = try Self.servedIDs(db, userID)
            guard !ids.isEmpty else { return [] }
            let list = "[" + ids.map(String.init).joined(separator: ",") + "]"
            return Set(
                try String.fetchAll(
                    db.cachedStatement(
                        sql: "SELECT full_name_key FROM repositories WHERE id IN (SELECT value FROM json_each(?))"),
                    arguments: [list]))
        }
    }

    public func everyonesInteractions() async throws -> [PersonInteraction] {
        try await read { db in
            try Row.fetchAll(db, sql: SharedSQL.everyonesInteractions).compactMap { row in
                InteractionKind(rawValue: row[2]).map {
                    PersonInteraction(userID: row[0], repositoryKey: row[1], kind: $0)
                }
            }
        }
    }
}

/// One person's dealt cards, waiting to be written.
struct ServedBatch: Sendable {
    var names: [RepositoryName]
    var userID: String
    var date: Date
}

extension SQLiteStorage {
    public func dailyPick(userID: String, day: Day) async throws -> RepositoryName? {
        try await read { db in
            try Self.requireUser(db, userID)
            return try Row.fetchOne(db, sql: SharedSQL.dailyPick, arguments: [userID, day.description]).map { row in
                try RepositoryName(owner: row[0], name: row[1])
            }
        }
    }

    public func keepDailyPick(_ name: RepositoryName, userID: String, day: Day, at date: Date) async throws
        -> RepositoryName
    {
        // Like the cards dealt, a pick is worth keeping across a crash of the process (WAL commits survive kill -9)
        // but not worth an fsync of its own: NORMAL for this commit, SQLite's FULL again after.
        try await Self.mappingErrors {
            try await writer.writeWithoutTransaction { db in
                try db.cachedStatement(sql: "PRAGMA synchronous = NORMAL").execute()
                defer { try? db.cachedStatement(sql: "PRAGMA synchronous = FULL").execute() }
                var kept: RepositoryName?
                try db.inTransaction {
                    try Self.requireUser(db, userID)
                    guard let id = try Int64.fetchOne(db, sql: SharedSQL.repositoryIDByKey, arguments: [name.key])
                    else { throw StorageError.unknownRepositories([name]) }
                    try db.execute(
                        sql: SharedSQL.pruneDailyPicks,
                        arguments: [userID, day.adding(days: -SharedSQL.dailyPicksKept).description])
                    try db.execute(
                        sql: SharedSQL.insertDailyPick, arguments: [userID, day.description, id, date.sqliteText])
                    let row = try Row.fetchOne(db, sql: SharedSQL.dailyPick, arguments: [userID, day.description])!
                    kept = try RepositoryName(owner: row[0], name: row[1])
                    return .commit
                }
                return kept!
            }
        }
    }
}
