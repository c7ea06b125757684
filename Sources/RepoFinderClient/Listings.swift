public import Foundation
public import RepoFinderCore

/// A person's two lists.
public enum UserList: String, CaseIterable, Hashable, Sendable {
    case saved
    case liked

    /// The list a like or save puts a repository on; nil for the other kinds.
    public init?(_ kind: InteractionKind) {
        switch kind {
        case .like: self = .liked
        case .save: self = .saved
        case .skip, .view, .open, .star: return nil
        }
    }
}

/// A repository on one of the person's lists.
public struct ListEntry: Identifiable, Codable, Hashable, Sendable {
    public var repository: Repository
    public var addedAt: Date

    public init(repository: Repository, addedAt: Date) {
        self.repository = repository
        self.addedAt = addedAt
    }

    public var id: String { repository.id }

    private enum CodingKeys: String, CodingKey { case repository, addedAt }
}

/// A trending repository: its rank and the stars it gained over the window.
public struct TrendingEntry: Identifiable, Hashable, Sendable {
    public var rank: Int
    public var repository: Repository
    public var starsGained: Int

    public init(rank: Int, repository: Repository, starsGained: Int) {
        self.rank = rank
        self.repository = repository
        self.starsGained = starsGained
    }

    public var id: String { repository.id }
}

/// The order of search results.
public enum SearchOrder: String, CaseIterable, Hashable, Sendable {
    case bestMatch = "best-match"
    case stars
    case forks
    case recentlyPushed = "recently-pushed"
}

/// A search: the words, optional filters, the order, and the page.
public struct SearchRequest: Hashable, Sendable {
    public var query: String
    public var language: String?
    public var topic: String?
    public var order: SearchOrder
    public var page: Int
    public var perPage: Int

    public init(
        query: String, language: String? = nil, topic: String? = nil, order: SearchOrder = .bestMatch, page: Int = 1,
        perPage: Int = 20
    ) {
        self.query = query
        self.language = language
        self.topic = topic
        self.order = order
        self.page = page
        self.perPage = perPage
    }
}

/// A page of search results and what the server made of the words.
public struct SearchResultsPage: Hashable, Sendable {
    public var results: ResultPage<Repository>
    /// Lowercased words of these results that matched what was typed, to mark (see ``SearchHighlight``).
    public var highlights: Set<String>
    /// The words with an unknown one corrected, when the server found a likely spelling.
    public var didYouMean: String?

    public init(results: ResultPage<Repository>, highlights: Set<String> = [], didYouMean: String? = nil) {
        self.results = results
        self.highlights = highlights
        self.didYouMean = didYouMean
    }
}

/// An area (a topic cluster) and its best repositories.
public struct AreaPage: Hashable, Sendable {
    public var area: ClusterSummary
    /// Best first; without what the person has seen.
    public var repositories: [Repository]

    public init(area: ClusterSummary, repositories: [Repository]) {
        self.area = area
        self.repositories = repositories
    }
}

/// A topic cluster of the catalog.
public struct ClusterSummary: Identifiable, Hashable, Sendable {
    public var id: String
    public var name: String
    public var size: Int

    public init(id: String, name: String, size: Int) {
        self.id = id
        self.name = name
        self.size = size
    }
}

/// What the server made of a batch of interactions.
public struct RecordReceipt: Hashable, Sendable {
    /// Newly stored.
    public var accepted: Int
    /// Stored before (the same idempotency key was sent again); not stored twice.
    public var duplicates: Int

    public init(accepted: Int, duplicates: Int) {
        self.accepted = accepted
        self.duplicates = duplicates
    }
}
