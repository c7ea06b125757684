public import Foundation
import PostgresNIO
public import RepoFinderCore
public import Storage
import StorageSQL

extension PostgresStorage {
    public func beginStarImport(_ candidate: StarImport, staleBefore: Date) async throws -> StarImportStart {
        let candidate = Self.rounded(candidate)
        return try await transaction { connection in
            // Locks the person's row, so two servers asking at once see each other's import.
            guard try await !query(SharedSQL.userExists + " FOR UPDATE", [candidate.userID], on: connection).isEmpty
            else { throw StorageError.unknownUser(candidate.userID) }
            if let row = try await query(SharedSQL.runningStarImport, [candidate.userID], on: connection).first {
                let running = try Self.starImport(row)
                if running.updatedAt >= staleBefore { return .alreadyRunning(running) }
                try await query(
                    SharedSQL.failStarImport,
                    [SharedSQL.interruptedImport, Date().roundedToMilliseconds, running.id], on: connection)
            }
            try await query(SharedSQL.insertStarImport, Self.values(candidate), on: connection)
            return .started(candidate)
        }
    }

    public func updateStarImport(_ starImport: StarImport) async throws {
        let starImport = Self.rounded(starImport)
        try await query(
            SharedSQL.updateStarImport,
            [
                starImport.state.rawValue, starImport.read, starImport.imported, starImport.added,
                starImport.pagesRead, starImport.pagesTotal, starImport.failure, starImport.newestStarredAt,
                starImport.updatedAt, starImport.finishedAt, starImport.id, starImport.userID,
            ])
    }

    public func starImport(id: String, userID: String) async throws -> StarImport? {
        try await requireUser(userID)
        return try await query(SharedSQL.starImportByID, [id, userID]).first.map(Self.starImport)
    }

    public func starImports(userID: String) async throws -> [StarImport] {
        try await requireUser(userID)
        return try await query(SharedSQL.starImportsOfUser, [userID]).map(Self.starImport)
    }

    public func missingRepositories(_ names: [RepositoryName]) async throws -> Set<RepositoryName> {
        let keys = Array(Set(names.map(\.key)))
        var known = Set<String>()
        for row in try await query("SELECT full_name_key FROM repositories WHERE full_name_key = ANY(?)", [keys]) {
            known.insert(try row.value(0))
        }
        return Set(names.filter { !known.contains($0.key) })
    }

    /// The import with its times at the millisecond PostgreSQL keeps, so what is returned equals what is read back.
    private static func rounded(_ starImport: StarImport) -> StarImport {
        var rounded = starImport
        rounded.startedAt = starImport.startedAt.roundedToMilliseconds
        rounded.updatedAt = starImport.updatedAt.roundedToMilliseconds
        rounded.finishedAt = starImport.finishedAt?.roundedToMilliseconds
        rounded.newestStarredAt = starImport.newestStarredAt?.roundedToMilliseconds
        return rounded
    }

    private static func values(_ starImport: StarImport) -> [any PostgresBindable] {
        [
            starImport.id, starImport.userID, starImport.login, starImport.state.rawValue, starImport.read,
            starImport.imported, starImport.added, starImport.pagesRead, starImport.pagesTotal, starImport.failure,
            starImport.newestStarredAt, starImport.startedAt, starImport.updatedAt, starImport.finishedAt,
        ]
    }

    private static func starImport(_ row: PostgresRandomAccessRow) throws -> StarImport {
        StarImport(
            id: try row.value(0), userID: try row.value(1), login: try row.value(2),
            state: StarImport.State(rawValue: try row.value(3)) ?? .failed, read: try row.value(4),
            imported: try row.value(5), added: try row.value(6), pagesRead: try row.value(7),
            pagesTotal: try row.value(8), failure: try row.value(9), newestStarredAt: try row.date(10),
            startedAt: try row.date(11) ?? Date(timeIntervalSince1970: 0), updatedAt: try row.date(12),
            finishedAt: try row.date(13))
    }
}
