public import RepoFinderAPI
import RepoFinderCore
public import Storage

extension APISchemas {
    /// How many entries each top list of `Stats` has at most.
    public static let topCount = 10

    /// A person's activity as the contract's `Stats`.
    public static func stats(_ activity: PersonActivity) -> Components.Schemas.Stats {
        .init(
            likes: activity.kinds[.like] ?? 0, saves: activity.kinds[.save] ?? 0, skips: activity.kinds[.skip] ?? 0,
            views: activity.kinds[.view] ?? 0, opens: activity.kinds[.open] ?? 0,
            topLanguages: activity.topLanguages.map { .init(name: $0.name, count: $0.count) },
            topTopics: activity.topTopics.map { .init(name: $0.name, count: $0.count) })
    }
}
