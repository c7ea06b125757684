public import Foundation
import GRDB
public import RepoFinderCore
public import Storage
import StorageSQL

extension SQLiteStorage {
    public func beginStarImport(_ candidate: StarImport, staleBefore: Date) async throws -> StarImportStart {
        try await write { db in
            try Self.requireUser(db, candidate.userID)
            if let running = try Row.fetchOne(
                db.cachedStatement(sql: SharedSQL.runningStarImport), arguments: [candidate.userID]
            )
            .map(Self.starImport) {
                if running.updatedAt >= staleBefore { return .alreadyRunning(running) }
                try db.execute(
                    sql: SharedSQL.failStarImport,
                    arguments: [SharedSQL.interruptedImport, Date().sqliteText, running.id])
            }
            try db.cachedStatement(sql: SharedSQL.insertStarImport).execute(arguments: Self.arguments(candidate))
            return .started(candidate)
        }
    }

    public func updateStarImport(_ starImport: StarImport) async throws {
        try await write { db in
            try db.execute(
                sql: SharedSQL.updateStarImport,
                arguments: [
                    starImport.state.rawValue, starImport.read, starImport.imported, starImport.added,
                    starImport.pagesRead, starImport.pagesTotal, starImport.failure,
                    starImport.newestStarredAt?.sqliteText, starImport.updatedAt.sqliteText,
                    starImport.finishedAt?.sqliteText, starImport.id, starImport.userID,
                ])
        }
    }

    public func starImport(id: String, userID: String) async throws -> StarImport? {
        try await read { db in
            try Self.requireUser(db, userID)
            return try Row.fetchOne(db.cachedStatement(sql: SharedSQL.starImportByID), arguments: [id, userID]).map(
                Self.starImport)
        }
    }

    public func starImports(userID: String) async throws -> [StarImport] {
        try await read { db in
            try Self.requireUser(db, userID)
            return try Row.fetchAll(db.cachedStatement(sql: SharedSQL.starImportsOfUser), arguments: [userID]).map(
                Self.starImport)
        }
    }

    public func missingRepositories(_ names: [RepositoryName]) async throws -> Set<RepositoryName> {
        try await read { db in
            let known = try Self.repositoryIDs(db, keys: Array(Set(names.map(\.key))))
            return Set(names.filter { known[$0.key] == nil })
        }
    }

    private static func arguments(_ starImport: StarImport) -> StatementArguments {
        [
            starImport.id, starImport.userID, starImport.login, starImport.state.rawValue, starImport.read,
            starImport.imported, starImport.added, starImport.pagesRead, starImport.pagesTotal, starImport.failure,
            starImport.newestStarredAt?.sqliteText, starImport.startedAt.sqliteText, starImport.updatedAt.sqliteText,
            starImport.finishedAt?.sqliteText,
        ]
    }

    private static func starImport(_ row: Row) -> StarImport {
        StarImport(
            id: row[0], userID: row[1], login: row[2], state: StarImport.State(rawValue: row[3]) ?? .failed,
            read: row[4], imported: row[5], added: row[6], pagesRead: row[7], pagesTotal: row[8], failure: row[9],
            newestStarredAt: row.date(10), startedAt: row.date(11) ?? Date(timeIntervalSince1970: 0),
            updatedAt: row.date(12), finishedAt: row.date(13))
    }
}
