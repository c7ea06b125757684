public import Foundation
import GRDB
public import RepoFinderCore
public import Storage
import StorageSQL

extension SQLiteStorage {
    public func addToken(tokenHash: String, userID: String, at date: Date) async throws {
        try await write { db in
            try Self.requireUser(db, userID)
            try db.cachedStatement(sql: AccountSQL.insertToken).execute(arguments: [tokenHash, userID, date.sqliteText])
        }
    }

    public func deleteToken(tokenHash: String) async throws -> Bool {
        try await write { db in
            try db.cachedStatement(sql: AccountSQL.deleteToken).execute(arguments: [tokenHash])
            return db.changesCount > 0
        }
    }

    public func deleteTokens(userID: String) async throws -> Int {
        try await write { db in
            try db.cachedStatement(sql: AccountSQL.deleteTokens).execute(arguments: [userID])
            return db.changesCount
        }
    }

    public func githubIdentity(userID: String) async throws -> GitHubIdentity? {
        try await read { db in try Self.githubIdentity(db, userID) }
    }

    /// The GitHub identity linked to a person, if any.
    static func githubIdentity(_ db: Database, _ userID: String) throws -> GitHubIdentity? {
        try Row.fetchOne(db.cachedStatement(sql: AccountSQL.identityOfUser), arguments: [userID]).map { row in
            GitHubIdentity(
                userID: row[0], githubID: row[1], login: row[2], name: row[3], avatarURL: row[4],
                sealedToken: row[5], scopes: AccountSQL.scopes(row[6]), starOnLike: row[7],
                linkedAt: row.date(8) ?? Date(timeIntervalSince1970: 0),
                updatedAt: row.date(9) ?? Date(timeIntervalSince1970: 0))
        }
    }

    public func account(githubID: Int64) async throws -> String? {
        try await read { db in
            try String.fetchOne(db.cachedStatement(sql: AccountSQL.accountOfGitHubUser), arguments: [githubID])
        }
    }

    public func saveGitHubIdentity(_ identity: GitHubIdentity) async throws {
        try await write { db in
            try Self.requireUser(db, identity.userID)
            if let holder = try String.fetchOne(
                db.cachedStatement(sql: AccountSQL.accountOfGitHubUser), arguments: [identity.githubID]),
                holder != identity.userID
            {
                throw StorageError.identityTaken(identity.githubID)
            }
            try db.execute(
                sql: AccountSQL.upsertIdentity,
                arguments: [
                    identity.userID, identity.githubID, identity.login, identity.name, identity.avatarURL,
                    identity.sealedToken, AccountSQL.scopesText(identity.scopes), identity.starOnLike,
                    identity.linkedAt.sqliteText,
                    identity.updatedAt.sqliteText,
                ])
            try db.execute(
                sql: AccountSQL.markLinkedReturned, arguments: [identity.updatedAt.sqliteText, identity.userID])
        }
    }

    public func mergeAccount(_ source: String, into target: String) async throws -> AccountMerge {
        try await write { db in
            try Self.requireUser(db, source)
            try Self.requireUser(db, target)
            let pair: StatementArguments = [target, source]
            let held = try Int.fetchOne(db.cachedStatement(sql: AccountSQL.countInteractions), arguments: [source]) ?? 0
            try db.cachedStatement(sql: AccountSQL.moveInteractions).execute(arguments: pair)
            let moved = db.changesCount
            try db.cachedStatement(sql: AccountSQL.uniteList(.saved)).execute(arguments: pair)
            let saved = db.changesCount
            try db.cachedStatement(sql: AccountSQL.uniteList(.liked)).execute(arguments: pair)
            let liked = db.changesCount
            try db.cachedStatement(sql: AccountSQL.takePreferences).execute(arguments: pair)
            let tookPreferences = db.changesCount > 0
            try db.cachedStatement(sql: AccountSQL.moveImports).execute(arguments: pair)
            try db.cachedStatement(sql: AccountSQL.moveStarChanges).execute(arguments: pair)
            for sql in [AskSQL.moveThreads, AskSQL.moveMessages, AskSQL.addQuota] {
                try db.cachedStatement(sql: sql).execute(arguments: pair)
            }
            try Self.uniteServed(db, source: source, target: target)
            try db.cachedStatement(sql: AccountSQL.recountInteractions).execute(arguments: [target, target])
            try db.cachedStatement(sql: SharedSQL.deleteAccount).execute(arguments: [source])
            return AccountMerge(
                interactions: moved, duplicates: held - moved, saved: saved, liked: liked,
                tookPreferences: tookPreferences)
        }
    }

    /// What was dealt to either account, as the target's one set.
    private static func uniteServed(_ db: Database, source: String, target: String) throws {
        let sql = "SELECT repository_ids FROM served_sets WHERE user_id = ?"
        let theirs = try Data.fetchOne(db.cachedStatement(sql: sql), arguments: [source]).map(DealtSet.decode) ?? []
        guard !theirs.isEmpty else { return }
        let mine = try Data.fetchOne(db.cachedStatement(sql: sql), arguments: [target]).map(DealtSet.decode) ?? []
        try db.execute(
            sql: """
                INSERT INTO served_sets (user_id, repository_ids, updated_at) VALUES (?, ?, ?)
                ON CONFLICT (user_id) DO UPDATE SET repository_ids = excluded.repository_ids,
                    updated_at = excluded.updated_at
                """,
            arguments: [
                target, Data(DealtSet.encode(sorted: DealtSet.merge(mine, theirs))), Date().sqliteText,
            ])
    }
}

extension SQLiteStorage {
    public func setStarOnLike(_ on: Bool, userID: String) async throws -> Bool {
        try await write { db in
            try db.cachedStatement(sql: AccountSQL.setStarOnLike).execute(arguments: [on, userID])
            return db.changesCount > 0
        }
    }

    public func queueStarChange(_ change: StarChange) async throws {
        try await write { db in
            try Self.requireUser(db, change.userID)
            try db.execute(
                sql: AccountSQL.queueStarChange,
                arguments: [
                    change.userID, change.repository.key, change.repository.fullName, change.action.rawValue,
                    change.attempts, change.nextAttemptAt.sqliteText, change.lastError, change.createdAt.sqliteText,
                ])
        }
    }

    public func pendingStarChange(userID: String, repository: RepositoryName) async throws -> StarChange? {
        try await read { db in
            try Row.fetchOne(
                db.cachedStatement(sql: AccountSQL.pendingStarChange), arguments: [userID, repository.key]
            )
            .flatMap(Self.starChange)
        }
    }

    public func pendingStarChanges(userID: String) async throws -> [StarChange] {
        try await read { db in
            try Row.fetchAll(db.cachedStatement(sql: AccountSQL.pendingStarChanges), arguments: [userID]).compactMap(
                Self.starChange)
        }
    }

    public func dueStarChanges(by date: Date, limit: Int) async throws -> [StarChange] {
        try await read { db in
            try Row.fetchAll(db.cachedStatement(sql: AccountSQL.dueStarChanges), arguments: [date.sqliteText, limit])
                .compactMap(Self.starChange)
        }
    }

    public func completeStarChange(_ change: StarChange) async throws {
        try await write { db in
            try db.cachedStatement(sql: AccountSQL.completeStarChange).execute(arguments: Self.wish(change))
        }
    }

    public func deferStarChange(_ change: StarChange) async throws {
        try await write { db in
            try db.execute(
                sql: AccountSQL.deferStarChange,
                arguments: [change.attempts, change.nextAttemptAt.sqliteText, change.lastError] + Self.wish(change))
        }
    }

    private static func wish(_ change: StarChange) -> StatementArguments {
        [change.userID, change.repository.key, change.action.rawValue, change.createdAt.sqliteText]
    }

    private static func starChange(_ row: Row) -> StarChange? {
        guard let name = try? RepositoryName(parsing: row[1] as String),
            let action = StarChange.Action(rawValue: row[2])
        else { return nil }
        return StarChange(
            userID: row[0], repository: name, action: action, attempts: row[3],
            nextAttemptAt: row.date(4) ?? Date(timeIntervalSince1970: 0), lastError: row[5],
            createdAt: row.date(6) ?? Date(timeIntervalSince1970: 0))
    }
}
