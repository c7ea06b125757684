import Foundation
import GRDB
public import RepoFinderClient
public import RepoFinderCore

/// The newest entries of Saved and Liked kept on the device, so both list without a connection: replaced with the
/// server's answer whenever the list loads, and changed at once by what the person does here (a like or save goes on,
/// an unlike, unsave or removal comes off), sent or not.
public struct ListCache: Sendable {
    private let database: LocalDatabase
    /// Most entries kept per list.
    public let capacity: Int

    public init(database: LocalDatabase, capacity: Int = 100) {
        self.database = database
        self.capacity = capacity
    }

    /// Replaces `list` with the newest ``capacity`` of `entries` (what the server just said), keeping the entries of
    /// `keep` (keys of what this device did that the server has not heard of yet).
    public func replace(_ list: UserList, with entries: [ListEntry], keeping keep: Set<String> = []) throws {
        let encoder = JSONEncoder()
        try database.writer.write { db in
            let kept = try Self.entries(db, list).filter { keep.contains($0.id) }
            try db.execute(sql: "DELETE FROM kept_lists WHERE list = ?", arguments: [list.rawValue])
            for entry in (kept + entries).prefix(capacity) {
                try Self.put(db, list, entry, encoder)
            }
        }
    }

    /// Puts an entry on a list (this device liked or saved it).
    public func add(_ entry: ListEntry, to list: UserList) throws {
        let encoder = JSONEncoder()
        try database.writer.write { db in try Self.put(db, list, entry, encoder) }
    }

    /// Takes a repository off a list.
    public func remove(_ name: RepositoryName, from list: UserList) throws {
        try database.writer.write { db in
            try db.execute(
                sql: "DELETE FROM kept_lists WHERE list = ? AND key = ?", arguments: [list.rawValue, name.key])
        }
    }

    /// A list as kept, newest first (an entry this version cannot read is left out).
    public func entries(_ list: UserList) throws -> [ListEntry] {
        try database.writer.read { db in try Self.entries(db, list) }
    }

    private static func entries(_ db: Database, _ list: UserList) throws -> [ListEntry] {
        let decoder = JSONDecoder()
        return try Data.fetchAll(
            db, sql: "SELECT entry FROM kept_lists WHERE list = ? ORDER BY added_at DESC, key",
            arguments: [list.rawValue]
        ).compactMap { try? decoder.decode(ListEntry.self, from: $0) }
    }

    private static func put(_ db: Database, _ list: UserList, _ entry: ListEntry, _ encoder: JSONEncoder) throws {
        try db.execute(
            sql: "INSERT OR REPLACE INTO kept_lists (list, key, added_at, entry) VALUES (?, ?, ?, ?)",
            arguments: [list.rawValue, entry.id, entry.addedAt.timeIntervalSince1970, try encoder.encode(entry)])
    }
}
