import Synchronization

/// Writes requests in groups: a request that arrives while a write is under way waits for it, then goes out with
/// every other request that arrived meanwhile, in one write (one transaction). Under load many small writes share a
/// commit; alone, a request is written at once. Each caller gets its own request's outcome.
final class GroupCommit<Request: Sendable, Outcome: Sendable>: Sendable {
    /// Writes a group and returns one outcome per request, in order; throwing fails every request of the group.
    typealias Write = @Sendable ([Request]) async throws -> [Result<Outcome, any Error>]

    private struct Waiting: Sendable {
        var request: Request
        var continuation: CheckedContinuation<Outcome, any Error>
    }

    private struct State {
        var waiting: [Waiting] = []
        var writing = false
    }

    private let state = Mutex(State())
    private let write: Write

    init(write: @escaping Write) {
        self.write = write
    }

    /// Writes `request` with whatever else is waiting, and returns its outcome.
    func submit(_ request: Request) async throws -> Outcome {
        try await withCheckedThrowingContinuation { continuation in
            let startWriter = state.withLock { state in
                state.waiting.append(Waiting(request: request, continuation: continuation))
                guard !state.writing else { return false }
                state.writing = true
                return true
            }
            if startWriter { Task { await self.drain() } }
        }
    }

    /// Writes group after group until nobody is waiting.
    private func drain() async {
        while true {
            let group = state.withLock { state in
                let group = state.waiting
                state.waiting.removeAll(keepingCapacity: true)
                if group.isEmpty { state.writing = false }
                return group
            }
            guard !group.isEmpty else { return }
            do {
                let outcomes = try await write(group.map(\.request))
                precondition(outcomes.count == group.count, "a group write must answer every request")
                for (waiting, outcome) in zip(group, outcomes) { waiting.continuation.resume(with: outcome) }
            } catch {
                for waiting in group { waiting.continuation.resume(throwing: error) }
            }
        }
    }
}
