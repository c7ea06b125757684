public import Foundation
import PostgresNIO
public import RepoFinderCore
import Storage
import StorageSQL

extension PostgresStorage {
    public func createUser(tokenHash: String, at date: Date) async throws -> UserAccount {
        let account = UserAccount(id: UUID().uuidString.lowercased(), createdAt: date.roundedToMilliseconds)
        try await transaction { connection in
            try await query(SharedSQL.insertUser, [account.id, tokenHash, account.createdAt], on: connection)
            try await query(AccountSQL.insertToken, [tokenHash, account.id, account.createdAt], on: connection)
        }
        return account
    }

    public func user(tokenHash: String) async throws -> UserAccount? {
        try await query(SharedSQL.userByTokenHash, [tokenHash]).first.map { row in
            UserAccount(
                id: try row.value(0), createdAt: try row.date(1) ?? Date(timeIntervalSince1970: 0),
                returnedAt: try row.date(2))
        }
    }

    public func markReturned(userID: String, at date: Date) async throws {
        try await requireUser(userID)
        try await query(SharedSQL.markReturned, [date.roundedToMilliseconds, userID])
    }

    public func deleteAbandonedAccounts(createdBefore date: Date, limit: Int) async throws -> Int {
        try await query(SharedSQL.deleteAbandonedAccounts + " RETURNING 1", [date.roundedToMilliseconds, limit]).count
    }

    public func deleteAccount(userID: String) async throws -> Bool {
        try await !query(SharedSQL.deleteAccount + " RETURNING 1", [userID]).isEmpty
    }

    public func rowsReferencing(userID: String) async throws -> [String: Int] {
        let tables = try await query(
            """
            SELECT table_name, column_name FROM information_schema.columns
            WHERE table_schema = current_schema() AND (column_name = 'user_id' OR (table_name = 'users' AND column_name = 'id'))
            """, [])
        var counts: [String: Int] = [:]
        for row in tables {
            let (table, column): (String, String) = (try row.value(0), try row.value(1))
            // Names from the catalog, quoted: never user input.
            let sql = "SELECT count(*) FROM \"\(table)\" WHERE \"\(column)\" = ?"
            counts[table] = try await query(sql, [userID]).first.map { try $0.value(0) } ?? 0
        }
        return counts
    }

    public func preferences(userID: String) async throws -> UserPreferences? {
        try await requireUser(userID)
        let rows = try await query(
            SharedSQL.preferencesDocument, [userID])
        return try rows.first.map { try PreferencesDocument.decode(try $0.value(0)) }
    }

    public func setPreferences(_ preferences: UserPreferences, userID: String) async throws {
        let document = try PreferencesDocument.encode(preferences)
        try await transaction { connection in
            try await requireUser(userID, on: connection)
            try await query(
                """
                INSERT INTO preferences (user_id, document, updated_at) VALUES (?, ?::jsonb, now())
                ON CONFLICT (user_id) DO UPDATE SET document = EXCLUDED.document, updated_at = EXCLUDED.updated_at
                """, [userID, document], on: connection)
        }
    }

    func requireUser(_ userID: String, on connection: PostgresConnection? = nil) async throws {
        guard try await !query(SharedSQL.userExists, [userID], on: connection).isEmpty else {
            throw StorageError.unknownUser(userID)
        }
    }
}
