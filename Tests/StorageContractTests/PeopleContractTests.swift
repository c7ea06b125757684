import Foundation
import RepoFinderCore
import Storage
import TestSupport
import Testing

@Suite("Storage contract: people, preferences, interactions and lists")
struct PeopleContractTests {
    static let repositories = ["apple/swift", "vapor/vapor", "pointfreeco/isowords", "groue/GRDB.swift"]

    /// A store with the test repositories and one user.
    func prepared(_ test: TestStore) async throws -> UserAccount {
        _ = try await test.store.upsertRepositories(Self.repositories.map { Fixtures.repository($0) })
        return try await test.store.createUser(tokenHash: "hash-\(UUID().uuidString)", at: Fixtures.moment)
    }

    func interaction(_ id: String, _ repository: String, _ kind: InteractionKind, minute: Int) -> Interaction {
        Interaction(
            id: id, repository: Fixtures.name(repository), kind: kind,
            at: Fixtures.moment.addingTimeInterval(Double(minute) * 60))
    }

    @Test("accounts are found by token hash only", arguments: Engine.available)
    func accounts(engine: Engine) async throws {
        try await withStore(engine) { test in
            let account = try await test.store.createUser(tokenHash: "abc123", at: Fixtures.moment)
            #expect(try await test.store.user(tokenHash: "abc123") == account)
            #expect(try await test.store.user(tokenHash: "abc124") == nil)
            let other = try await test.store.createUser(tokenHash: "def456", at: Fixtures.moment)
            #expect(other.id != account.id)
        }
    }

    @Test("preferences start empty, save, and are replaced whole", arguments: Engine.available)
    func preferences(engine: Engine) async throws {
        try await withStore(engine) { test in
            let account = try await prepared(test)
            #expect(try await test.store.preferences(userID: account.id) == nil)
            let first = UserPreferences(
                name: "Ada", primaryCluster: "mobile", secondaryClusters: ["web-frontend"],
                techStack: ["Swift", "SwiftUI"],
                interests: ["ios"], experienceLevel: .beginner, projectType: "mobile app", goals: [.learningNewTech],
                onboardingCompleted: true)
            try await test.store.setPreferences(first, userID: account.id)
            #expect(try await test.store.preferences(userID: account.id) == first)
            let second = UserPreferences(
                techStack: ["Rust"], experienceLevel: .advanced, goals: [.contributing, .exploring])
            try await test.store.setPreferences(second, userID: account.id)
            #expect(try await test.store.preferences(userID: account.id) == second)
        }
    }

    @Test("an unknown user is a clear error, not an empty answer", arguments: Engine.available)
    func unknownUser(engine: Engine) async throws {
        try await withStore(engine) { test in
            _ = try await prepared(test)
            let missing = StorageError.unknownUser("nobody")
            await #expect(throws: missing) { try await test.store.preferences(userID: "nobody") }
            await #expect(throws: missing) { try await test.store.setPreferences(UserPreferences(), userID: "nobody") }
            await #expect(throws: missing) {
                try await test.store.recordInteractions(
                    [interaction("x", "apple/swift", .like, minute: 0)], userID: "nobody")
            }
            await #expect(throws: missing) {
                try await test.store.list(.liked, userID: "nobody", page: PageRequest())
            }
        }
    }

    @Test("interactions are idempotent by client id, and likes and saves fill the lists", arguments: Engine.available)
    func idempotentInteractions(engine: Engine) async throws {
        try await withStore(engine) { test in
            let account = try await prepared(test)
            let batch = [
                interaction("i1", "apple/swift", .like, minute: 1),
                interaction("i2", "vapor/vapor", .save, minute: 2),
                interaction("i3", "pointfreeco/isowords", .skip, minute: 3),
                interaction("i4", "groue/GRDB.swift", .like, minute: 4),
                interaction("i4", "groue/GRDB.swift", .like, minute: 4),
            ]
            #expect(
                try await test.store.recordInteractions(batch, userID: account.id)
                    == InteractionReceipt(accepted: 4, duplicates: 1))
            // An offline queue replaying everything, plus one new event.
            let replay = batch + [interaction("i5", "apple/swift", .open, minute: 5)]
            #expect(
                try await test.store.recordInteractions(replay, userID: account.id)
                    == InteractionReceipt(accepted: 1, duplicates: 5))

            let stored = try await test.store.interactions(userID: account.id)
            #expect(stored.map(\.id) == ["i1", "i2", "i3", "i4", "i5"])
            #expect(stored.map(\.kind) == [.like, .save, .skip, .like, .open])
            #expect(stored[0].at == batch[0].at)
            #expect(stored[3].repository.fullName == "groue/GRDB.swift")

            let liked = try await test.store.list(.liked, userID: account.id, page: PageRequest())
            #expect(liked.items.map(\.repository.fullName) == ["groue/GRDB.swift", "apple/swift"])
            #expect(liked.total == 2)
            #expect(liked.items[0].addedAt == batch[3].at)
            let saved = try await test.store.list(.saved, userID: account.id, page: PageRequest())
            #expect(saved.items.map(\.repository.fullName) == ["vapor/vapor"])
            #expect(try await test.store.statistics().interactions == 5)
        }
    }

    @Test(
        "a like, save or skip is withdrawn by its client id: kept in the record, no longer counted, off its list",
        arguments: Engine.available)
    func withdrawInteraction(engine: Engine) async throws {
        try await withStore(engine) { test in
            let account = try await prepared(test)
            let bob = try await test.store.createUser(tokenHash: "bob", at: Fixtures.moment)
            _ = try await test.store.recordInteractions(
                [
                    interaction("s1", "apple/swift", .skip, minute: 1),
                    interaction("l1", "vapor/vapor", .like, minute: 2),
                    interaction("v1", "vapor/vapor", .save, minute: 3),
                    interaction("o1", "apple/swift", .open, minute: 4),
                ], userID: account.id)
            let recorded = try await test.store.statistics().interactions
            let at = Fixtures.moment.addingTimeInterval(600)
            let (swift, vapor) = (Fixtures.name("apple/swift"), Fixtures.name("vapor/vapor"))
            #expect(try await test.store.withdrawInteraction(id: "s1", userID: bob.id, at: at) == .notFound)
            #expect(
                try await test.store.withdrawInteraction(id: "o1", userID: account.id, at: at)
                    == .notWithdrawable(.open))
            #expect(
                try await test.store.withdrawInteraction(id: "s1", userID: account.id, at: at)
                    == .withdrawn(.skip, swift))
            #expect(
                try await test.store.withdrawInteraction(id: "l1", userID: account.id, at: at)
                    == .withdrawn(.like, vapor))
            // Again (an offline queue sending the same undo twice): nothing changes.
            #expect(
                try await test.store.withdrawInteraction(id: "l1", userID: account.id, at: at)
                    == .alreadyWithdrawn(.like, vapor))
            #expect(try await test.store.interactions(userID: account.id).map(\.id) == ["v1", "o1"])
            #expect(try await test.store.list(.liked, userID: account.id, page: PageRequest()).items.isEmpty)
            #expect(try await test.store.list(.saved, userID: account.id, page: PageRequest()).total == 1)
            let stats = try await test.store.activity(userID: account.id, top: 5)
            #expect(stats.counts[.like] == nil && stats.counts[.skip] == nil && stats.counts[.save] == 1)
            #expect(try await test.store.everyonesInteractions().allSatisfy { $0.kind == .save || $0.kind == .open })
            #expect(try await test.store.statistics().interactions == recorded, "kept in the record")
            // Replaying the withdrawn like's id stores nothing; a new like (a new id) counts again.
            let replay = try await test.store.recordInteractions(
                [interaction("l1", "vapor/vapor", .like, minute: 2)], userID: account.id)
            #expect(replay.duplicates == 1)
            _ = try await test.store.recordInteractions(
                [interaction("l2", "vapor/vapor", .like, minute: 5)], userID: account.id)
            #expect(try await test.store.list(.liked, userID: account.id, page: PageRequest()).total == 1)
            // The saved one is withdrawn too: off the saved list.
            #expect(
                try await test.store.withdrawInteraction(id: "v1", userID: account.id, at: at)
                    == .withdrawn(.save, vapor))
            #expect(try await test.store.list(.saved, userID: account.id, page: PageRequest()).items.isEmpty)
            await #expect(throws: StorageError.unknownUser("nobody")) {
                try await test.store.withdrawInteraction(id: "s1", userID: "nobody", at: at)
            }
        }
    }

    @Test("a batch naming an unknown repository stores nothing and names it", arguments: Engine.available)
    func unknownRepository(engine: Engine) async throws {
        try await withStore(engine) { test in
            let account = try await prepared(test)
            let batch = [
                interaction("a", "apple/swift", .like, minute: 0), interaction("b", "ghost/town", .like, minute: 1),
            ]
            await #expect(throws: StorageError.unknownRepositories([Fixtures.name("ghost/town")])) {
                try await test.store.recordInteractions(batch, userID: account.id)
            }
            #expect(try await test.store.interactions(userID: account.id).isEmpty)
            #expect(try await test.store.list(.liked, userID: account.id, page: PageRequest()).total == 0)
        }
    }

    @Test("two people never see each other's data, even with the same client ids", arguments: Engine.available)
    func isolation(engine: Engine) async throws {
        try await withStore(engine) { test in
            let alice = try await prepared(test)
            let bob = try await test.store.createUser(tokenHash: "bob", at: Fixtures.moment)
            _ = try await test.store.recordInteractions(
                [interaction("same", "apple/swift", .like, minute: 0)], userID: alice.id)
            let bobs = try await test.store.recordInteractions(
                [interaction("same", "vapor/vapor", .save, minute: 0)], userID: bob.id)
            #expect(bobs.accepted == 1)
            try await test.store.setPreferences(UserPreferences(name: "Alice"), userID: alice.id)
            #expect(try await test.store.preferences(userID: bob.id) == nil)
            #expect(try await test.store.list(.liked, userID: bob.id, page: PageRequest()).total == 0)
            #expect(try await test.store.list(.saved, userID: alice.id, page: PageRequest()).total == 0)
            #expect(try await test.store.interactions(userID: bob.id).map(\.repository.fullName) == ["vapor/vapor"])
            #expect(try await test.store.remove(Fixtures.name("apple/swift"), from: .liked, userID: bob.id) == false)
            #expect(try await test.store.list(.liked, userID: alice.id, page: PageRequest()).total == 1)
        }
    }

    @Test("lists page newest first with a total, and removal is reported", arguments: Engine.available)
    func paging(engine: Engine) async throws {
        try await withStore(engine) { test in
            let extra = (1...45).map { Fixtures.repository("many/r\($0)") }
            _ = try await test.store.upsertRepositories(extra)
            let account = try await prepared(test)
            let likes = (1...45).map { interaction("l\($0)", "many/r\($0)", .like, minute: $0) }
            _ = try await test.store.recordInteractions(likes, userID: account.id)

            let page1 = try await test.store.list(.liked, userID: account.id, page: PageRequest(page: 1, perPage: 20))
            let page3 = try await test.store.list(.liked, userID: account.id, page: PageRequest(page: 3, perPage: 20))
            #expect(page1.total == 45 && page3.total == 45)
            #expect(page1.items.map(\.repository.name) == (26...45).reversed().map { "r\($0)" })
            #expect(page3.items.map(\.repository.name) == (1...5).reversed().map { "r\($0)" })
            #expect(page1.items[0].repository.topics == ["swift"])

            #expect(try await test.store.remove(Fixtures.name("MANY/R45"), from: .liked, userID: account.id))
            #expect(try await test.store.remove(Fixtures.name("many/r45"), from: .liked, userID: account.id) == false)
            #expect(try await test.store.remove(Fixtures.name("ghost/town"), from: .saved, userID: account.id) == false)
            let after = try await test.store.list(.liked, userID: account.id, page: PageRequest(page: 1, perPage: 1))
            #expect(after.total == 44 && after.items.map(\.repository.name) == ["r44"])
            // The history keeps the like even though the list no longer shows it.
            #expect(try await test.store.interactions(userID: account.id).count == 45)
        }
    }

    @Test("page requests are clamped to valid values")
    func pageRequests() {
        #expect(PageRequest(page: 0, perPage: 500) == PageRequest(page: 1, perPage: 100))
        #expect(PageRequest(page: -3, perPage: 0).offset == 0)
        #expect(PageRequest(page: 3, perPage: 20).offset == 40)
    }
}

@Suite("Storage contract: what the deck dealt")
struct ServedContractTests {
    @Test("dealt cards are recorded once per person; the store says which were new", arguments: Engine.available)
    func served(engine: Engine) async throws {
        try await withStore(engine) { test in
            let names = ["apple/swift", "vapor/vapor", "pointfreeco/swift-composable-architecture"]
            _ = try await test.store.upsertRepositories(names.map { Fixtures.repository($0) })
            let ada = try await test.store.createUser(tokenHash: "ada", at: Fixtures.moment)
            let bob = try await test.store.createUser(tokenHash: "bob", at: Fixtures.moment)
            let first = try await test.store.recordServed(
                [Fixtures.name("apple/swift"), Fixtures.name("Vapor/Vapor"), Fixtures.name("nobody/nothing")],
                userID: ada.id, at: Fixtures.moment)
            #expect(first.map(\.key) == ["apple/swift", "vapor/vapor"])
            let second = try await test.store.recordServed(
                names.map(Fixtures.name), userID: ada.id, at: Fixtures.moment)
            #expect(second.map(\.key) == ["pointfreeco/swift-composable-architecture"])
            #expect(try await test.store.served(userID: ada.id) == Set(names))
            #expect(try await test.store.served(userID: bob.id).isEmpty)
            // A repository that arrives after the first deals (and one still unknown) is recorded when dealt.
            _ = try await test.store.upsertRepositories([Fixtures.repository("nobody/nothing")])
            let late = try await test.store.recordServed(
                [Fixtures.name("nobody/nothing"), Fixtures.name("apple/swift"), Fixtures.name("still/unknown")],
                userID: ada.id, at: Fixtures.moment)
            #expect(late.map(\.key) == ["nobody/nothing"])
            #expect(try await test.store.served(userID: ada.id) == Set(names + ["nobody/nothing"]))
            #expect(try await test.store.recordServed([], userID: bob.id, at: Fixtures.moment).isEmpty)
            await #expect(throws: StorageError.unknownUser("nobody")) {
                try await test.store.recordServed([Fixtures.name("apple/swift")], userID: "nobody", at: Fixtures.moment)
            }

            _ = try await test.store.recordInteractions(
                [
                    Interaction(id: "1", repository: Fixtures.name("apple/swift"), kind: .like, at: Fixtures.moment),
                    Interaction(id: "2", repository: Fixtures.name("vapor/vapor"), kind: .skip, at: Fixtures.moment),
                ], userID: bob.id)
            let everyone = try await test.store.everyonesInteractions()
            #expect(
                everyone == [
                    PersonInteraction(userID: bob.id, repositoryKey: "apple/swift", kind: .like),
                    PersonInteraction(userID: bob.id, repositoryKey: "vapor/vapor", kind: .skip),
                ])
        }
    }
}
