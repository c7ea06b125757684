import Foundation
public import RepoFinderCore

/// One card of the deck: a repository, how well it fits the person (0–100), and why it was dealt.
public struct Card: Identifiable, Codable, Hashable, Sendable {
    public var repository: Repository
    public var fitScore: Int
    public var reasons: [String]
    /// The topic cluster it belongs to (`machine-learning`, `web-frontend`, …).
    public var cluster: String

    public init(repository: Repository, fitScore: Int, reasons: [String], cluster: String) {
        self.repository = repository
        self.fitScore = fitScore
        self.reasons = reasons
        self.cluster = cluster
    }

    /// The repository's key (`owner/name`, lowercase).
    public var id: String { repository.id }
}

/// A batch of cards from the feed.
public struct FeedBatch: Hashable, Sendable {
    public var cards: [Card]
    /// True when nothing more matches: the person has seen everything the filter allows.
    public var exhausted: Bool
    /// The server's words for an exhausted deck.
    public var message: String?
    /// The filter the cards were dealt within (empty: none).
    public var filter: DeckFilter

    public init(cards: [Card], exhausted: Bool, message: String? = nil, filter: DeckFilter = DeckFilter()) {
        self.cards = cards
        self.exhausted = exhausted
        self.message = message
        self.filter = filter
    }
}

/// A person's deck filter as the server keeps it: the filter, how many repositories of the catalog it allows (seen or
/// not), and the deck's links with it.
public struct DeckFilterState: Hashable, Sendable {
    public var filter: DeckFilter
    public var matching: Int
    /// `repoverse://discover?…`
    public var deepLink: String
    /// `/discover?…`
    public var webPath: String

    public init(filter: DeckFilter, matching: Int, deepLink: String, webPath: String) {
        self.filter = filter
        self.matching = matching
        self.deepLink = deepLink
        self.webPath = webPath
    }
}
