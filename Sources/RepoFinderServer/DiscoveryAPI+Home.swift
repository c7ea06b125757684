import APISchemas
import Dealing
import Foundation
import Recommender
import RepoFinderAPI
import RepoFinderCore
import Storage

extension DiscoveryAPI {
    /// How many repositories "moving in your languages" lists.
    static let homeMovers = 5
    /// How many recent saves Home shows.
    static let homeSaves = 3

    func getHome(_ input: Operations.GetHome.Input) async throws -> Operations.GetHome.Output {
        let userID = try await accounts.authenticate()
        let local: LocalTime
        do {
            local = try LocalTime(timeZoneIdentifier: input.query.timeZone)
        } catch {
            throw APIError.badRequest(error.description)
        }
        let now = clock()
        let day = local.day(at: now)
        let session = sessions.session(userID)
        let recommender = deck.recommender
        async let saves = store.list(.saved, userID: userID, page: PageRequest(page: 1, perPage: Self.homeSaves))
        let preferences = try await session.preferences(in: recommender.index)
        var name = PartOfDay.callingName(preferences.name)
        if name == nil, let identity = try await store.githubIdentity(userID: userID) {
            name = PartOfDay.callingName(identity.name) ?? identity.login
        }
        let pick = try await session.pick(for: day, recommender: recommender, at: now)
        let languages = recommender.index.languages(of: preferences)
        let moving = try await movers(in: languages, excluding: pick?.card.repository.id, now: now)
        let part = local.partOfDay(at: now)
        let saved = try await saves
        return .ok(
            .init(
                body: .json(
                    .init(
                        onboarded: preferences.onboardingCompleted, greeting: part.greeting(name: name),
                        partOfDay: .init(rawValue: part.rawValue)!, name: name,
                        day: day.description, timeZone: local.identifier,
                        pick: pick.map {
                            .init(
                                item: APISchemas.card($0.card, now: now),
                                decision: $0.decision.flatMap { .init(rawValue: $0.rawValue) })
                        },
                        pickMessage: pick == nil
                            ? "You have seen every repository your preferences allow; widen them for a new pick." : nil,
                        moving: moving, recentSaves: saved.items.map { APISchemas.repository($0.repository, now: now) },
                        savedCount: saved.total,
                        ask: .init(available: false, suggestedQuestions: [])))))
    }

    /// This week's top gainers in `languages` (every language when none), merged by gain, bursts left out.
    private func movers(in languages: [String], excluding key: String?, now: Date) async throws
        -> Components.Schemas.HomeMoving
    {
        var lists: [TrendingList] = []
        for language in languages.isEmpty ? [nil] : languages.map(Optional.some) {
            lists.append(
                try await trendingCache.trending(
                    TrendingQuery(language: language, window: .weekly, limit: Self.homeMovers + 1)))
        }
        let entries = lists.flatMap(\.entries).filter { $0.repository.id != key }
            .sorted {
                $0.starsGained > $1.starsGained
                    || ($0.starsGained == $1.starsGained && $0.repository.id < $1.repository.id)
            }
            .prefix(Self.homeMovers)
        let end = lists.compactMap(\.end).max()
        let start = lists.compactMap(\.start).min()
        return .init(
            languages: languages, from: start?.description, to: end?.description,
            note: end.flatMap { CountsFreshness.note(for: $0, now: now) },
            items: entries.map {
                .init(repository: APISchemas.repository($0.repository, now: now), starsGained: $0.starsGained)
            })
    }
}
