import Foundation
import RepoFinderCore
import Storage
import TestSupport
import Testing

@Suite("Storage contract: Ask threads, messages, retention and the monthly quota")
struct AskThreadContractTests {
    static let start = Fixtures.moment

    @Test(
        "threads are a person's own: created, listed pinned first, renamed, pinned, archived, deleted",
        arguments: Engine.available)
    func threadsLifecycle(engine: Engine) async throws {
        try await withStore(engine) { test in
            let store = test.store
            let ana = try await store.createUser(tokenHash: "ask-ana", at: Self.start).id
            let bo = try await store.createUser(tokenHash: "ask-bo", at: Self.start).id
            let first = AskThread(id: "t1", title: "a web framework for Swift", createdAt: Self.start)
            let second = AskThread(id: "t2", title: "like ripgrep", createdAt: Self.start.addingTimeInterval(60))
            try await store.createThread(first, userID: ana)
            try await store.createThread(second, userID: ana)
            #expect(try await store.threads(userID: ana).map(\.id) == ["t2", "t1"], "the most recently touched first")
            #expect(try await store.threads(userID: bo).isEmpty)
            #expect(try await store.thread(id: "t1", userID: bo) == nil, "nobody reads another's thread")
            #expect(try await store.thread(id: "t1", userID: ana) == first)

            let later = Self.start.addingTimeInterval(120)
            let pinned = try await store.changeThread(
                id: "t1", userID: ana, AskThreadChange(title: "Swift frameworks", pinned: true), at: later)
            #expect(pinned?.title == "Swift frameworks")
            #expect(pinned?.pinned == true)
            #expect(pinned?.archived == false)
            #expect(pinned?.updatedAt == later)
            #expect(try await store.threads(userID: ana).map(\.id) == ["t1", "t2"], "pinned first")
            let archived = try await store.changeThread(
                id: "t2", userID: ana, AskThreadChange(archived: true), at: later)
            #expect(archived?.archived == true)
            #expect(archived?.title == "like ripgrep", "what is not changed stays")
            #expect(
                try await store.changeThread(id: "t2", userID: bo, AskThreadChange(pinned: true), at: later) == nil)
            #expect(try await store.deleteThread(id: "t2", userID: bo) == false)
            #expect(try await store.deleteThread(id: "t2", userID: ana))
            #expect(try await store.threads(userID: ana).map(\.id) == ["t1"])
            await #expect(throws: StorageError.self) {
                try await store.createThread(AskThread(id: "t9", title: "x", createdAt: Self.start), userID: "nobody")
            }
        }
    }

    @Test(
        "messages keep role, text, tools, sources, time and a stop; the thread shows the last as its preview",
        arguments: Engine.available)
    func messages(engine: Engine) async throws {
        try await withStore(engine) { test in
            let store = test.store
            let ana = try await store.createUser(tokenHash: "ask-msg-ana", at: Self.start).id
            let bo = try await store.createUser(tokenHash: "ask-msg-bo", at: Self.start).id
            try await store.createThread(AskThread(id: "t1", title: "New thread", createdAt: Self.start), userID: ana)
            let question = AskMessage(
                id: "m1", threadID: "t1", role: .user, text: "a lightweight web framework for Swift",
                createdAt: Self.start)
            let answer = AskMessage(
                id: "m2", threadID: "t1", role: .assistant,
                text: "For “lightweight web framework” in Swift, these fit best: vapor/vapor [1] is a server-side one.",
                tools: [AskToolRun(name: "search", chip: "Searched “web framework” in Swift", inputs: ["q": "x"])],
                sources: [Fixtures.name("vapor/vapor")], createdAt: Self.start, stopped: true, notice: "stopped")
            #expect(try await store.addMessage(question, userID: ana, title: "a lightweight web framework for Swift"))
            #expect(try await store.addMessage(answer, userID: ana, title: nil))
            #expect(try await store.addMessage(answer, userID: bo, title: nil) == false, "not bo's thread")
            #expect(try await store.messages(threadID: "t1", userID: ana) == [question, answer])
            #expect(try await store.messages(threadID: "t1", userID: bo) == nil)
            #expect(try await store.recentQuestions(threadID: "t1", userID: ana, limit: 8) == [question.text])
            #expect(try await store.recentQuestions(threadID: "t1", userID: ana, limit: 0) == [])
            #expect(try await store.recentQuestions(threadID: "t1", userID: bo, limit: 8) == nil)
            let thread = try await store.thread(id: "t1", userID: ana)
            #expect(thread?.title == "a lightweight web framework for Swift")
            #expect(thread?.preview == AskThread.shortened(answer.text, to: AskThread.previewLength))
            #expect((thread?.preview.count ?? 99) <= AskThread.previewLength)
            #expect(try await store.deleteThread(id: "t1", userID: ana))
            #expect(try await store.messages(threadID: "t1", userID: ana) == nil)
            #expect(try await store.rowsReferencing(userID: ana)["ask_messages"] == 0, "messages go with the thread")
        }
    }

    @Test(
        "threads untouched for the retention period go unless pinned; deleting an account takes them",
        arguments: Engine.available)
    func retention(engine: Engine) async throws {
        try await withStore(engine) { test in
            let store = test.store
            let ana = try await store.createUser(tokenHash: "ask-ret-ana", at: Self.start).id
            let day = 86_400.0
            for (id, age, pinned) in [("old", 100.0, false), ("pinned", 200.0, true), ("recent", 10.0, false)] {
                let at = Self.start.addingTimeInterval(-age * day)
                try await store.createThread(AskThread(id: id, title: id, pinned: pinned, createdAt: at), userID: ana)
                _ = try await store.addMessage(
                    AskMessage(id: "m-\(id)", threadID: id, role: .user, text: id, createdAt: at), userID: ana,
                    title: nil)
            }
            let cutoff = Self.start.addingTimeInterval(-Double(AskRetention.days) * day)
            #expect(try await store.deleteThreads(untouchedBefore: cutoff, limit: 10) == 1)
            #expect(Set(try await store.threads(userID: ana).map(\.id)) == ["pinned", "recent"])
            #expect(try await store.deleteThreads(untouchedBefore: cutoff, limit: 10) == 0)
            _ = try await store.countQuestion(userID: ana, month: "2026-11", limit: 5)
            #expect(try await store.deleteAccount(userID: ana))
            let left = try await store.rowsReferencing(userID: ana)
            #expect(left["ask_threads"] == 0 && left["ask_messages"] == 0 && left["ask_quota"] == 0, "\(left)")
        }
    }

    @Test(
        "the monthly quota counts each question once and never lets one past the limit, even at once",
        arguments: Engine.available)
    func quota(engine: Engine) async throws {
        try await withStore(engine) { test in
            let store = test.store
            let ana = try await store.createUser(tokenHash: "ask-quota-ana", at: Self.start).id
            #expect(try await store.questionsAsked(userID: ana, month: "2026-11") == 0)
            let first = try await store.countQuestion(userID: ana, month: "2026-11", limit: 3)
            #expect(first == AskQuotaUse(month: "2026-11", used: 1, limit: 3))
            #expect(first?.left == 2)
            // Five at once for the two left: exactly two get through.
            let outcomes = try await withThrowingTaskGroup(of: AskQuotaUse?.self) { group in
                for _ in 0..<5 {
                    group.addTask { try await store.countQuestion(userID: ana, month: "2026-11", limit: 3) }
                }
                return try await group.reduce(into: [AskQuotaUse?]()) { $0.append($1) }
            }
            #expect(outcomes.compactMap { $0 }.count == 2)
            #expect(try await store.questionsAsked(userID: ana, month: "2026-11") == 3)
            #expect(try await store.countQuestion(userID: ana, month: "2026-12", limit: 3)?.used == 1, "a new month")
            // Merging accounts adds up what both asked.
            let bo = try await store.createUser(tokenHash: "ask-quota-bo", at: Self.start).id
            _ = try await store.countQuestion(userID: bo, month: "2026-11", limit: 3)
            try await store.createThread(AskThread(id: "bo-thread", title: "bo", createdAt: Self.start), userID: bo)
            _ = try await store.mergeAccount(bo, into: ana)
            #expect(try await store.questionsAsked(userID: ana, month: "2026-11") == 4)
            #expect(try await store.thread(id: "bo-thread", userID: ana) != nil, "threads move with a merge")
        }
    }

    @Test func titlesAndPreviewsAreCutAtAWord() {
        #expect(
            AskThread.shortened("a lightweight web framework for Swift", to: 40)
                == "a lightweight web framework for Swift")
        #expect(
            AskThread.shortened("beginner-friendly Python projects with open issues please", to: 40)
                == "beginner-friendly Python projects with…")
        #expect(AskThread.shortened("  two\n lines  ", to: 40) == "two lines")
        #expect(AskThread.shortened(String(repeating: "x", count: 50), to: 40).count == 40)
    }

    /// The cut reads only as far as it needs, and gives what splitting the whole text into words gives.
    @Test func aLongTextIsCutAsIfSplitWhole() {
        func whole(_ text: String, _ limit: Int) -> String {
            let line = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            guard line.count > limit else { return line }
            let room = line.prefix(limit - 1)
            let cut = room.lastIndex(of: " ").map { room[..<$0] } ?? room
            return cut.trimmingCharacters(in: .punctuationCharacters.union(.whitespaces)) + "…"
        }
        let words = String(repeating: "word, ", count: 400)
        let texts = [
            words, "  " + words, String(repeating: "x", count: 40) + "   \n\n  ",
            String(repeating: "x", count: 41) + "  ",
            String(repeating: "ab ", count: 13) + "c  d", "é👍🏽 " + String(repeating: "e\u{301} ", count: 30), "", "   ",
            String(repeating: "a", count: 39) + " b", String(repeating: "a", count: 40) + " b",
        ]
        for text in texts {
            for limit in [1, 2, 10, 39, 40, 41, 60] {
                #expect(AskThread.shortened(text, to: limit) == whole(text, limit), "\(limit): \(text.prefix(20))")
            }
        }
    }

    @Test func theQuotaRenewsOnTheFirstOfNextMonth() {
        let november = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18
        #expect(AskQuotaUse.month(of: november) == "2026-11")
        #expect(AskQuotaUse.renewal(after: november) == Day("2026-12-01"))
        let december = Date(timeIntervalSince1970: 1_797_000_000)  // 2026-12-11
        #expect(AskQuotaUse.renewal(after: december) == Day("2027-01-01"))
    }
}
