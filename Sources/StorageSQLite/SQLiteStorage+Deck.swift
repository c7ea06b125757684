public import Foundation
import GRDB
public import RepoFinderCore
public import Storage

extension SQLiteStorage {
    public func recordServed(_ names: [RepositoryName], userID: String, at date: Date) async throws -> [RepositoryName]
    {
        // Which cards were dealt is worth keeping across a crash of the process (WAL commits survive kill -9), but
        // not worth an fsync per batch: NORMAL skips it here; interactions keep SQLite's FULL default.
        try await writer.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            defer { try? db.execute(sql: "PRAGMA synchronous = FULL") }
            var recorded: [RepositoryName] = []
            try db.inTransaction {
                try Self.requireUser(db, userID)
                let ids = try Self.repositoryIDs(db, keys: names.map(\.key))
                var unique = Set<String>()
                let known = names.filter { ids[$0.key] != nil && unique.insert($0.key).inserted }
                guard !known.isEmpty else { return .commit }
                let servedAt = date.sqliteText
                let arguments = known.flatMap { [userID, ids[$0.key]!, servedAt] as [any DatabaseValueConvertible] }
                let inserted = Set(
                    try Int64.fetchAll(
                        db, sql: SharedSQL.insertServed(count: known.count), arguments: StatementArguments(arguments)))
                recorded = known.filter { inserted.contains(ids[$0.key]!) }
                return .commit
            }
            return recorded
        }
    }

    public func served(userID: String) async throws -> Set<String> {
        try await writer.read { db in
            try Self.requireUser(db, userID)
            return Set(try String.fetchAll(db, sql: SharedSQL.servedOfUser, arguments: [userID]))
        }
    }

    public func everyonesInteractions() async throws -> [PersonInteraction] {
        try await writer.read { db in
            try Row.fetchAll(db, sql: SharedSQL.everyonesInteractions).compactMap { row in
                InteractionKind(rawValue: row[2]).map {
                    PersonInteraction(userID: row[0], repositoryKey: row[1], kind: $0)
                }
            }
        }
    }
}
