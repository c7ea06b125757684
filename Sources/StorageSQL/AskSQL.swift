import Foundation
package import RepoFinderCore
package import Storage

/// The Ask threads' SQL, shared by both engines (`?` placeholders; booleans bound as the engine binds them).
package enum AskSQL {
    package static let threadColumns = "id, title, preview, pinned, archived, created_at, updated_at"

    package static let insertThread = """
        INSERT INTO ask_threads (id, user_id, title, preview, pinned, archived, created_at, updated_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// The list order (``AskThreadCursor``): not archived first, then pinned, then the most recently touched, then id.
    static let listOrder = "ORDER BY archived, pinned DESC, updated_at DESC, id"

    /// The first page of a person's threads: user, limit.
    package static let threadsPage = """
        SELECT \(threadColumns) FROM ask_threads WHERE user_id = ? \(listOrder) LIMIT ?
        """

    /// A page after a cursor: user, archived ×2, pinned ×2, updated ×2, id, limit.
    package static let threadsPageAfter = """
        SELECT \(threadColumns) FROM ask_threads WHERE user_id = ? AND (archived > ? OR (archived = ? AND (pinned < ?
            OR (pinned = ? AND (updated_at < ? OR (updated_at = ? AND id > ?))))))
        \(listOrder) LIMIT ?
        """

    package static let countThreads = "SELECT COUNT(*) FROM ask_threads WHERE user_id = ?"

    package static let thread = "SELECT \(threadColumns) FROM ask_threads WHERE id = ? AND user_id = ?"

    package static let changeThread = """
        UPDATE ask_threads SET title = COALESCE(?, title), pinned = COALESCE(?, pinned),
            archived = COALESCE(?, archived), updated_at = ?
        WHERE id = ? AND user_id = ?
        """

    package static let deleteThread = "DELETE FROM ask_threads WHERE id = ? AND user_id = ?"

    /// Shows a message as the thread's preview (NULL: the preview stays, for an answer with no words yet).
    package static let touchThread = """
        UPDATE ask_threads SET preview = COALESCE(?, preview), title = COALESCE(?, title), updated_at = ?
        WHERE id = ? AND user_id = ?
        """

    /// An answer as it ended: text, tools, sources, stopped, notice; by id and person.
    package static let finishMessage = """
        UPDATE ask_messages SET text = ?, tools = ?, sources = ?, stopped = ?, notice = ? WHERE id = ? AND user_id = ?
        """

    /// The thread a message of the person's is in.
    package static let threadOfMessage = "SELECT thread_id FROM ask_messages WHERE id = ? AND user_id = ?"

    /// What a thread shows of a message: its text on one line, cut short; nil (the preview stays) when it has none.
    package static func preview(of text: String) -> String? {
        let preview = AskThread.shortened(text, to: AskThread.previewLength)
        return preview.isEmpty ? nil : preview
    }

    package static let insertMessage = """
        INSERT INTO ask_messages (id, thread_id, user_id, role, text, tools, sources, stopped, notice, created_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// A thread's messages in the order they were written: by `seq`, which a clock that steps back cannot reorder.
    package static let messagesOfThread = """
        SELECT id, thread_id, role, text, tools, sources, stopped, notice, created_at FROM ask_messages
        WHERE thread_id = ? AND user_id = ? ORDER BY seq
        """

    /// The last questions of a thread, newest first.
    package static let recentQuestions = """
        SELECT text FROM ask_messages WHERE thread_id = ? AND user_id = ? AND role = 'user' ORDER BY seq DESC LIMIT ?
        """

    /// The oldest untouched unpinned threads (their ids), up to a limit.
    package static let untouchedThreads = """
        SELECT id FROM ask_threads WHERE pinned = ? AND updated_at < ? ORDER BY updated_at LIMIT ?
        """

    package static let countQuestion = """
        INSERT INTO ask_quota (user_id, month, questions) VALUES (?, ?, 1)
        ON CONFLICT (user_id, month) DO UPDATE SET questions = ask_quota.questions + 1
        WHERE ask_quota.questions < ?
        RETURNING questions
        """

    package static let questionsAsked = "SELECT questions FROM ask_quota WHERE user_id = ? AND month = ?"

    /// Account merges: the source's threads, messages and questions become the target's.
    package static let moveThreads = "UPDATE ask_threads SET user_id = ? WHERE user_id = ?"
    package static let moveMessages = "UPDATE ask_messages SET user_id = ? WHERE user_id = ?"
    package static let addQuota = """
        INSERT INTO ask_quota (user_id, month, questions) SELECT ?, month, questions FROM ask_quota WHERE user_id = ?
        ON CONFLICT (user_id, month) DO UPDATE SET questions = ask_quota.questions + excluded.questions
        """

    /// A message's tools as stored (JSON).
    package static func encodeTools(_ tools: [AskToolRun]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(tools)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
    }

    package static func decodeTools(_ text: String) -> [AskToolRun] {
        (try? JSONDecoder().decode([AskToolRun].self, from: Data(text.utf8))) ?? []
    }

    /// A message's sources as stored: full names, one a line.
    package static func encodeSources(_ sources: [RepositoryName]) -> String {
        sources.map(\.fullName).joined(separator: "\n")
    }

    package static func decodeSources(_ text: String) -> [RepositoryName] {
        text.split(separator: "\n").compactMap { try? RepositoryName(parsing: String($0)) }
    }
}
