import APISchemas
import Dealing
import Foundation
import Recommender
import RepoFinderAPI
import RepoFinderCore
import Storage

extension DiscoveryAPI {
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
