import AppFeatures
import AppTestSupport
import Foundation
import OfflineStore
import RepoFinderClient
import RepoFinderCore
import Synchronization
import Testing

@Suite("Discovery view model: the deck filter (fake service)")
@MainActor
struct DiscoveryFilterTests {
    let database: LocalDatabase
    let service = FakeService()
    /// The fake server's saved filter and what it dealt.
    final class Server: Sendable {
        let state = Mutex((filter: DeckFilter(), dealt: Set<Int>()))
    }
    let server = Server()

    /// 60 cards: even ones in Swift, odd ones in Rust.
    nonisolated static func card(_ i: Int) -> Card {
        Card(
            repository: Sample.repository(i, language: i.isMultiple(of: 2) ? "Swift" : "Rust"), fitScore: 80,
            reasons: ["Because of \(i)"], cluster: "mobile")
    }

    init() throws {
        database = try .inMemory()
        service.storeInteractions()
        // Deals like the server: within the saved filter (or the one asked for), never a card twice.
        service.onFeed { [server] request in
            server.state.withLock { state in
                let filter = request.filter ?? state.filter
                let fresh = (0..<60).filter { i in
                    !state.dealt.contains(i) && filter.allows(Self.card(i).repository, cluster: "mobile", now: Date())
                }
                let batch = Array(fresh.prefix(request.limit))
                state.dealt.formUnion(batch)
                let exhausted = batch.count < request.limit
                return FeedBatch(
                    cards: batch.map(Self.card), exhausted: exhausted,
                    message: exhausted ? "You have seen every repository your filter allows." : nil, filter: filter)
            }
        }
        service.onSaveDeckFilter { [server] filter in
            server.state.withLock { $0.filter = filter }
            let matching = (0..<60).filter { filter.allows(Self.card($0).repository, cluster: "mobile", now: Date()) }
            let route = Route.discover(filter)
            return DeckFilterState(
                filter: filter, matching: matching.count, deepLink: route.deepLink, webPath: route.webPath)
        }
    }

    func model() -> DeckViewModel {
        DeckViewModel(service: service, outbox: Outbox(database: database), cache: CardCache(database: database))
    }

    @Test("a filter is saved for the person; the cards in hand it allows stay, the rest follow it")
    func narrow() async throws {
        let deck = model()
        await deck.send(.appear).value
        #expect(deck.cards.count == 20 && !deck.canWiden)
        let rust = DeckFilter(languages: ["Rust"])
        await deck.send(.setFilter(rust)).value
        #expect(service.calls.contains("saveDeckFilter"))
        #expect(deck.filter == rust && deck.matching == 30 && deck.canWiden)
        #expect(deck.cards.allSatisfy { $0.repository.language == "Rust" })
        // The ten Rust cards already in hand stayed, in order, and the next batch came on top of them.
        #expect(deck.cards.prefix(10).map(\.id) == (0..<10).map { Self.card(2 * $0 + 1).id })
        #expect(deck.cards.count == 30)
        // And it survives a restart of the app: the cache holds the filtered deck.
        let reopened = model()
        await reopened.send(.appear).value
        #expect(reopened.cards.allSatisfy { $0.repository.language == "Rust" })
    }

    @Test("a filter that runs dry says so and offers to widen; widening deals the rest")
    func dryAndWiden() async throws {
        let deck = model()
        await deck.send(.appear).value
        await deck.send(.setFilter(DeckFilter(languages: ["Rust"], minimumStars: 9_990))).value
        // Rust with at least 9,990 stars: cards 1, 3, 5, 7 and 9, all in hand already.
        #expect(deck.cards.map(\.id) == [1, 3, 5, 7, 9].map { Self.card($0).id })
        for _ in 0..<5 { await deck.send(.skip).value }
        guard case .exhausted(let message) = deck.state else {
            Issue.record("expected an exhausted deck, got \(deck.state)")
            return
        }
        #expect(message.contains("filter"))
        #expect(deck.canWiden)
        await deck.send(.setFilter(DeckFilter())).value
        #expect(deck.state == .ready && !deck.canWiden)
        #expect(deck.cards.count == 20)
        #expect(deck.cards.allSatisfy { Int($0.repository.name.dropFirst(8))! >= 20 })
    }

    @Test("a batch on its way when the filter changes is dropped, and the next one follows the new filter")
    func batchInFlight() async throws {
        let (gate, open) = AsyncStream<Void>.makeStream()
        let first = Mutex(true)
        let dealer = FakeService()
        dealer.onSaveDeckFilter { filter in
            DeckFilterState(filter: filter, matching: 30, deepLink: "", webPath: "")
        }
        // The first batch (no filter) waits at the gate; later ones are Rust.
        dealer.onFeed { request in
            let isFirst = first.withLock { value in
                defer { value = false }
                return value
            }
            if isFirst {
                for await _ in gate { break }
                return FeedBatch(cards: (0..<20).map(Self.card), exhausted: false)
            }
            let rust = DeckFilter(languages: ["Rust"])
            return FeedBatch(cards: (0..<10).map { Self.card(2 * $0 + 1) }, exhausted: true, filter: rust)
        }
        let deck = DeckViewModel(
            service: dealer, outbox: Outbox(database: database), cache: CardCache(database: database))
        let appearing = deck.send(.appear)
        while dealer.count("feed") == 0 { await Task.yield() }
        let changing = deck.send(.setFilter(DeckFilter(languages: ["Rust"])))
        while dealer.count("saveDeckFilter") == 0 { await Task.yield() }
        open.yield()
        await changing.value
        await appearing.value
        #expect(deck.cards.count == 10 && deck.cards.allSatisfy { $0.repository.language == "Rust" })
        #expect(deck.state == .ready)
    }

    @Test("offline, the filter cannot change: the deck stays as it was and says why")
    func offline() async throws {
        let deck = model()
        await deck.send(.appear).value
        let before = deck.cards
        service.onSaveDeckFilter { _ throws(ClientFailure) in throw .noConnection }
        await deck.send(.setFilter(DeckFilter(languages: ["Rust"]))).value
        #expect(deck.cards == before)
        #expect(deck.filter.isEmpty)
        #expect(deck.notice == "Changing the filter needs a connection; the deck stays as it was.")
        service.onSaveDeckFilter { _ throws(ClientFailure) in throw .rejected("'cooking' is not a cluster.") }
        await deck.send(.setFilter(DeckFilter(clusters: ["cooking"]))).value
        #expect(deck.notice == "'cooking' is not a cluster.")
        #expect(deck.cards == before)
    }
}
