import Localization
public import RepoFinderCore

/// Why a question was not taken: what was sent, the thread it was sent to, or the month's quota.
public enum AskRefusal: Error, Sendable, Equatable {
    /// The question (or the repository it is about) cannot be read; the text says what to change.
    case badQuestion(String)
    /// The thread is gone, or it is another account's.
    case noThread(id: String)
    /// Every question of the month is asked; Ask renews on `renewsOn`.
    case overQuota(limit: Int, used: Int, renewsOn: Day)

    /// What the person is told, in the request's language (``Localization/Language/current``).
    public var message: String {
        let said = AskWords()
        switch self {
        case .badQuestion(let text): return text
        case .noThread(let id): return said.text("asking.no-thread", id)
        case .overQuota(let limit, _, let renewsOn):
            let day = said.language == .english ? renewsOn.description : renewsOn.spoken(said.words)
            return said.text("asking.over-quota", limit, day)
        }
    }
}
