public import Foundation

/// One import of a GitHub user's public stars into a person's account, as the store keeps it: what it has read and
/// stored so far, and how it ended.
public struct StarImport: Hashable, Sendable {
    /// Where an import is.
    public enum State: String, Hashable, Sendable {
        case running
        case done
        case failed
    }

    public var id: String
    public var userID: String
    /// The GitHub login whose stars are read.
    public var login: String
    public var state: State
    /// Stars listed so far.
    public var read: Int
    /// Stars stored as new `star` interactions (a star imported before is read but not imported again).
    public var imported: Int
    /// Starred repositories that were not in the catalog and were added from the listing.
    public var added: Int
    /// Pages of GitHub's listing read so far, and how many there are when GitHub said (`Link: rel="last"`).
    public var pagesRead: Int
    public var pagesTotal: Int?
    /// Why it failed, in words a person can act on.
    public var failure: String?
    /// The newest `starred_at` read: the next import of the same login stops once it reaches stars this old.
    public var newestStarredAt: Date?
    public var startedAt: Date
    /// When the import last reported progress (a running import that stops reporting was interrupted).
    public var updatedAt: Date
    public var finishedAt: Date?

    public init(
        id: String = UUID().uuidString.lowercased(), userID: String, login: String, state: State = .running,
        read: Int = 0, imported: Int = 0, added: Int = 0, pagesRead: Int = 0, pagesTotal: Int? = nil,
        failure: String? = nil, newestStarredAt: Date? = nil, startedAt: Date, updatedAt: Date? = nil,
        finishedAt: Date? = nil
    ) {
        self.id = id
        self.userID = userID
        self.login = login
        self.state = state
        self.read = read
        self.imported = imported
        self.added = added
        self.pagesRead = pagesRead
        self.pagesTotal = pagesTotal
        self.failure = failure
        self.newestStarredAt = newestStarredAt
        self.startedAt = startedAt
        self.updatedAt = updatedAt ?? startedAt
        self.finishedAt = finishedAt
    }
}

/// What ``DataStore/beginStarImport(_:staleBefore:)`` did.
public enum StarImportStart: Hashable, Sendable {
    /// The new import was recorded as running.
    case started(StarImport)
    /// The person already has an import running (and reporting since the stale time): this one.
    case alreadyRunning(StarImport)
}
