import Foundation
import GRDB
import RepoFinderCore
import Storage
import TestSupport
import Testing

@testable import StorageSQLite

@Suite("Storage: what the deck dealt, under load and across versions")
struct ServedStorageTests {
    @Test(
        "deals recorded at once for several people each count once, and each caller learns its own",
        arguments: Engine.available)
    func concurrentDeals(engine: Engine) async throws {
        try await withStore(engine) { test in
            let names = (0..<30).map { "owner\($0 % 7)/project-\($0)" }
            _ = try await test.store.upsertRepositories(names.map { Fixtures.repository($0) })
            var people: [String] = []
            for person in 0..<3 {
                people.append(try await test.store.createUser(tokenHash: "served-\(person)", at: Fixtures.moment).id)
            }
            let store = test.store
            // 3 people × 10 deals of 6 cards, overlapping: every card is offered to each person twice.
            let outcomes = try await withThrowingTaskGroup(of: (String, [String]).self) { group in
                for userID in people {
                    for deal in 0..<10 {
                        let cards = (0..<6).map { Fixtures.name(names[(deal * 3 + $0) % names.count]) }
                        group.addTask {
                            (
                                userID,
                                try await store.recordServed(cards, userID: userID, at: Fixtures.moment).map(\.key)
                            )
                        }
                    }
                }
                var outcomes: [String: [String]] = [:]
                for try await (userID, new) in group { outcomes[userID, default: []] += new }
                return outcomes
            }
            for userID in people {
                let new = outcomes[userID] ?? []
                #expect(new.count == Set(new).count, "a card was new twice")
                #expect(Set(new) == Set(names.map { $0.lowercased() }))
                #expect(try await store.served(userID: userID) == Set(names.map { $0.lowercased() }))
            }
        }
    }

    @Test("a person's set of dealt ids survives encoding: sorted, deduplicated, any gap")
    func setCoding() {
        let ids: [Int64] = [5, 1, 1, 300, 127, 128, 16_384, 2_000_000_000, 42]
        let bytes = DealtSet.encode(ids)
        #expect(DealtSet.decode(bytes) == Array(Set(ids)).sorted())
        #expect(DealtSet.decode(DealtSet.encode([Int64]())) == [])
        let dense = Array(Int64(1)...Int64(10_000))
        #expect(DealtSet.encode(dense).count == 10_000)
        #expect(DealtSet.decode(DealtSet.encode(dense)) == dense)
        #expect(DealtSet.merge([1, 4, 9], [2, 4, 10]) == [1, 2, 4, 9, 10])
        #expect(DealtSet.merge([], [3]) == [3])
        #expect(DealtSet.contains([1, 4, 9], 4) && !DealtSet.contains([1, 4, 9], 5) && !DealtSet.contains([], 1))
        // A truncated blob keeps the ids before the cut.
        #expect(DealtSet.decode(bytes.dropLast()) == Array(Array(Set(ids)).sorted().dropLast()))
    }

    @Test("a version 4 database keeps what each person was dealt when it moves to one set per person")
    func migrationFromRows() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("served-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("v4.sqlite").path
        do {
            let queue = try DatabaseQueue(path: path)
            try SQLiteSchema.migrator.migrate(queue, upTo: "v4: repositories dealt to each person")
            try queue.write { db in
                for (id, key) in [(1, "apple/swift"), (2, "vapor/vapor"), (3, "groue/grdb.swift")] {
                    try db.execute(
                        sql: """
                            INSERT INTO repositories (id, full_name_key, owner_login, name, stars, archived, web_url,
                                fingerprint) VALUES (?, ?, ?, ?, 1, 0, ?, 0)
                            """,
                        arguments: [
                            id, key, String(key.split(separator: "/")[0]), String(key.split(separator: "/")[1]),
                            "https://github.com/" + key,
                        ])
                }
                for user in ["ada", "bob"] {
                    try db.execute(
                        sql: "INSERT INTO users (id, token_hash, created_at) VALUES (?, ?, '2026-01-01T00:00:00Z')",
                        arguments: [user, "hash-" + user])
                }
                for (user, repository) in [("ada", 1), ("ada", 3), ("bob", 2)] {
                    try db.execute(
                        sql: "INSERT INTO served_repositories (user_id, repository_id, served_at) VALUES (?, ?, ?)",
                        arguments: [user, repository, "2026-01-01T00:00:00Z"])
                }
            }
            try queue.close()
        }
        let store = try SQLiteStorage(path: path)
        defer { try? store.writer.close() }
        #expect(try store.writer.read { db in try db.tableExists("served_repositories") } == false)
        #expect(try store.writer.read { db in try ServedSetRows.ids(db, "ada") } == [1, 3])
        #expect(try store.writer.read { db in try ServedSetRows.ids(db, "bob") } == [2])
    }
}

/// Reads a person's set straight from the table.
enum ServedSetRows {
    static func ids(_ db: Database, _ userID: String) throws -> [Int64] {
        DealtSet.decode(
            try Data.fetchOne(db, sql: "SELECT repository_ids FROM served_sets WHERE user_id = ?", arguments: [userID])
                ?? Data())
    }
}
