import Foundation
import HTTPTypes
import HummingbirdTesting
import Storage
import StorageLive
import Synchronization
import TestSupport
import Testing

/// PostgreSQL's backups are its own tools' (`repofinder backup` says so): `pg_dump --format=custom` of a live
/// database, restored with `pg_restore` into a new database, serves the same decks and lists.
@Suite("Backups on PostgreSQL: pg_dump while serving, pg_restore into a new database")
struct PostgresBackupTests {
    /// Runs a PostgreSQL client tool; its standard output, or a failure with its standard error.
    static func tool(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let problem = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw StorageError.unavailable("\(arguments[0]) exited with \(process.terminationStatus): \(problem)")
        }
        return text
    }

    /// The test database's URL with another database name.
    static func url(_ base: String, database: String) -> String {
        var components = URLComponents(string: base)!
        components.path = "/" + database
        return components.string!
    }

    @Test(
        "a pg_dump taken while serving restores into a new database that deals and lists as the original does",
        .enabled(if: Engine.postgresURL != nil))
    func dumpAndRestore() async throws {
        let base = try #require(Engine.postgresURL)
        guard case .postgres(var settings) = try DatabaseLocation(parsing: base) else { return }
        let suffix = UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased()
        settings.schema = "backup_\(suffix)"
        let schema = settings.schema!
        let restoredDatabase = "repofinder_restore_\(suffix)"
        let dump = FileManager.default.temporaryDirectory.appendingPathComponent("repofinder-\(suffix).dump").path
        defer {
            _ = try? Self.tool(["psql", base, "-qc", "DROP SCHEMA IF EXISTS \(schema) CASCADE"])
            _ = try? Self.tool(["psql", base, "-qc", "DROP DATABASE IF EXISTS \(restoredDatabase)"])
            try? FileManager.default.removeItem(atPath: dump)
        }

        // The live database: a person's deal and decisions, and a dump taken while they go on.
        let token = Mutex("")
        let original = TestStore(store: try await StorageFactory.open(.postgres(settings)), reopen: nil, cleanup: {})
        try await original.store.whileRunning { _ in
            try await ServerHarness.run(original) { client, _ in
                let person = try await client.newToken()
                token.withLock { $0 = person }
                let dealt = try BackupTests.names(
                    try await client.call(.get, "/v1/me/feed?limit=12", token: person), "items")
                for (kind, range) in [("like", 0..<4), ("save", 4..<6), ("skip", 6..<9)] {
                    let body = BackupTests.interactions(range, kind: kind, repositories: dealt)
                    _ = try await client.call(.post, "/v1/me/interactions", token: person, json: body)
                }
                let other = try await client.newToken()
                async let writes: Void = {
                    for batch in 0..<40 {
                        let body = BackupTests.interactions(
                            batch * 5..<batch * 5 + 5, kind: "view", repositories: dealt)
                        _ = try await client.call(.post, "/v1/me/interactions", token: other, json: body)
                    }
                }()
                _ = try Self.tool(["pg_dump", "--format=custom", "--schema=\(schema)", "--file=\(dump)", base])
                try await writes
            }
        }
        try await original.store.close()

        // The dump taken after the writes stopped is the one to compare decks with (the one taken during them is
        // whole too: pg_dump reads one snapshot).
        _ = try Self.tool(["pg_dump", "--format=custom", "--schema=\(schema)", "--file=\(dump)", base])
        _ = try Self.tool(["psql", base, "-qc", "CREATE DATABASE \(restoredDatabase)"])
        let restoredURL = Self.url(base, database: restoredDatabase)
        _ = try Self.tool(["pg_restore", "--no-owner", "--dbname=\(restoredURL)", dump])

        var restoredSettings = settings
        restoredSettings.database = restoredDatabase
        let person = token.withLock { $0 }
        var answers: [[String]] = []
        for place in [settings, restoredSettings] {
            let store = TestStore(store: try await StorageFactory.open(.postgres(place)), reopen: nil, cleanup: {})
            let seen = Mutex<[String]>([])
            try await store.store.whileRunning { _ in
                try await ServerHarness.run(store) { client, _ in
                    var names: [String] = []
                    for list in ["/v1/me/liked", "/v1/me/saved"] {
                        names += try BackupTests.names(try await client.call(.get, list, token: person), "items")
                    }
                    names.append("|")
                    names += try BackupTests.names(
                        try await client.call(.get, "/v1/me/feed?limit=8", token: person), "items")
                    seen.withLock { $0 = names }
                }
            }
            try await store.store.close()
            answers.append(seen.withLock { $0 })
        }
        let expected = 15  // 4 liked, 2 saved, the separator, 8 cards
        #expect(answers[0].count == expected, "\(answers[0])")
        #expect(answers[0] == answers[1], "original \(answers[0])\nrestored \(answers[1])")
        let size = (try? FileManager.default.attributesOfItem(atPath: dump)[.size] as? NSNumber)?.intValue ?? 0
        print("pg backup: a \(size)-byte custom-format dump restored into \(restoredDatabase); deck and lists equal")
    }
}
