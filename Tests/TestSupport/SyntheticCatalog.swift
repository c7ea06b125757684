import Foundation
public import RepoFinderCore
public import Storage

/// A small catalog for server and app tests: five language families of 12 repositories each, with a week of star
/// snapshots so trending has something to rank.
public enum SyntheticCatalog {
    /// Languages and topics: 12 repositories each.
    public static let families: [(language: String, topics: [String])] = [
        ("Swift", ["swift", "ios"]), ("Python", ["python", "machine-learning"]), ("Rust", ["rust", "cli"]),
        ("TypeScript", ["react", "frontend"]), ("Go", ["kubernetes", "devops"]),
    ]

    /// The catalog: `family-owner-i/project-i`, stars falling with i.
    public static let repositories: [Repository] = families.enumerated().flatMap { family, entry in
        (0..<12).map { i in
            var repository = Fixtures.repository(
                name(entry.language, i), stars: 50_000 - 3_000 * i - 100 * family, topics: entry.topics)
            repository.language = entry.language
            return repository
        }
    }

    /// The full name of the i-th repository of a language.
    public static func name(_ language: String, _ i: Int) -> String {
        "\(language.lowercased())-dev\(i % 4)/\(language.lowercased())-project-\(i)"
    }

    /// Stores the catalog and eight days of star snapshots ending at ``Fixtures/moment``.
    public static func seed(_ store: any DataStore) async throws {
        _ = try await store.upsertRepositories(repositories)
        let day = Day(daysSinceEpoch: Int(Fixtures.moment.timeIntervalSince1970 / 86_400))
        var snapshots: [StarSnapshot] = []
        for (position, repository) in repositories.enumerated() {
            for offset in 0...7 {
                snapshots.append(
                    StarSnapshot(
                        repository: repository.repositoryName, day: day.adding(days: offset - 7),
                        stars: repository.stars + offset * (position % 7) * 10, forks: 1))
            }
        }
        _ = try await store.upsertStarSnapshots(snapshots)
    }
}
