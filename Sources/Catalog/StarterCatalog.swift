import Foundation
public import Storage

/// The facts-only starter catalog bundled with RepoFinder (see `Resources/PROVENANCE.md`): loaded into a database
/// that holds no repositories, so search and trending answer on a fresh machine with no network.
public enum StarterCatalog {
    /// What loading did.
    public struct Load: Sendable {
        public var repositories: ImportSummary
        public var starSnapshots: ImportSummary
    }

    /// The bundled repositories file.
    public static var repositoriesPath: String? {
        Bundle.module.path(forResource: "starter-repositories.jsonl", ofType: "gz")
    }

    /// The bundled star snapshots file.
    public static var starSnapshotsPath: String? {
        Bundle.module.path(forResource: "starter-stars.csv", ofType: "gz")
    }

    /// Loads the starter catalog if `store` holds no repositories; nil if it already had some. `willLoad` is called
    /// just before loading starts (to tell the person why the first command takes a few seconds).
    public static func loadIfEmpty(into store: any CatalogStore, willLoad: () -> Void = {}) async throws -> Load? {
        // One row answers "empty?"; statistics() would count every table on each command.
        guard try await store.repositories(offset: 0, limit: 1).isEmpty else { return nil }
        guard let repositoriesPath, let starSnapshotsPath else {
            throw StorageError.unavailable("The starter catalog is missing from this build of RepoFinder.")
        }
        willLoad()
        let importer = CatalogImporter(store: store)
        let repositories = try await importer.importRepositories(from: repositoriesPath)
        let starSnapshots = try await importer.importStarSnapshots(from: starSnapshotsPath)
        return Load(repositories: repositories, starSnapshots: starSnapshots)
    }
}
