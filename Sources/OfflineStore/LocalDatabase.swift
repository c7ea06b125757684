public import Foundation
import GRDB

/// The device's own SQLite database: the interaction outbox (and its queue of analytics events), the cached cards and
/// the compare tray. A file on a device (it survives the app being killed), or memory in tests.
public final class LocalDatabase: Sendable {
    let writer: any DatabaseWriter

    /// Opens (creating if needed) the database file at `url`, with its folder.
    public convenience init(url: URL) throws {
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        try self.init(writer: DatabaseQueue(path: url.path, configuration: configuration))
    }

    /// A database in memory, gone with this value (tests, previews).
    public static func inMemory() throws -> LocalDatabase {
        try LocalDatabase(writer: DatabaseQueue())
    }

    private init(writer: any DatabaseWriter) throws {
        self.writer = writer
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: outbox and cached cards") { db in
            try db.execute(
                sql: """
                    CREATE TABLE outbox (
                        seq INTEGER PRIMARY KEY AUTOINCREMENT,
                        client_id TEXT NOT NULL,
                        operation TEXT NOT NULL CHECK (operation IN ('record', 'withdraw')),
                        repository TEXT NOT NULL,
                        kind TEXT NOT NULL,
                        at REAL NOT NULL
                    );
                    CREATE TABLE cached_cards (
                        position INTEGER PRIMARY KEY,
                        id TEXT NOT NULL UNIQUE,
                        card BLOB NOT NULL
                    );
                    """)
        }
        migrator.registerMigration("v2: the compare tray") { db in
            try db.execute(
                sql: "CREATE TABLE compare_tray (position INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL UNIQUE)"
            )
        }
        migrator.registerMigration("v3: the outbox takes repositories off lists") { db in
            try db.execute(
                sql: """
                    CREATE TABLE outbox_v3 (
                        seq INTEGER PRIMARY KEY AUTOINCREMENT,
                        client_id TEXT NOT NULL,
                        operation TEXT NOT NULL CHECK (operation IN ('record', 'withdraw', 'unlist')),
                        repository TEXT NOT NULL,
                        kind TEXT NOT NULL,
                        at REAL NOT NULL
                    );
                    INSERT INTO outbox_v3 SELECT * FROM outbox;
                    DROP TABLE outbox;
                    ALTER TABLE outbox_v3 RENAME TO outbox;
                    """)
        }
        migrator.registerMigration("v4: Saved and Liked kept for offline use") { db in
            try db.execute(
                sql: """
                    CREATE TABLE kept_lists (
                        list TEXT NOT NULL,
                        key TEXT NOT NULL,
                        added_at REAL NOT NULL,
                        entry BLOB NOT NULL,
                        PRIMARY KEY (list, key)
                    );
                    """)
        }
        migrator.registerMigration("v5: analytics events and the device's settings") { db in
            try db.execute(
                sql: """
                    CREATE TABLE analytics_events (
                        seq INTEGER PRIMARY KEY AUTOINCREMENT,
                        id TEXT NOT NULL UNIQUE,
                        name TEXT NOT NULL,
                        at REAL NOT NULL,
                        platform TEXT NOT NULL,
                        label TEXT,
                        value INTEGER,
                        count INTEGER,
                        query TEXT
                    );
                    CREATE TABLE device_settings (
                        key TEXT PRIMARY KEY,
                        value TEXT NOT NULL
                    );
                    """)
        }
        try migrator.migrate(writer)
    }

    /// Forgets everything the device kept for the person (the outbox and its analytics events, the cached cards and
    /// lists, the compare tray, the device's settings): what follows deleting their account.
    public func eraseAll() throws {
        try writer.write { db in
            for table in [
                "outbox", "analytics_events", "cached_cards", "compare_tray", "kept_lists", "device_settings",
            ] {
                try db.execute(sql: "DELETE FROM \(table)")
            }
        }
    }
}
