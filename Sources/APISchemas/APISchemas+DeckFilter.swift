public import RepoFinderAPI
public import RepoFinderCore

extension APISchemas {
    /// A deck filter as the contract's `DeckFilter` (empty lists and no minimum for no narrowing).
    public static func deckFilter(_ filter: DeckFilter) -> Components.Schemas.DeckFilter {
        Components.Schemas.DeckFilter(
            languages: filter.languages,
            excludedLanguages: filter.excludedLanguages,
            clusters: filter.clusters.compactMap(Components.Schemas.ClusterID.init(rawValue:)),
            minimumStars: filter.minimumStars,
            health: filter.health.flatMap { .init(rawValue: $0.rawValue) })
    }

    /// A person's deck filter as the contract's `DeckFilterState`: the filter, how many repositories it allows, and
    /// the deck's link with it.
    public static func deckFilterState(_ filter: DeckFilter, matching: Int) -> Components.Schemas.DeckFilterState {
        let route = Route.discover(filter.isEmpty ? nil : filter)
        return Components.Schemas.DeckFilterState(
            filter: deckFilter(filter), matching: matching, deepLink: route.deepLink, webPath: route.webPath)
    }

    /// The contract's `DeckFilter` as RepoFinder's, checked (a 400's words when it is out of bounds).
    public static func deckFilter(_ body: Components.Schemas.DeckFilter) throws(DeckFilterError) -> DeckFilter {
        try DeckFilter.checked(
            languages: body.languages ?? [], excludedLanguages: body.excludedLanguages ?? [],
            clusters: (body.clusters ?? []).map(\.rawValue), minimumStars: body.minimumStars ?? 0,
            health: body.health.flatMap { .init(rawValue: $0.rawValue) })
    }
}
