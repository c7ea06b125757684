public import RepoFinderCore

/// Why a question was not taken: what was sent, the thread it was sent to, or the month's quota.
public enum AskRefusal: Error, Sendable, Equatable {
    /// The question (or the repository it is about) cannot be read; the text says what to change.
    case badQuestion(String)
    /// The thread is gone, or it is another account's.
    case noThread(id: String)
    /// Every question of the month is asked; Ask renews on `renewsOn`.
    case overQuota(limit: Int, used: Int, renewsOn: Day)

    /// What the person is told.
    public var message: String {
        switch self {
        case .badQuestion(let text): text
        case .noThread(let id): "No thread \(id) here: it was deleted, or it is another account's."
        case .overQuota(let limit, _, let renewsOn):
            "You have asked all \(limit) questions of this month; Ask renews on \(renewsOn.description)."
        }
    }
}
