public import Foundation
import RepoFinderCore

/// Imports of a person's GitHub stars: one running at a time per person, with its progress. One of the roles ``DataStore`` composes;
/// a module that needs only this part takes it alone. Every method is atomic (see ``DataStore``).
public protocol StarImportStore: Sendable {
    /// Records `candidate` as the person's running import, unless one is already running: a running import that has
    /// not reported since `staleBefore` was interrupted and is marked failed first. One running import per person,
    /// however many servers ask at once. Throws ``StorageError/unknownUser(_:)``.
    func beginStarImport(_ candidate: StarImport, staleBefore: Date) async throws -> StarImportStart

    /// Saves an import's progress or outcome (found by its id and person).
    func updateStarImport(_ starImport: StarImport) async throws

    /// One of the person's imports; nil when they have none with that id.
    func starImport(id: String, userID: String) async throws -> StarImport?

    /// The person's imports, newest first.
    func starImports(userID: String) async throws -> [StarImport]
}
