public import Foundation
public import RepoFinderCore

/// A person's two lists of repositories.
public enum RepositoryList: String, CaseIterable, Sendable {
    case saved
    case liked
}

/// A repository on a list, with when it was added.
public struct ListedRepository: Hashable, Sendable {
    public var repository: Repository
    public var addedAt: Date

    public init(repository: Repository, addedAt: Date) {
        self.repository = repository
        self.addedAt = addedAt
    }
}
