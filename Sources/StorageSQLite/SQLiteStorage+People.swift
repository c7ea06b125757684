public import Foundation
import GRDB
public import RepoFinderCore
import Storage
import StorageSQL

extension SQLiteStorage {
    public func createUser(tokenHash: String, at date: Date) async throws -> UserAccount {
        let account = UserAccount(id: UUID().uuidString.lowercased(), createdAt: date)
        try await write { db in
            try db.execute(
                sql: SharedSQL.insertUser,
                arguments: [account.id, tokenHash, date.sqliteText])
            try db.cachedStatement(sql: AccountSQL.insertToken).execute(arguments: [
                tokenHash, account.id, date.sqliteText,
            ])
        }
        return account
    }

    public func user(tokenHash: String) async throws -> UserAccount? {
        try await read { db in
            try Row.fetchOne(db.cachedStatement(sql: SharedSQL.userByTokenHash), arguments: [tokenHash])
                .map {
                    UserAccount(
                        id: $0[0], createdAt: $0.date(1) ?? Date(timeIntervalSince1970: 0), returnedAt: $0.date(2))
                }
        }
    }

    public func markReturned(userID: String, at date: Date) async throws {
        try await write { db in
            try Self.requireUser(db, userID)
            try db.cachedStatement(sql: SharedSQL.markReturned).execute(arguments: [date.sqliteText, userID])
        }
    }

    public func deleteAbandonedAccounts(createdBefore date: Date, limit: Int) async throws -> Int {
        try await write { db in
            try db.cachedStatement(sql: SharedSQL.deleteAbandonedAccounts).execute(arguments: [date.sqliteText, limit])
            return db.changesCount
        }
    }

    public func deleteAccount(userID: String) async throws -> Bool {
        try await write { db in
            try db.cachedStatement(sql: SharedSQL.deleteAccount).execute(arguments: [userID])
            return db.changesCount > 0
        }
    }

    public func rowsReferencing(userID: String) async throws -> [String: Int] {
        try await read { db in
            let tables = try String.fetchAll(
                db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
            var counts: [String: Int] = [:]
            for table in tables {
                let columns = try Row.fetchAll(db, sql: "PRAGMA table_info(\(table.quotedDatabaseIdentifier))")
                    .map { $0["name"] as String }
                let column = table == "users" ? "id" : "user_id"
                guard columns.contains(column) else { continue }
                counts[table] =
                    try Int.fetchOne(
                        db, sql: "SELECT count(*) FROM \(table.quotedDatabaseIdentifier) WHERE \(column) = ?",
                        arguments: [userID]) ?? 0
            }
            return counts
        }
    }

    public func preferences(userID: String) async throws -> UserPreferences? {
        let document = try await read { db in try Self.preferencesDocument(db, userID) }
        return try document.map { try PreferencesDocument.decode($0) }
    }

    /// The stored preferences document of a person (checked to exist).
    static func preferencesDocument(_ db: Database, _ userID: String) throws -> String? {
        try requireUser(db, userID)
        return try String.fetchOne(db.cachedStatement(sql: SharedSQL.preferencesDocument), arguments: [userID])
    }

    public func setPreferences(_ preferences: UserPreferences, userID: String) async throws {
        let document = try PreferencesDocument.encode(preferences)
        try await write { db in
            try Self.requireUser(db, userID)
            try db.execute(
                sql: """
                    INSERT INTO preferences (user_id, document, updated_at) VALUES (?, ?, ?)
                    ON CONFLICT (user_id) DO UPDATE SET document = excluded.document, updated_at = excluded.updated_at
                    """,
                arguments: [userID, document, Date().sqliteText])
        }
    }

    static func requireUser(_ db: Database, _ userID: String) throws {
        guard try Bool.fetchOne(db.cachedStatement(sql: SharedSQL.userExists), arguments: [userID]) != nil else {
            throw StorageError.unknownUser(userID)
        }
    }
}
