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
        return groupWrites(writer) { batch, db in try record(batch, repositoryIDs, db) }
    }

    /// The group writer of today's picks (a server's first Home visits of a day come together).
    static func pickWrites(_ writer: any DatabaseWriter) -> GroupCommit<PickToKeep, RepositoryName> {
        groupWrites(writer) { pick, db in try keep(pick, db) }
    }

    /// Writes groups of requests with `body`, one transaction per group; a ``StorageError`` fails only its request.
    /// What the deck writes (dealt cards, today's picks) is worth keeping across a crash of the process (WAL commits
    /// survive kill -9), but not worth an fsync per commit: NORMAL skips it here; interactions keep SQLite's FULL
    /// default.
    private static func groupWrites<Request: Sendable, Outcome: Sendable>(
        _ writer: any DatabaseWriter, _ body: @escaping @Sendable (Request, Database) throws -> Outcome
    ) -> GroupCommit<Request, Outcome> {
        GroupCommit { requests in
            try await mappingErrors {
                try await writer.writeWithoutTransaction { db in
                    try db.cachedStatement(sql: "PRAGMA synchronous = NORMAL").execute()
                    defer { try? db.cachedStatement(sql: "PRAGMA synchronous = FULL").execute() }
                    var outcomes: [Result<Outcome, any Error>] = []
                    try db.inTransaction {
                        for request in requests {
                            do {
                                outcomes.append(.success(try body(request, db)))
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

    /// Records one batch inside the group's transaction: adds its cards to the person's ``DealtSet`` and returns
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
            guard let id = ids[key], !DealtSet.contains(served, id), added.insert(id).inserted else { continue }
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
                batch.userID, Data(DealtSet.encode(sorted: DealtSet.merge(served, added.sorted()))),
                batch.date.sqliteText,
            ])
        return new
    }

    private static func servedIDs(_ db: Database, _ userID: String) throws -> [Int64] {
        let blob = try Data.fetchOne(
            db.cachedStatement(sql: "SELECT repository_ids FROM served_sets WHERE user_id = ?"), arguments: [userID])
        return blob.map(DealtSet.decode) ?? []
    }

    public func served(userID: String) async throws -> Set<String> {
        try await read { db in try Self.served(db, userID) }
    }

    public func returnServed(_ names: [RepositoryName], userID: String) async throws -> Set<String> {
        try await write { db in
            try Self.requireUser(db, userID)
            let ids = try Self.repositoryIDs(db, keys: names.map(\.key))
            let served = try Self.servedIDs(db, userID)
            let leaving = Dictionary(
                ids.filter { DealtSet.contains(served, $0.value) }.map { ($0.value, $0.key) },
                uniquingKeysWith: { a, _ in a })
            guard !leaving.isEmpty else { return [] }
            try db.cachedStatement(sql: "UPDATE served_sets SET repository_ids = ? WHERE user_id = ?").execute(
                arguments: [Data(DealtSet.encode(sorted: served.filter { leaving[$0] == nil })), userID])
            return Set(leaving.values)
        }
    }

    /// The keys of every repository dealt to a person (checked to exist).
    static func served(_ db: Database, _ userID: String) throws -> Set<String> {
        try requireUser(db, userID)
        let ids = try servedIDs(db, userID)
        guard !ids.isEmpty else { return [] }
        let list = "[" + ids.map(String.init).joined(separator: ",") + "]"
        return Set(
            try String.fetchAll(
                db.cachedStatement(
                    sql: "SELECT full_name_key FROM repositories WHERE id IN (SELECT value FROM json_each(?))"),
                arguments: [list]))
    }

    public func everyonesInteractions() async throws -> [PersonInteraction] {
        try await read { db in
            try Row.fetchAll(db.cachedStatement(sql: SharedSQL.everyonesInteractions)).compactMap { row in
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

/// A pick of the day to keep unless the person's day has one.
struct PickToKeep: Sendable {
    var name: RepositoryName
    var userID: String
    var day: Day
    var date: Date
}

extension SQLiteStorage {
    public func dailyPick(userID: String, day: Day) async throws -> RepositoryName? {
        try await read { db in try Self.dailyPick(db, userID, day) }
    }

    /// The pick kept for a person's day, if any (checked to exist).
    static func dailyPick(_ db: Database, _ userID: String, _ day: Day) throws -> RepositoryName? {
        try requireUser(db, userID)
        return try Row.fetchOne(db.cachedStatement(sql: SharedSQL.dailyPick), arguments: [userID, day.description])
            .map { row in try RepositoryName(owner: row[0], name: row[1]) }
    }

    public func dailyPicks(userID: String, from day: Day) async throws -> [Day: RepositoryName] {
        try await read { db in
            try Self.requireUser(db, userID)
            return try Self.dailyPicks(db, userID, from: day)
        }
    }

    /// The picks kept for a person's `day` and later days (the caller checked that the person exists).
    static func dailyPicks(_ db: Database, _ userID: String, from day: Day) throws -> [Day: RepositoryName] {
        var picks: [Day: RepositoryName] = [:]
        let rows = try Row.fetchCursor(
            db.cachedStatement(sql: SharedSQL.dailyPicksFrom), arguments: [userID, day.description])
        while let row = try rows.next() {
            guard let kept = Day(row[0] as String) else { continue }
            picks[kept] = try RepositoryName(owner: row[1], name: row[2])
        }
        return picks
    }

    public func keepDailyPick(_ name: RepositoryName, userID: String, day: Day, at date: Date) async throws
        -> RepositoryName
    {
        try await pickWrites.submit(PickToKeep(name: name, userID: userID, day: day, date: date))
    }

    public func replaceDailyPick(
        _ old: RepositoryName, with new: RepositoryName, userID: String, day: Day, at date: Date
    ) async throws -> RepositoryName {
        try await write { db in
            try Self.requireUser(db, userID)
            let ids = try Self.repositoryIDs(db, keys: [old.key, new.key])
            guard let newID = ids[new.key] else { throw StorageError.unknownRepositories([new]) }
            if let oldID = ids[old.key] {
                try db.execute(
                    sql: SharedSQL.replaceDailyPick,
                    arguments: [newID, date.sqliteText, userID, day.description, oldID])
            }
            try db.execute(
                sql: SharedSQL.insertDailyPick, arguments: [userID, day.description, newID, date.sqliteText])
            let row = try Row.fetchOne(
                db.cachedStatement(sql: SharedSQL.dailyPick), arguments: [userID, day.description])!
            return try RepositoryName(owner: row[0], name: row[1])
        }
    }

    /// Keeps one pick inside the group's transaction, unless the day has one already; returns the day's pick.
    private static func keep(_ pick: PickToKeep, _ db: Database) throws -> RepositoryName {
        try requireUser(db, pick.userID)
        guard
            let id = try Int64.fetchOne(
                db.cachedStatement(sql: SharedSQL.repositoryIDByKey), arguments: [pick.name.key])
        else {
            throw StorageError.unknownRepositories([pick.name])
        }
        try db.execute(
            sql: SharedSQL.pruneDailyPicks,
            arguments: [pick.userID, pick.day.adding(days: -SharedSQL.dailyPicksKept).description])
        try db.execute(
            sql: SharedSQL.insertDailyPick, arguments: [pick.userID, pick.day.description, id, pick.date.sqliteText])
        let row = try Row.fetchOne(
            db.cachedStatement(sql: SharedSQL.dailyPick), arguments: [pick.userID, pick.day.description])!
        return try RepositoryName(owner: row[0], name: row[1])
    }
}
