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

    @Test(
        "dealt cards written behind: tallies add up with dealt events, skip the unknown, go with their days",
        arguments: Engine.available)
    func dealtBatches(engine: Engine) async throws {
        try await withStore(engine) { test in
            let store = test.store
            _ = try await store.upsertRepositories([
                Fixtures.repository("apple/swift"), Fixtures.repository("vapor/vapor"),
            ])
            let ana = try await store.createUser(tokenHash: "dealt-ana", at: Fixtures.moment).id
            let swift = Fixtures.name("apple/swift")
            func tally(_ name: RepositoryName, _ day: Day, _ source: DealtSource, _ reason: String, _ count: Int)
                -> DealtTally
            {
                DealtTally(key: .init(repository: name, day: day, source: source, reason: reason), count: count)
            }
            let earlier = Self.day.adding(days: -40)
            try await store.recordDealt(
                DealtBatch(
                    tallies: [
                        tally(swift, Self.day, .deck, "language", 3), tally(swift, Self.day, .ask, "", 1),
                        tally(Fixtures.name("vapor/vapor"), Self.day, .deck, "topic", 2),
                        tally(Fixtures.name("nobody/unknown"), Self.day, .deck, "", 5),
                        tally(swift, earlier, .deck, "language", 7),
                    ],
                    events: [
                        ana: [Self.event("home:\(Self.day)", .dealt, label: "home", repository: "apple/swift")],
                        "nobody": [Self.event("x", .dealt, label: "home", repository: "apple/swift")],
                    ]))
            // A second flush adds to the same rows; the same event id again is not counted twice.
            try await store.recordDealt(
                DealtBatch(
                    tallies: [tally(swift, Self.day, .deck, "language", 2)],
                    events: [ana: [Self.event("home:\(Self.day)", .dealt, label: "home", repository: "apple/swift")]]))
            try await store.recordDealt(DealtBatch())

            let activity = try await store.repositoryActivity(swift, from: Self.day.adding(days: -6), through: Self.day)
            #expect(activity?.days[Self.day]?.dealt == 7)
            #expect(activity?.sources == ["deck": 5, "ask": 1, "home": 1])
            #expect(activity?.reasons == ["language": 5])
            let totals = try await store.activityTotals(
                [swift, Fixtures.name("vapor/vapor")], from: Self.day.adding(days: -6), through: Self.day)
            #expect(totals[swift.key]?.dealt == 7 && totals["vapor/vapor"]?.dealt == 2)
            let wide = try await store.activityTotals([swift], from: earlier, through: Self.day)
            #expect(wide[swift.key]?.dealt == 14)
            #expect(try await store.events(userID: ana).count == 1)

            // The retention sweep takes the old days' tallies with the old events.
            _ = try await store.deleteEvents(before: Self.day.adding(days: -30))
            let after = try await store.activityTotals([swift], from: earlier, through: Self.day)
            #expect(after[swift.key]?.dealt == 7)
        }
    }
}
