import GRDB
import Storage

extension SQLiteStorage {
    /// Runs `updates` in a write transaction; SQLite's busy and unavailable states come out as ``StorageError``s.
    func write<T: Sendable>(_ updates: @Sendable (Database) throws -> T) async throws -> T {
        try await Self.mappingErrors { try await writer.write(updates) }
    }

    /// Runs `value` in a read transaction; SQLite's busy and unavailable states come out as ``StorageError``s.
    func read<T: Sendable>(_ value: @Sendable (Database) throws -> T) async throws -> T {
        try await Self.mappingErrors { try await writer.read(value) }
    }

    /// Runs `body`, turning the database errors a client cannot fix but may retry (locked past the busy timeout by a
    /// concurrent import or backup, the disk full or failing, the database closed) into ``StorageError/busy(_:)``
    /// and ``StorageError/unavailable(_:)``, which the server answers with 503 and `Retry-After`. Other errors
    /// (constraints: a bug of ours) pass unchanged.
    static func mappingErrors<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as DatabaseError {
            switch error.resultCode {
            case .SQLITE_BUSY, .SQLITE_LOCKED:
                throw StorageError.busy("SQLite is busy: \(reason(error)).")
            case .SQLITE_IOERR, .SQLITE_FULL, .SQLITE_CANTOPEN, .SQLITE_READONLY, .SQLITE_CORRUPT, .SQLITE_NOTADB,
                .SQLITE_MISUSE, .SQLITE_NOMEM, .SQLITE_PROTOCOL:
                throw StorageError.unavailable("SQLite cannot be used: \(reason(error)).")
            default:
                throw error
            }
        }
    }
}
