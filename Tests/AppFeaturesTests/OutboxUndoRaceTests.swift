import AppTestSupport
import Foundation
import OfflineStore
import RepoFinderClient
import RepoFinderCore
import Synchronization
import Testing

@Suite("The outbox: an undo while its interaction is being sent")
struct OutboxUndoRaceTests {
    @Test("an undo while the like is on its way queues its withdrawal: the server may have the like already")
    func undoWhileSending() async throws {
        let service = FakeService()
        let entered = AsyncStream<Void>.makeStream()
        let release = AsyncStream<Void>.makeStream()
        let stored = Mutex<[String]>([])
        service.onRecord { batch in
            stored.withLock { $0 += batch.map(\.id) }
            entered.continuation.yield()
            for await _ in release.stream { break }
            return RecordReceipt(accepted: batch.count, duplicates: 0)
        }
        let withdrawn = Mutex<[String]>([])
        service.onWithdraw { id in withdrawn.withLock { $0.append(id) } }
        let outbox = Outbox(database: try .inMemory())
        let like = Interaction(id: "like-1", repository: try RepositoryName(parsing: "a/b"), kind: .like, at: Date())
        try outbox.enqueue(like)
        let flushing = Task { await outbox.flush(to: service) }
        for await _ in entered.stream { break }  // the server has the like; its acknowledgement is on the way
        #expect(try outbox.undo(like) == .withdrawalQueued)
        release.continuation.yield()
        _ = await flushing.value
        _ = await outbox.flush(to: service)
        #expect(stored.withLock { $0 } == ["like-1"])
        #expect(withdrawn.withLock { $0 } == ["like-1"], "the like the server got is withdrawn")
        #expect(try outbox.pending().isEmpty)
    }

    @Test("an unlike while the like is on its way queues taking it off Liked")
    func unlistWhileSending() async throws {
        let service = FakeService()
        let entered = AsyncStream<Void>.makeStream()
        let release = AsyncStream<Void>.makeStream()
        service.onRecord { batch in
            entered.continuation.yield()
            for await _ in release.stream { break }
            return RecordReceipt(accepted: batch.count, duplicates: 0)
        }
        let removed = Mutex<[String]>([])
        service.onRemove { name, list in removed.withLock { $0.append("\(list.rawValue) \(name)") } }
        let outbox = Outbox(database: try .inMemory())
        let name = try RepositoryName(parsing: "a/b")
        try outbox.enqueue(Interaction(id: "like-1", repository: name, kind: .like, at: Date()))
        let flushing = Task { await outbox.flush(to: service) }
        for await _ in entered.stream { break }
        #expect(try outbox.unlist(name, from: .liked, at: Date()), "something is left to send")
        release.continuation.yield()
        _ = await flushing.value
        _ = await outbox.flush(to: service)
        #expect(removed.withLock { $0 } == ["liked a/b"])
        #expect(try outbox.pending().isEmpty)
    }
}
