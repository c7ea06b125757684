public import Foundation

/// A person using RepoFinder. Accounts start anonymous; the bearer token is kept only as a hash.
public struct UserAccount: Hashable, Sendable {
    /// A stable opaque id (a UUID string).
    public var id: String
    /// When the account was created.
    public var createdAt: Date
    /// When the account was first used a day or more after it was created (nil: it never came back, so far).
    public var returnedAt: Date?

    public init(id: String, createdAt: Date, returnedAt: Date? = nil) {
        self.id = id
        self.createdAt = createdAt
        self.returnedAt = returnedAt
    }
}
