import Foundation
import GRDB
public import RepoFinderCore

/// The repositories a person collected to compare (at most ``CompareRequest/maximum``), kept on the device so the
/// tray survives a restart and works offline, oldest first.
public struct CompareTray: Sendable {
    private let database: LocalDatabase

    public init(database: LocalDatabase) {
        self.database = database
    }

    /// The names in the tray, oldest first.
    public func items() throws -> [RepositoryName] {
        try database.writer.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM compare_tray ORDER BY position")
        }.compactMap { try? RepositoryName(parsing: $0) }
    }

    /// Adds `name`, or takes it out when it is in already; true when it is in the tray afterwards. Throws
    /// ``CompareTrayFull`` when the tray holds four others.
    @discardableResult
    public func toggle(_ name: RepositoryName) throws -> Bool {
        try database.writer.write { db in
            let names = try String.fetchAll(db, sql: "SELECT name FROM compare_tray ORDER BY position")
            if let kept = names.first(where: { $0.lowercased() == name.key }) {
                try db.execute(sql: "DELETE FROM compare_tray WHERE name = ?", arguments: [kept])
                return false
            }
            guard names.count < CompareRequest.maximum else { throw CompareTrayFull() }
            try db.execute(sql: "INSERT INTO compare_tray (name) VALUES (?)", arguments: [name.fullName])
            return true
        }
    }

    /// Empties the tray.
    public func clear() throws {
        try database.writer.write { db in try db.execute(sql: "DELETE FROM compare_tray") }
    }
}

/// The tray holds four already.
public struct CompareTrayFull: Error, CustomStringConvertible {
    public var description: String { "The tray holds \(CompareRequest.maximum); take one out first." }
}
