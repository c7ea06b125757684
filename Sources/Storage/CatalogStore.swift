import Foundation
public import RepoFinderCore

/// The catalog and its star history: repositories, search, alternatives, snapshots and trending. One of the roles ``DataStore`` composes;
/// a module that needs only this part takes it alone. Every method is atomic (see ``DataStore``).
public protocol CatalogStore: Sendable {
    /// Inserts new repositories and updates changed ones (matched case-insensitively by full name).
    /// Importing the same repositories again changes nothing and counts them as unchanged.
    func upsertRepositories(_ repositories: [Repository]) async throws -> UpsertCounts

    /// The repository with this name, if the catalog has it.
    func repository(named name: RepositoryName) async throws -> Repository?

    /// A slice of the catalog, most starred first (ties by name), for listing and for loading it into memory.
    func repositories(offset: Int, limit: Int) async throws -> [Repository]

    /// Full-text search over name, full name, topics and description, filtered, sorted and paged, with the total,
    /// the words to highlight and a correction when the words as typed found nothing.
    func searchResults(_ query: SearchQuery) async throws -> SearchResults

    /// What to offer while someone types `text` into search: repository names, topics and languages that start with
    /// it, at most `limit`.
    func searchSuggestions(_ text: String, limit: Int) async throws -> [SearchSuggestion]

    /// Makes search ready now (its index of the catalog), so the first search does not wait for it: a server calls it
    /// when it starts. With `questions`, Ask's too: it then also waits for the sentence model that reads questions to
    /// load (about a second of one core in a release build, on a thread of its own), which the first question would
    /// otherwise wait for.
    func prepareSearch(questions: Bool) async throws

    /// Repositories that do the job of the repository keyed `key` — other projects of the same kind, by meaning, not
    /// its plugins, bindings or the same owner's companions — best fit first (empty when search has no meaning).
    func alternatives(to key: String, limit: Int) async throws -> [Repository]

    /// Why each of `keys` is an alternative to the repository keyed `key`: a heading a curated list places both under,
    /// and whether it says it replaces it. Keys with neither are left out (empty when search has no index).
    func alternativeEvidence(to key: String, of keys: [String]) async throws -> [String: AlternativeEvidence]

    /// Repositories that say, in their own words, that they replace the product or project called `name` ("an
    /// open-source alternative to Notion"), most stars first, at most `limit`.
    func replacing(_ name: String, limit: Int) async throws -> [Repository]

    /// What the repository keyed `key` says it replaces, as written ("Moment.js"); empty when it says nothing of the
    /// kind.
    func replacedNames(of key: String) async throws -> [String]

    /// Inserts or updates star snapshots (one per repository and day). Snapshots of repositories that are
    /// not in the catalog are skipped and named in the result; the rest are stored.
    func upsertStarSnapshots(_ snapshots: [StarSnapshot]) async throws -> SnapshotUpsertResult

    /// Repositories that gained the most stars over a window, from star snapshots.
    func trending(_ query: TrendingQuery) async throws -> TrendingList

    /// A repository's snapshots, oldest day first.
    func starSnapshots(of name: RepositoryName) async throws -> [StarSnapshot]

    /// The first day with any snapshot and the latest day whose counts are complete (the latest, unless it holds
    /// fewer than half the snapshots of the day before: a few fetched on demand, a refresh under way); nil when there
    /// are none. Cheap (the index on `day`), for `/health`; trending ends on its upper bound by default.
    func snapshotCoverage() async throws -> ClosedRange<Day>?

    /// How much the store holds.
    func statistics() async throws -> StoreStatistics

    /// How old the catalog's facts are (``CatalogAge``, from the days of the repositories' last pushes), for faces
    /// that judge activity outside a server (the command line); one grouped scan of the repositories.
    func catalogAge() async throws -> CatalogAge

    /// Which of `names` are not in the catalog.
    func missingRepositories(_ names: [RepositoryName]) async throws -> Set<RepositoryName>
}

extension CatalogStore {
    /// ``prepareSearch(questions:)`` for searches alone (the sentence model loads at the first question).
    public func prepareSearch() async throws {
        try await prepareSearch(questions: false)
    }

    /// A page of ``searchResults(_:)`` alone.
    public func search(_ query: SearchQuery) async throws -> Page<Repository> {
        try await searchResults(query).page
    }

    /// Every repository of the catalog, read in pages.
    public func allRepositories(pageSize: Int = 5_000) async throws -> [Repository] {
        var all: [Repository] = []
        while true {
            let page = try await repositories(offset: all.count, limit: pageSize)
            all += page
            if page.count < pageSize { return all }
        }
    }

    /// Stars gained this week by repository key (``RepositoryName/key``), for the recommender's trending prior:
    /// the week's top gainers, as ``trending(_:)`` ranks them (unusual bursts left out, as on the default list).
    public func weeklyGains() async throws -> [String: Int] {
        let list = try await trending(TrendingQuery(window: .weekly, limit: TrendingQuery.maximumLimit))
        return Dictionary(list.entries.map { ($0.repository.id, $0.starsGained) }, uniquingKeysWith: max)
    }
}
