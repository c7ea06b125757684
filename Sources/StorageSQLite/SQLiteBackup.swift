import Foundation
import GRDB
public import Storage

#if canImport(Glibc)
    import Glibc
#endif

/// A consistent copy of a SQLite database, taken while a server uses it: SQLite's online backup API (through GRDB)
/// copies every page within one read transaction, so the copy is the database as of one moment (WAL readers see a
/// fixed state while writers go on). The copy is written in a private folder beside its destination, checked
/// (`PRAGMA integrity_check`), and only then linked into place; it is readable by its owner only, as the database is.
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
        // The copy is made in a folder of its own that only this user can enter (mkdtemp: a new name, mode 0700), so
        // nobody else's file is ever written to, even in a shared folder such as /tmp; it then takes its name with
        // link(2), which never replaces a file that appeared meanwhile.
        var template = Array((folder + "/.repofinder-backup-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw StorageError.unavailable(
                "Cannot write in \(folder): \(String(cString: strerror(errno))).")
        }
        let workFolder = String(cString: made)
        defer { try? FileManager.default.removeItem(atPath: workFolder) }
        let partial = workFolder + "/copy.sqlite"
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
            guard chmod(partial, 0o600) == 0, link(partial, destination) == 0 else {
                let reason = errno == EEXIST ? "it appeared while copying" : String(cString: strerror(errno))
                throw StorageError.unavailable("Cannot write '\(destination)': \(reason); nothing was written.")
            }
            let size = (try? FileManager.default.attributesOfItem(atPath: destination)[.size] as? NSNumber)?.int64Value
            return BackupReport(
                bytes: size ?? 0, integrity: report.integrity, repositories: report.repositories,
                people: report.people, interactions: report.interactions)
        } catch let error as StorageError {
            throw error
        } catch {
            throw StorageError.unavailable("Could not back up '\(source)': \(SQLiteStorage.reason(error)).")
        }
    }

    private static func count(_ db: Database, _ table: String) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") ?? 0
    }
}
