import Foundation
import Localization
public import RepoFinderCore

/// The person's Home, as the server made it for their local day.
public struct HomeScreen: Hashable, Sendable {
    /// "Good evening, Ana".
    public var greeting: String
    /// The person's local day, `YYYY-MM-DD`.
    public var day: String
    public var onboarded: Bool
    /// Today's pick, and what the person did with it (like, save, skip), if anything.
    public var pick: Card?
    public var pickDecision: InteractionKind?
    /// Why there is no pick.
    public var pickMessage: String?
    /// This week's top gainers in the person's languages (every language when none are known).
    public var movers: [TrendingEntry]
    public var moverLanguages: [String]
    /// "Numbers from 22 Aug 2026" when the counts are old.
    public var moversNote: String?
    public var recentSaves: [Repository]
    public var savedCount: Int
    /// The Ask assistant's slot: nil unless the server has Ask.
    public var ask: AskSlot?
    /// "Catalog as of 22 Aug 2026, 97 days ago: …" when the catalog's figures are more than 2 days old (said once).
    public var catalogNote: String?

    public init(
        greeting: String, day: String, onboarded: Bool, pick: Card?, pickDecision: InteractionKind?,
        pickMessage: String?, movers: [TrendingEntry], moverLanguages: [String], moversNote: String?,
        recentSaves: [Repository], savedCount: Int, ask: AskSlot?, catalogNote: String? = nil
    ) {
        self.greeting = greeting
        self.day = day
        self.onboarded = onboarded
        self.pick = pick
        self.pickDecision = pickDecision
        self.pickMessage = pickMessage
        self.movers = movers
        self.moverLanguages = moverLanguages
        self.moversNote = moversNote
        self.recentSaves = recentSaves
        self.savedCount = savedCount
        self.ask = ask
        self.catalogNote = catalogNote
    }
}

/// Suggested questions for the Ask assistant and what is left of its quota.
public struct AskSlot: Hashable, Sendable {
    public var suggestedQuestions: [String]
    public var remainingQuestions: Int?

    public init(suggestedQuestions: [String], remainingQuestions: Int?) {
        self.suggestedQuestions = suggestedQuestions
        self.remainingQuestions = remainingQuestions
    }

    /// "12 questions left this month" ("1 question …") in the device's language, when the server counts them.
    public var quotaLine: String? {
        remainingQuestions.map { Words(Language.device).text("facts.ask.slot-quota", $0) }
    }
}

/// A comparison as the server sent it: the facts (rebuilt into the core's ``Comparison``, so the app marks and words
/// them by the same rules) and, with an account, each one's fit for the person.
public struct RepositoryComparison: Sendable {
    public var comparison: Comparison
    /// Per repository (same order), the fit and its reasons; nil without an account.
    public var fits: [Card?]
    public var deepLink: String

    public init(comparison: Comparison, fits: [Card?], deepLink: String) {
        self.comparison = comparison
        self.fits = fits
        self.deepLink = deepLink
    }
}
