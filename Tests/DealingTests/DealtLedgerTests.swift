import Dealing
import Foundation
import RepoFinderCore
import Storage
import TestSupport
import Testing

/// The dashboards' record of dealt cards, written behind the deals (issue 64).
@Suite("Dealt ledger")
struct DealtLedgerTests {
    @Test("counts wait for the flush, add up, and count once per id", arguments: Engine.available)
    func countsAndEvents(engine: Engine) async throws {
        try await withStore(engine) { test in
            try await SyntheticCatalog.seed(test.store)
            let account = try await test.store.createUser(tokenHash: "ledger-test", at: Date())
            let ledger = DealtLedger(store: test.store, logger: DealingTests.logger)
            let first = SyntheticCatalog.repositories[0].repositoryName
            let second = SyntheticCatalog.repositories[1].repositoryName
            let now = Date()
            let today = Day(containing: now)
            for _ in 0..<3 { ledger.count([(first, "language"), (second, nil)], source: .deck, at: now) }
            ledger.count([(first, nil)], source: .ask, at: now)
            let pick = AnalyticsEvent(
                id: "home:\(today)", name: .dealt, at: now, platform: .server, label: "home", repository: first)
            ledger.record([pick], userID: account.id)
            ledger.record([pick], userID: account.id)

            let before = try await test.store.repositoryActivity(first, from: today, through: today)
            #expect(before?.days[today]?.dealt ?? 0 == 0, "nothing is written before the flush")
            await ledger.flush()
            let activity = try await test.store.repositoryActivity(first, from: today, through: today)
            #expect(activity?.days[today]?.dealt == 5)
            #expect(activity?.sources == ["deck": 3, "ask": 1, "home": 1])
            #expect(activity?.reasons == ["language": 3])
            #expect(try await test.store.events(userID: account.id).map(\.id) == ["home:\(today)"])

            // The same id again after the flush is a duplicate in the store; the counts add to the same rows.
            ledger.record([pick], userID: account.id)
            ledger.count([(second, nil)], source: .deck, at: now)
            await ledger.flush()
            let totals = try await test.store.activityTotals([first, second], from: today, through: today)
            #expect(totals[first.key]?.dealt == 5 && totals[second.key]?.dealt == 4)
        }
    }

    @Test("counts from many threads at once, some during a flush, all add up once")
    func threads() async throws {
        try await withStore(.sqliteMemory) { test in
            try await SyntheticCatalog.seed(test.store)
            let ledger = DealtLedger(store: test.store, logger: DealingTests.logger)
            let names = SyntheticCatalog.repositories.prefix(4).map(\.repositoryName)
            let now = Date()
            let today = Day(containing: now)
            let finished = DispatchSemaphore(value: 0)
            for thread in 0..<8 {
                Thread.detachNewThread {
                    for round in 0..<500 {
                        ledger.count(
                            [(names[(thread + round) % 4], "language"), (names[0], nil)], source: .deck, at: now)
                    }
                    finished.signal()
                }
            }
            await ledger.flush()
            for _ in 0..<8 { finished.wait() }
            await ledger.flush()
            let totals = try await test.store.activityTotals(Array(names), from: today, through: today)
            // 8 threads × 500 rounds: names[0] twice a round for a quarter of them, once for the rest.
            #expect(totals[names[0].key]?.dealt == 8 * 500 + 8 * 125)
            #expect(names.dropFirst().allSatisfy { totals[$0.key]?.dealt == 8 * 125 })
            let reasons = try await test.store.repositoryActivity(names[1], from: today, through: today)?.reasons
            #expect(reasons == ["language": 1_000])
        }
    }

    @Test("a person deleted before the flush is left out; the rest is written")
    func deletedPerson() async throws {
        try await withStore(.sqliteMemory) { test in
            try await SyntheticCatalog.seed(test.store)
            let gone = try await test.store.createUser(tokenHash: "ledger-gone", at: Date())
            let ledger = DealtLedger(store: test.store, logger: DealingTests.logger)
            let name = SyntheticCatalog.repositories[0].repositoryName
            let now = Date()
            ledger.record(
                [AnalyticsEvent(id: "x", name: .dealt, at: now, platform: .server, label: "home", repository: name)],
                userID: gone.id)
            ledger.count([(name, nil)], source: .deck, at: now)
            #expect(try await test.store.deleteAccount(userID: gone.id))
            await ledger.flush()
            let today = Day(containing: now)
            #expect(try await test.store.repositoryActivity(name, from: today, through: today)?.sources == ["deck": 1])
        }
    }
}
