public import Logging
public import Storage
import StoragePostgres
import StorageSQLite

/// Opens the engine a ``DatabaseLocation`` names, migrated and ready.
public enum StorageFactory {
    /// Opens a store. The caller runs it (``DataStore/run()``) while it uses it, and closes it afterwards; or use
    /// ``withStore(_:logger:_:)``.
    /// - Parameters:
    ///   - sqlitePageCacheMiB: SQLite's page cache per connection (see `SQLiteStorage`).
    ///   - logger: where the engine logs (PostgresNIO), at the logger's level; by default errors only.
    public static func open(
        _ location: DatabaseLocation, sqlitePageCacheMiB: Int = 64, logger: Logger? = nil
    ) async throws -> any DataStore {
        switch location {
        case .sqliteFile(let path): try SQLiteStorage(path: path, pageCacheMiB: sqlitePageCacheMiB)
        case .sqliteInMemory: try SQLiteStorage()
        case .postgres(let settings): try await PostgresStorage.connect(settings, logger: logger)
        }
    }

    /// Opens a store, runs `body` while the store runs, and closes the store whether `body` succeeds or throws.
    public static func withStore<T>(
        _ location: DatabaseLocation, logger: Logger? = nil, _ body: (any DataStore) async throws -> T
    ) async throws -> T {
        let store = try await open(location, logger: logger)
        do {
            let result = try await store.whileRunning(body)
            try await store.close()
            return result
        } catch {
            try? await store.close()
            throw error
        }
    }

    /// Backs up the SQLite database at `location` into the new file `destination`, consistently while a server uses
    /// it (SQLite's online backup API). A PostgreSQL database is backed up with `pg_dump` (``pgDumpAdvice(_:)``);
    /// an in-memory one has nothing to keep.
    public static func backup(_ location: DatabaseLocation, to destination: String) throws -> BackupReport {
        switch location {
        case .sqliteFile(let path): return try SQLiteBackup.backup(from: path, to: destination)
        case .sqliteInMemory: throw StorageError.unavailable("An in-memory database has nothing to back up.")
        case .postgres(let settings): throw StorageError.unavailable(pgDumpAdvice(settings))
        }
    }

    /// How to back up and restore a PostgreSQL database, with `pg_dump` and `pg_restore` (its own tools keep a
    /// consistent copy of a live database; the password comes from `PGPASSWORD` or `~/.pgpass`, never the command).
    public static func pgDumpAdvice(_ settings: PostgresSettings) -> String {
        let target = "-h \(settings.host) -p \(settings.port) -U \(settings.username)"
        let schema = settings.schema.map { " --schema=\($0)" } ?? ""
        return """
            A PostgreSQL database is backed up with its own tool, consistent while the servers run:
              pg_dump \(target)\(schema) --format=custom --file=repofinder.dump \(settings.database)
            and restored into an empty database with:
              pg_restore \(target) --dbname=NEW_DATABASE --no-owner repofinder.dump
            (docs/server.md, "Backups").
            """
    }
}
