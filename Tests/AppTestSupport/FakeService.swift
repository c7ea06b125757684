import Foundation
public import RepoFinderClient
public import RepoFinderCore
import Synchronization
import Testing

/// A ``RepoFinderService`` whose answers each test sets. A call nobody stubbed fails the test loudly. It logs every call
/// (by name) and every interaction recorded, in order.
public final class FakeService: RepoFinderService, Sendable {
    public typealias Handler<Input, Output> = @Sendable (Input) async throws(ClientFailure) -> Output

    private struct Stubs {
        var preferences: Handler<Void, UserPreferences>?
        var savePreferences: Handler<UserPreferences, UserPreferences>?
        var feed: Handler<(limit: Int, filter: DeckFilter?), FeedBatch>?
        var deckFilter: Handler<Void, DeckFilterState>?
        var saveDeckFilter: Handler<DeckFilter, DeckFilterState>?
        var record: Handler<[Interaction], RecordReceipt>?
        var withdraw: Handler<String, Void>?
        var giveBack: Handler<[RepositoryName], [RepositoryName]>?
        var list: Handler<(list: UserList, page: Int, perPage: Int), ResultPage<ListEntry>>?
        var remove: Handler<(RepositoryName, UserList), Void>?
        var stats: Handler<Void, PersonStats>?
        var trending: Handler<(language: String?, window: TrendingWindow, page: Int), ResultPage<TrendingEntry>>?
        var search: Handler<SearchRequest, SearchResultsPage>?
        var suggestions: Handler<String, [SearchSuggestion]>?
        var repository: Handler<RepositoryName, Repository>?
        var similar: Handler<RepositoryName, [Card]>?
        var starHistory: Handler<RepositoryName, [StarSnapshot]>?
        var clusters: Handler<Void, [ClusterSummary]>?
        var area: Handler<String, AreaPage>?
        /// Where lists place a repository (the detail's `listedRepository` reads `repository` and this).
        var listings: [RepositoryName: [RepositoryListing]] = [:]
        var listSection: Handler<ListSectionAsk, ListSectionPage>?
        var importGitHubStars: Handler<String, StarImportProgress>?
        var starImport: Handler<String, StarImportProgress>?
        var home: Handler<String, HomeScreen>?
        var compare: Handler<[RepositoryName], RepositoryComparison>?
        var sendEvents: Handler<[AnalyticsEvent], AnalyticsReceipt>?
        var maintained: Handler<MaintainerWindow, MaintainedRepositories>?
        var dashboard: Handler<(RepositoryName, MaintainerWindow), MaintainerDetail>?
        var dashboardCSV: Handler<(RepositoryName, MaintainerWindow), String>?
    }

    private let stubs = Mutex(Stubs())
    private let log = Mutex<[String]>([])
    private let recordedLog = Mutex<[Interaction]>([])
    private let eventLog = Mutex<[AnalyticsEvent]>([])

    public init() {}

    /// Names of the calls made, in order.
    public var calls: [String] { log.withLock { $0 } }
    /// Every interaction the fake stored (each id once, like the server).
    public var recorded: [Interaction] { recordedLog.withLock { $0 } }
    /// Every analytics event the fake stored when ``sendEvents(_:)`` is not stubbed (each id once, like the server).
    public var events: [AnalyticsEvent] { eventLog.withLock { $0 } }

    public func count(_ name: String) -> Int { calls.filter { $0 == name }.count }

    // MARK: Stubbing

    public func onPreferences(_ h: @escaping Handler<Void, UserPreferences>) { stubs.withLock { $0.preferences = h } }
    public func onSavePreferences(_ h: @escaping Handler<UserPreferences, UserPreferences>) {
        stubs.withLock { $0.savePreferences = h }
    }
    public func onFeed(_ h: @escaping Handler<(limit: Int, filter: DeckFilter?), FeedBatch>) {
        stubs.withLock { $0.feed = h }
    }
    public func onDeckFilter(_ h: @escaping Handler<Void, DeckFilterState>) { stubs.withLock { $0.deckFilter = h } }
    public func onSaveDeckFilter(_ h: @escaping Handler<DeckFilter, DeckFilterState>) {
        stubs.withLock { $0.saveDeckFilter = h }
    }
    public func onRecord(_ h: @escaping Handler<[Interaction], RecordReceipt>) { stubs.withLock { $0.record = h } }
    public func onWithdraw(_ h: @escaping Handler<String, Void>) { stubs.withLock { $0.withdraw = h } }
    public func onGiveBack(_ h: @escaping Handler<[RepositoryName], [RepositoryName]>) {
        stubs.withLock { $0.giveBack = h }
    }
    public func onList(_ h: @escaping Handler<(list: UserList, page: Int, perPage: Int), ResultPage<ListEntry>>) {
        stubs.withLock { $0.list = h }
    }
    public func onRemove(_ h: @escaping Handler<(RepositoryName, UserList), Void>) { stubs.withLock { $0.remove = h } }
    public func onStats(_ h: @escaping Handler<Void, PersonStats>) { stubs.withLock { $0.stats = h } }
    public func onImportGitHubStars(_ h: @escaping Handler<String, StarImportProgress>) {
        stubs.withLock { $0.importGitHubStars = h }
    }
    public func onStarImport(_ h: @escaping Handler<String, StarImportProgress>) {
        stubs.withLock { $0.starImport = h }
    }
    public func onTrending(
        _ h: @escaping Handler<(language: String?, window: TrendingWindow, page: Int), ResultPage<TrendingEntry>>
    ) { stubs.withLock { $0.trending = h } }
    public func onSearch(_ h: @escaping Handler<SearchRequest, SearchResultsPage>) {
        stubs.withLock { $0.search = h }
    }
    public func onSearchSuggestions(_ h: @escaping Handler<String, [SearchSuggestion]>) {
        stubs.withLock { $0.suggestions = h }
    }
    public func onRepository(_ h: @escaping Handler<RepositoryName, Repository>) {
        stubs.withLock { $0.repository = h }
    }
    public func onSimilar(_ h: @escaping Handler<RepositoryName, [Card]>) { stubs.withLock { $0.similar = h } }
    public func onStarHistory(_ h: @escaping Handler<RepositoryName, [StarSnapshot]>) {
        stubs.withLock { $0.starHistory = h }
    }
    public func onClusters(_ h: @escaping Handler<Void, [ClusterSummary]>) { stubs.withLock { $0.clusters = h } }
    public func onArea(_ h: @escaping Handler<String, AreaPage>) { stubs.withLock { $0.area = h } }
    /// Where lists place `name` (read with the repository).
    public func setListings(_ listings: [RepositoryListing], of name: RepositoryName) {
        stubs.withLock { $0.listings[name] = listings }
    }
    /// A curated list's heading: the handler gets the list's id, then the heading path.
    public func onListSection(_ h: @escaping Handler<ListSectionAsk, ListSectionPage>) {
        stubs.withLock { $0.listSection = h }
    }
    public func onHome(_ h: @escaping Handler<String, HomeScreen>) { stubs.withLock { $0.home = h } }
    public func onCompare(_ h: @escaping Handler<[RepositoryName], RepositoryComparison>) {
        stubs.withLock { $0.compare = h }
    }
    public func onSendEvents(_ h: @escaping Handler<[AnalyticsEvent], AnalyticsReceipt>) {
        stubs.withLock { $0.sendEvents = h }
    }
    public func onMaintainedRepositories(_ h: @escaping Handler<MaintainerWindow, MaintainedRepositories>) {
        stubs.withLock { $0.maintained = h }
    }
    public func onMaintainerDashboard(_ h: @escaping Handler<(RepositoryName, MaintainerWindow), MaintainerDetail>) {
        stubs.withLock { $0.dashboard = h }
    }
    public func onMaintainerDashboardCSV(_ h: @escaping Handler<(RepositoryName, MaintainerWindow), String>) {
        stubs.withLock { $0.dashboardCSV = h }
    }

    /// Records interactions like the server: each id once; answers with accepted and duplicate counts.
    public func storeInteractions() {
        onRecord { [self] batch in
            self.recordedLog.withLock { stored in
                let known = Set(stored.map(\.id))
                var accepted = 0
                for interaction in batch where !known.contains(interaction.id) {
                    stored.append(interaction)
                    accepted += 1
                }
                return RecordReceipt(accepted: accepted, duplicates: batch.count - accepted)
            }
        }
    }

    // MARK: The service

    private func handler<Input, Output>(
        _ name: String, _ path: KeyPath<Stubs, Handler<Input, Output>?>
    ) throws(ClientFailure) -> Handler<Input, Output> {
        log.withLock { $0.append(name) }
        guard let handler = stubs.withLock({ $0[keyPath: path] }) else {
            Issue.record("FakeService.\(name) was called but not stubbed")
            throw .serverTrouble("unstubbed call \(name)")
        }
        return handler
    }

    public func preferences() async throws(ClientFailure) -> UserPreferences {
        try await handler("preferences", \.preferences)(())
    }
    public func savePreferences(_ preferences: UserPreferences) async throws(ClientFailure) -> UserPreferences {
        try await handler("savePreferences", \.savePreferences)(preferences)
    }
    public func feed(limit: Int, filter: DeckFilter?) async throws(ClientFailure) -> FeedBatch {
        try await handler("feed", \.feed)((limit, filter))
    }
    public func deckFilter() async throws(ClientFailure) -> DeckFilterState {
        try await handler("deckFilter", \.deckFilter)(())
    }
    public func saveDeckFilter(_ filter: DeckFilter) async throws(ClientFailure) -> DeckFilterState {
        try await handler("saveDeckFilter", \.saveDeckFilter)(filter)
    }
    public func record(_ interactions: [Interaction]) async throws(ClientFailure) -> RecordReceipt {
        try await handler("record", \.record)(interactions)
    }
    public func withdraw(id: String) async throws(ClientFailure) {
        try await handler("withdraw", \.withdraw)(id)
    }
    /// Unstubbed, every card goes back (what the server does with cards nobody acted on).
    public func giveBack(_ repositories: [RepositoryName]) async throws(ClientFailure) -> [RepositoryName] {
        log.withLock { $0.append("giveBack") }
        guard let handler = stubs.withLock({ $0.giveBack }) else { return repositories }
        return try await handler(repositories)
    }
    public func list(_ list: UserList, page: Int, perPage: Int) async throws(ClientFailure) -> ResultPage<ListEntry> {
        try await handler("list", \.list)((list, page, perPage))
    }
    public func remove(_ repository: RepositoryName, from list: UserList) async throws(ClientFailure) {
        try await handler("remove", \.remove)((repository, list))
    }
    public func stats() async throws(ClientFailure) -> PersonStats { try await handler("stats", \.stats)(()) }
    public func trending(language: String?, window: TrendingWindow, page: Int, perPage: Int) async throws(ClientFailure)
        -> ResultPage<TrendingEntry>
    {
        try await handler("trending", \.trending)((language, window, page))
    }
    public func search(_ request: SearchRequest) async throws(ClientFailure) -> SearchResultsPage {
        try await handler("search", \.search)(request)
    }
    public func searchSuggestions(_ text: String, limit: Int) async throws(ClientFailure) -> [SearchSuggestion] {
        try await handler("searchSuggestions", \.suggestions)(text)
    }
    public func repository(_ name: RepositoryName) async throws(ClientFailure) -> Repository {
        try await handler("repository", \.repository)(name)
    }
    public func starHistory(of name: RepositoryName, from: Day?, to: Day?) async throws(ClientFailure) -> [StarSnapshot]
    {
        try await handler("starHistory", \.starHistory)(name)
    }
    public func similar(to name: RepositoryName, limit: Int) async throws(ClientFailure) -> [Card] {
        try await handler("similar", \.similar)(name)
    }
    public func clusters() async throws(ClientFailure) -> [ClusterSummary] {
        try await handler("clusters", \.clusters)(())
    }
    public func area(_ id: String, limit: Int) async throws(ClientFailure) -> AreaPage {
        try await handler("area", \.area)(id)
    }
    public func listedRepository(_ name: RepositoryName) async throws(ClientFailure) -> RepositoryWithListings {
        let repository = try await handler("repository", \.repository)(name)
        return RepositoryWithListings(repository: repository, listings: stubs.withLock { $0.listings[name] ?? [] })
    }
    public func listSection(list: String, heading: [String], limit: Int, page: Int) async throws(ClientFailure)
        -> ListSectionPage
    {
        try await handler("listSection", \.listSection)(
            ListSectionAsk(list: list, heading: heading, limit: limit, page: page))
    }
    public func home(timeZone: String) async throws(ClientFailure) -> HomeScreen {
        try await handler("home", \.home)(timeZone)
    }
    public func compare(_ names: [RepositoryName]) async throws(ClientFailure) -> RepositoryComparison {
        try await handler("compare", \.compare)(names)
    }
    public func importGitHubStars(login: String) async throws(ClientFailure) -> StarImportProgress {
        try await handler("importGitHubStars", \.importGitHubStars)(login)
    }
    public func starImport(id: String) async throws(ClientFailure) -> StarImportProgress {
        try await handler("starImport", \.starImport)(id)
    }
    /// Unstubbed, every event is stored like the server stores them (each id once) and ``events`` lists them: screens
    /// tested with an analytics recorder need not stub it.
    public func sendEvents(_ events: [AnalyticsEvent]) async throws(ClientFailure) -> AnalyticsReceipt {
        log.withLock { $0.append("sendEvents") }
        if let handler = stubs.withLock({ $0.sendEvents }) { return try await handler(events) }
        return eventLog.withLock { stored in
            let known = Set(stored.map(\.id))
            var accepted = 0
            for event in events where !known.contains(event.id) {
                stored.append(event)
                accepted += 1
            }
            return AnalyticsReceipt(accepted: accepted, duplicates: events.count - accepted)
        }
    }
    public func maintainedRepositories(window: MaintainerWindow) async throws(ClientFailure) -> MaintainedRepositories {
        try await handler("maintainedRepositories", \.maintained)(window)
    }
    public func maintainerDashboard(_ name: RepositoryName, window: MaintainerWindow) async throws(ClientFailure)
        -> MaintainerDetail
    {
        try await handler("maintainerDashboard", \.dashboard)((name, window))
    }
    public func maintainerDashboardCSV(_ name: RepositoryName, window: MaintainerWindow) async throws(ClientFailure)
        -> String
    {
        try await handler("maintainerDashboardCSV", \.dashboardCSV)((name, window))
    }
}

/// What a list-section screen asked the service for.
public struct ListSectionAsk: Sendable {
    public let list: String
    public let heading: [String]
    public let limit: Int
    public let page: Int
}

/// Cards and repositories for the fakes.
public enum Sample {
    public static func repository(_ i: Int, language: String = "Swift") -> Repository {
        Repository(
            owner: RepositoryOwner(login: "owner\(i)"), name: "project-\(i)", description: "Project number \(i)",
            topics: ["topic\(i % 3)"], language: language, stars: 10_000 - i)
    }

    public static func card(_ i: Int) -> Card {
        Card(repository: repository(i), fitScore: 90 - i % 50, reasons: ["Because of \(i)"], cluster: "mobile")
    }

    /// Deals `total` numbered cards lowest first, `limit` at a time, like a server ranking them, then says it is
    /// exhausted; cards given back return to the pool (so a re-deal deals them again, as nothing else changed).
    public static func pool(total: Int, into service: FakeService) {
        let left = Mutex(Array(0..<total))
        service.onFeed { request in
            let (taken, remaining) = left.withLock { pool in
                let taken = Array(pool.prefix(request.limit))
                pool.removeFirst(taken.count)
                return (taken, pool.count)
            }
            return FeedBatch(cards: taken.map(card), exhausted: remaining == 0, message: "All seen")
        }
        service.onGiveBack { names in
            left.withLock { pool in
                pool += names.compactMap { Int($0.name.dropFirst("project-".count)) }
                pool.sort()
            }
            return names
        }
    }

    /// The person's repositories in RepoFinder: `count` numbered ones (none: an empty list), signed in as `login`.
    public static func maintained(
        _ count: Int = 2, window: MaintainerWindow = .standard, login: String = "owner1"
    ) -> MaintainedRepositories {
        MaintainedRepositories(
            login: login, organisations: [], window: window,
            repositories: (0..<count).map { i in
                MaintainerSummary(
                    repository: repository(i + 1).repositoryName, language: "Swift", stars: 1_000 - i,
                    counts: DiscoveryCounts(
                        dealt: 100 - i, likes: 10, saves: 5, skips: 20, opens: 3, likeRate: i == 0 ? 0.25 : nil))
            })
    }

    /// A repository's dashboard over `window`: a day per day of the window, two reasons and two places, likers in a
    /// counted group and a group of fewer than 5, two days of stars, and a daily rank.
    public static func dashboard(_ name: RepositoryName, window: MaintainerWindow = .standard) -> MaintainerDetail {
        let from = Day(daysSinceEpoch: 20_000)
        return MaintainerDetail(
            repository: name, window: window, from: from, through: from.adding(days: window.days - 1),
            totals: DiscoveryCounts(dealt: 120, likes: 12, saves: 6, skips: 30, opens: 4, likeRate: 0.25),
            cluster: "mobile", clusterLikeRate: 0.2, clusterRepositories: 7,
            days: (0..<window.days).map { offset in
                MaintainerDetail.DayCounts(
                    day: from.adding(days: offset),
                    counts: DiscoveryCounts(dealt: 4, likes: offset % 2, saves: 0, skips: 1, opens: 0))
            },
            reasons: [.init(name: "popular", count: 80), .init(name: "similar", count: 20)],
            sources: [.init(name: "deck", count: 100), .init(name: "home", count: 20)],
            likers: MaintainerDetail.Likers(
                people: 12, fewerThanFive: false,
                languages: [.init(value: "Swift", count: 9, fewerThanFive: false)],
                interests: [.init(value: "topic0", count: nil, fewerThanFive: true)],
                experienceLevels: [.init(value: "beginner", count: 6, fewerThanFive: false)]),
            stars: [
                StarSnapshot(repository: name, day: from, stars: 1_000),
                StarSnapshot(repository: name, day: from.adding(days: 1), stars: 1_010),
            ],
            trending: [.init(window: .daily, rank: 12), .init(window: .weekly, rank: nil)])
    }

    /// A deck that deals `total` numbered cards in order, `limit` at a time, then says it is exhausted.
    public static func deck(total: Int) -> FakeService.Handler<(limit: Int, filter: DeckFilter?), FeedBatch> {
        let next = Mutex(0)
        return { request in
            let range = next.withLock { start in
                let range = start..<min(total, start + request.limit)
                start = range.upperBound
                return range
            }
            return FeedBatch(cards: range.map(card), exhausted: range.upperBound >= total, message: "All seen")
        }
    }
}
