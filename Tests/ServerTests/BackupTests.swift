import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Storage
import StorageLive
import StorageSQLite
import Synchronization
import TestSupport
import Testing

/// `repofinder backup`'s engine: a consistent copy of a SQLite database taken while the server writes, which restores
/// to a database that deals the same deck and lists the same repositories for a person.
@Suite("Backups: SQLite's online backup while serving, restored to the same decks and lists")
struct BackupTests {
    /// A SQLite file of its own (the test needs its path), removed afterwards.
    static func withFile(_ body: (String, TestStore) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("repofinder-backup-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("live.sqlite").path
        let test = TestStore(store: try SQLiteStorage(path: path), reopen: nil, cleanup: {})
        do {
            try await body(path, test)
        } catch {
            try? await test.store.close()
            throw error
        }
        try? await test.store.close()
    }

    static func names(_ response: TestResponse, _ key: String) throws -> [String] {
        let items = try response.json()[key] as? [[String: Any]] ?? []
        return items.compactMap { ($0["repository"] as? [String: Any] ?? $0)["fullName"] as? String }
    }

    static func interactions(_ ids: Range<Int>, kind: String, repositories: [String]) -> String {
        let items = ids.map {
            #"{"id":"i\#($0)","repo":"\#(repositories[$0 % repositories.count])","kind":"\#(kind)","at":"2026-11-20T10:00:00Z"}"#
        }
        return #"{"interactions":[\#(items.joined(separator: ","))]}"#
    }

    @Test("taken while another person's likes stream in: whole; restored, it deals and lists as the original does")
    func backupWhileWriting() async throws {
        try await Self.withFile { path, test in
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            let (token, dealt) = try await Self.backUpWhileWriting(path: path, test: test, folder: folder)
            try await test.store.close()

            // Restored: a server over a copy deals the person the same next cards, and lists the same, as a server
            // over the original (each starting afresh from its file).
            let copyPath = folder.appendingPathComponent("restored.sqlite").path
            _ = try StorageFactory.backup(.sqliteFile(path: path), to: copyPath)
            let collected = Mutex<[[String]]>([])
            for file in [path, copyPath] {
                let store = TestStore(store: try SQLiteStorage(path: file), reopen: nil, cleanup: {})
                try await ServerHarness.run(store) { client, _ in
                    var seen: [String] = []
                    for list in ["/v1/me/liked", "/v1/me/saved"] {
                        seen += try Self.names(try await client.call(.get, list, token: token), "items")
                    }
                    seen.append("|")
                    seen += try Self.names(try await client.call(.get, "/v1/me/feed?limit=8", token: token), "items")
                    collected.withLock { $0.append(seen) }
                }
                try await store.store.close()
            }
            let answers = collected.withLock { $0 }
            let expected = 15  // 4 liked, 2 saved, the separator, 8 cards
            #expect(answers[0].count == expected, "\(answers[0])")
            #expect(answers[0] == answers[1], "original \(answers[0])\nrestored \(answers[1])")
            #expect(Set(answers[1].suffix(8)).isDisjoint(with: dealt), "what was dealt stays dealt in the copy")
        }
    }

    /// A person's deal and decisions, then a backup taken while someone else's interactions stream in: the copy is
    /// whole, private and holds a moment of the stream. The person's token and the cards they were dealt.
    static func backUpWhileWriting(path: String, test: TestStore, folder: URL) async throws -> (String, [String]) {
        let result = Mutex<(String, [String])>(("", []))
        try await ServerHarness.run(test) { client, _ in
            let token = try await client.newToken()
            let dealt = try Self.names(try await client.call(.get, "/v1/me/feed?limit=12", token: token), "items")
            #expect(dealt.count == 12)
            for (kind, range) in [("like", 0..<4), ("save", 4..<6), ("skip", 6..<9)] {
                let body = Self.interactions(range, kind: kind, repositories: dealt)
                #expect(try await client.call(.post, "/v1/me/interactions", token: token, json: body).status == .ok)
            }
            let other = try await client.newToken()
            let stream = WriteStream()
            let writer = Task {
                while !stream.stop.load(ordering: .relaxed) && stream.written.load(ordering: .relaxed) < 2_000 {
                    let batch = stream.written.load(ordering: .relaxed)
                    let body = Self.interactions(batch * 5..<batch * 5 + 5, kind: "view", repositories: dealt)
                    if try await client.call(.post, "/v1/me/interactions", token: other, json: body).status == .ok {
                        stream.written.add(1, ordering: .relaxed)
                    }
                }
            }
            // Some batches before the copy, some after: the copy holds a moment in the middle of the stream.
            try await stream.awaitBatches(3)
            let destination = folder.appendingPathComponent("during.sqlite").path
            let report = try StorageFactory.backup(.sqliteFile(path: path), to: destination)
            try await stream.awaitBatches(stream.written.load(ordering: .relaxed) + 3)
            stream.stop.store(true, ordering: .relaxed)
            try await writer.value
            let batches = stream.written.load(ordering: .relaxed)
            #expect(report.integrity == "ok")
            #expect(report.people == 2)
            #expect(report.interactions > 9 && report.interactions < 9 + batches * 5, "a moment of the stream")
            let mode = try FileManager.default.attributesOfItem(atPath: destination)[.posixPermissions] as? Int
            #expect(mode == 0o600, "a backup holds people's data: owner only")
            #expect(throws: StorageError.self, "never over an existing file") {
                try StorageFactory.backup(.sqliteFile(path: path), to: destination)
            }
            print(
                "backup: \(report.bytes) bytes, integrity \(report.integrity), \(report.interactions) interactions "
                    + "copied while \(batches) batches of 5 were written")
            result.withLock { $0 = (token, dealt) }
        }
        return result.withLock { $0 }
    }

    @Test("the engines that cannot be copied this way say what to do: pg_dump for PostgreSQL, nothing in memory")
    func otherEngines() throws {
        let settings = try #require(
            {
                if case .postgres(let settings) = try DatabaseLocation(
                    parsing: "postgres://repofinder@db.example:5433/repofinder?schema=team")
                {
                    return settings
                }
                return nil
            }())
        do {
            _ = try StorageFactory.backup(.postgres(settings), to: "/tmp/never.sqlite")
            Issue.record("PostgreSQL was backed up as a file")
        } catch let error as StorageError {
            let advice = error.description
            #expect(advice.contains("pg_dump -h db.example -p 5433 -U repofinder --schema=team --format=custom"))
            #expect(advice.contains("pg_restore"))
            #expect(!advice.contains("password"))
        }
        #expect(throws: StorageError.self) { try StorageFactory.backup(.sqliteInMemory, to: "/tmp/never.sqlite") }
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never.sqlite"))
    }
}

/// Another person's interactions, written batch after batch until stopped.
final class WriteStream: Sendable {
    let stop = Atomic(false)
    let written = Atomic(0)

    /// Waits until `count` batches were written.
    func awaitBatches(_ count: Int) async throws {
        while written.load(ordering: .relaxed) < count { try await Task.sleep(for: .milliseconds(5)) }
    }
}
