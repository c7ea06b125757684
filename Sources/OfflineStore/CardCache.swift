import Foundation
import GRDB
public import RepoFinderClient

/// The deck's cards kept on the device (at most ``capacity``, the first ones of the deck), so the deck opens with cards
/// when there is no connection.
public struct CardCache: Sendable {
    private let database: LocalDatabase
    /// Most cards kept.
    public let capacity: Int

    public init(database: LocalDatabase, capacity: Int = 50) {
        self.database = database
        self.capacity = capacity
    }

    /// Replaces the cached cards with the first ``capacity`` of `cards`.
    public func keep(_ cards: [Card]) throws {
        let encoder = JSONEncoder()
        let rows = try cards.prefix(capacity).map { ($0.id, try encoder.encode($0)) }
        try database.writer.write { db in
            try db.execute(sql: "DELETE FROM cached_cards")
            for (position, row) in rows.enumerated() {
                try db.execute(
                    sql: "INSERT OR IGNORE INTO cached_cards (position, id, card) VALUES (?, ?, ?)",
                    arguments: [position, row.0, row.1])
            }
        }
    }

    /// The cached cards in deck order (a card this version cannot read is left out).
    public func cards() throws -> [Card] {
        let blobs = try database.writer.read { db in
            try Data.fetchAll(db, sql: "SELECT card FROM cached_cards ORDER BY position")
        }
        let decoder = JSONDecoder()
        return blobs.compactMap { try? decoder.decode(Card.self, from: $0) }
    }
}
