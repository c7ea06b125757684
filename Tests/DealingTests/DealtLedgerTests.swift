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

    @Test("cards counted by position add up with the same cards counted by name, across catalogs and a flush")
    func positions() async throws {
        try await withStore(.sqliteMemory) { test in
            try await SyntheticCatalog.seed(test.store)
            let ledger = DealtLedger(store: test.store, logger: DealingTests.logger)
            let names = SyntheticCatalog.repositories.prefix(3).map(\.repositoryName)
            let catalog = DealtCatalog(names: names)
            // Another index's order: position 0 is another repository there.
            let rebuilt = DealtCatalog(names: names.reversed())
            let now = Date()
            let today = Day(containing: now)
            let language = Reason.language("Swift", source: .techStack)
            ledger.count([(0, language.kindNumber), (1, nil), (7, nil)], in: catalog, source: .deck, at: now)
            ledger.count([(names[0], "language")], source: .deck, at: now)
            ledger.count([(0, Reason.stars(3).kindNumber)], in: rebuilt, source: .deck, at: now)
            ledger.count([(0, language.kindNumber)], in: catalog, source: .deck, at: now)
            // A number that names no kind counts the card without a reason.
            ledger.count([(1, 200)], in: catalog, source: .deck, at: now)
            await ledger.flush()
            let totals = try await test.store.activityTotals(names, from: today, through: today)
            #expect(totals[names[0].key]?.dealt == 3 && totals[names[1].key]?.dealt == 2)
            #expect(totals[names[2].key]?.dealt == 1, "position 0 of the rebuilt catalog")
            let first = try await test.store.repositoryActivity(names[0], from: today, through: today)
            #expect(first?.reasons == ["language": 3] && first?.sources == ["deck": 3])
            let last = try await test.store.repositoryActivity(names[2], from: today, through: today)
            #expect(last?.reasons == ["stars": 1])
        }
    }

    @Test("every reason's kind has its own number, and the number names it")
    func kindNumbers() {
        let reasons: [Reason] = [
            .like(repository: "a/b", action: .liked), .similar(repository: "a/b", action: .saved), .peopleLikeYou,
            .language("Go", source: .interest), .topic("cli", source: .project), .word("web", source: .techStack),
            .mainArea("ml"), .otherArea("web"), .trending(gain: 1, weekTo: nil), .openIssues(count: 1, asOf: nil),
            .popular(stars: 1, wellKept: false), .active(days: 1, asOf: nil), .stars(1), .area("ml"), .sameFans,
            .sharesTopics(["a"]), .sameLanguage("Go"), .sameOwner("a"), .similarText, .sameJob,
            .listedWith(list: "vinta/awesome-python", heading: ["Package Management"]), .saysItReplaces("moment"),
        ]
        #expect(reasons.map(\.kindNumber) == (0..<22).map { UInt8($0) } && Reason.kinds.count == 22)
        #expect(Set(reasons.map(\.kind)).count == 22 && reasons[2].kind == "people-like-you")
        #expect(Reason.kind(numbered: 21) == "says-it-replaces" && Reason.kind(numbered: 22) == nil)
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
