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

    public init(
        text: String, language: String? = nil, topic: String? = nil, minimumStars: Int? = nil,
        health: RepositoryHealth.Level? = nil, now: Date = Date(), sort: SearchSort = .bestMatch,
        page: PageRequest = PageRequest()
    ) {
        self.health = health
        self.now = now
        self.text = text
        self.language = language
        self.topic = topic
        self.minimumStars = minimumStars
        self.sort = sort
        self.page = page
    }

    /// The terms searched for (see ``SearchTerms``).
    public var terms: [String] { SearchTerms.terms(of: text) }
}

/// How search results are ordered.
public enum SearchSort: String, CaseIterable, Codable, Hashable, Sendable {
    /// Text relevance (name first, then topics, then description), nudged by popularity; stars without text.
    case bestMatch = "best-match"
    /// Most starred first.
    case stars
    /// Most forked first.
    case forks
    /// Most recently pushed first.
    case recentlyPushed = "recently-pushed"
}
