public import Foundation
import PostgresNIO
public import RepoFinderCore
public import Storage
import StorageSQL

extension PostgresStorage {
    public func addToken(tokenHash: String, userID: String, at date: Date) async throws {
        try await transaction { connection in
            try await requireUser(userID, on: connection)
            try await query(AccountSQL.insertToken, [tokenHash, userID, date.roundedToMilliseconds], on: connection)
        }
    }

    public func deleteToken(tokenHash: String) async throws -> Bool {
        try await !query(AccountSQL.deleteToken + " RETURNING 1", [tokenHash]).isEmpty
    }

    public func deleteTokens(userID: String) async throws -> Int {
        try await query(AccountSQL.deleteTokens + " RETURNING 1", [userID]).count
    }

    public func githubIdentity(userID: String) async throws -> GitHubIdentity? {
        try await query(AccountSQL.identityOfUser, [userID]).first.map { row in
            GitHubIdentity(
                userID: try row.value(0), githubID: try row.value(1), login: try row.value(2),
                name: try row.value(3), avatarURL: try row.value(4), sealedToken: try row.value(5),
                scopes: AccountSQL.scopes(try row.value(6)), starOnLike: try row.value(7),
                linkedAt: try row.date(8) ?? Date(timeIntervalSince1970: 0),
                updatedAt: try row.date(9) ?? Date(timeIntervalSince1970: 0))
        }
    }

    public func account(githubID: Int64) async throws -> String? {
        try await query(AccountSQL.accountOfGitHubUser, [githubID]).first.map { try $0.value(0) }
    }

    public func saveGitHubIdentity(_ identity: GitHubIdentity) async throws {
        try await transaction { connection in
            try await requireUser(identity.userID, on: connection)
            if let row = try await query(AccountSQL.accountOfGitHubUser, [identity.githubID], on: connection).first {
                let holder: String = try row.value(0)
                if holder != identity.userID { throw StorageError.identityTaken(identity.githubID) }
            }
            try await query(
                AccountSQL.upsertIdentity,
                [
                    identity.userID, identity.githubID, identity.login, identity.name, identity.avatarURL,
                    identity.sealedToken, AccountSQL.scopesText(identity.scopes), identity.starOnLike,
                    identity.linkedAt.roundedToMilliseconds, identity.updatedAt.roundedToMilliseconds,
                ], on: connection)
            try await query(
                AccountSQL.markLinkedReturned, [identity.updatedAt.roundedToMilliseconds, identity.userID],
                on: connection)
        }
    }

    public func mergeAccount(_ source: String, into target: String) async throws -> AccountMerge {
        try await transaction { connection in
            // Both rows locked, in a fixed order, so two merges touching the same accounts wait for each other.
            for id in [source, target].sorted() {
                guard try await !query(SharedSQL.userExists + " FOR UPDATE", [id], on: connection).isEmpty else {
                    throw StorageError.unknownUser(id)
                }
            }
            let pair: [any PostgresBindable] = [target, source]
            func changed(_ sql: String) async throws -> Int {
                try await query(sql + " RETURNING 1", pair, on: connection).count
            }
            let held: Int =
                try await query(AccountSQL.countInteractions, [source], on: connection).first?.value(0) ?? 0
            let moved = try await changed(AccountSQL.moveInteractions)
            let saved = try await changed(AccountSQL.uniteList(.saved))
            let liked = try await changed(AccountSQL.uniteList(.liked))
            let tookPreferences = try await changed(AccountSQL.takePreferences) > 0
            try await query(AccountSQL.moveImports, pair, on: connection)
            try await query(AccountSQL.moveStarChanges, pair, on: connection)
            for sql in [AskSQL.moveThreads, AskSQL.moveMessages, AskSQL.addQuota] {
                try await query(sql, pair, on: connection)
            }
            try await query(
                """
                INSERT INTO served_repositories (user_id, repository_id, served_at)
                SELECT ?, repository_id, served_at FROM served_repositories WHERE user_id = ?
                ON CONFLICT (user_id, repository_id) DO NOTHING
                """, pair, on: connection)
            try await query(AccountSQL.recountInteractions, [target, target], on: connection)
            try await query(SharedSQL.deleteAccount, [source], on: connection)
            return AccountMerge(
                interactions: moved, duplicates: held - moved, saved: saved, liked: liked,
                tookPreferences: tookPreferences)
        }
    }
}

extension PostgresStorage {
    public func setStarOnLike(_ on: Bool, userID: String) async throws -> Bool {
        try await !query(AccountSQL.setStarOnLike + " RETURNING 1", [on, userID]).isEmpty
    }

    public func queueStarChange(_ change: StarChange) async throws {
        try await transaction { connection in
            try await requireUser(change.userID, on: connection)
            try await query(
                AccountSQL.queueStarChange,
                [
                    change.userID, change.repository.key, change.repository.fullName, change.action.rawValue,
                    change.attempts, change.nextAttemptAt.roundedToMilliseconds, change.lastError,
                    change.createdAt.roundedToMilliseconds,
                ], on: connection)
        }
    }

    public func pendingStarChange(userID: String, repository: RepositoryName) async throws -> StarChange? {
        try await query(AccountSQL.pendingStarChange, [userID, repository.key]).first.flatMap(Self.starChange)
    }

    public func pendingStarChanges(userID: String) async throws -> [StarChange] {
        try await query(AccountSQL.pendingStarChanges, [userID]).compactMap(Self.starChange)
    }

    public func dueStarChanges(by date: Date, limit: Int) async throws -> [StarChange] {
        try await query(AccountSQL.dueStarChanges, [date.roundedToMilliseconds, limit]).compactMap(Self.starChange)
    }

    public func completeStarChange(_ change: StarChange) async throws {
        try await query(AccountSQL.completeStarChange, Self.wish(change))
    }

    public func deferStarChange(_ change: StarChange) async throws {
        let values: [any PostgresBindable] = [
            change.attempts, change.nextAttemptAt.roundedToMilliseconds, change.lastError,
        ]
        try await query(AccountSQL.deferStarChange, values + Self.wish(change))
    }

    private static func wish(_ change: StarChange) -> [any PostgresBindable] {
        [change.userID, change.repository.key, change.action.rawValue, change.createdAt.roundedToMilliseconds]
    }

    private static func starChange(_ row: PostgresRandomAccessRow) -> StarChange? {
        guard let fullName: String = try? row.value(1), let name = try? RepositoryName(parsing: fullName),
            let actionText: String = try? row.value(2), let action = StarChange.Action(rawValue: actionText),
            let userID: String = try? row.value(0), let attempts: Int = try? row.value(3)
        else { return nil }
        return StarChange(
            userID: userID, repository: name, action: action, attempts: attempts,
            nextAttemptAt: (try? row.date(4)).flatMap { $0 } ?? Date(timeIntervalSince1970: 0),
            lastError: (try? row.value(5, as: String?.self)).flatMap { $0 },
            createdAt: (try? row.date(6)).flatMap { $0 } ?? Date(timeIntervalSince1970: 0))
    }
}
