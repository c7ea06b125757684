public import RepoFinderCore

/// What can go wrong in storage, worded for the person who has to act on it.
public enum StorageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No account has this id.
    case unknownUser(String)
    /// These repositories are not in the catalog.
    case unknownRepositories([RepositoryName])
    /// The database was migrated by a newer RepoFinder than this one.
    case schemaTooNew(found: Int, supported: Int)
    /// The database could not be opened or reached.
    case unavailable(String)
    /// The database is there but busy (locked by another writer past the wait, or out of connections): try again.
    case busy(String)
    /// A batch would take an account over its ``InteractionQuota``; nothing was stored.
    case quotaExceeded(QuotaExceeded)
    /// Another account is already linked to this GitHub user (by its numeric id).
    case identityTaken(Int64)

    public var description: String {
        switch self {
        case .unknownUser(let id):
            "No user has the id '\(id)'."
        case .unknownRepositories(let names):
            "Not in the catalog: \(names.map(\.fullName).sorted().joined(separator: ", ")). Ingest or sync them first."
        case .schemaTooNew(let found, let supported):
            "The database is at schema version \(found), but this RepoFinder knows versions up to \(supported). "
                + "Upgrade RepoFinder, or point --database at another database."
        case .unavailable(let reason), .busy(let reason):
            reason
        case .quotaExceeded(let exceeded):
            "\(exceeded.stored) interactions stored (\(exceeded.bound.rawValue)); at most \(exceeded.limit)."
        case .identityTaken(let githubID):
            "Another account is already linked to GitHub user \(githubID)."

        }
    }
}

extension StorageError {
    /// A description of `error` fit for a background service's log line: a storage error's reason, otherwise only the
    /// error's type (what failed, never the values it failed on).
    public static func logDescription(of error: any Error) -> String {
        if let error = error as? StorageError { return "StorageError: \(error.description)" }
        return "\(type(of: error))"
    }
}
