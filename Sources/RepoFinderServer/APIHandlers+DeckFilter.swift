import APISchemas
import Dealing
import Foundation
import HTTPTypes
import Localization
import Recommender
import RepoFinderAPI
import RepoFinderCore
import Storage

/// The person's deck filter: kept with their preferences (so every device deals with it), replaced whole.
extension APIHandlers {
    func getDeckFilter(_ input: Operations.GetDeckFilter.Input) async throws -> Operations.GetDeckFilter.Output {
        let userID = try await accounts.authenticate()
        let filter = try await store.preferences(userID: userID)?.deckFilter ?? DeckFilter()
        return .ok(.init(body: .json(deckFilterState(filter))))
    }

    func putDeckFilter(_ input: Operations.PutDeckFilter.Input) async throws -> Operations.PutDeckFilter.Output {
        let userID = try await accounts.authenticate()
        guard case .json(let body) = input.body else {
            throw APIError.badRequest(APIError.text("error.deck-filter.not-json"))
        }
        let filter: DeckFilter
        do {
            filter = try APISchemas.deckFilter(body)
        } catch {
            throw APIError.badRequest(Words(Language.current).deckFilterProblem(error))
        }
        try await chargeNewFilter(filter, userID: userID, recommender: deck.recommender)
        var preferences = try await store.preferences(userID: userID) ?? UserPreferences()
        preferences.deckFilter = filter.isEmpty ? nil : filter
        try await store.setPreferences(preferences, userID: userID)
        await sessions.session(userID).didSetPreferences(preferences)
        return .ok(.init(body: .json(deckFilterState(filter))))
    }

    /// Charges a filter the recommender has not resolved today to the client's address and to the account: working
    /// one out reads the whole catalog, so a stream of made-up filters would cost everyone's decks. 429
    /// `filter_budget` over either budget; a filter in use costs nothing.
    func chargeNewFilter(_ filter: DeckFilter, userID: String, recommender: Recommender) async throws(APIError) {
        guard let newFilters, !recommender.hasResolved(filter, now: clock()) else { return }
        for key in ["address " + RequestIdentity.current.clientAddress, "account " + userID] {
            if let wait = await newFilters.admit(key) {
                throw APIError(
                    .tooManyRequests, code: "filter_budget",
                    message: APIError.text("error.deck-filter.budget", String(wait)),
                    retryAfter: wait)
            }
        }
    }

    /// The filter, how much of the catalog it allows, and its links.
    private func deckFilterState(_ filter: DeckFilter) -> Components.Schemas.DeckFilterState {
        APISchemas.deckFilterState(filter, matching: deck.recommender.matching(filter, now: clock()))
    }

    /// The filter a feed request names (nil: the person's saved one), from its query's values: `language`, `without`
    /// and `cluster` comma-separated, `minStars`, `health`, and `filter=none` for no filter at all.
    static func feedFilter(
        languages: [String]?, excludedLanguages: [String]? = nil, clusters: [String]?, minimumStars: Int?,
        health: String?, choice: String?
    ) throws(APIError) -> DeckFilter? {
        var level: RepositoryHealth.Level?
        if let health {
            guard let parsed = RepositoryHealth.Level(rawValue: health), parsed != .dormant else {
                throw .badRequest(APIError.text("error.feed.health"))
            }
            level = parsed
        }
        let known = Set(Components.Schemas.ClusterID.allCases.map(\.rawValue))
        for cluster in clusters ?? [] where !known.contains(cluster) {
            throw .badRequest(
                APIError.text("error.feed.unknown-area", cluster, known.sorted().joined(separator: ", ")))
        }
        let named =
            languages != nil || excludedLanguages != nil || clusters != nil || minimumStars != nil || health != nil
        switch choice {
        case nil, "saved":
            guard named else { return nil }
        case "none":
            guard !named else { throw .badRequest(APIError.text("error.feed.filter-none-alone")) }
            return DeckFilter()
        case .some(let other):
            throw .badRequest(APIError.text("error.feed.filter-choice", other))
        }
        do {
            return try DeckFilter.checked(
                languages: languages ?? [], excludedLanguages: excludedLanguages ?? [], clusters: clusters ?? [],
                minimumStars: minimumStars ?? 0, health: level)
        } catch {
            throw .badRequest(Words(Language.current).deckFilterProblem(error))
        }
    }
}
