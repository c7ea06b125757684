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
}
