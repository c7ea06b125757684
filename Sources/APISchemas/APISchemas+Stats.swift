public import RepoFinderAPI
public import RepoFinderCore

extension APISchemas {
    /// How many entries each top list of `Stats` has at most.
    public static let topCount = 10

    /// A person's statistics as the contract's `Stats`.
    public static func stats(_ stats: PersonStats) -> Components.Schemas.Stats {
        .init(
            likes: stats.counts[.like] ?? 0, saves: stats.counts[.save] ?? 0, skips: stats.counts[.skip] ?? 0,
            views: stats.counts[.view] ?? 0, opens: stats.counts[.open] ?? 0, stars: stats.counts[.star] ?? 0,
            topLanguages: stats.languages.map { .init(name: $0.name, count: $0.count) },
            topTopics: stats.topics.map { .init(name: $0.name, count: $0.count) })
    }
}
