public import Foundation
public import RepoFinderCore
public import Storage

/// What the answering engine can look up: the catalog (search, one repository, similar ones, trending, a comparison)
/// and the asking person's lists and deck reasons. The live tools read the store and the recommender; nothing here
/// writes.
public protocol AskTools: Sendable {
    /// Repositories matching `text` (best match first), optionally in one language.
    func search(_ text: String, language: String?, limit: Int) async throws -> [Repository]
    /// The repository a question names: `owner/name` exactly, else the best-known repository whose name is `name`
    /// (ignoring case, "-", "_" and "."); nil when the catalog has none.
    func repository(named name: String) async throws -> Repository?
    /// Repositories like `repository` (the recommender's neighbours), most alike first.
    func similar(to repository: Repository, limit: Int) async throws -> [Repository]
    /// Each repository's topic cluster (``TopicCluster`` id: "developer-tools", "data", …), nil where unknown.
    func clusters(of repositories: [Repository]) async throws -> [String?]
    /// The trending list: most stars gained in the window, optionally in one language.
    func trending(language: String?, window: TrendingWindow, limit: Int) async throws -> TrendingList
    /// Two to four repositories side by side, with their recent star history.
    func compare(_ repositories: [Repository]) async throws -> Comparison
    /// The asking person's list, most recently added first; empty for nobody signed in.
    func list(_ list: RepositoryList) async throws -> [Repository]
    /// Why the recommender would deal `repository` to the asking person (fit and reasons); nil when it cannot say.
    func reasons(for repository: Repository) async throws -> (fit: Int, reasons: [String])?
    /// Now, as the tools see it (health and "last push" read against it).
    var now: Date { get }
}
