import AppServerSupport
import AppTestSupport
import Foundation
import OfflineStore
import RepoFinderClient
import RepoFinderCore
import Storage
import Synchronization
import TestSupport
import Testing

@Suite("Outbox: written first, sent in order with idempotency keys, nothing lost or doubled")
struct OutboxTests {
    static func interaction(_ i: Int, _ kind: InteractionKind = .like, repository: String? = nil) -> Interaction {
        Interaction(
            id: "id-\(i)", repository: try! RepositoryName(parsing: repository ?? "owner\(i)/project-\(i)"), kind: kind,
            at: Fixtures.moment.addingTimeInterval(Double(i)))
    }

    @Test("flushes in the order written, in batches, and empties the queue")
    func order() async throws {
        let outbox = Outbox(database: try .inMemory(), batchSize: 4)
        let service = FakeService()
        service.storeInteractions()
        for i in 0..<10 { try outbox.enqueue(Self.interaction(i)) }
        #expect(try outbox.pending().count == 10)
        let report = await outbox.flush(to: service)
        #expect(report.accepted == 10)
        #expect(report.remaining == 0)
        #expect(service.recorded.map(\.id) == (0..<10).map { "id-\($0)" })
        #expect(service.count("record") == 3)
    }

    @Test("no connection: everything stays queued and goes later")
    func offline() async throws {
        let outbox = Outbox(database: try .inMemory())
        let service = FakeService()
        service.onRecord { _ throws(ClientFailure) in throw .noConnection }
        for i in 0..<3 { try outbox.enqueue(Self.interaction(i)) }
        let report = await outbox.flush(to: service)
        #expect(report.stoppedBy == .noConnection)
        #expect(report.remaining == 3)
        service.storeInteractions()
        #expect(await outbox.flush(to: service).accepted == 3)
    }

    @Test("a batch the server refuses is sent one by one: the refused item is dropped with its reason, the rest go")
    func refused() async throws {
        let outbox = Outbox(database: try .inMemory())
        let service = FakeService()
        let stored = Mutex<[String]>([])
        service.onRecord { batch throws(ClientFailure) in
            if batch.contains(where: { $0.repository.owner == "ghost" }) {
                throw .rejected("Unknown repository ghost/town.")
            }
            stored.withLock { $0 += batch.map(\.id) }
            return RecordReceipt(accepted: batch.count, duplicates: 0)
        }
        try outbox.enqueue(Self.interaction(1))
        try outbox.enqueue(Self.interaction(2, repository: "ghost/town"))
        try outbox.enqueue(Self.interaction(3))
        let report = await outbox.flush(to: service)
        #expect(stored.withLock { $0 } == ["id-1", "id-3"])
        #expect(report.dropped.map(\.item.interaction.id) == ["id-2"])
        #expect(report.dropped.first?.reason == "Unknown repository ghost/town.")
        #expect(report.remaining == 0)
    }

    @Test(
        "undo: a like, save or skip not yet sent leaves the queue; one sent is withdrawn after what came before",
        arguments: [InteractionKind.like, .save, .skip])
    func undo(kind: InteractionKind) async throws {
        let outbox = Outbox(database: try .inMemory())
        let service = FakeService()
        service.storeInteractions()
        let withdrawn = Mutex<[String]>([])
        service.onWithdraw { id in withdrawn.withLock { $0.append(id) } }
        let early = Self.interaction(1, kind)
        try outbox.enqueue(early)
        #expect(try outbox.undo(early) == .removedBeforeSending)
        #expect(try outbox.pending().isEmpty)

        let sent = Self.interaction(2, kind)
        try outbox.enqueue(sent)
        _ = await outbox.flush(to: service)
        #expect(try outbox.undo(sent) == .withdrawalQueued)
        #expect(try outbox.pending().map(\.operation) == [.withdraw])
        let report = await outbox.flush(to: service)
        #expect(report.withdrawn == 1)
        #expect(withdrawn.withLock { $0 } == ["id-2"])
        #expect(service.recorded.map(\.id) == ["id-2"])
    }

    @Test("the card cache keeps the deck's first 50 cards in order, across a reopening of its file")
    func cardCache() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("cards-\(UUID()).sqlite")
        defer { try? FileManager.default.removeItem(at: file) }
        try CardCache(database: LocalDatabase(url: file)).keep((0..<60).map(Sample.card))
        let reopened = CardCache(database: try LocalDatabase(url: file))
        #expect(try reopened.cards() == (0..<50).map(Sample.card))
        try reopened.keep([Sample.card(7)])
        #expect(try reopened.cards() == [Sample.card(7)])
    }

    /// The process "dies" right after the server stored a batch and before the outbox heard back: the flush never
    /// resumes. A new outbox over the same database file sends everything left; the server stores each id once.
    @Test("killed midway through a flush (against the real server): nothing lost, nothing duplicated")
    func killedMidway() async throws {
        try await LiveServer.run { url, store in
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("outbox-\(UUID()).sqlite")
            defer { try? FileManager.default.removeItem(at: file) }
            let tokens = MemoryTokenStore()
            let client = LiveServer.client(url, tokens: tokens)
            let names = SyntheticCatalog.repositories.prefix(25).map(\.repositoryName)
            let written = names.enumerated().map { i, name in
                Interaction(
                    id: "kill-\(i)", repository: name, kind: i % 3 == 0 ? .skip : .like,
                    at: Fixtures.moment.addingTimeInterval(Double(i)))
            }

            // The first life: 25 interactions written, flushed in batches of 10; the process dies once the server
            // has stored the second batch (its acknowledgement never handled).
            let dying = DyingService(forwardingTo: client, dieAfterBatches: 2)
            let firstLife = Outbox(database: try LocalDatabase(url: file), batchSize: 10)
            for interaction in written { try firstLife.enqueue(interaction) }
            let flushing = Task { await firstLife.flush(to: dying) }
            await dying.died()
            #expect(try await store.everyonesInteractions().count == 20, "two batches reached the server")

            // The second life: a new process opens the same file and flushes.
            let secondLife = Outbox(database: try LocalDatabase(url: file), batchSize: 10)
            #expect(try secondLife.pending().count == 15, "the unacknowledged batch is still queued, and the rest")
            let report = await secondLife.flush(to: client)
            #expect(report.accepted == 5)
            #expect(report.duplicates == 10)
            #expect(report.remaining == 0)

            let stored = try await store.everyonesInteractions()
            #expect(stored.count == 25, "nothing lost, nothing stored twice")
            #expect(Set(stored.map(\.repositoryKey)) == Set(names.map(\.key)))
            let liked = try await client.list(.liked, page: 1, perPage: 100)
            #expect(liked.total == written.filter { $0.kind == .like }.count)
            flushing.cancel()
            _ = await flushing.value
        }
    }
}

/// Forwards to a real service; after `dieAfterBatches` recorded batches it never answers again (the process is gone:
/// no code after the send runs), until cancelled.
final class DyingService: RepoFinderService, Sendable {
    private let service: any RepoFinderService
    private let remaining: Mutex<Int>
    private let death = AsyncStream<Void>.makeStream()

    init(forwardingTo service: any RepoFinderService, dieAfterBatches: Int) {
        self.service = service
        self.remaining = Mutex(dieAfterBatches)
    }

    /// Returns once the process has "died".
    func died() async {
        for await _ in death.stream { return }
    }

    func record(_ interactions: [Interaction]) async throws(ClientFailure) -> RecordReceipt {
        let receipt = try await service.record(interactions)
        let left = remaining.withLock { count in
            count -= 1
            return count
        }
        guard left <= 0 else { return receipt }
        death.continuation.yield()
        // Dead: never comes back with the receipt. (Cancelled at the end of the test: then it reports no connection.)
        try? await Task.sleep(for: .seconds(3_600))
        throw .noConnection
    }

    func preferences() async throws(ClientFailure) -> UserPreferences { try await service.preferences() }
    func savePreferences(_ p: UserPreferences) async throws(ClientFailure) -> UserPreferences {
        try await service.savePreferences(p)
    }
    func feed(limit: Int, filter: DeckFilter?) async throws(ClientFailure) -> FeedBatch {
        try await service.feed(limit: limit, filter: filter)
    }
    func deckFilter() async throws(ClientFailure) -> DeckFilterState { try await service.deckFilter() }
    func saveDeckFilter(_ filter: DeckFilter) async throws(ClientFailure) -> DeckFilterState {
        try await service.saveDeckFilter(filter)
    }
    func withdraw(id: String) async throws(ClientFailure) { try await service.withdraw(id: id) }
    func giveBack(_ r: [RepositoryName]) async throws(ClientFailure) -> [RepositoryName] {
        try await service.giveBack(r)
    }
    func list(_ list: UserList, page: Int, perPage: Int) async throws(ClientFailure) -> ResultPage<ListEntry> {
        try await service.list(list, page: page, perPage: perPage)
    }
    func remove(_ r: RepositoryName, from list: UserList) async throws(ClientFailure) {
        try await service.remove(r, from: list)
    }
    func stats() async throws(ClientFailure) -> PersonStats { try await service.stats() }
    func importGitHubStars(login: String) async throws(ClientFailure) -> StarImportProgress {
        try await service.importGitHubStars(login: login)
    }
    func starImport(id: String) async throws(ClientFailure) -> StarImportProgress {
        try await service.starImport(id: id)
    }
    func trending(language: String?, window: TrendingWindow, page: Int, perPage: Int) async throws(ClientFailure)
        -> ResultPage<RepoFinderClient.TrendingEntry>
    {
        try await service.trending(language: language, window: window, page: page, perPage: perPage)
    }
    func search(_ request: SearchRequest) async throws(ClientFailure) -> SearchResultsPage {
        try await service.search(request)
    }
    func searchSuggestions(_ text: String, limit: Int) async throws(ClientFailure) -> [SearchSuggestion] {
        try await service.searchSuggestions(text, limit: limit)
    }
    func repository(_ name: RepositoryName) async throws(ClientFailure) -> Repository {
        try await service.repository(name)
    }
    func similar(to name: RepositoryName, limit: Int) async throws(ClientFailure) -> [Card] {
        try await service.similar(to: name, limit: limit)
    }
    func starHistory(of name: RepositoryName, from: Day?, to: Day?) async throws(ClientFailure) -> [StarSnapshot] {
        try await service.starHistory(of: name, from: from, to: to)
    }
    func clusters() async throws(ClientFailure) -> [ClusterSummary] { try await service.clusters() }
    func area(_ id: String, limit: Int) async throws(ClientFailure) -> AreaPage {
        try await service.area(id, limit: limit)
    }
    func listedRepository(_ name: RepositoryName) async throws(ClientFailure) -> RepositoryWithListings {
        try await service.listedRepository(name)
    }
    func listSection(list: String, heading: [String], limit: Int, page: Int) async throws(ClientFailure)
        -> ListSectionPage
    {
        try await service.listSection(list: list, heading: heading, limit: limit, page: page)
    }
    func home(timeZone: String) async throws(ClientFailure) -> HomeScreen { try await service.home(timeZone: timeZone) }
    func compare(_ names: [RepositoryName]) async throws(ClientFailure) -> RepositoryComparison {
        try await service.compare(names)
    }
    func sendEvents(_ events: [AnalyticsEvent]) async throws(ClientFailure) -> AnalyticsReceipt {
        try await service.sendEvents(events)
    }
    func maintainedRepositories(window: MaintainerWindow) async throws(ClientFailure) -> MaintainedRepositories {
        try await service.maintainedRepositories(window: window)
    }
    func maintainerDashboard(_ name: RepositoryName, window: MaintainerWindow) async throws(ClientFailure)
        -> MaintainerDetail
    {
        try await service.maintainerDashboard(name, window: window)
    }
    func maintainerDashboardCSV(_ name: RepositoryName, window: MaintainerWindow) async throws(ClientFailure)
        -> String
    {
        try await service.maintainerDashboardCSV(name, window: window)
    }
}
