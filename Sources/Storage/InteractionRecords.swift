import Foundation
public import RepoFinderCore

/// The outcome of recording a batch of interactions.
public struct InteractionReceipt: Hashable, Sendable {
    /// Newly stored.
    public var accepted: Int
    /// Already stored earlier (or repeated within the batch); not stored again.
    public var duplicates: Int

    public init(accepted: Int, duplicates: Int) {
        self.accepted = accepted
        self.duplicates = duplicates
    }
}

/// The outcome of withdrawing an interaction (undo).
public enum InteractionWithdrawal: Hashable, Sendable {
    /// The like, save or skip of this repository is withdrawn now.
    case withdrawn(InteractionKind, RepositoryName)
    /// It was withdrawn before (nothing changed: an offline queue may send the same undo twice).
    case alreadyWithdrawn(InteractionKind, RepositoryName)
    /// This person recorded no interaction with that id.
    case notFound
    /// The interaction is a view, an open or an imported star, which undo does not take back (nothing changed).
    case notWithdrawable(InteractionKind)

    /// The kinds undo takes back.
    public static let withdrawableKinds: Set<InteractionKind> = [.like, .save, .skip]
}

/// One interaction of some person, as the recommender learns from it.
public struct PersonInteraction: Hashable, Sendable {
    /// The person's account id.
    public var userID: String
    /// ``RepositoryName/key`` of the repository.
    public var repositoryKey: String
    public var kind: InteractionKind

    public init(userID: String, repositoryKey: String, kind: InteractionKind) {
        self.userID = userID
        self.repositoryKey = repositoryKey
        self.kind = kind
    }
}

extension InteractionKind {
    /// The list an interaction of this kind adds to, if any.
    public var list: RepositoryList? {
        switch self {
        case .like: .liked
        case .save: .saved
        case .skip, .view, .open, .star: nil
        }
    }
}
