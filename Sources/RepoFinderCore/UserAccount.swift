public import Foundation

/// A person using RepoFinder. Accounts start anonymous; the bearer token is kept only as a hash.
public struct UserAccount: Hashable, Sendable {
    /// A stable opaque id (a UUID string).
    public var id: String
    /// When the account was created.
    public var createdAt: Date

    public init(id: String, createdAt: Date) {
        self.id = id
        self.createdAt = createdAt
    }
}
