public import Foundation
import GRDB
public import RepoFinderCore
public import Storage

extension SQLiteStorage {
    public func recordServed(_ names: [RepositoryName], userID: String, at date: Date) async throws -> [RepositoryName]
    {
        try await writer.write { db in
            try Self.requireUser(db, userID)
            let insert = try db.cachedStatement(sql: SharedSQL.insertServed)
            let servedAt = date.sqliteText
            return try names.filter { name in
                try Int64.fetchOne(insert, arguments: [userID, servedAt, name.key]) != nil
            }
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
