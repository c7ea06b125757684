public import RepoFinderAPI
public import Storage

extension APISchemas {
    /// A star import as the contract's `StarImport`.
    public static func starImport(_ starImport: StarImport) -> Components.Schemas.StarImport {
        .init(
            id: starImport.id, source: .githubStars, login: starImport.login,
            state: Components.Schemas.StarImport.StatePayload(rawValue: starImport.state.rawValue) ?? .failed,
            read: starImport.read, imported: starImport.imported, added: starImport.added,
            pagesRead: starImport.pagesRead, pagesTotal: starImport.pagesTotal, failure: starImport.failure,
            startedAt: starImport.startedAt, updatedAt: starImport.updatedAt, finishedAt: starImport.finishedAt)
    }

    /// Where an import's progress is read.
    public static func importAddress(_ id: String) -> String { "/v1/me/imports/\(id)" }
}
