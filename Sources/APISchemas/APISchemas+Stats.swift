public import RepoFinderAPI
public import RepoFinderCore

extension APISchemas {
    /// How many entries each top list of `Stats` has at most.
    public static let topCount = 10

    /// A person's statistics as the contract's `Stats` (with the sizes of their lists now, when known).
    public static func stats(_ stats: PersonStats) -> Components.Schemas.Stats {
        let counts = stats.counts
        let languages: [Components.Schemas.NamedCount] = stats.languages.map { .init(name: $0.name, count: $0.count) }
        let topics: [Components.Schemas.NamedCount] = stats.topics.map { .init(name: $0.name, count: $0.count) }
        return .init(
            likes: counts[.like] ?? 0, saves: counts[.save] ?? 0, skips: counts[.skip] ?? 0,
            views: counts[.view] ?? 0, opens: counts[.open] ?? 0, stars: counts[.star] ?? 0,
            liked: stats.liked, saved: stats.saved, topLanguages: languages, topTopics: topics)
    }
}
