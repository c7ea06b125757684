import APISchemas
import Dealing
import Foundation
import Recommender
import RepoFinderAPI
import RepoFinderCore
import Storage

extension APIHandlers {
    /// The generated form of `GET /v1/me/home`; the server answers it with ``HomeEndpoint`` (the same content written
    /// by hand). Kept so the contract stays whole and as the reference the endpoint's tests compare with.
    func getHome(_ input: Operations.GetHome.Input) async throws -> Operations.GetHome.Output {
        let home = try await homeContent(timeZone: input.query.timeZone, recommender: deck.recommender)
        let viewers = try await viewerStates(of: home.movers.map(\.repository) + home.recentSaves)
        return .ok(.init(body: .json(Self.schema(home, now: clock(), viewers: viewers))))
    }

    /// Home as the contract's `Home`.
    static func schema(_ home: HomeContent, now: Date, viewers: [String: RepositoryState]? = nil)
        -> Components.Schemas.Home
    {
        .init(
            onboarded: home.onboarded, greeting: home.greeting,
            partOfDay: .init(rawValue: home.part.rawValue)!, name: home.name,
            day: home.day.description, timeZone: home.timeZone,
            pick: home.pick.map {
                .init(
                    item: APISchemas.card($0.card, now: now),
                    decision: $0.decision.flatMap { .init(rawValue: $0.rawValue) })
            },
            pickMessage: home.pickMessage,
            moving: .init(
                languages: home.moverLanguages, from: home.moversFrom?.description,
                to: home.moversTo?.description,
                note: home.moversTo.flatMap { CountsFreshness.note(for: $0, now: now) },
                items: home.movers.map {
                    .init(
                        repository: APISchemas.repository(
                            $0.repository, now: now, viewer: viewers?[$0.repository.id]),
                        starsGained: $0.starsGained)
                }),
            recentSaves: home.recentSaves.map { APISchemas.repository($0, now: now, viewer: viewers?[$0.id]) },
            savedCount: home.savedCount,
            ask: .init(
                available: true, suggestedQuestions: home.askSuggestions, remainingQuestions: home.askLeft),
            catalog: APISchemas.staleCatalog(home.catalog, now: now))
    }
}

extension APIHandlers {
    /// Home for the signed-in person in `timeZone` (an IANA name; UTC when nil) at the server's clock.
    func homeContent(timeZone: String?, recommender: Recommender) async throws -> HomeContent {
        let userID = try await accounts.authenticate()
        let local: LocalTime
        do {
            local = try LocalTime(timeZoneIdentifier: timeZone)
        } catch {
            throw APIError.badRequest(APIError.timeZoneProblem(error))
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

extension APIHandlers {
    /// This week's top gainers in `language` (nil: any) as Home lists them, kept a few minutes (``ExpiringCache``).
    func movers(language: String?) async throws -> TrendingList {
        let query = HomeContent.moversQuery(language: language)
        return try await trendingCache.value(for: query) { [store] in try await store.trending(query) }
    }
}
