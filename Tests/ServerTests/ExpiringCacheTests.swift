import Synchronization
import Testing

@testable import RepoFinderServer

@Suite("Server: the expiring cache makes a missing value once, however many ask together")
struct ExpiringCacheTests {
    private struct Failure: Error {}

    /// How many times a value was made.
    private final class Counter: Sendable {
        private let count = Atomic(0)
        func add() { count.add(1, ordering: .relaxed) }
        var value: Int { count.load(ordering: .relaxed) }
    }

    @Test("Twenty requests that miss together make the value once and all get it; later ones read it from memory")
    func missesTogetherMakeOnce() async throws {
        let cache = ExpiringCache<String, Int>()
        let made = Counter()
        let values = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    try await cache.value(for: "swift") {
                        made.add()
                        try await Task.sleep(for: .milliseconds(100))  // the others ask meanwhile
                        return 42
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(values == Array(repeating: 42, count: 20))
        #expect(made.value == 1)
        let again = try await cache.value(for: "swift") {
            made.add()
            return 7
        }
        #expect(again == 42)
        #expect(made.value == 1)
        // Another key is a value of its own.
        #expect(try await cache.value(for: "rust") { 9 } == 9)
    }

    @Test("A value that could not be made is not kept: the next request makes it again")
    func failureIsNotKept() async throws {
        let cache = ExpiringCache<String, Int>()
        await #expect(throws: Failure.self) { try await cache.value(for: "go") { throw Failure() } }
        #expect(try await cache.value(for: "go") { 3 } == 3)
    }

    @Test("An expired value is answered while it is made again, once, in the background; then the new one")
    func expiredIsRefreshedBehind() async throws {
        let cache = ExpiringCache<String, Int>(lifetime: .milliseconds(20))
        let made = Counter()
        #expect(try await cache.value(for: "swift") { 1 } == 1)
        try await Task.sleep(for: .milliseconds(40))
        let gate = Gate()
        let stale = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<10 {
                group.addTask {
                    try await cache.value(for: "swift") {
                        made.add()
                        await gate.wait()
                        return 2
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(stale == Array(repeating: 1, count: 10), "nobody waits for the refresh")
        #expect(made.value == 1, "made again once")
        await gate.open()
        #expect(try await eventually { try await cache.value(for: "swift") { 3 } == 2 })
        #expect(made.value == 1)
    }

    @Test("A refresh that fails keeps the old value; the next request after it tries again")
    func failedRefreshKeepsTheOld() async throws {
        let cache = ExpiringCache<String, Int>(lifetime: .milliseconds(20))
        #expect(try await cache.value(for: "go") { 1 } == 1)
        try await Task.sleep(for: .milliseconds(40))
        #expect(try await cache.value(for: "go") { throw Failure() } == 1)
        // The failed refresh settles (expired again): a later request answers the old value and refreshes once more.
        #expect(try await eventually { try await cache.value(for: "go") { 5 } == 5 })
    }

    /// Asks `condition` until it holds (a background refresh settles), for up to a second.
    /// Whether `condition` holds within 30 s (a second was once too short on a machine busy with the suite).
    private func eventually(_ condition: () async throws -> Bool) async throws -> Bool {
        for _ in 0..<3_000 {
            if try await condition() { return true }
            try await Task.sleep(for: .milliseconds(10))
        }
        return false
    }

    /// Holds makers until opened.
    private actor Gate {
        private var isOpen = false
        private var waiting: [CheckedContinuation<Void, Never>] = []
        func wait() async {
            if isOpen { return }
            await withCheckedContinuation { waiting.append($0) }
        }
        func open() {
            isOpen = true
            for continuation in waiting { continuation.resume() }
            waiting = []
        }
    }
}
