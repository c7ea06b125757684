import Foundation
import Storage
import StorageSQLite
import TestSupport
import Testing

extension CommandLineTests {
    @Test("backup copies the database to a new file and says what it holds; never over a file; PostgreSQL: pg_dump")
    func backup() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("live.sqlite").path
        let store = try SQLiteStorage(path: database)
        _ = try await store.upsertRepositories((0..<25).map { Fixtures.repository("owner\($0 % 5)/project\($0)") })
        try await store.close()
        let copy = directory.appendingPathComponent("copy.sqlite").path

        let made = try await run(["backup", copy, "--database", database])
        #expect(made.status == 0, "\(made.errors)")
        #expect(made.output.contains("to \(copy):"))
        #expect(made.output.contains("integrity ok, 25 repositories, 0 people, 0 interactions"), "\(made.output)")
        let restored = try SQLiteStorage(path: copy)
        #expect(try await restored.statistics().repositories == 25)
        try await restored.close()

        let again = try await run(["backup", copy, "--database", database])
        #expect(again.status == 1)
        #expect(again.errors.contains("exists: a backup never overwrites"), "\(again.errors)")
        let nowhere = try await run(["backup", "/no/such/folder/copy.sqlite", "--database", database])
        #expect(nowhere.status == 1)
        #expect(nowhere.errors.contains("the folder /no/such/folder does not exist"), "\(nowhere.errors)")

        // Another local user's file waiting at the old partial name, writable by anyone, in a folder anyone may write
        // to (as /tmp): nothing is written into it, and the backup lands owner-only (issue 63, finding 6).
        try FileManager.default.setAttributes([.posixPermissions: 0o1777], ofItemAtPath: directory.path)
        let shared = directory.appendingPathComponent("shared.sqlite").path
        #expect(FileManager.default.createFile(atPath: shared + ".partial", contents: Data()))
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: shared + ".partial")
        let beside = try await run(["backup", shared, "--database", database])
        #expect(beside.status == 0, "\(beside.errors)")
        let planted = try FileManager.default.attributesOfItem(atPath: shared + ".partial")
        #expect((planted[.size] as? NSNumber)?.intValue == 0, "the planted file received the copy")
        let landed = try FileManager.default.attributesOfItem(atPath: shared)
        #expect((landed[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasPrefix(".repofinder-backup-") }
        #expect(leftovers.isEmpty, "\(leftovers)")

        let postgres = try await run(["backup", copy + ".pg", "--database", "postgres://team@db.example:5432/finder"])
        #expect(postgres.status == 1)
        #expect(postgres.errors.contains("pg_dump -h db.example -p 5432 -U team --format=custom"), "\(postgres.errors)")
        #expect(!FileManager.default.fileExists(atPath: copy + ".pg"))
    }
}
