public import Foundation
public import RepoFinderCore

/// A catalog search: free text over name, full name, topics and description, with filters, a sort and a page.
public struct SearchQuery: Hashable, Sendable {
    /// What the person typed; empty browses the catalog with the filters alone.
    public var text: String
    /// Only repositories in this language (case-insensitive).
    public var language: String?
    /// Only repositories with this topic (case-insensitive).
    public var topic: String?
    /// Only repositories with at least this many stars.
    public var minimumStars: Int?
    /// Only repositories of this health (``RepositoryHealth``, judged at ``now``).
    public var health: RepositoryHealth.Level?
    /// The moment health is judged at.
    public var now: Date
    /// The order of results.
    public var sort: SearchSort
    /// Which page.
    public var page: PageRequest
    /// Text whose meaning ranks the results beside the words (Ask passes the question without what it rules out);
    /// nil: best-match searches use the words typed, when they match few repositories whole.
    public var meaning: String?
    /// False: words alone, never ranked by meaning (a tool that wants what has these words, such as Ask's look-ups).
    public var matchesMeaning = true

    public init(
        text: String, language: String? = nil, topic: String? = nil, minimumStars: Int? = nil,
        health: RepositoryHealth.Level? = nil, now: Date = Date(), sort: SearchSort = .bestMatch,
        page: PageRequest = PageRequest(), meaning: String? = nil
    ) {
        self.meaning = meaning
        self.health = health
        self.now = now
        self.text = text
        self.language = language
        self.topic = topic
        self.minimumStars = minimumStars
        self.sort = sort
        self.page = page
    }
}

/// How search results are ordered.
public enum SearchSort: String, CaseIterable, Codable, Hashable, Sendable {
    /// Text relevance (names first, then topics, then descriptions) with popularity and health; stars without text.
    case bestMatch = "best-match"
    /// Most starred first.
    case stars
    /// Most forked first.
    case forks
    /// Most recently pushed first.
    case recentlyPushed = "recently-pushed"
}

/// A page of search results and what the search made of the words.
public struct SearchResults: Hashable, Sendable {
    /// The repositories, in order, with the total.
    public var page: Page<Repository>
    /// Lowercased words in these results' names, topics and descriptions that matched what was typed (by itself, a
    /// plural, a synonym, a joined form, a completion or a correction): the faces mark them.
    public var highlights: [String]
    /// What the person probably meant when a word as typed is unknown (the results already include the
    /// correction when it matched).
    public var didYouMean: String?
    /// When ranked by meaning too: each result's cosine with what was meant (else empty).
    public var closeness: [Float]
    /// How many repositories matched every word.
    public var completeMatches: Int
    /// The largest share of the query's word weight one repository matched, 0…1.
    public var bestWordShare: Float
    /// Below this cosine the closest result is not about what was meant, when the meaning was read by the sentence
    /// model (nil: read from the token vectors).
    public var weakCloseness: Float?

    public init(
        page: Page<Repository>, highlights: [String] = [], didYouMean: String? = nil, closeness: [Float] = [],
        completeMatches: Int = 0, bestWordShare: Float = 0, weakCloseness: Float? = nil
    ) {
        self.weakCloseness = weakCloseness
        self.bestWordShare = bestWordShare
        self.closeness = closeness
        self.completeMatches = completeMatches
        self.page = page
        self.highlights = highlights
        self.didYouMean = didYouMean
    }
}
