public import Storage
import StoragePostgres
import StorageSQLite

/// Opens the engine a ``DatabaseLocation`` names, migrated and ready.
public enum StorageFactory {
    /// Opens a store. The caller closes it (or use ``withStore(_:_:)``).
    /// - Parameter sqlitePageCacheMiB: SQLite's page cache per connection (see `SQLiteStorage`).
    public static func open(_ location: DatabaseLocation, sqlitePageCacheMiB: Int = 64) async throws -> any DataStore {
        switch location {
        case .sqliteFile(let path): try SQLiteStorage(path: path, pageCacheMiB: sqlitePageCacheMiB)
        case .sqliteInMemory: try SQLiteStorage()
        case .postgres(let settings): try await PostgresStorage.connect(settings)
        }
    }

    /// Opens a store, runs `body`, and closes the store whether `body` succeeds or throws.
    public static func withStore<T>(
        _ location: DatabaseLocation, _ body: (any DataStore) async throws -> T
    ) async throws -> T {
        let store = try await open(location)
        do {
            let result = try await body(store)
            try await store.close()
            return result
        } catch {
            try? await store.close()
            throw error
        }
    }
}
