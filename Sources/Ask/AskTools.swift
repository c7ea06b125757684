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
    /// The catalog's age: activity is judged as of its newest day once it is stale, as the cards judge it (nil:
    /// the current task's, ``CatalogAge/current``).
    var catalogAge: CatalogAge? { get }
    /// Repositories matching `text` and meaning `meaning` (the question as a whole, less what it rules out), with how
    /// close each is in meaning; tools without meaning answer by words alone (``MeaningMatches/closeness`` empty).
    func search(_ text: String, meaning: String, language: String?, limit: Int) async throws -> MeaningMatches
    /// Repositories that do `repository`'s job — same kind, other projects — best first (``Alternatives``).
    func alternatives(to repository: Repository, limit: Int) async throws -> [Repository]
    /// Repositories that say, in their own words, that they replace what `name` calls (a repository or a product
    /// known only by name: "Notion"), most stars first.
    func replacing(_ name: String, limit: Int) async throws -> [Repository]
}

extension AskTools {
    /// No age of its own: the current task's.
    public var catalogAge: CatalogAge? { CatalogAge.current }
}

/// What a search by words and meaning found: repositories, best first, each one's cosine with what was meant (empty
/// when the tools have no vectors), and how many repositories matched every word.
public struct MeaningMatches: Sendable {
    public var repositories: [Repository]
    public var closeness: [Float]
    public var completeMatches: Int
    /// Whether any word of the question is a word the catalog uses (false for gibberish).
    public var anyWordKnown: Bool
    /// The largest share of the question's word weight one repository matched, 0…1 (1 where unknown).
    public var bestWordShare: Float
    /// Below this cosine the closest is not about the question, when the sentence model read it (nil: the token
    /// vectors', ``AnswerEngine/weakCloseness``).
    public var weakCloseness: Float?

    public init(
        repositories: [Repository], closeness: [Float] = [], completeMatches: Int = 0, anyWordKnown: Bool = true,
        bestWordShare: Float = 1, weakCloseness: Float? = nil
    ) {
        self.weakCloseness = weakCloseness
        self.bestWordShare = bestWordShare
        self.anyWordKnown = anyWordKnown
        self.repositories = repositories
        self.closeness = closeness
        self.completeMatches = completeMatches
    }
}

extension AskTools {
    public func search(_ text: String, meaning: String, language: String?, limit: Int) async throws -> MeaningMatches {
        let found = try await search(text, language: language, limit: limit)
        return MeaningMatches(repositories: found, completeMatches: found.count)
    }

    public func alternatives(to repository: Repository, limit: Int) async throws -> [Repository] {
        try await similar(to: repository, limit: limit)
    }

    /// Tools that know no one's own words know of nothing that replaces anything.
    public func replacing(_ name: String, limit: Int) async throws -> [Repository] { [] }
}
