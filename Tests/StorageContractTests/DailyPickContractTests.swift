import Foundation
import RepoFinderCore
import Storage
import TestSupport
import Testing

@Suite("Storage contract: today's pick per person and local day")
struct DailyPickContractTests {
    @Test(
        "the first pick of a day is kept and returned to every later ask; days and people are apart; old ones go",
        arguments: Engine.available)
    func keepsTheFirst(engine: Engine) async throws {
        try await withStore(engine) { test in
            let store = test.store
            let names = ["apple/swift", "vapor/vapor", "groue/GRDB.swift"]
            _ = try await store.upsertRepositories(names.map { Fixtures.repository($0) })
            let ana = try await store.createUser(tokenHash: "pick-ana", at: Fixtures.moment).id
            let bo = try await store.createUser(tokenHash: "pick-bo", at: Fixtures.moment).id
            let today = Day("2026-11-23")!
            #expect(try await store.dailyPick(userID: ana, day: today) == nil)
            // Two devices pick at once: whichever is kept first, both learn the same.
            async let first = store.keepDailyPick(Fixtures.name(names[0]), userID: ana, day: today, at: Fixtures.moment)
            async let second = store.keepDailyPick(
                Fixtures.name(names[1]), userID: ana, day: today, at: Fixtures.moment)
            let (one, two) = try await (first, second)
            #expect(one == two)
            #expect(try await store.dailyPick(userID: ana, day: today) == one)
            #expect(
                try await store.keepDailyPick(Fixtures.name(names[2]), userID: ana, day: today, at: Fixtures.moment)
                    == one, "a later pick does not replace the day's")
            let tomorrow = today.adding(days: 1)
            #expect(
                try await store.keepDailyPick(Fixtures.name(names[2]), userID: ana, day: tomorrow, at: Fixtures.moment)
                    == Fixtures.name(names[2]))
            #expect(try await store.dailyPick(userID: bo, day: today) == nil, "another person has their own")
            // Sixty days on, the old days are dropped.
            let later = today.adding(days: 61)
            _ = try await store.keepDailyPick(Fixtures.name(names[0]), userID: ana, day: later, at: Fixtures.moment)
            #expect(try await store.dailyPick(userID: ana, day: today) == nil)
            #expect(try await store.dailyPick(userID: ana, day: later) == Fixtures.name(names[0]))
            // Unknown people and repositories are refused; a deleted account takes its picks along.
            await #expect(throws: StorageError.self) {
                try await store.keepDailyPick(
                    Fixtures.name(names[0]), userID: "nobody", day: today, at: Fixtures.moment)
            }
            await #expect(throws: StorageError.self) {
                try await store.keepDailyPick(Fixtures.name("no/such"), userID: bo, day: today, at: Fixtures.moment)
            }
            await #expect(throws: StorageError.self) { try await store.dailyPick(userID: "nobody", day: today) }
            #expect(try await store.rowsReferencing(userID: ana)["daily_picks"] == 2, "tomorrow's and the later day's")
            #expect(try await store.deleteAccount(userID: ana))
            #expect(try await store.rowsReferencing(userID: ana).values.allSatisfy { $0 == 0 })
        }
    }

    @Test(
        "many people's first picks of a day at once: each keeps their own; a refused one spoils no other",
        arguments: Engine.available)
    func manyAtOnce(engine: Engine) async throws {
        try await withStore(engine) { test in
            let store = test.store
            let names = (0..<12).map { Fixtures.name("owner\($0)/repo\($0)") }
            _ = try await store.upsertRepositories(names.map { Fixtures.repository($0.fullName) })
            var people: [String] = []
            for index in names.indices {
                people.append(try await store.createUser(tokenHash: "many-\(index)", at: Fixtures.moment).id)
            }
            let today = Day("2026-11-25")!
            let kept = try await withThrowingTaskGroup(of: (Int, RepositoryName?).self) { group in
                for (index, person) in people.enumerated() {
                    group.addTask {
                        // Every third asks for a repository the catalog lacks.
                        let name = index % 3 == 2 ? Fixtures.name("no/such\(index)") : names[index]
                        do {
                            return (index, try await store.keepDailyPick(name, userID: person, day: today, at: .now))
                        } catch is StorageError {
                            return (index, nil)
                        }
                    }
                }
                return try await group.reduce(into: [Int: RepositoryName?]()) { $0[$1.0] = $1.1 }
            }
            for (index, person) in people.enumerated() {
                let expected = index % 3 == 2 ? nil : names[index]
                #expect(kept[index] == expected)
                #expect(try await store.dailyPick(userID: person, day: today) == expected)
            }
        }
    }
}
