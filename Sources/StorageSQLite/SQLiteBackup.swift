import Foundation
import GRDB
public import Storage

/// A consistent copy of a SQLite database, taken while a server uses it: SQLite's online backup API (through GRDB)
/// copies every page within one read transaction, so the copy is the database as of one moment (WAL readers see a
/// fixed state while writers go on). The copy is written beside its destination, checked (`PRAGMA integrity_check`),
/// and only then moved into place; it is readable by its owner only, as the database is.
public enum SQLiteBackup {
    /// Copies the database at `source` to a new file `destination` (never overwritten).
    public static func backup(from source: String, to destination: String) throws -> BackupReport {
        guard FileManager.default.fileExists(atPath: source) else {
            throw StorageError.unavailable("There is no database at '\(source)' to back up.")
        }
        guard !FileManager.default.fileExists(atPath: destination) else {
            throw StorageError.unavailable("'\(destination)' exists: a backup never overwrites; name a new file.")
        }
        let folder = URL(fileURLWithPath: destination).deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: folder) else {
            throw StorageError.unavailable("Cannot write '\(destination)': the folder \(folder) does not exist.")
        }
        let partial = destination + ".partial"
        try? FileManager.default.removeItem(atPath: partial)
        _ = FileManager.default.createFile(atPath: partial, contents: nil, attributes: [.posixPermissions: 0o600])
        do {
            var reading = Configuration()
            reading.readonly = true
            reading.busyMode = .timeout(10)
            let original = try DatabaseQueue(path: source, configuration: reading)
            let copy = try DatabaseQueue(path: partial)
            try original.backup(to: copy)
            let report = try copy.read { db in
                BackupReport(
                    bytes: 0, integrity: try String.fetchOne(db, sql: "PRAGMA integrity_check") ?? "no answer",
                    repositories: try count(db, "repositories"), people: try count(db, "users"),
                    interactions: try count(db, "interactions"))
            }
            try copy.close()
            try original.close()
            guard report.integrity == "ok" else {
                throw StorageError.unavailable("The copy failed SQLite's integrity check: \(report.integrity).")
            }
            try FileManager.default.moveItem(atPath: partial, toPath: destination)
            let size = (try? FileManager.default.attributesOfItem(atPath: destination)[.size] as? NSNumber)?.int64Value
            return BackupReport(
                bytes: size ?? 0, integrity: report.integrity, repositories: report.repositories,
                people: report.people, interactions: report.interactions)
        } catch let error as StorageError {
            try? FileManager.default.removeItem(atPath: partial)
            throw error
        } catch {
            try? FileManager.default.removeItem(atPath: partial)
            throw StorageError.unavailable("Could not back up '\(source)': \(SQLiteStorage.reason(error)).")
        }
    }

    private static func count(_ db: Database, _ table: String) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") ?? 0
    }
}
