public import Foundation

/// What a person did with a repository card.
public enum InteractionKind: String, CaseIterable, Codable, Hashable, Sendable {
    /// Swiped right.
    case like
    /// Kept for later.
    case save
    /// Swiped left.
    case skip
    /// Looked at the detail page.
    case view
    /// Opened it on GitHub.
    case open
    /// Starred it on GitHub: imported from GitHub's star list (`starred_at` is its time), never sent by a client.
    case star
}

/// One interaction, as a client sends it.
public struct Interaction: Hashable, Sendable {
    /// A key the client makes (a UUID, say), so replaying an offline queue never stores it twice.
    public var id: String
    /// The repository acted on.
    public var repository: RepositoryName
    /// What was done.
    public var kind: InteractionKind
    /// When it happened, on the client's clock.
    public var at: Date

    public init(id: String, repository: RepositoryName, kind: InteractionKind, at: Date) {
        self.id = id
        self.repository = repository
        self.kind = kind
        self.at = at
    }
}
