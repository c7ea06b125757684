public import Foundation

/// What a product analytics event says happened. The raw values are the API's names.
public enum AnalyticsEventName: String, CaseIterable, Codable, Hashable, Sendable {
    /// An onboarding step was shown (`label`: the step, ``OnboardingStep``'s name).
    case onboardingStepSeen = "onboarding.step.seen"
    /// An onboarding step was answered and left forward (`label`: the step).
    case onboardingStepFinished = "onboarding.step.finished"
    /// An onboarding step was left without an answer (`label`: the step).
    case onboardingStepSkipped = "onboarding.step.skipped"
    /// Onboarding was finished: the first deck is next.
    case onboardingFinished = "onboarding.finished"
    /// A screen was shown (`label`: its name: discover, home, search, …).
    case screenView = "screen.view"
    /// A search ran (`value`: the query's length in characters; `count`: results; `query` only when none was found).
    /// The server labels it `found` or `none` (``AnalyticsEvent/noResults``).
    case search
    /// A batch of cards was dealt (`count`: cards in it).
    case deckDealt = "deck.dealt"
    /// The deck ran out: nothing more to deal.
    case deckEmptied = "deck.emptied"
    /// A card was swiped (`label`: like, save or skip).
    case swipe
    /// A swipe was undone.
    case undo
    /// A repository was opened on GitHub.
    case open
    /// A GitHub star import was started (`label`: where from: onboarding, profile).
    case importStarted = "import.started"
    /// A GitHub star import finished (`count`: stars imported).
    case importFinished = "import.finished"
    /// Sign-in with GitHub was started.
    case signInStarted = "signin.started"
    /// Sign-in with GitHub finished: the account is linked.
    case signInFinished = "signin.finished"
    /// A question was asked of Ask.
    case askQuestion = "ask.question"
    /// Ask refused a question: the month's questions were used up.
    case askQuota = "ask.quota"
    /// Repositories were compared (`count`: how many).
    case compare
    /// A card was dealt by the server (`label`: where: deck, cluster, home, ask; `repository`; `reason`): recorded
    /// by the server itself, never sent by a client.
    case dealt
}

/// Where an event came from, coarsely: never an address or a user agent string.
public enum AnalyticsPlatform: String, CaseIterable, Codable, Hashable, Sendable {
    case web, ios, terminal, server
}

/// Where the server dealt a repository to someone: what a maintainer's dashboard breaks "times dealt" down by.
public enum DealtSource: String, CaseIterable, Codable, Hashable, Sendable {
    /// The person's deck.
    case deck
    /// Browsing an area (a cluster's repositories).
    case cluster
    /// Home's pick of the day.
    case home
    /// Cited in an Ask answer.
    case ask
}

/// One product analytics event, as a client sends it: what happened, when, where, and a few numbers, never text the
/// person typed (except a search that found nothing, so operators see what people look for and miss).
public struct AnalyticsEvent: Hashable, Sendable {
    /// A key the client makes (a UUID, say): replaying an offline queue never stores it twice.
    public var id: String
    public var name: AnalyticsEventName
    /// When it happened, on the client's clock.
    public var at: Date
    public var platform: AnalyticsPlatform
    /// A short name the event needs (an onboarding step, a screen, a swipe's kind, a source).
    public var label: String?
    /// A number the event needs (a query's length).
    public var value: Int?
    /// How many (results, cards, stars, repositories).
    public var count: Int?
    /// A search's text, only when it found nothing.
    public var query: String?
    /// The repository the event is about (dealt cards).
    public var repository: RepositoryName?
    /// Why the server dealt it (a ``Reason``'s kind).
    public var reason: String?

    public init(
        id: String, name: AnalyticsEventName, at: Date, platform: AnalyticsPlatform, label: String? = nil,
        value: Int? = nil, count: Int? = nil, query: String? = nil, repository: RepositoryName? = nil,
        reason: String? = nil
    ) {
        self.id = id
        self.name = name
        self.at = at
        self.platform = platform
        self.label = label
        self.value = value
        self.count = count
        self.query = query
        self.repository = repository
        self.reason = reason
    }

    /// The label the server gives a search that found nothing (others get `found`).
    public static let noResults = "none"

    /// The UTC day it happened on: what the reports count by.
    public var day: Day { Day(containing: at) }
}

extension OnboardingStep {
    /// The step's name in analytics events (`stars`, `about`, `stack`, …).
    public var analyticsName: String { String(describing: self) }
}
