import Foundation
import Localization
public import RepoFinderCore
public import Storage

/// What Home shows one person at one moment, gathered once and then written as JSON either by the generated types
/// (the server's `getHome`, the reference) or by hand (its `HomeEndpoint`, what it answers with).
public struct HomeContent: Sendable {
    public var part: PartOfDay
    public var name: String?
    public var day: Day
    public var timeZone: String
    public var onboarded: Bool
    public var pick: DailyPick?
    /// No pick yet: nothing personal is known (``HomeParts/pickWaits``).
    public var pickWaits = false
    public var moverLanguages: [String]
    public var movers: [TrendingEntry]
    public var moversFrom: Day?
    public var moversTo: Day?
    public var recentSaves: [Repository]
    public var savedCount: Int
    /// Questions to start Ask with, made from what Home shows.
    public var askSuggestions: [String] = []
    /// Ask questions left this month; nil without a limit.
    public var askLeft: Int?
    /// The catalog's age (Home says it once when the catalog is old).
    public var catalog: CatalogAge?

    /// What Home shows: the person's part of the day and name, their local day and time zone, whether they set up,
    /// today's pick (or why there is none), the movers in their languages and the window they moved in, their latest
    /// saves and how many, Ask's suggestions and questions left, and the catalog's age.
    public init(
        part: PartOfDay, name: String?, day: Day, timeZone: String, onboarded: Bool, pick: DailyPick?,
        pickWaits: Bool = false, moverLanguages: [String], movers: [TrendingEntry], moversFrom: Day?, moversTo: Day?,
        recentSaves: [Repository], savedCount: Int, askSuggestions: [String] = [], askLeft: Int? = nil,
        catalog: CatalogAge? = nil
    ) {
        self.part = part
        self.name = name
        self.day = day
        self.timeZone = timeZone
        self.onboarded = onboarded
        self.pick = pick
        self.pickWaits = pickWaits
        self.moverLanguages = moverLanguages
        self.movers = movers
        self.moversFrom = moversFrom
        self.moversTo = moversTo
        self.recentSaves = recentSaves
        self.savedCount = savedCount
        self.askSuggestions = askSuggestions
        self.askLeft = askLeft
        self.catalog = catalog
    }

    /// "Good morning, Ana" in the request's language.
    public var greeting: String { part.greeting(name: name) }
    /// Why there is no pick today, in the request's language; nil when there is one.
    public var pickMessage: String? {
        if pick != nil { return nil }
        let words = Words(Language.current)
        return pickWaits ? words.text("facts.pick.waits") : words.text("facts.pick.exhausted")
    }

    /// How many repositories "moving in your languages" lists.
    public static let moverCount = 5

    /// Questions to start Ask with: what is trending and welcoming in the person's first language, why today's pick
    /// was chosen, what is like their latest save.
    /// Ask understands English (its meaning model is English), so its suggested questions stay English in every
    /// language; the faces mark them as English.
    public static func askSuggestions(language: String?, pick: Repository?, saved: Repository?) -> [String] {
        var questions = [
            "What is trending in \(language ?? "open source") this week?",
            "Beginner-friendly \(language.map { "\($0) " } ?? "")projects with open issues",
        ]
        if let pick { questions.append("Why was \(pick.fullName) in my deck?") }
        if let saved { questions.append("Something like \(saved.name)") }
        return questions
    }

    /// The trending list "moving in your languages" reads for one language (nil: every language).
    public static func moversQuery(language: String?) -> TrendingQuery {
        TrendingQuery(language: language, window: .weekly, limit: moverCount + 1)
    }
}
