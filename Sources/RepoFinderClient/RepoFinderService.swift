import Foundation
public import RepoFinderCore

/// Everything the apps ask the RepoFinder server, in the app's own types. ``APIClient`` is the real one; tests give
/// view models a fake. Every call throws ``ClientFailure``. Calls about the person make an anonymous account first
/// when the device has none.
public protocol RepoFinderService: Sendable {
    /// The person's preferences (defaults until first saved).
    func preferences() async throws(ClientFailure) -> UserPreferences
    /// Replaces the person's preferences and returns what the server stored.
    func savePreferences(_ preferences: UserPreferences) async throws(ClientFailure) -> UserPreferences
    /// The next cards of the person's deck (never one dealt before), within `filter`, or within the filter the
    /// person saved when it is nil.
    func feed(limit: Int, filter: DeckFilter?) async throws(ClientFailure) -> FeedBatch
    /// Gives cards dealt but never shown back to the deck's pool (the re-deal); returns those given back (a card the
    /// person acted on, or today's pick, stays dealt).
    func giveBack(_ repositories: [RepositoryName]) async throws(ClientFailure) -> [RepositoryName]
    /// The deck filter the person saved (empty when none), with how much of the catalog it allows.
    func deckFilter() async throws(ClientFailure) -> DeckFilterState
    /// Saves the person's deck filter (every device deals with it; an empty one clears it).
    func saveDeckFilter(_ filter: DeckFilter) async throws(ClientFailure) -> DeckFilterState
    /// Records interactions; each id is stored once however often it is sent.
    func record(_ interactions: [Interaction]) async throws(ClientFailure) -> RecordReceipt
    /// Withdraws the like, save or skip recorded with this id (the deck's undo): it no longer counts, and a like or
    /// save leaves its list; the server keeps it in its record, marked withdrawn.
    func withdraw(id: String) async throws(ClientFailure)
    /// A page of the saved or liked list, most recent first.
    func list(_ list: UserList, page: Int, perPage: Int) async throws(ClientFailure) -> ResultPage<ListEntry>
    /// Takes a repository off a list.
    func remove(_ repository: RepositoryName, from list: UserList) async throws(ClientFailure)
    /// What the person did, counted.
    func stats() async throws(ClientFailure) -> PersonStats
    /// Repositories that gained the most stars over a window.
    func trending(language: String?, window: TrendingWindow, page: Int, perPage: Int) async throws(ClientFailure)
        -> ResultPage<TrendingEntry>
    /// Full-text search, with the words to mark and a correction of an unknown word.
    func search(_ request: SearchRequest) async throws(ClientFailure) -> SearchResultsPage
    /// What to offer while someone types `text` into search (repositories, topics, languages), at most `limit`.
    func searchSuggestions(_ text: String, limit: Int) async throws(ClientFailure) -> [SearchSuggestion]
    /// One repository.
    func repository(_ name: RepositoryName) async throws(ClientFailure) -> Repository
    /// One repository with where the curated lists place it.
    func listedRepository(_ name: RepositoryName) async throws(ClientFailure) -> RepositoryWithListings
    /// What a curated list places under `heading` (outermost first) and below it, at most `limit` repositories.
    func listSection(list: String, heading: [String], limit: Int, page: Int) async throws(ClientFailure)
        -> ListSectionPage
    /// The repository's daily star counts, oldest first, between `from` and `to` (both included; nil: all).
    func starHistory(of name: RepositoryName, from: Day?, to: Day?) async throws(ClientFailure) -> [StarSnapshot]
    /// Repositories like this one, most similar first.
    func similar(to name: RepositoryName, limit: Int) async throws(ClientFailure) -> [Card]
    /// The catalog's topic clusters.
    func clusters() async throws(ClientFailure) -> [ClusterSummary]
    /// An area's best repositories (at most `limit`), without what the person has seen.
    func area(_ id: String, limit: Int) async throws(ClientFailure) -> AreaPage
    /// Starts importing `login`'s public GitHub stars into the person's taste; the person's import still running, if
    /// there is one.
    func importGitHubStars(login: String) async throws(ClientFailure) -> StarImportProgress
    /// One of the person's imports, as it is now.
    func starImport(id: String) async throws(ClientFailure) -> StarImportProgress
    /// The person's Home for their local day in `timeZone` (an IANA name).
    func home(timeZone: String) async throws(ClientFailure) -> HomeScreen
    /// 2–4 repositories side by side, with each one's fit for the person.
    func compare(_ names: [RepositoryName]) async throws(ClientFailure) -> RepositoryComparison
    /// Sends product analytics events (the outbox's queue, at most 100 at a time); each id is stored once however
    /// often it is sent. A batch is stored whole or not at all: ``ClientFailure/rejected(_:)`` when the server refuses
    /// it as invalid.
    func sendEvents(_ events: [AnalyticsEvent]) async throws(ClientFailure) -> AnalyticsReceipt
    /// The catalog's repositories the person signed in with GitHub maintains, with their counts over `window`
    /// (``ClientFailure/forbidden(_:code:)``, `not_signed_in`, for anyone not signed in with GitHub).
    func maintainedRepositories(window: MaintainerWindow) async throws(ClientFailure) -> MaintainedRepositories
    /// How one of the person's repositories fared over `window` (``ClientFailure/forbidden(_:code:)``: `not_signed_in`,
    /// or `not_maintainer` when it is not theirs).
    func maintainerDashboard(_ name: RepositoryName, window: MaintainerWindow) async throws(ClientFailure)
        -> MaintainerDetail
    /// The repository's days over `window` as CSV text (`day,dealt,likes,saves,skips,opens`).
    func maintainerDashboardCSV(_ name: RepositoryName, window: MaintainerWindow) async throws(ClientFailure) -> String
}
