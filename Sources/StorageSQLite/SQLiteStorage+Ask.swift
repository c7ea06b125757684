public import Foundation
import GRDB
import RepoFinderCore
public import Storage
import StorageSQL

extension SQLiteStorage {
    public func createThread(_ thread: AskThread, userID: String, limit: Int) async throws -> Bool {
        // One writer at a time: the count and the insert are never interleaved with another request's.
        try await write { db in
            try Self.requireUser(db, userID)
            let held = try Int.fetchOne(db.cachedStatement(sql: AskSQL.countThreads), arguments: [userID]) ?? 0
            guard held < limit else { return false }
            try db.cachedStatement(sql: AskSQL.insertThread).execute(arguments: [
                thread.id, userID, thread.title, thread.preview, thread.pinned, thread.archived,
                thread.createdAt.sqliteText, thread.updatedAt.sqliteText,
            ])
            return true
        }
    }

    public func threads(userID: String, after cursor: AskThreadCursor?, limit: Int) async throws -> [AskThread] {
        try await read { db in
            try Self.requireUser(db, userID)
            guard let cursor else {
                return try Row.fetchAll(db.cachedStatement(sql: AskSQL.threadsPage), arguments: [userID, limit])
                    .map(Self.thread)
            }
            let updated = cursor.updatedDate.sqliteText
            return try Row.fetchAll(
                db.cachedStatement(sql: AskSQL.threadsPageAfter),
                arguments: [
                    userID, cursor.archived, cursor.archived, cursor.pinned, cursor.pinned, updated, updated, cursor.id,
                    limit,
                ]
            ).map(Self.thread)
        }
    }

    public func thread(id: String, userID: String) async throws -> AskThread? {
        try await read { db in
            try Row.fetchOne(db.cachedStatement(sql: AskSQL.thread), arguments: [id, userID]).map(Self.thread)
        }
    }

    public func changeThread(
        id: String, userID: String, _ change: AskThreadChange, at date: Date
    ) async throws -> AskThread? {
        try await write { db in
            try db.cachedStatement(sql: AskSQL.changeThread).execute(arguments: [
                change.title, change.pinned, change.archived, date.sqliteText, id, userID,
            ])
            return try Row.fetchOne(db.cachedStatement(sql: AskSQL.thread), arguments: [id, userID]).map(Self.thread)
        }
    }

    public func deleteThread(id: String, userID: String) async throws -> Bool {
        try await write { db in
            try db.cachedStatement(sql: AskSQL.deleteThread).execute(arguments: [id, userID])
            return db.changesCount > 0
        }
    }

    public func addMessage(_ message: AskMessage, userID: String, title: String?) async throws -> Bool {
        try await write { db in try Self.addMessage(db, message, userID: userID, title: title) }
    }

    public func addQuestion(
        _ message: AskMessage, userID: String, title: String?, month: String, limit: Int
    ) async throws -> AskQuestionOutcome {
        do {
            return try await write { db in
                try Self.requireUser(db, userID)
                guard try Self.addMessage(db, message, userID: userID, title: title) else { return .noThread }
                guard
                    let used = try Int.fetchOne(
                        db.cachedStatement(sql: AskSQL.countQuestion), arguments: [userID, month, limit])
                else { throw OverQuota() }
                return .added(AskQuotaUse(month: month, used: used, limit: limit))
            }
        } catch is OverQuota {
            return .overQuota(used: try await questionsAsked(userID: userID, month: month))
        }
    }

    /// Rolls back a question past the quota.
    private struct OverQuota: Error {}

    public func finishMessage(_ message: AskMessage, userID: String, at date: Date) async throws -> Bool {
        try await write { db in
            try db.cachedStatement(sql: AskSQL.finishMessage).execute(arguments: [
                message.text, AskSQL.encodeTools(message.tools), AskSQL.encodeSources(message.sources),
                message.stopped, message.notice, message.id, userID,
            ])
            guard db.changesCount > 0,
                let threadID = try String.fetchOne(
                    db.cachedStatement(sql: AskSQL.threadOfMessage), arguments: [message.id, userID])
            else { return false }
            try db.cachedStatement(sql: AskSQL.touchThread).execute(arguments: [
                AskSQL.preview(of: message.text), nil as String?, date.sqliteText, threadID, userID,
            ])
            return true
        }
    }

    /// Adds a message to a thread and touches the thread; false when the person has no such thread.
    static func addMessage(_ db: Database, _ message: AskMessage, userID: String, title: String?) throws -> Bool {
        let preview = AskSQL.preview(of: message.text)
        try db.cachedStatement(sql: AskSQL.touchThread).execute(arguments: [
            preview, title, message.createdAt.sqliteText, message.threadID, userID,
        ])
        guard db.changesCount > 0 else { return false }
        try db.cachedStatement(sql: AskSQL.insertMessage).execute(arguments: [
            message.id, message.threadID, userID, message.role.rawValue, message.text,
            AskSQL.encodeTools(message.tools), AskSQL.encodeSources(message.sources), message.stopped,
            message.notice, message.createdAt.sqliteText,
        ])
        return true
    }

    public func messages(threadID: String, userID: String) async throws -> [AskMessage]? {
        try await read { db in
            guard try Row.fetchOne(db.cachedStatement(sql: AskSQL.thread), arguments: [threadID, userID]) != nil
            else { return nil }
            return try Row.fetchAll(db.cachedStatement(sql: AskSQL.messagesOfThread), arguments: [threadID, userID])
                .map { row in
                    AskMessage(
                        id: row[0], threadID: row[1], role: AskRole(rawValue: row[2]) ?? .assistant, text: row[3],
                        tools: AskSQL.decodeTools(row[4]), sources: AskSQL.decodeSources(row[5]),
                        createdAt:
                            row.date(8) ?? Date(timeIntervalSince1970: 0), stopped: row[6], notice: row[7])
                }
        }
    }

    public func recentQuestions(threadID: String, userID: String, limit: Int) async throws -> [String]? {
        try await read { db in
            guard try Row.fetchOne(db.cachedStatement(sql: AskSQL.thread), arguments: [threadID, userID]) != nil
            else { return nil }
            return try String.fetchAll(
                db.cachedStatement(sql: AskSQL.recentQuestions), arguments: [threadID, userID, limit]
            ).reversed()
        }
    }

    public func deleteThreads(untouchedBefore date: Date, limit: Int) async throws -> Int {
        try await write { db in
            let ids = try String.fetchAll(
                db.cachedStatement(sql: AskSQL.untouchedThreads), arguments: [false, date.sqliteText, limit])
            for id in ids { try db.execute(sql: "DELETE FROM ask_threads WHERE id = ?", arguments: [id]) }
            return ids.count
        }
    }

    public func countQuestion(userID: String, month: String, limit: Int) async throws -> AskQuotaUse? {
        try await write { db in
            try Self.requireUser(db, userID)
            let used = try Int.fetchOne(
                db.cachedStatement(sql: AskSQL.countQuestion), arguments: [userID, month, limit])
            return used.map { AskQuotaUse(month: month, used: $0, limit: limit) }
        }
    }

    public func questionsAsked(userID: String, month: String) async throws -> Int {
        try await read { db in
            try Int.fetchOne(db.cachedStatement(sql: AskSQL.questionsAsked), arguments: [userID, month]) ?? 0
        }
    }

    static func thread(_ row: Row) -> AskThread {
        AskThread(
            id: row[0], title: row[1], preview: row[2], pinned: row[3], archived: row[4],
            createdAt: row.date(5) ?? Date(timeIntervalSince1970: 0), updatedAt: row.date(6))
    }
}
