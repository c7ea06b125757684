import AppFeatures
import AppTestSupport
import Foundation
import OfflineStore
import RepoFinderClient
import RepoFinderCore
import Synchronization
import Testing

@Suite("Lists offline: Saved kept on the device, merged with what waits, reconciled when back (fake service)")
@MainActor
struct ListOfflineTests {
    let database: LocalDatabase
    let service = FakeService()
    let removals = Removals()
    nonisolated static let day = Date(timeIntervalSince1970: 1_790_000_000)

    final class Removals: Sendable {
        let names = Mutex<[String]>([])
    }

    init() throws {
        database = try .inMemory()
        service.storeInteractions()
        service.onRemove { [removals] request in removals.names.withLock { $0.append(request.0.fullName) } }
    }

    static func entry(_ i: Int, hoursAgo: Double) -> ListEntry {
        ListEntry(repository: Sample.repository(i), addedAt: day.addingTimeInterval(-hoursAgo * 3600))
    }

    func serverSaved(_ entries: [ListEntry]) {
        service.onList { _ in ResultPage(items: entries, page: 1, perPage: 20, total: entries.count) }
    }

    @Test("offline, Saved lists what the device kept with a queued save on top; a removal waits; back, each once")
    func offlineAndBack() async throws {
        let cache = ListCache(database: database)
        let outbox = Outbox(database: database)
        serverSaved([Self.entry(1, hoursAgo: 1), Self.entry(2, hoursAgo: 2)])
        let saved = ListViewModel(list: .saved, service: service, cache: cache, outbox: outbox)
        await saved.send(.appear).value
        #expect(saved.items.map(\.id) == ["owner1/project-1", "owner2/project-2"] && !saved.offline)

        // Offline: a card saved on the deck waits in the outbox and is on the kept list at once.
        service.onRecord { _ throws(ClientFailure) in throw .noConnection }
        service.onFeed { _ in FeedBatch(cards: [Sample.card(3)], exhausted: true) }
        let deck = DeckViewModel(
            service: service, outbox: outbox, lists: cache, now: { Self.day })
        await deck.send(.appear).value
        await deck.send(.save).value
        service.onList { _ throws(ClientFailure) in throw .noConnection }
        await saved.send(.refresh).value
        #expect(saved.offline && saved.state == .loaded)
        #expect(saved.items.map(\.id) == ["owner3/project-3", "owner1/project-1", "owner2/project-2"], "newest first")
        #expect(saved.waiting == ["owner3/project-3"])

        // Removed offline: off the screen and the device at once, queued for the server.
        service.onRemove { _ throws(ClientFailure) in throw .noConnection }
        await saved.send(.remove(Sample.repository(2).repositoryName)).value
        #expect(saved.items.map(\.id) == ["owner3/project-3", "owner1/project-1"])
        #expect(saved.notice == nil)
        #expect(try outbox.pending().map(\.operation) == [.record, .unlist])

        // Back online: the outbox goes out, each change once; the list is the server's again.
        service.storeInteractions()
        service.onRemove { [removals] request in removals.names.withLock { $0.append(request.0.fullName) } }
        let report = await outbox.flush(to: service)
        #expect(report.accepted == 1 && report.unlisted == 1 && report.remaining == 0)
        #expect(service.recorded.filter { $0.kind == .save }.map(\.repository.fullName) == ["owner3/project-3"])
        #expect(removals.names.withLock { $0 } == ["owner2/project-2"])
        serverSaved([Self.entry(3, hoursAgo: 0), Self.entry(1, hoursAgo: 1)])
        await saved.send(.refresh).value
        #expect(!saved.offline && saved.waiting.isEmpty)
        #expect(try cache.entries(.saved).map(\.id) == ["owner3/project-3", "owner1/project-1"])
    }

    @Test("offline with nothing kept, the failure shows as before; an undone save leaves the kept list")
    func nothingKept() async throws {
        let cache = ListCache(database: database)
        let outbox = Outbox(database: database)
        service.onList { _ throws(ClientFailure) in throw .noConnection }
        let liked = ListViewModel(list: .liked, service: service, cache: cache, outbox: outbox)
        await liked.send(.appear).value
        #expect(!liked.offline && liked.state == .failed(ClientFailure.noConnection.message))

        service.onFeed { _ in FeedBatch(cards: [Sample.card(5)], exhausted: true) }
        service.onWithdraw { _ in }
        let deck = DeckViewModel(service: service, outbox: outbox, lists: cache, now: { Self.day })
        await deck.send(.appear).value
        await deck.send(.like).value
        #expect(try cache.entries(.liked).map(\.id) == ["owner5/project-5"])
        await deck.send(.undo).value
        #expect(try cache.entries(.liked).isEmpty)
    }
}
