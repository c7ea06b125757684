import Foundation
import RepoFinderCore
import Storage
import TestSupport
import Testing

@Suite("Storage contract: a person's record read at once is what the parts say")
struct PersonRecordContractTests {
    static let names = [
        "apple/swift", "vapor/vapor", "pointfreeco/isowords", "groue/GRDB.swift", "nicklockwood/SwiftFormat",
    ]

    @Test(
        "preferences, interactions, dealt cards, GitHub identity, recent saves and the picks from a day on, as asked",
        arguments: Engine.available)
    func asTheParts(engine: Engine) async throws {
        try await withStore(engine) { test in
            let store = test.store
            _ = try await store.upsertRepositories(Self.names.map { Fixtures.repository($0) })
            let ana = try await store.createUser(tokenHash: "record-ana", at: Fixtures.moment).id
            try await store.setPreferences(UserPreferences(name: "Ana", techStack: ["Swift"]), userID: ana)
            let interactions = Self.names.enumerated().map { index, name in
                Interaction(
                    id: "ana-\(index)", repository: Fixtures.name(name), kind: index == 0 ? .like : .save,
                    at: Fixtures.moment.addingTimeInterval(Double(index) * 60))
            }
            _ = try await store.recordInteractions(interactions, userID: ana)
            _ = try await store.recordServed(Self.names.prefix(3).map(Fixtures.name), userID: ana, at: Fixtures.moment)
            try await store.saveGitHubIdentity(
                GitHubIdentity(
                    userID: ana, githubID: 77, login: "ana", name: "Ana Lima", avatarURL: "https://a.example/77",
                    sealedToken: "sealed", scopes: ["read:user"], linkedAt: Fixtures.moment, updatedAt: Fixtures.moment)
            )
            let today = Day("2026-11-25")!
            _ = try await store.keepDailyPick(
                Fixtures.name(Self.names[4]), userID: ana, day: today, at: Fixtures.moment)
            _ = try await store.keepDailyPick(
                Fixtures.name(Self.names[1]), userID: ana, day: today.adding(days: -1), at: Fixtures.moment)
            _ = try await store.keepDailyPick(
                Fixtures.name(Self.names[2]), userID: ana, day: today.adding(days: 1), at: Fixtures.moment)

            let record = try await store.personRecord(
                userID: ana, PersonRecordRequest(served: true, recentSaves: 3, picksFrom: today))
            #expect(record.preferences == (try await store.preferences(userID: ana)))
            #expect(record.preferences?.name == "Ana")
            #expect(record.signals == (try await store.interactions(userID: ana)).map(PersonSignal.init))
            #expect(record.signals.count == Self.names.count)
            #expect(record.served == (try await store.served(userID: ana)))
            #expect(record.served?.count == 3)
            #expect(record.githubIdentity == (try await store.githubIdentity(userID: ana)))
            #expect(record.githubIdentity?.login == "ana")
            let saves = try await store.list(.saved, userID: ana, page: PageRequest(page: 1, perPage: 3))
            #expect(record.recentSaves == saves)
            #expect(record.recentSaves?.total == 4 && record.recentSaves?.items.count == 3)
            #expect(record.recentSaves?.items.first?.repository.fullName == Self.names[4], "newest first")
            #expect(
                record.picks
                    == [today: Fixtures.name(Self.names[4]), today.adding(days: 1): Fixtures.name(Self.names[2])],
                "the picks of that day and later, not of the day before")
            #expect(record.picks == (try await store.dailyPicks(userID: ana, from: today)))
            // The lists' keys: the like and the saves; one taken off Saved leaves it.
            let keys = Self.names.map { Fixtures.name($0).key }
            #expect(record.listed == [.liked: [keys[0]], .saved: Set(keys.dropFirst())])
            #expect(record.listed == (try await store.listedKeys(userID: ana)))
            _ = try await store.remove(Fixtures.name(Self.names[2]), from: .saved, userID: ana)
            #expect(try await store.listedKeys(userID: ana)[.saved] == Set(keys.dropFirst()).subtracting([keys[2]]))

            // Only what was asked for.
            let lean = try await store.personRecord(userID: ana, PersonRecordRequest(served: false))
            #expect(lean.served == nil && lean.recentSaves == nil && lean.picks == nil)
            #expect(lean.signals.count == Self.names.count && lean.githubIdentity != nil)
            let later = try await store.personRecord(
                userID: ana, PersonRecordRequest(served: false, picksFrom: today.adding(days: 2)))
            #expect(later.picks == [:], "no pick kept for those days")
        }
    }

    @Test("a new person's record is empty; an unknown person is refused", arguments: Engine.available)
    func emptyAndUnknown(engine: Engine) async throws {
        try await withStore(engine) { test in
            let store = test.store
            let bo = try await store.createUser(tokenHash: "record-bo", at: Fixtures.moment).id
            let record = try await store.personRecord(
                userID: bo, PersonRecordRequest(served: true, recentSaves: 3, picksFrom: Day("2026-11-25")!))
            #expect(record.preferences == nil && record.signals.isEmpty && record.served == [])
            #expect(record.githubIdentity == nil && record.picks == [:])
            #expect(record.listed == [.liked: [], .saved: []])
            #expect(record.recentSaves?.total == 0 && record.recentSaves?.items.isEmpty == true)
            await #expect(throws: StorageError.self) {
                try await store.personRecord(userID: "nobody", PersonRecordRequest(served: true, recentSaves: 3))
            }
            await #expect(throws: StorageError.self) { try await store.listedKeys(userID: "nobody") }
        }
    }
}
