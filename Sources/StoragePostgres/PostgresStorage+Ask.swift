public import Foundation
import PostgresNIO
import RepoFinderCore
public import Storage
import StorageSQL

extension PostgresStorage {
    public func createThread(_ thread: AskThread, userID: String, limit: Int) async throws -> Bool {
        try await transaction { connection in
            // The person's row locked until commit: their other requests (and other servers) count after this one.
            guard try await !query(SharedSQL.userExists + " FOR UPDATE", [userID], on: connection).isEmpty else {
                throw StorageError.unknownUser(userID)
            }
            let counted = try await query(AskSQL.countThreads, [userID], on: connection)
            let held = try counted.first.map { try $0.value(0, as: Int.self) } ?? 0
            guard held < limit else { return false }
            try await query(
                AskSQL.insertThread,
                [
                    thread.id, userID, thread.title, thread.preview, thread.pinned, thread.archived,
                    thread.createdAt.roundedToMilliseconds, thread.updatedAt.roundedToMilliseconds,
                ], on: connection)
            return true
        }
    }

    public func threads(userID: String, after cursor: AskThreadCursor?, limit: Int) async throws -> [AskThread] {
        try await requireUser(userID)
        guard let cursor else { return try await query(AskSQL.threadsPage, [userID, limit]).map(Self.thread) }
        let updated = cursor.updatedDate.roundedToMilliseconds
        return try await query(
            AskSQL.threadsPageAfter,
            [
                userID, cursor.archived, cursor.archived, cursor.pinned, cursor.pinned, updated, updated, cursor.id,
                limit,
            ]
        ).map(Self.thread)
    }

    public func thread(id: String, userID: String) async throws -> AskThread? {
        try await query(AskSQL.thread, [id, userID]).first.map(Self.thread)
    }

    public func changeThread(
        id: String, userID: String, _ change: AskThreadChange, at date: Date
    ) async throws -> AskThread? {
        try await transaction { connection in
            try await query(
                AskSQL.changeThread,
                [change.title, change.pinned, change.archived, date.roundedToMilliseconds, id, userID],
                on: connection)
            return try await query(AskSQL.thread, [id, userID], on: connection).first.map(Self.thread)
        }
    }

    public func deleteThread(id: String, userID: String) async throws -> Bool {
        try await transaction { connection in
            let found = try await query(AskSQL.thread, [id, userID], on: connection)
            guard !found.isEmpty else { return false }
            try await query(AskSQL.deleteThread, [id, userID], on: connection)
            return true
        }
    }

    public func addMessage(_ message: AskMessage, userID: String, title: String?) async throws -> Bool {
        try await transaction { connection in
            try await addMessage(message, userID: userID, title: title, on: connection)
        }
    }

    public func addQuestion(
        _ message: AskMessage, userID: String, title: String?, month: String, limit: Int
    ) async throws -> AskQuestionOutcome {
        do {
            return try await transaction { connection in
                try await requireUser(userID, on: connection)
                guard try await addMessage(message, userID: userID, title: title, on: connection) else {
                    return .noThread
                }
                guard let row = try await query(AskSQL.countQuestion, [userID, month, limit], on: connection).first
                else { throw OverQuota() }
                return .added(AskQuotaUse(month: month, used: try row.value(0, as: Int.self), limit: limit))
            }
        } catch is OverQuota {
            return .overQuota(used: try await questionsAsked(userID: userID, month: month))
        }
    }

    /// Rolls back a question past the quota.
    private struct OverQuota: Error {}

    public func finishMessage(_ message: AskMessage, userID: String, at date: Date) async throws -> Bool {
        try await transaction { connection in
            let finished = try await query(
                AskSQL.finishMessage + " RETURNING thread_id",
                [
                    message.text, AskSQL.encodeTools(message.tools), AskSQL.encodeSources(message.sources),
                    message.stopped, message.notice, message.id, userID,
                ], on: connection)
            guard let threadID = try finished.first.map({ try $0.value(0, as: String.self) }) else { return false }
            try await query(
                AskSQL.touchThread,
                [AskSQL.preview(of: message.text), nil as String?, date.roundedToMilliseconds, threadID, userID],
                on: connection)
            return true
        }
    }

    /// Adds a message to a thread and touches the thread; false when the person has no such thread.
    private func addMessage(
        _ message: AskMessage, userID: String, title: String?, on connection: PostgresConnection
    ) async throws -> Bool {
        let preview = AskSQL.preview(of: message.text)
        let touched = try await query(
            AskSQL.touchThread + " RETURNING id",
            [preview, title, message.createdAt.roundedToMilliseconds, message.threadID, userID], on: connection)
        guard !touched.isEmpty else { return false }
        try await query(
            AskSQL.insertMessage,
            [
                message.id, message.threadID, userID, message.role.rawValue, message.text,
                AskSQL.encodeTools(message.tools), AskSQL.encodeSources(message.sources), message.stopped,
                message.notice, message.createdAt.roundedToMilliseconds,
            ], on: connection)
        return true
    }

    public func messages(threadID: String, userID: String) async throws -> [AskMessage]? {
        try await transaction { connection in
            guard try await !query(AskSQL.thread, [threadID, userID], on: connection).isEmpty else { return nil }
            return try await query(AskSQL.messagesOfThread, [threadID, userID], on: connection).map { row in
                AskMessage(
                    id: try row.value(0), threadID: try row.value(1),
                    role: AskRole(rawValue: try row.value(2)) ?? .assistant, text: try row.value(3),
                    tools: AskSQL.decodeTools(try row.value(4)), sources: AskSQL.decodeSources(try row.value(5)),
                    createdAt: try row.date(8) ?? Date(timeIntervalSince1970: 0), stopped: try row.value(6),
                    notice: try row.value(7))
            }
        }
    }

    public func recentQuestions(threadID: String, userID: String, limit: Int) async throws -> [String]? {
        try await transaction { connection in
            guard try await !query(AskSQL.thread, [threadID, userID], on: connection).isEmpty else { return nil }
            let rows = try await query(AskSQL.recentQuestions, [threadID, userID, limit], on: connection)
            return try rows.map { try $0.value(0, as: String.self) }.reversed()
        }
    }

    public func deleteThreads(untouchedBefore date: Date, limit: Int) async throws -> Int {
        try await transaction { connection in
            let ids: [String] = try await query(
                AskSQL.untouchedThreads, [false, date.roundedToMilliseconds, limit], on: connection
            ).map { try $0.value(0) }
            guard !ids.isEmpty else { return 0 }
            try await query("DELETE FROM ask_threads WHERE id = ANY(?)", [ids], on: connection)
            return ids.count
        }
    }

    public func countQuestion(userID: String, month: String, limit: Int) async throws -> AskQuotaUse? {
        try await transaction { connection in
            try await requireUser(userID, on: connection)
            let rows = try await query(AskSQL.countQuestion, [userID, month, limit], on: connection)
            return try rows.first.map { AskQuotaUse(month: month, used: try $0.value(0, as: Int.self), limit: limit) }
        }
    }

    public func questionsAsked(userID: String, month: String) async throws -> Int {
        try await query(AskSQL.questionsAsked, [userID, month]).first.map { try $0.value(0, as: Int.self) } ?? 0
    }

    static func thread(_ row: PostgresRandomAccessRow) throws -> AskThread {
        AskThread(
            id: try row.value(0), title: try row.value(1), preview: try row.value(2), pinned: try row.value(3),
            archived: try row.value(4), createdAt: try row.date(5) ?? Date(timeIntervalSince1970: 0),
            updatedAt: try row.date(6))
    }
}
