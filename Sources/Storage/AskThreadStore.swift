public import Foundation
import RepoFinderCore

/// Ask's threads, their messages and each person's monthly question quota. One of the roles ``DataStore`` composes;
/// a module that needs only this part takes it alone. Every method is atomic (see ``DataStore``).
public protocol AskThreadStore: Sendable {
    /// Adds a thread for the person unless they hold `limit` threads already: then false, and nothing is added.
    /// Atomic: requests at once (on one server or several) never take an account past `limit`. Throws `unknownUser`.
    func createThread(_ thread: AskThread, userID: String, limit: Int) async throws -> Bool

    /// At most `limit` of the person's threads in list order (``AskThreadCursor``), after `cursor` (nil: from the
    /// first). Throws `unknownUser`.
    func threads(userID: String, after cursor: AskThreadCursor?, limit: Int) async throws -> [AskThread]

    /// One of the person's threads; nil when they have none with `id`.
    func thread(id: String, userID: String) async throws -> AskThread?

    /// Renames, pins or archives one of the person's threads (touching it at `date`); the thread as changed, or nil
    /// when they have none with `id`.
    func changeThread(id: String, userID: String, _ change: AskThreadChange, at date: Date) async throws -> AskThread?

    /// Deletes one of the person's threads and its messages; false when they have none with `id`.
    func deleteThread(id: String, userID: String) async throws -> Bool

    /// Adds a message to one of the person's threads, which then shows it as its preview (and takes `title` when
    /// given) and counts as touched at the message's time. False when they have no such thread.
    func addMessage(_ message: AskMessage, userID: String, title: String?) async throws -> Bool

    /// Rewrites a stored answer with how it ended (its text, tools, sources, stop and notice; its id, thread and time
    /// stay): an answer is stored stopped when it begins and finished here. The thread shows the text as its preview
    /// and counts as touched at `date`. False when the person has no such message (the thread was deleted).
    func finishMessage(_ message: AskMessage, userID: String, at date: Date) async throws -> Bool

    /// The messages of one of the person's threads, oldest first; nil when they have no such thread.
    func messages(threadID: String, userID: String) async throws -> [AskMessage]?

    /// The texts of the last `limit` questions asked in one of the person's threads, oldest first (what a follow-up
    /// builds on, without reading the answers); nil when they have no such thread.
    func recentQuestions(threadID: String, userID: String, limit: Int) async throws -> [String]?

    /// Deletes up to `limit` threads (with their messages) untouched since `date` and not pinned, oldest first;
    /// returns how many.
    func deleteThreads(untouchedBefore date: Date, limit: Int) async throws -> Int

    /// Counts a question against the person's quota for `month` (`YYYY-MM`): the use after counting it, or nil
    /// (nothing counted) when `limit` questions were asked already. Atomic: two servers never let the last one through
    /// twice. Throws `unknownUser`.
    func countQuestion(userID: String, month: String, limit: Int) async throws -> AskQuotaUse?

    /// Adds a question to one of the person's threads and counts it against their quota for `month`, in one
    /// transaction: both or neither (past the quota, or without the thread, nothing changes).
    func addQuestion(
        _ message: AskMessage, userID: String, title: String?, month: String, limit: Int
    ) async throws -> AskQuestionOutcome

    /// Questions the person asked in `month` (`YYYY-MM`).
    func questionsAsked(userID: String, month: String) async throws -> Int
}
