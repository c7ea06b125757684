import Dealing
import Foundation
import Logging
import Recommender
import RepoFinderCore
import Storage
import Synchronization
import TestSupport
import Testing

/// Dealing without HTTP: sessions, the record of dealt cards as each store asks for it, rebuilds, and the services
/// driven by a manual clock.
@Suite("Dealing")
struct DealingTests {
    static let logger: Logger = {
        var logger = Logger(label: "test")
        logger.logLevel = .warning
        return logger
    }()

    @Test("a person is never dealt a card twice, across deals and a restart", arguments: Engine.available)
    func neverTwice(engine: Engine) async throws {
        try await withStore(engine) { test in
            try await SyntheticCatalog.seed(test.store)
            let account = try await test.store.createUser(tokenHash: "dealing-test", at: Date())
            let deck = try await RecommenderService.make(store: test.store, logger: Self.logger)
            let sessions = DealingSessions(store: test.store, served: deck.served)
            var dealt: [String] = []
            for _ in 0..<3 {
                let cards = try await sessions.session(account.id).deal(
                    size: 7, filter: DeckFilter(), recommender: deck.recommender)
                dealt += cards.cards.map(\.repository.repositoryName.key)
            }
            #expect(dealt.count == 21)
            #expect(Set(dealt).count == 21)
            // Written at once or behind, as the store asks: behind means nothing is stored until the flush.
            let storedBeforeFlush = try await test.store.served(userID: account.id)
            switch test.store.dealtCardsRecording {
            case .writeBehind: #expect(storedBeforeFlush.isEmpty)
            case .atOnce: #expect(storedBeforeFlush == Set(dealt))
            }
            await deck.flushDealt()
            #expect(try await test.store.served(userID: account.id) == Set(dealt))

            // A restarted server: new sessions over the same store.
            let restarted = DealingSessions(store: test.store, served: deck.served)
            let next = try await restarted.session(account.id).deal(
                size: 7, filter: DeckFilter(), recommender: deck.recommender)
            #expect(next.cards.count == 7)
            #expect(Set(next.cards.map(\.repository.repositoryName.key)).isDisjoint(with: dealt))
        }
    }

    @Test(
        "today's pick: written behind with the dealt cards on a store one server owns, kept at once on a shared one",
        arguments: Engine.available)
    func picksKept(engine: Engine) async throws {
        try await withStore(engine) { test in
            try await SyntheticCatalog.seed(test.store)
            let account = try await test.store.createUser(tokenHash: "pick-test", at: Date())
            let deck = try await RecommenderService.make(store: test.store, logger: Self.logger)
            let day = try #require(Day("2026-11-23"))
            let sessions = DealingSessions(store: test.store, served: deck.served)
            // Two visits at once: one pick between them.
            async let one = sessions.session(account.id).pick(for: day, recommender: deck.recommender, at: Date())
            async let two = sessions.session(account.id).pick(for: day, recommender: deck.recommender, at: Date())
            let picks = try await [one, two].map { try #require($0).card.repository.repositoryName }
            #expect(picks[0] == picks[1])
            let kept = try await test.store.dailyPick(userID: account.id, day: day)
            switch test.store.dealtCardsRecording {
            case .writeBehind: #expect(kept == nil, "written behind, not yet")
            case .atOnce: #expect(kept == picks[0])
            }
            // A session made again before the flush (another load of the person) shows the pick waiting to be kept.
            let again = DealingSessions(store: test.store, served: deck.served)
            let before = try await again.session(account.id).pick(for: day, recommender: deck.recommender, at: Date())
            #expect(before?.card.repository.repositoryName == picks[0])
            await deck.flushDealt()
            #expect(try await test.store.dailyPick(userID: account.id, day: day) == picks[0])
            #expect(try await test.store.served(userID: account.id).contains(picks[0].key), "dealt, never again")
            // After the flush, a restarted server reads it from the store; the next day brings another.
            let restarted = DealingSessions(store: test.store, served: deck.served)
            let after = try await restarted.session(account.id).pick(
                for: day, recommender: deck.recommender, at: Date())
            #expect(after?.card.repository.repositoryName == picks[0])
            let next = try await restarted.session(account.id).pick(
                for: day.adding(days: 1), recommender: deck.recommender, at: Date())
            #expect(next != nil && next?.card.repository.repositoryName != picks[0])
            await deck.flushDealt()
            #expect(try await test.store.dailyPick(userID: account.id, day: day) == picks[0], "the first day's stays")
        }
    }

    @Test("a filter run dry stays dry without dealing, until cards are given back or the taste changes")
    func dryFilter() async throws {
        try await withStore(.sqliteMemory) { test in
            try await SyntheticCatalog.seed(test.store)
            let account = try await test.store.createUser(tokenHash: "dry-test", at: Date())
            let deck = try await RecommenderService.make(store: test.store, logger: Self.logger)
            let deals = Counter()
            let sessions = DealingSessions(
                store: test.store, served: deck.served, observe: { _, _ in deals.increment() })
            let session = sessions.session(account.id)
            let rust = DeckFilter(languages: ["Rust"])
            var dealt: [RepositoryName] = []
            for _ in 0..<3 {
                dealt += try await session.deal(size: 5, filter: rust, recommender: deck.recommender).cards.map {
                    $0.repository.repositoryName
                }
            }
            #expect(dealt.count == 12, "every Rust repository, once")
            let dry = try await session.deal(size: 5, filter: rust, recommender: deck.recommender)
            #expect(dry.cards.isEmpty && dry.exhausted && dry.narrowed)
            for _ in 0..<3 {
                #expect(try await session.deal(size: 5, filter: rust, recommender: deck.recommender) == dry)
            }
            #expect(deals.value == 7, "every deal is observed, dry ones too")
            // Another filter still deals; the dry one stays dry.
            let go = try await session.deal(
                size: 5, filter: DeckFilter(languages: ["Go"]), recommender: deck.recommender)
            #expect(go.cards.count == 5)
            #expect(try await session.deal(size: 5, filter: rust, recommender: deck.recommender) == dry)
            // Given back, a card is dealt again: the dry deal is forgotten.
            let returned = try await session.giveBack([dealt[11]], recommender: deck.recommender)
            #expect(returned == [dealt[11]])
            let again = try await session.deal(size: 5, filter: rust, recommender: deck.recommender)
            #expect(again.cards.map(\.repository.repositoryName) == [dealt[11]])
            #expect(try await session.deal(size: 5, filter: rust, recommender: deck.recommender).cards.isEmpty)
            // New preferences are a new taste: dealt again (still dry: every card was dealt).
            await session.didSetPreferences(UserPreferences(techStack: ["Rust"]))
            #expect(try await session.deal(size: 5, filter: rust, recommender: deck.recommender).cards.isEmpty)
        }
    }

    @Test("the index is rebuilt only after new signals, and then knows them")
    func rebuildsAfterSignals() async throws {
        try await withStore(.sqliteMemory) { test in
            try await SyntheticCatalog.seed(test.store)
            let builds = Counter()
            let deck = try await RecommenderService.make(store: test.store, logger: Self.logger) { index in
                builds.increment()
                return ObjectIdentifier(index)
            }
            #expect(builds.value == 1)
            #expect(try await deck.rebuildIfNeeded() == false)
            let first = deck.current

            let account = try await test.store.createUser(tokenHash: "rebuild-test", at: Date())
            let liked = try RepositoryName(parsing: SyntheticCatalog.name("Swift", 1))
            let like = Interaction(id: "like-1", repository: liked, kind: .like, at: Date())
            _ = try await test.store.recordInteractions([like], userID: account.id)
            deck.noteSignals(1)
            #expect(try await deck.rebuildIfNeeded() == true)
            #expect(builds.value == 2)
            let second = deck.current
            #expect(first.companion != second.companion, "the companion is rebuilt with the index")
            #expect(ObjectIdentifier(second.recommender.index) == second.companion)
            #expect(try await deck.rebuildIfNeeded() == false, "no new signals since")
        }
    }

    @Test("the flush service writes dealt cards when its clock says so, and what is left when it stops")
    func flushServiceOnAClock() async throws {
        try await withStore(.sqliteFile) { test in
            try await SyntheticCatalog.seed(test.store)
            let account = try await test.store.createUser(tokenHash: "flush-test", at: Date())
            let deck = try await RecommenderService.make(store: test.store, logger: Self.logger)
            let sessions = DealingSessions(store: test.store, served: deck.served)
            let clock = ManualClock()
            let service = DealtFlushService(recorder: deck.served, interval: .seconds(1), clock: clock)
            let running = Task { try await service.run() }

            let first = try await sessions.session(account.id).deal(
                size: 5, filter: DeckFilter(), recommender: deck.recommender)
            await clock.waitForSleeps(1)
            #expect(try await test.store.served(userID: account.id).isEmpty, "written behind, not yet")
            clock.advance(by: .seconds(1))
            await clock.waitForSleeps(2)  // the flush in between has finished
            let firstKeys = Set(first.cards.map(\.repository.repositoryName.key))
            #expect(try await test.store.served(userID: account.id) == firstKeys)

            let second = try await sessions.session(account.id).deal(
                size: 5, filter: DeckFilter(), recommender: deck.recommender)
            running.cancel()
            try await running.value
            let all = firstKeys.union(second.cards.map(\.repository.repositoryName.key))
            #expect(try await test.store.served(userID: account.id) == all, "the last flush when it stops")
        }
    }
}

/// A thread-safe count.
final class Counter: Sendable {
    private let count = Mutex(0)
    func increment() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}
