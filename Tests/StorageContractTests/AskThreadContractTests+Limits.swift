import Foundation
import RepoFinderCore
import Storage
import TestSupport
import Testing

/// Issue 42, findings 4 and 8: a cap on the threads an account holds, threads read a page at a time, and an answer
/// stored stopped when it begins and finished when it ends.
extension AskThreadContractTests {
    @Test(
        "an account holds at most its limit of threads, even when many are started at once",
        arguments: Engine.available)
    func threadLimit(engine: Engine) async throws {
        try await withStore(engine) { test in
            let store = test.store
            let ana = try await store.createUser(tokenHash: "ask-cap-ana", at: Self.start).id
            let bo = try await store.createUser(tokenHash: "ask-cap-bo", at: Self.start).id
            func thread(_ id: String) -> AskThread { AskThread(id: id, title: id, createdAt: Self.start) }
            for id in ["a1", "a2", "a3"] { #expect(try await store.createThread(thread(id), userID: ana, limit: 3)) }
            #expect(try await store.createThread(thread("a4"), userID: ana, limit: 3) == false, "the fourth")
            #expect(try await store.thread(id: "a4", userID: ana) == nil, "nothing added")
            #expect(try await store.createThread(thread("b1"), userID: bo, limit: 3), "another account's own count")
            #expect(try await store.deleteThread(id: "a1", userID: ana))
            #expect(try await store.createThread(thread("a5"), userID: ana, limit: 3), "deleting one makes room")
            await #expect(throws: StorageError.self) {
                try await store.createThread(thread("x"), userID: "nobody", limit: 3)
            }

            // Eight at once for the two left to bo: exactly two get through.
            let added = try await withThrowingTaskGroup(of: Bool.self) { group in
                for index in 0..<8 {
                    group.addTask { try await store.createThread(thread("race\(index)"), userID: bo, limit: 3) }
                }
                return try await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
            }
            #expect(added == 2)
            #expect(try await store.threads(userID: bo).count == 3)
        }
    }

    @Test(
        "threads are read a page at a time in list order: not archived, pinned, most recent, id; every one once",
        arguments: Engine.available)
    func threadPages(engine: Engine) async throws {
        try await withStore(engine) { test in
            let store = test.store
            let ana = try await store.createUser(tokenHash: "ask-page-ana", at: Self.start).id
            let bo = try await store.createUser(tokenHash: "ask-page-bo", at: Self.start).id
            // Ties on the time (three in the same millisecond) and every mix of pinned and archived.
            let specs: [(id: String, seconds: Double, pinned: Bool, archived: Bool)] = [
                ("c", 10, false, false), ("a", 10, false, false), ("b", 10, false, false), ("d", 20.5, false, false),
                ("e", 5, true, false), ("f", 30, true, false), ("g", 40, false, true), ("h", 1, true, true),
                ("i", 0.001, false, false),
            ]
            for spec in specs {
                let at = Self.start.addingTimeInterval(spec.seconds)
                let thread = AskThread(
                    id: spec.id, title: spec.id, pinned: spec.pinned, archived: spec.archived, createdAt: at)
                #expect(try await store.createThread(thread, userID: ana, limit: 100))
            }
            _ = try await store.createThread(AskThread(id: "bo", title: "bo", createdAt: Self.start), userID: bo)
            let expected = ["f", "e", "d", "a", "b", "c", "i", "h", "g"]
            #expect(try await store.threads(userID: ana, after: nil, limit: 100).map(\.id) == expected)
            for size in 1...4 {
                var read: [String] = []
                var cursor: AskThreadCursor?
                while true {
                    let page = try await store.threads(userID: ana, after: cursor, limit: size)
                    #expect(page.count <= size)
                    read += page.map(\.id)
                    guard page.count == size, let last = page.last else { break }
                    // Through the client and back, as the API carries it.
                    cursor = AskThreadCursor(token: AskThreadCursor(after: last).token)
                    #expect(cursor == AskThreadCursor(after: last))
                }
                #expect(read == expected, "pages of \(size)")
            }
            let afterAll = try #require(try await store.threads(userID: ana, after: nil, limit: 100).last)
            #expect(try await store.threads(userID: ana, after: AskThreadCursor(after: afterAll), limit: 5).isEmpty)
            let someCursor = AskThreadCursor(after: try #require(try await store.thread(id: "f", userID: ana)))
            #expect(try await store.threads(userID: bo, after: someCursor, limit: 5).map(\.id) == ["bo"])
            await #expect(throws: StorageError.self) {
                try await store.threads(userID: "nobody", after: nil, limit: 5)
            }
        }
    }

    @Test func cursorsReadOnlyWhatTheyWrote() {
        let cursor = AskThreadCursor(archived: true, pinned: false, updatedAt: 1_795_429_800_123, id: "a.b-c")
        #expect(AskThreadCursor(token: cursor.token) == cursor)
        #expect(cursor.token.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        for forged in ["", "not-a-cursor", "dDEuMS4xLjEyMy4=", String(repeating: "A", count: 400), "a+b/c=", "%00"] {
            #expect(AskThreadCursor(token: forged) == nil, "\(forged)")
        }
    }

    @Test(
        "an answer stored stopped as it begins is finished in place; the preview keeps the question meanwhile",
        arguments: Engine.available)
    func answerBegunAndFinished(engine: Engine) async throws {
        try await withStore(engine) { test in
            let store = test.store
            let ana = try await store.createUser(tokenHash: "ask-finish-ana", at: Self.start).id
            let bo = try await store.createUser(tokenHash: "ask-finish-bo", at: Self.start).id
            try await store.createThread(AskThread(id: "t1", title: "New thread", createdAt: Self.start), userID: ana)
            let question = AskMessage(
                id: "q1", threadID: "t1", role: .user, text: "swift web frameworks", createdAt: Self.start)
            let begun = AskMessage(
                id: "a1", threadID: "t1", role: .assistant, text: "", createdAt: Self.start.addingTimeInterval(1),
                stopped: true, notice: "The server stopped while writing this answer.")
            #expect(try await store.addMessage(question, userID: ana, title: "swift web frameworks"))
            #expect(try await store.addMessage(begun, userID: ana, title: nil))
            #expect(try await store.messages(threadID: "t1", userID: ana) == [question, begun], "as a kill leaves it")
            #expect(try await store.thread(id: "t1", userID: ana)?.preview == "swift web frameworks")

            var finished = begun
            finished.text = "vapor/vapor [1] is a server-side framework for Swift."
            finished.tools = [AskToolRun(name: "search", chip: "Searched", inputs: ["q": "web"])]
            finished.sources = [Fixtures.name("vapor/vapor")]
            finished.stopped = false
            finished.notice = nil
            let done = Self.start.addingTimeInterval(9)
            #expect(try await store.finishMessage(finished, userID: bo, at: done) == false, "not bo's")
            #expect(try await store.finishMessage(finished, userID: ana, at: done))
            #expect(try await store.messages(threadID: "t1", userID: ana) == [question, finished])
            let thread = try await store.thread(id: "t1", userID: ana)
            #expect(thread?.preview == AskThread.shortened(finished.text, to: AskThread.previewLength))
            #expect(thread?.updatedAt == done)
            #expect(thread?.title == "swift web frameworks")
            #expect(try await store.deleteThread(id: "t1", userID: ana))
            #expect(try await store.finishMessage(finished, userID: ana, at: done) == false, "the thread is gone")
        }
    }
}
