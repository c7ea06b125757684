import Foundation
import RepoFinderCore
import Storage
import TestSupport
import Testing

@Suite("Storage contract: analytics events and what the dashboards read")
struct AnalyticsContractTests {
    static let day = Day("2026-11-20")!

    static func event(
        _ id: String, _ name: AnalyticsEventName, day: Day = day, label: String? = nil, count: Int? = nil,
        query: String? = nil, repository: String? = nil, reason: String? = nil
    ) -> AnalyticsEvent {
        AnalyticsEvent(
            id: id, name: name, at: day.start.addingTimeInterval(3_600), platform: .web, label: label, count: count,
            query: query, repository: repository.map(Fixtures.name), reason: reason)
    }

    @Test(
        "events are kept once per id, read back whole, tallied by day and person, deleted by age and with the account",
        arguments: Engine.available)
    func events(engine: Engine) async throws {
        try await withStore(engine) { test in
            let store = test.store
            _ = try await store.upsertRepositories([Fixtures.repository("apple/swift")])
            let ana = try await store.createUser(tokenHash: "events-ana", at: Fixtures.moment).id
            let bo = try await store.createUser(tokenHash: "events-bo", at: Fixtures.moment).id
            let batch = [
                Self.event("1", .swipe, label: "like"), Self.event("2", .swipe, label: "skip"),
                Self.event("3", .search, label: "none", count: 0, query: "Zig  "),
                Self.event("4", .dealt, label: "deck", repository: "apple/swift", reason: "language"),
                Self.event("5", .screenView, day: Self.day.adding(days: -40), label: "home"),
                Self.event("1", .swipe, label: "like"),
                Self.event("6", .open, repository: "nobody/unknown"),
            ]
            let receipt = try await store.recordEvents(batch, userID: ana)
            #expect(receipt == EventReceipt(accepted: 6, duplicates: 1))
            #expect(try await store.recordEvents(Array(batch.prefix(2)), userID: ana).duplicates == 2)
            #expect(
                try await store.recordEvents([Self.event("1", .undo)], userID: bo).accepted == 1, "ids are per person")
            // In the order they were stored, read a page at a time (the export's), whatever their times say.
            let stored = try await store.events(userID: ana)
            #expect(stored.map(\.id) == ["1", "2", "3", "4", "5", "6"])
            let first = try await store.events(userID: ana, after: nil, limit: 4)
            #expect(first.events.map(\.id) == ["1", "2", "3", "4"])
            let rest = try await store.events(userID: ana, after: first.next, limit: 4)
            #expect(rest.events.map(\.id) == ["5", "6"])
            #expect(rest.next == nil)
            #expect(stored.first { $0.id == "4" }?.repository == Fixtures.name("apple/swift"))
            #expect(stored.first { $0.id == "4" }?.reason == "language")
            #expect(stored.first { $0.id == "6" }?.repository == nil, "an unknown repository is left off")
            await #expect(throws: StorageError.unknownUser("nobody")) {
                try await store.recordEvents([Self.event("x", .undo)], userID: "nobody")
            }

            let tallies = try await store.analyticsTallies(from: Self.day.adding(days: -6), through: Self.day)
            #expect(tallies.activeDays == [ana: [Self.day], bo: [Self.day]])
            #expect(tallies.firstDays[ana] == Self.day.adding(days: -40), "the first day ever seen")
            #expect(tallies.perPerson[.init("swipe", "like")] == [ana: 1])
            #expect(tallies.perPerson[.init("dealt", "deck")] == nil, "dealt cards are not the report's")
            #expect(tallies.perDay[Self.day]?[.init("swipe", "skip")] == 1)
            #expect(tallies.zeroResultQueries == ["zig": 1])

            let activity = try await store.repositoryActivity(
                Fixtures.name("apple/swift"), from: Self.day.adding(days: -6), through: Self.day)
            #expect(activity?.days[Self.day]?.dealt == 1)
            #expect(activity?.sources == ["deck": 1] && activity?.reasons == ["language": 1])
            #expect(try await store.repositoryActivity(Fixtures.name("a/b"), from: Self.day, through: Self.day) == nil)

            #expect(try await store.deleteEvents(before: Self.day.adding(days: -30)) == 1)
            #expect(try await store.events(userID: ana).count == 5)
            #expect(try await store.deleteAccount(userID: ana))
            #expect(
                try await store.analyticsTallies(from: Self.day, through: Self.day).activeDays.keys.sorted() == [bo])
        }
    }
}
