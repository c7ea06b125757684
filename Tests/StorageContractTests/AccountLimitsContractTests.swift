import Foundation
import GRDB
import RepoFinderCore
import Storage
import StorageSQLite
import TestSupport
import Testing

@Suite("Storage contract: quotas, aggregated activity, abandoned accounts, a clean SQLite file")
struct AccountLimitsContractTests {
    static let repositories = ["apple/swift", "vapor/vapor", "pointfreeco/isowords"]

    func interactions(_ range: ClosedRange<Int>, kind: InteractionKind = .view) -> [Interaction] {
        range.map { i in
            Interaction(
                id: "i\(i)", repository: Fixtures.name(Self.repositories[i % 3]), kind: kind, at: Fixtures.moment)
        }
    }

    @Test("a batch over either bound is refused whole; duplicates never count", arguments: Engine.available)
    func quota(engine: Engine) async throws {
        try await withStore(engine) { test in
            _ = try await test.store.upsertRepositories(Self.repositories.map { Fixtures.repository($0) })
            let user = try await test.store.createUser(tokenHash: "q", at: Fixtures.moment)
            let perAccount = InteractionQuota(perAccount: 5, perDay: nil)
            #expect(
                try await test.store.recordInteractions(interactions(1...4), userID: user.id, quota: perAccount)
                    .accepted == 4)
            let overAccount = StorageError.quotaExceeded(
                QuotaExceeded(bound: .perAccount, limit: 5, stored: 4, retryAfter: nil))
            await #expect(throws: overAccount) {
                try await test.store.recordInteractions(interactions(3...6), userID: user.id, quota: perAccount)
            }
            #expect(try await test.store.interactions(userID: user.id).count == 4)
            // The same batch again is all duplicates: nothing new, nothing over.
            let again = try await test.store.recordInteractions(interactions(1...4), userID: user.id, quota: perAccount)
            #expect(again == InteractionReceipt(accepted: 0, duplicates: 4))
            let perDay = InteractionQuota(perAccount: nil, perDay: 4)
            do {
                _ = try await test.store.recordInteractions(interactions(5...5), userID: user.id, quota: perDay)
                Issue.record("a fifth interaction in the window went through")
            } catch StorageError.quotaExceeded(let exceeded) {
                #expect(exceeded.bound == .perDay && exceeded.limit == 4 && exceeded.stored == 4)
                #expect((86_000...86_400).contains(exceeded.retryAfter ?? 0))
            }
            #expect(try await test.store.recordInteractions(interactions(5...9), userID: user.id).accepted == 5)
        }
    }

    @Test("a window lasts 24 hours from its first batch; the total only grows with new interactions")
    func window() throws {
        let quota = InteractionQuota(perAccount: 100, perDay: 10)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let first = try quota.admit(6, to: QuotaCounters(total: 50, windowStart: nil, windowCount: 0), now: start)
        #expect(first == QuotaCounters(total: 56, windowStart: start, windowCount: 6))
        #expect(throws: StorageError.self) { try quota.admit(5, to: first, now: start.addingTimeInterval(3_600)) }
        let next = try quota.admit(5, to: first, now: start.addingTimeInterval(86_400))
        #expect(next == QuotaCounters(total: 61, windowStart: start.addingTimeInterval(86_400), windowCount: 5))
        #expect(throws: StorageError.self) {
            try quota.admit(45, to: next, now: start.addingTimeInterval(90_000))
        }
    }

    @Test("activity is counted by the database", arguments: Engine.available)
    func activity(engine: Engine) async throws {
        try await withStore(engine) { test in
            var swift = Fixtures.repository("apple/swift", topics: ["swift", "compiler"])
            swift.language = "Swift"
            var vapor = Fixtures.repository("vapor/vapor", topics: ["swift", "server"])
            vapor.language = "Swift"
            var isowords = Fixtures.repository("pointfreeco/isowords", topics: ["game"])
            isowords.language = "C"
            _ = try await test.store.upsertRepositories([swift, vapor, isowords])
            let user = try await test.store.createUser(tokenHash: "a", at: Fixtures.moment)
            func make(_ id: String, _ name: String, _ kind: InteractionKind) -> Interaction {
                Interaction(id: id, repository: Fixtures.name(name), kind: kind, at: Fixtures.moment)
            }
            _ = try await test.store.recordInteractions(
                [
                    make("1", "apple/swift", .like), make("2", "apple/swift", .save), make("3", "vapor/vapor", .like),
                    make("4", "pointfreeco/isowords", .skip), make("5", "pointfreeco/isowords", .view),
                ], userID: user.id)
            let activity = try await test.store.activity(userID: user.id, top: 2)
            #expect(activity.counts == [.like: 2, .save: 1, .skip: 1, .view: 1])
            #expect(activity.languages == [PersonStats.NamedCount(name: "Swift", count: 2)])
            #expect(
                activity.topics == [
                    PersonStats.NamedCount(name: "swift", count: 2), PersonStats.NamedCount(name: "compiler", count: 1),
                ])
            await #expect(throws: StorageError.unknownUser("nobody")) {
                try await test.store.activity(userID: "nobody", top: 2)
            }
        }
    }

    @Test("accounts that never came back are deleted with what they stored", arguments: Engine.available)
    func abandonedAccounts(engine: Engine) async throws {
        try await withStore(engine) { test in
            _ = try await test.store.upsertRepositories(Self.repositories.map { Fixtures.repository($0) })
            let old = Fixtures.moment.addingTimeInterval(-40 * 86_400)
            let gone = try await test.store.createUser(tokenHash: "gone", at: old)
            let back = try await test.store.createUser(tokenHash: "back", at: old)
            let new = try await test.store.createUser(tokenHash: "new", at: Fixtures.moment)
            _ = try await test.store.recordInteractions(interactions(1...3, kind: .like), userID: gone.id)
            try await test.store.markReturned(userID: back.id, at: old.addingTimeInterval(2 * 86_400))
            #expect(try await test.store.user(tokenHash: "back")?.returnedAt != nil)
            let cutoff = Fixtures.moment.addingTimeInterval(-30 * 86_400)
            #expect(try await test.store.deleteAbandonedAccounts(createdBefore: cutoff, limit: 10) == 1)
            #expect(try await test.store.user(tokenHash: "gone") == nil)
            #expect(try await test.store.user(tokenHash: "back") != nil)
            #expect(try await test.store.user(tokenHash: "new") != nil)
            #expect(try await test.store.everyonesInteractions().allSatisfy { $0.userID != gone.id })
            #expect(try await test.store.deleteAbandonedAccounts(createdBefore: cutoff, limit: 10) == 0)
            _ = new
        }
    }

    @Test("a new SQLite file is private to its owner and passes PRAGMA integrity_check")
    func sqliteFile() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("private.sqlite").path
        let store = try SQLiteStorage(path: path)
        try await SyntheticCatalog.seed(store)
        try await store.close()
        let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        let check = try await DatabaseQueue(path: path).read { db in
            try String.fetchAll(db, sql: "PRAGMA integrity_check")
        }
        #expect(check == ["ok"])
    }
}
