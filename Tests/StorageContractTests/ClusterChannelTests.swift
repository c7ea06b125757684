import Foundation
import Storage
import Synchronization
import TestSupport
import Testing

@Suite("Storage: the cluster channel between servers sharing a database")
struct ClusterChannelTests {
    @Test("a notification's text carries its sender and changes, and long batches split under PostgreSQL's limit")
    func messages() {
        let changes: [ClusterChange] = [.tokensEnded(userID: "a"), .tasteChanged(userID: "b"), .resynchronize]
        let one = ClusterMessage.encode(changes, origin: "server-1")
        #expect(one == ["server-1\ns a\nt b\nr"])
        let decoded = ClusterMessage.decode(one[0])
        #expect(decoded.origin == "server-1")
        #expect(decoded.changes == changes)
        #expect(ClusterMessage.decode("x\nq nonsense\nt \nt c").changes == [.tasteChanged(userID: "c")])
        #expect(ClusterMessage.encode([], origin: "x").isEmpty)

        let many = (0..<1_000).map { _ in ClusterChange.tasteChanged(userID: UUID().uuidString.lowercased()) }
        let split = ClusterMessage.encode(many, origin: "server-1")
        #expect(split.count > 1)
        #expect(split.allSatisfy { $0.utf8.count <= ClusterMessage.maximumBytes })
        #expect(split.flatMap { ClusterMessage.decode($0).changes } == many)
    }

    @Test(
        "on PostgreSQL a second store on the same schema hears the first's changes, never its own; SQLite has none",
        .enabled(if: Engine.available.contains(.postgres)))
    func postgres() async throws {
        #expect(try await Engine.sqliteMemory.makeStore().store.clusterChannel == nil)
        try await withStore(.postgres) { test in
            let reopen = try #require(test.reopen)
            let other = try await reopen()
            defer { Task { try? await other.close() } }
            try await other.whileRunning { other in
                let channel = try #require(test.store.clusterChannel)
                let listener = try #require(other.clusterChannel)
                let mine = Heard(channel)
                let theirs = Heard(listener)
                defer { mine.stop(); theirs.stop() }
                // The listening connection may still be starting: publish until it hears.
                for attempt in 0..<100 where theirs.changes.isEmpty {
                    channel.publish([.tasteChanged(userID: "u\(attempt)")])
                    try await Task.sleep(for: .milliseconds(100))
                }
                #expect(theirs.changes.first.map { "\($0)".contains("tasteChanged") } == true)
                listener.publish([.tokensEnded(userID: "back")])
                for _ in 0..<100 where !mine.changes.contains(.tokensEnded(userID: "back")) {
                    try await Task.sleep(for: .milliseconds(50))
                }
                #expect(mine.changes == [.tokensEnded(userID: "back")], "only the other's change, never its own")
            }
        }
    }
}

/// What a channel hears, collected by a task of its own.
private final class Heard: Sendable {
    private let heard = Mutex<[ClusterChange]>([])
    private let task: Mutex<Task<Void, Never>?> = Mutex(nil)

    init(_ channel: any ClusterChannel) {
        let stream = channel.changes()
        let listening = Task { for await change in stream { self.record(change) } }
        task.withLock { $0 = listening }
    }

    private func record(_ change: ClusterChange) { heard.withLock { $0.append(change) } }

    var changes: [ClusterChange] { heard.withLock { $0 } }

    func stop() { task.withLock { $0?.cancel() } }
}
