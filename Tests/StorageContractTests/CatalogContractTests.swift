import Foundation
import RepoFinderCore
import Storage
import StoragePostgres
import StorageSQL
import StorageSQLite
import TestSupport
import Testing

@Suite("Storage contract: catalog and star history")
struct CatalogContractTests {
    @Test("a new database is migrated and empty", arguments: Engine.available)
    func migratedAndEmpty(engine: Engine) async throws {
        try await withStore(engine) { test in
            let statistics = try await test.store.statistics()
            #expect(statistics.schemaVersion == currentSchemaVersion)
            #expect(statistics.repositories == 0 && statistics.starSnapshots == 0 && statistics.users == 0)
            #expect(statistics.firstSnapshotDay == nil)
        }
    }

    @Test(
        "the catalog's age is what the repositories' pushes say, as the recommender's index reads them",
        arguments: Engine.available)
    func catalogAge(engine: Engine) async throws {
        try await withStore(engine) { test in
            #expect(try await test.store.catalogAge().newestDay == nil)
            // Late in the evening UTC (a local clock ahead of UTC must not move it to the next day), and one push
            // whose day no more than one repository in a thousand shares would still count here (1,000 or fewer).
            let pushes = ["2026-08-20T23:30:00Z", "2026-08-22T23:59:00Z", "2026-08-21T08:00:00Z", nil]
            var repositories: [Repository] = []
            for (position, push) in pushes.enumerated() {
                var repository = Fixtures.repository("owner\(position)/project")
                repository.pushedAt = push.flatMap { ISO8601DateFormatter().date(from: $0) }
                repositories.append(repository)
            }
            _ = try await test.store.upsertRepositories(repositories)
            let age = try await test.store.catalogAge()
            #expect(age.newestDay == Day("2026-08-22"))
            #expect(age == CatalogAge(pushes: repositories.map(\.pushedAt)))
        }
    }

    @Test("repositories round-trip every field and are found whatever the case", arguments: Engine.available)
    func roundTrip(engine: Engine) async throws {
        try await withStore(engine) { test in
            var full = Fixtures.repository("Apple/Swift-NIO", topics: ["networking", "swift", "server"])
            full.owner.avatarURL = URL(string: "https://avatars.githubusercontent.com/u/10639145?v=4")
            let sparse = Repository(owner: RepositoryOwner(login: "someone"), name: "bare", stars: 0)
            let counts = try await test.store.upsertRepositories([full, sparse])
            #expect(counts == UpsertCounts(inserted: 2))
            #expect(try await test.store.repository(named: Fixtures.name("apple/swift-nio")) == full)
            #expect(try await test.store.repository(named: Fixtures.name("SOMEONE/BARE")) == sparse)
            #expect(try await test.store.repository(named: Fixtures.name("nobody/nothing")) == nil)
        }
    }

    @Test(
        "upserting again changes nothing; a change updates the row and replaces its topics",
        arguments: Engine.available)
    func upsertSemantics(engine: Engine) async throws {
        try await withStore(engine) { test in
            let originals = (1...30).map { Fixtures.repository("owner\($0)/repo\($0)", stars: $0) }
            #expect(try await test.store.upsertRepositories(originals) == UpsertCounts(inserted: 30))
            #expect(try await test.store.upsertRepositories(originals) == UpsertCounts(unchanged: 30))

            var changed = originals[4]
            changed.stars = 9999
            changed.topics = ["server", "http"]
            changed.archived = true
            let counts = try await test.store.upsertRepositories([
                changed, originals[5], Fixtures.repository("new/one"),
            ])
            #expect(counts == UpsertCounts(inserted: 1, updated: 1, unchanged: 1))
            #expect(try await test.store.repository(named: changed.repositoryName) == changed)

            let statistics = try await test.store.statistics()
            #expect(statistics.repositories == 31)
        }
    }

    @Test("a name repeated within one batch behaves as two imports in a row (last wins)", arguments: Engine.available)
    func duplicateInBatch(engine: Engine) async throws {
        try await withStore(engine) { test in
            let first = Fixtures.repository("dup/repo", stars: 1)
            var second = first
            second.stars = 2
            let counts = try await test.store.upsertRepositories([first, first, second])
            #expect(counts == UpsertCounts(inserted: 1, updated: 1, unchanged: 1))
            #expect(try await test.store.repository(named: first.repositoryName)?.stars == 2)
            #expect(try await test.store.statistics().repositories == 1)
        }
    }

    @Test("catalog slices come most starred first", arguments: Engine.available)
    func slices(engine: Engine) async throws {
        try await withStore(engine) { test in
            let repositories = (1...25).map { Fixtures.repository("o/r\($0)", stars: $0 * 10) }
            _ = try await test.store.upsertRepositories(repositories.shuffled())
            let first = try await test.store.repositories(offset: 0, limit: 10)
            let rest = try await test.store.repositories(offset: 10, limit: 100)
            #expect(first.map(\.stars) == (16...25).reversed().map { $0 * 10 })
            #expect(rest.count == 15)
            #expect(Set((first + rest).map(\.id)).count == 25)
        }
    }

    @Test(
        "star snapshots upsert per repository and day; unknown repositories are named and skipped",
        arguments: Engine.available)
    func snapshots(engine: Engine) async throws {
        try await withStore(engine) { test in
            _ = try await test.store.upsertRepositories([Fixtures.repository("apple/swift")])
            let swift = Fixtures.name("Apple/Swift")
            let days = (0..<5).map { Day("2026-08-18")!.adding(days: $0) }
            let snapshots = days.enumerated().map {
                StarSnapshot(repository: swift, day: $1, stars: 1000 + $0, forks: $0 == 2 ? nil : 7)
            }
            let ghost = StarSnapshot(repository: Fixtures.name("ghost/repo"), day: days[0], stars: 5)
            let result = try await test.store.upsertStarSnapshots(snapshots + [ghost])
            #expect(result.counts == UpsertCounts(inserted: 5))
            #expect(result.unknownRepositories == [ghost.repository])

            let again = try await test.store.upsertStarSnapshots(snapshots)
            #expect(again.counts == UpsertCounts(unchanged: 5))
            var corrected = snapshots[4]
            corrected.stars = 2000
            #expect(try await test.store.upsertStarSnapshots([corrected]).counts == UpsertCounts(updated: 1))

            let stored = try await test.store.starSnapshots(of: Fixtures.name("apple/swift"))
            #expect(stored.map(\.day) == days)
            #expect(stored.map(\.stars) == [1000, 1001, 1002, 1003, 2000])
            #expect(stored[2].forks == nil && stored[0].forks == 7)
            let statistics = try await test.store.statistics()
            #expect(statistics.starSnapshots == 5)
            #expect(statistics.firstSnapshotDay == days.first && statistics.lastSnapshotDay == days.last)
        }
    }

    @Test(
        "data survives closing and reopening the database", arguments: Engine.available.filter { $0 != .sqliteMemory })
    func durable(engine: Engine) async throws {
        try await withStore(engine) { test in
            _ = try await test.store.upsertRepositories([Fixtures.repository("keep/me")])
            let account = try await test.store.createUser(tokenHash: "hash-keep", at: Fixtures.moment)
            let receipt = try await test.store.recordInteractions(
                [Interaction(id: "k1", repository: Fixtures.name("keep/me"), kind: .like, at: Fixtures.moment)],
                userID: account.id)
            #expect(receipt.accepted == 1)
            try await test.store.close()
            let reopened = try await test.reopen!()
            try await reopened.whileRunning { reopened async throws in
                #expect(try await reopened.repository(named: Fixtures.name("keep/me")) != nil)
                #expect(try await reopened.interactions(userID: account.id).map(\.id) == ["k1"])
                #expect(try await reopened.statistics().schemaVersion == currentSchemaVersion)
            }
            try await reopened.close()
        }
    }

    @Test(
        "a database migrated by a newer RepoFinder is refused with a clear error",
        arguments: Engine.available.filter { $0 != .sqliteMemory })
    func newerSchema(engine: Engine) async throws {
        try await withStore(engine) { test in
            switch test.store {
            case let sqlite as SQLiteStorage:
                try await sqlite.execute("INSERT INTO grdb_migrations (identifier) VALUES ('v99: from the future')")
            case let postgres as PostgresStorage:
                try await postgres.execute(
                    "INSERT INTO schema_migrations (version, name) VALUES (\(currentSchemaVersion + 1), 'from the future')"
                )
            default:
                Issue.record("unknown engine")
            }
            try await test.store.close()
            let expected = StorageError.schemaTooNew(found: currentSchemaVersion + 1, supported: currentSchemaVersion)
            await #expect(throws: expected) {
                let reopened = try await test.reopen!()
                try await reopened.close()
            }
        }
    }
}
