import Foundation
import GRDB
import RepoFinderCore
public import SearchIndex
public import Storage
import StorageSQL

/// The embedded engine: a SQLite file in WAL mode (or a private in-memory database), through GRDB.
public final class SQLiteStorage: SearchIndexedStore {
    let writer: any DatabaseWriter
    /// Dealt cards are written in groups: the deck records a batch on every request.
    let servedWrites: GroupCommit<ServedBatch, [RepositoryName]>
    /// Today's picks are written in groups: a day's first Home visits come together.
    let pickWrites: GroupCommit<PickToKeep, RepositoryName>
    /// The catalog's search index, rebuilt when the catalog version moves.
    public let searchIndex = SearchIndexCache()

    /// Opens (creating if needed) and migrates a database file. Readers and one writer work concurrently (WAL).
    /// - Parameter pageCacheMiB: SQLite's page cache per connection. Imports touch pages all over the snapshot
    ///   table and like 64 MiB; a long-running server keeps it small, so its memory stays flat as tables grow.
    public init(path: String, pageCacheMiB: Int = 64) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.foreignKeysEnabled = true
        let cacheKiB = max(1, pageCacheMiB) * 1024
        configuration.prepareDatabase { db in
            // The page cache, and memory-mapped reads (file pages the kernel can reclaim).
            try db.execute(sql: "PRAGMA cache_size = -\(cacheKiB); PRAGMA mmap_size = 268435456")
        }
        try Self.checkPath(path)
        Self.createPrivately(path)
        do {
            writer = try DatabasePool(path: path, configuration: configuration)
        } catch {
            throw StorageError.unavailable("Could not open the SQLite database '\(path)': \(Self.reason(error)).")
        }
        servedWrites = Self.servedWrites(writer)
        pickWrites = Self.pickWrites(writer)
        try migrate()
    }

    /// Opens a private in-memory database, migrated, for tests.
    public init() throws {
        writer = try DatabaseQueue()
        servedWrites = Self.servedWrites(writer)
        pickWrites = Self.pickWrites(writer)
        try migrate()
    }

    private func migrate() throws {
        let migrator = SQLiteSchema.migrator
        let (superseded, applied) = try writer.read { db in
            // grdb_migrations lists every applied migration, also those this build does not know.
            (try migrator.hasBeenSuperseded(db), try migrator.appliedIdentifiers(db).count)
        }
        if superseded { throw StorageError.schemaTooNew(found: applied, supported: currentSchemaVersion) }
        try migrator.migrate(writer)
    }

    public func statistics() async throws -> StoreStatistics {
        try await read { db in
            func count(_ sql: String) throws -> Int { try Int.fetchOne(db.cachedStatement(sql: sql)) ?? 0 }
            let coverage = try Row.fetchOne(db.cachedStatement(sql: SharedSQL.snapshotCoverage))
            return StoreStatistics(
                repositories: try count("SELECT count(*) FROM repositories"),
                topics: try count("SELECT count(DISTINCT topic) FROM repository_topics"),
                starSnapshots: try count("SELECT count(*) FROM star_snapshots"),
                firstSnapshotDay: (coverage?[0] as String?).flatMap(Day.init),
                lastSnapshotDay: (coverage?[1] as String?).flatMap(Day.init),
                users: try count("SELECT count(*) FROM users"),
                interactions: try count("SELECT count(*) FROM interactions"),
                schemaVersion: try SQLiteSchema.migrator.appliedIdentifiers(db).count
            )
        }
    }

    public var dealtCardsRecording: DealtCardsRecording { .writeBehind }

    public func ping() async throws {
        do {
            _ = try await writer.read { db in try Int.fetchOne(db.cachedStatement(sql: "SELECT 1")) }
        } catch {
            throw StorageError.unavailable("SQLite does not answer: \(Self.reason(error)).")
        }
    }

    public func close() async throws {
        try writer.close()
    }

    /// Explains the usual mistakes before SQLite's terse "unable to open database file".
    private static func checkPath(_ path: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw StorageError.unavailable(
                "'\(path)' is a folder: give a database file path, for example \(path)/repofinder.sqlite.")
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        if !FileManager.default.fileExists(atPath: folder) {
            throw StorageError.unavailable("Cannot create '\(path)': the folder \(folder) does not exist.")
        }
    }

    /// Creates a new database file readable and writable by its owner only (0600): it holds people's tokens (hashed)
    /// and interactions. SQLite gives the `-wal` and `-shm` files the same permissions. An existing file is left as
    /// it is.
    private static func createPrivately(_ path: String) {
        guard !FileManager.default.fileExists(atPath: path) else { return }
        _ = FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
    }

    static func reason(_ error: any Error) -> String {
        (error as? DatabaseError)?.message ?? String(describing: error)
    }
}

/// Dates are stored as ISO 8601 text, always with milliseconds, which sorts in time order.
extension Date {
    var sqliteText: String { Timestamp.format(self, sortable: true) }
}

extension Row {
    func date(_ index: Int) -> Date? { (self[index] as String?).flatMap(Timestamp.parse) }
}

extension SQLiteStorage {
    /// Runs SQL statements (for administration and tests, never with user input).
    package func execute(_ sql: String) async throws {
        try await writer.write { db in try db.execute(sql: sql) }
    }
}

extension SQLiteStorage {
    /// Holds the database's write lock for `seconds` from this store's own connection, as a concurrent import or
    /// backup would (for tests of what other writers see: `busy` once SQLite's busy timeout has passed).
    package func holdWriteLock(for seconds: Double, onHeld: @escaping @Sendable () -> Void = {}) async throws {
        try await writer.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN IMMEDIATE")
            onHeld()
            Thread.sleep(forTimeInterval: seconds)
            try db.execute(sql: "ROLLBACK")
        }
    }
}
