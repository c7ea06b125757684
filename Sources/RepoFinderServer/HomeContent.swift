import Dealing
import Foundation
import Recommender
import RepoFinderCore
import Storage

/// What Home shows one person at one moment, gathered once and then written as JSON either by the generated types
/// (``DiscoveryAPI/getHome(_:)``, the reference) or by hand (``HomeEndpoint``, what the server answers with).
struct HomeContent: Sendable {
    var part: PartOfDay
    var name: String?
    var day: Day
    var timeZone: String
    var onboarded: Bool
    var pick: DailyPick?
    /// No pick yet: nothing personal is known (``HomeParts/pickWaits``).
    var pickWaits = false
    var moverLanguages: [String]
    var movers: [TrendingEntry]
    var moversFrom: Day?
    var moversTo: Day?
    var recentSaves: [Repository]
    var savedCount: Int
    /// Questions to start Ask with, made from what Home shows.
    var askSuggestions: [String] = []
    /// Ask questions left this month; nil without a limit.
    var askLeft: Int?
    /// The catalog's age (Home says it once when the catalog is old).
    var catalog: CatalogAge?

    var greeting: String { part.greeting(name: name) }
    var pickMessage: String? {
        if pick != nil { return nil }
        return pickWaits
            ? "Today's pick is made for you once you tell RepoFinder what you work with, or swipe a few cards."
            : "You have seen every repository your preferences allow; widen them for a new pick."
    }

    /// How many repositories "moving in your languages" lists.
    static let moverCount = 5

    /// Questions to start Ask with: what is trending and welcoming in the person's first language, why today's pick
    /// was chosen, what is like their latest save.
    static func askSuggestions(language: String?, pick: Repository?, saved: Repository?) -> [String] {
        var questions = [
            "What is trending in \(language ?? "open source") this week?",
            "Beginner-friendly \(language.map { "\($0) " } ?? "")projects with open issues",
        ]
        if let pick { questions.append("Why was \(pick.fullName) in my deck?") }
        if let saved { questions.append("Something like \(saved.name)") }
        return questions
    }

    /// The trending list "moving in your languages" reads for one language (nil: every language).
    static func moversQuery(language: String?) -> TrendingQuery {
        TrendingQuery(language: language, window: .weekly, limit: moverCount + 1)
    }
}

extension DiscoveryAPI {
    /// Home for the signed-in person in `timeZone` (an IANA name; UTC when nil) at the server's clock.
    func homeContent(timeZone: String?, recommender: Recommender) async throws -> HomeContent {
        let userID = try await accounts.authenticate()
        let local: LocalTime
        do {
            local = try LocalTime(timeZoneIdentifier: timeZone)
        } catch {
            throw APIError.badRequest(error.description)
        }
        let now = clock()
        let day = local.day(at: now)
        let parts = try await sessions.session(userID).home(for: day, recommender: recommender, at: now)
        let (preferences, pick, saves) = (parts.preferences, parts.pick, parts.recentSaves)
        let languages = recommender.index.languages(of: preferences)
        var lists: [TrendingList] = []
        for language in languages.isEmpty ? [nil] : languages.map(Optional.some) {
            lists.append(try await movers(language: language))
        }
        let pickKey = pick?.card.repository.id
        let movers = lists.flatMap(\.entries).filter { $0.repository.id != pickKey }
            .sorted {
                $0.starsGained > $1.starsGained
                    || ($0.starsGained == $1.starsGained && $0.repository.id < $1.repository.id)
            }
        let asked = try await store.questionsAsked(userID: userID, month: AskQuotaUse.month(of: now))
        return HomeContent(
            part: local.partOfDay(at: now), name: parts.callingName, day: day, timeZone: local.identifier,
            onboarded: preferences.onboardingCompleted, pick: pick, pickWaits: parts.pickWaits,
            moverLanguages: languages,
            movers: Array(movers.prefix(HomeContent.moverCount)), moversFrom: lists.compactMap(\.start).min(),
            moversTo: lists.compactMap(\.end).max(), recentSaves: saves.items.map(\.repository),
            savedCount: saves.total,
            askSuggestions: HomeContent.askSuggestions(
                language: languages.first, pick: pick?.card.repository, saved: saves.items.first?.repository),
            askLeft: askLimit.map { max(0, $0 - asked) }, catalog: recommender.index.age)
    }
}

extension DiscoveryAPI {
    /// This week's top gainers in `language` (nil: any) as Home lists them, kept a few minutes (``ExpiringCache``).
    func movers(language: String?) async throws -> TrendingList {
        let query = HomeContent.moversQuery(language: language)
        return try await trendingCache.value(for: query) { [store] in try await store.trending(query) }
    }
}
