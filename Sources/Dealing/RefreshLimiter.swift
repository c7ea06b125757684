import Synchronization

/// Lets at most `limit` sessions refresh from the store at once in the background; the others wait their turn, first
/// come, first served. People who arrived together come back together, and their sessions fall due for a refresh in
/// the same second: without a limit their reads filled every reader of the store while requests queued behind them.
final class RefreshLimiter: Sendable {
    private struct State {
        var running = 0
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let limit: Int
    private let state = Mutex(State())

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Runs `work` once fewer than `limit` others are running.
    func run(_ work: @Sendable () async -> Void) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let start = state.withLock { state in
                guard state.running < limit else {
                    state.waiting.append(continuation)
                    return false
                }
                state.running += 1
                return true
            }
            if start { continuation.resume() }
        }
        await work()
        // The place passes to the next in line, if any.
        let next = state.withLock { state in
            guard !state.waiting.isEmpty else {
                state.running -= 1
                return CheckedContinuation<Void, Never>?.none
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}
