import RepoFinderCore
import Synchronization

/// Turns at a writing model that takes a limited number of answers at once (as many as its connections): up to
/// `capacity` answers are written at once; the others wait, first come first served, and are told their place in line
/// as it changes. One that has waited `patience` gives up with a ``AnswerWriterFailure`` (the engine then answers in
/// its own words).
public final class WritingQueue: Sendable {
    /// Answers written at once.
    public let capacity: Int
    /// How long an answer waits for its turn.
    public let patience: Duration
    private let state = Mutex(State())

    /// An answer waiting, with how to wake it and how to tell it its place.
    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Void, any Error>
        let place: @Sendable (Int) -> Void
    }

    private struct State {
        var writing = 0
        var waiting: [Waiter] = []
        var nextID: UInt64 = 0
        /// Answers that left before they were in line, and why.
        var gone: [UInt64: any Error] = [:]
    }

    /// A queue of `capacity` turns (at least one); an answer waits at most `patience` for one.
    public init(capacity: Int, patience: Duration) {
        self.capacity = max(1, capacity)
        self.patience = patience
    }

    /// Answers being written now, and answers waiting.
    public var load: (writing: Int, waiting: Int) {
        state.withLock { ($0.writing, $0.waiting.count) }
    }

    /// Waits for a turn and returns it; end it (``WritingTurn/end()``) when the answer is written. While it waits,
    /// `place` is told its place in line (1: next) when it starts waiting and each time it moves up. Throws an
    /// ``AnswerWriterFailure`` after ``patience``, and `CancellationError` when the task is cancelled.
    public func turn(place: @escaping @Sendable (Int) -> Void) async throws -> WritingTurn {
        let waiting: UInt64? = state.withLock { state in
            if state.writing < capacity, state.waiting.isEmpty {
                state.writing += 1
                return nil
            }
            defer { state.nextID += 1 }
            return state.nextID
        }
        guard let id = waiting else { return WritingTurn(queue: self) }
        let timer = Task { [patience] in
            try await Task.sleep(for: patience)
            self.leave(id, with: AnswerWriterFailure.busy(for: patience))
        }
        do {
            try await wait(id, place: place)
        } catch {
            await settle(id, timer)
            throw error
        }
        await settle(id, timer)
        return WritingTurn(queue: self)
    }

    /// Stops the patience timer of the waiter `id` (once it is done, nothing more can mark `id` gone) and forgets it.
    private func settle(_ id: UInt64, _ timer: Task<Void, any Error>) async {
        timer.cancel()
        _ = await timer.result
        state.withLock { _ = $0.gone.removeValue(forKey: id) }
    }

    /// Puts the waiter `id` in line and returns when its turn comes.
    private func wait(_ id: UInt64, place: @escaping @Sendable (Int) -> Void) async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Int?, any Error> = state.withLock { state in
                    // It left before it was in line (cancelled, or out of patience, at once).
                    if let error = state.gone.removeValue(forKey: id) { return .failure(error) }
                    if state.writing < capacity, state.waiting.isEmpty {
                        state.writing += 1
                        return .success(nil)
                    }
                    state.waiting.append(Waiter(id: id, continuation: continuation, place: place))
                    return .success(state.waiting.count)
                }
                switch outcome {
                case .failure(let error): continuation.resume(throwing: error)
                case .success(nil): continuation.resume()
                case .success(let position?): place(position)
                }
            }
        } onCancel: {
            leave(id, with: CancellationError())
        }
    }

    /// Takes the waiter `id` out of line (it waited too long, or its reader left), failing it with `error`.
    private func leave(_ id: UInt64, with error: any Error) {
        let (left, moved): (Waiter?, [(Waiter, Int)]) = state.withLock { state in
            guard let index = state.waiting.firstIndex(where: { $0.id == id }) else {
                state.gone[id] = error
                return (nil, [])
            }
            let left = state.waiting.remove(at: index)
            let moved = state.waiting[index...].enumerated().map { ($0.element, index + $0.offset + 1) }
            return (left, moved)
        }
        left?.continuation.resume(throwing: error)
        for (waiter, position) in moved { waiter.place(position) }
    }

    /// A turn ended: the next in line gets it, and those behind are told they moved up.
    fileprivate func end() {
        let (next, moved): (Waiter?, [(Waiter, Int)]) = state.withLock { state in
            guard !state.waiting.isEmpty else {
                state.writing -= 1
                return (nil, [])
            }
            let next = state.waiting.removeFirst()
            return (next, state.waiting.enumerated().map { ($0.element, $0.offset + 1) })
        }
        next?.continuation.resume()
        for (waiter, position) in moved { waiter.place(position) }
    }
}

/// One answer's turn at the writing model; ends once, by ``end()`` or when it is released.
public final class WritingTurn: Sendable {
    private let queue: WritingQueue
    private let ended = Mutex(false)

    fileprivate init(queue: WritingQueue) { self.queue = queue }

    /// Gives the turn to the next answer in line (once; later calls do nothing).
    public func end() {
        let first = ended.withLock { ended in
            defer { ended = true }
            return !ended
        }
        if first { queue.end() }
    }

    deinit { end() }
}
