import ArgumentParser
import Foundation
import RepoFinderCore
import Storage
import StorageLive

/// `repofinder backup DEST`: a consistent copy of the SQLite database while it serves; for PostgreSQL, how to use
/// `pg_dump`.
struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy the SQLite database to a new file, consistently, even while a server uses it.",
        discussion: """
            SQLite's online backup API copies the database as of one moment; the copy is checked (PRAGMA \
            integrity_check) before it is put in place, and is readable by its owner only. To restore, stop the \
            server and serve the copy (--database DEST), or move it over the original (and delete the original's \
            -wal and -shm files). On PostgreSQL this says how to use pg_dump and pg_restore.
            """)

    @Argument(help: "The new file to write (never overwritten).")
    var destination: String

    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        let location = try database.location()
        let started = ContinuousClock.now
        let report: BackupReport
        do {
            report = try StorageFactory.backup(location, to: destination)
        } catch let error as StorageError {
            throw CommandFailure(error.description)
        }
        let seconds = String(format: "%.1f", (ContinuousClock.now - started).secondsDouble)
        let megabytes = String(format: "%.1f", Double(report.bytes) / 1_048_576)
        print(
            "Backed up \(location) to \(destination): \(megabytes) MB, integrity \(report.integrity), "
                + "\(Number.grouped(report.repositories)) repositories, \(Number.grouped(report.people)) people, "
                + "\(Number.grouped(report.interactions)) interactions, in \(seconds) s.")
    }
}
