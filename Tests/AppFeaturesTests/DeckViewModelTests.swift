import AppFeatures
import AppTestSupport
import Foundation
import ImageLoading
import OfflineStore
import RepoFinderClient
import RepoFinderCore
import Synchronization
import Testing

@Suite("Discovery view model (fake service)")
@MainActor
struct DeckViewModelTests {
    let database: LocalDatabase
    let service = FakeService()
    let downloads = CountingDownloader()

    init() throws {
        database = try .inMemory()
        service.storeInteractions()
    }

    func model(
        _ service: FakeService? = nil, images: Bool = false, redealWait: Duration = .seconds(60)
    ) -> DeckViewModel {
        DeckViewModel(
            service: service ?? self.service, outbox: Outbox(database: database), cache: CardCache(database: database),
            images: images ? ImageLoader(downloader: downloads) : nil, redealWait: redealWait)
    }

    @Test("opens with a batch of 20, the top card showing, and prefetches the next 3 cards' avatars")
    func firstBatch() async throws {
        Sample.pool(total: 100, into: service)
        let deck = model(images: true)
        #expect(deck.state == .idle)
        await deck.send(.appear).value
        #expect(deck.state == .ready)
        #expect(deck.cards.count == 20)
        #expect(deck.current == Sample.card(0))
        await downloads.waitFor(3)
        #expect(Set(downloads.urls) == Set((0..<3).map { Sample.card($0).repository.owner.displayAvatarURL }))
        await deck.send(.like).value
        await downloads.waitFor(4)
        #expect(downloads.urls.contains(Sample.card(3).repository.owner.displayAvatarURL))
    }

    @Test("asks for the next batch when 5 cards remain, not before (when the server keeps every card dealt)")
    func refill() async throws {
        Sample.pool(total: 100, into: service)
        service.onGiveBack { _ in [] }
        let deck = model()
        await deck.send(.appear).value
        for _ in 0..<14 { await deck.send(.skip).value }
        #expect(service.count("feed") == 1)
        #expect(deck.cards.count == 6)
        await deck.send(.like).value
        #expect(service.count("feed") == 2)
        #expect(deck.cards.count == 25)
        #expect(deck.current == Sample.card(15))
    }

    @Test("after five decisions the swipes are sent, the cards never on top go back, and the deck is dealt again")
    func redeal() async throws {
        Sample.pool(total: 100, into: service)
        let given = Mutex<[RepositoryName]>([])
        // This server keeps what was given back out of the next deal (as if the swipes changed the ranking).
        service.onGiveBack { names in
            given.withLock { $0 += names }
            return names
        }
        let deck = model()
        await deck.send(.appear).value
        for _ in 0..<4 { await deck.send(.like).value }
        #expect(service.count("giveBack") == 0)
        let fifth = deck.send(.skip)
        #expect(deck.current == nil && deck.state == .loading, "the sixth card is held back while the deck is dealt")
        await fifth.value
        #expect(given.withLock { $0 } == (5..<20).map { Sample.card($0).repository.repositoryName })
        let calls = service.calls
        #expect(calls.lastIndex(of: "record")! < calls.firstIndex(of: "giveBack")!, "re-dealt before the swipes went")
        #expect(calls.last(where: { $0 != "record" }) == "feed")
        #expect(deck.current == Sample.card(20), "card 6 is the new deal's first")
        #expect(deck.state == .ready)
        #expect(deck.cards.count == 20)
        // Offline, the cards in hand stay.
        service.onGiveBack { _ throws(ClientFailure) in throw .noConnection }
        for _ in 0..<5 { await deck.send(.like).value }
        #expect(deck.current == Sample.card(25))
        #expect(deck.cards.count == 15)
    }

    @Test("a re-deal that takes longer than the wait shows the hand as it was; what reached the top stays")
    func slowRedeal() async throws {
        Sample.pool(total: 100, into: service)
        // The server answers the re-deal only once the test has seen the hand shown (a fixed delay raced the wait on
        // a busy machine).
        let released = Mutex(false)
        service.onGiveBack { names in
            while !released.withLock({ $0 }) { try? await Task.sleep(for: .milliseconds(5)) }
            return names
        }
        let deck = model(redealWait: .milliseconds(50))
        await deck.send(.appear).value
        for _ in 0..<4 { await deck.send(.like).value }
        let fifth = deck.send(.like)
        for _ in 0..<2_000 where deck.current != Sample.card(5) { try await Task.sleep(for: .milliseconds(5)) }
        #expect(deck.current == Sample.card(5), "shown after the wait, while the re-deal is still out")
        released.withLock { $0 = true }
        await fifth.value
        #expect(deck.current == Sample.card(5), "a card that reached the top is not taken away")
        #expect(deck.cards.dropFirst().first == Sample.card(20))
    }

    @Test("like, save and skip go to the server in order with their kinds; open records an open and gives the address")
    func swipes() async throws {
        Sample.pool(total: 100, into: service)
        let deck = model()
        await deck.send(.appear).value
        await deck.send(.like).value
        await deck.send(.save).value
        await deck.send(.open).value
        #expect(deck.opened == Sample.card(2).repository.webURL)
        await deck.send(.skip).value
        #expect(service.recorded.map(\.kind) == [.like, .save, .open, .skip])
        #expect(service.recorded.map(\.repository.name) == ["project-0", "project-1", "project-2", "project-2"])
        #expect(Set(service.recorded.map(\.id)).count == 4)
        #expect(deck.current == Sample.card(3))
    }

    @Test(
        "undo takes back the last like, save or skip, sent or not, and brings its card back; once, while it is last",
        arguments: [InteractionKind.like, .save, .skip])
    func undo(kind: InteractionKind) async throws {
        Sample.pool(total: 100, into: service)
        let withdrawn = Mutex<[String]>([])
        service.onWithdraw { id in withdrawn.withLock { $0.append(id) } }
        let deck = model()
        await deck.send(.appear).value
        #expect(!deck.canUndo, "nothing to undo yet")

        // Sent already (the swipe's background flush ran): withdrawn on the server.
        await deck.send(event(kind)).value
        #expect(deck.canUndo)
        #expect(deck.lastDecision?.interaction.kind == kind)
        await deck.send(.undo).value
        #expect(deck.current == Sample.card(0))
        #expect(deck.cards.count == 20)
        #expect(!deck.canUndo, "once")
        let sent = service.recorded.filter { $0.kind == kind }.map(\.id)
        #expect(sent.count == 1)
        #expect(withdrawn.withLock { $0 } == sent)
        let words = kind == .skip ? "Brought back" : "Took back the \(kind.rawValue) of"
        #expect(deck.notice == "\(words) \(Sample.card(0).repository.fullName).")

        // Not sent yet (no connection): it leaves the outbox and never reaches the server.
        service.onRecord { _ throws(ClientFailure) in throw .noConnection }
        await deck.send(event(kind)).value
        #expect(try Outbox(database: database).pending().count == 1)
        await deck.send(.undo).value
        #expect(try Outbox(database: database).pending().isEmpty)
        #expect(deck.current == Sample.card(0))
        #expect(withdrawn.withLock { $0 }.count == 1, "nothing to withdraw: it was never sent")

        // Only the last one: after another swipe, undo takes back that one, not the one before.
        service.storeInteractions()
        await deck.send(.skip).value
        await deck.send(event(kind)).value
        await deck.send(.undo).value
        #expect(deck.current == Sample.card(1), "the last decision came back; the skip before it stays")
        #expect(!deck.canUndo)
    }

    private func event(_ kind: InteractionKind) -> DeckViewModel.Event {
        switch kind {
        case .like: .like
        case .save: .save
        default: .skip
        }
    }

    @Test("swiping faster than the next batch arrives: loading, then the new cards")
    func fasterThanTheFeed() async throws {
        let gate = AsyncStream<Void>.makeStream()
        let calls = Mutex(0)
        service.onFeed { _ in
            let call = calls.withLock {
                $0 += 1
                return $0
            }
            if call == 1 { return FeedBatch(cards: (0..<6).map(Sample.card), exhausted: false) }
            if call == 2 { for await _ in gate.stream { break } }
            return FeedBatch(cards: (call * 20 - 34..<call * 20 - 14).map(Sample.card), exhausted: false)
        }
        let deck = model()
        await deck.send(.appear).value
        let refill = deck.send(.like)  // 5 left: the next batch is asked for, and waits
        for _ in 0..<3 { deck.send(.like) }
        let fifth = deck.send(.like)  // the fifth decision: a re-deal holds the last card back
        deck.send(.like)  // nothing on top to swipe
        #expect(deck.current == nil)
        #expect(deck.cards == [Sample.card(5)])
        #expect(deck.state == .loading)
        gate.continuation.yield()
        await refill.value
        await fifth.value
        // The late batch (6–25) and the held card were never on top: given back, and dealt again.
        #expect(deck.state == .ready)
        #expect(deck.current == Sample.card(26))
    }

    @Test("an exhausted deck says so once its last card is swiped")
    func exhausted() async throws {
        Sample.pool(total: 3, into: service)
        let deck = model()
        await deck.send(.appear).value
        for _ in 0..<3 { await deck.send(.like).value }
        #expect(deck.state == .exhausted("All seen"))
        #expect(deck.current == nil)
        #expect(service.count("feed") == 1, "an exhausted deck does not ask again")
    }

    @Test("no connection and no cards: failed with the reason; retry deals")
    func failedThenRetry() async throws {
        service.onFeed { _ throws(ClientFailure) in throw .noConnection }
        let deck = model()
        await deck.send(.appear).value
        #expect(deck.state == .failed(ClientFailure.noConnection.message))
        Sample.pool(total: 100, into: service)
        await deck.send(.retry).value
        #expect(deck.state == .ready)
        #expect(deck.cards.count == 20)
    }

    @Test("offline: a new launch opens from the cached cards (the swiped ones are gone)")
    func offlineFromCache() async throws {
        Sample.pool(total: 100, into: service)
        let first = model()
        await first.send(.appear).value
        await first.send(.like).value
        let offline = FakeService()
        offline.onFeed { _ throws(ClientFailure) in throw .noConnection }
        offline.onRecord { _ throws(ClientFailure) in throw .noConnection }
        let second = model(offline)
        await second.send(.appear).value
        #expect(second.state == .ready)
        #expect(second.current == Sample.card(1))
        #expect(second.cards.count == 19)
        await second.send(.save).value
        #expect(second.notice == ClientFailure.noConnection.message, "the save is kept; the person is told")
        #expect(second.current == Sample.card(2))
    }

    @Test("swipes made offline survive a crash and are sent in order by the next launch")
    func replayAfterCrash() async throws {
        let offline = FakeService()
        offline.onFeed(Sample.deck(total: 100))
        offline.onRecord { _ throws(ClientFailure) in throw .noConnection }
        let crashed = model(offline)
        await crashed.send(.appear).value
        await crashed.send(.like).value
        await crashed.send(.skip).value
        await crashed.send(.save).value
        #expect(crashed.lastFlush?.remaining == 3)
        // The process dies here; the next launch has a connection.
        Sample.pool(total: 100, into: service)
        let relaunched = model()
        await relaunched.send(.appear).value
        #expect(service.recorded.map(\.kind) == [.like, .skip, .save])
        #expect(relaunched.lastFlush?.remaining == 0)
    }
}

/// Counts and remembers image downloads; answers at once with a few bytes. A test waits for a number of downloads
/// on a continuation, not by polling.
final class CountingDownloader: ImageDownloading {
    private let state = Mutex<(urls: [URL], waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)])>(
        ([], []))
    var urls: [URL] { state.withLock { $0.urls } }

    func download(_ url: URL) async throws -> Data {
        let ready = state.withLock { state in
            state.urls.append(url)
            let count = state.urls.count
            let ready = state.waiters.filter { $0.count <= count }.map(\.continuation)
            state.waiters.removeAll { $0.count <= count }
            return ready
        }
        for continuation in ready { continuation.resume() }
        return Data(url.absoluteString.utf8)
    }

    /// Returns once `count` downloads have started.
    func waitFor(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state -> Bool in
                if state.urls.count >= count { return true }
                state.waiters.append((count, continuation))
                return false
            }
            if now { continuation.resume() }
        }
    }
}
