import Dispatch
import Foundation

/// Splits `0..<count` into consecutive chunks, runs `body` on each on all cores, and returns the results in order.
func inParallel<Result: Sendable>(
    count: Int, chunkCount: Int = 64, _ body: @escaping @Sendable (Range<Int>) -> Result
) -> [Result] {
    guard count > 0 else { return [] }
    let chunks = max(1, min(chunkCount, count))
    let bounds = (0...chunks).map { $0 * count / chunks }
    let slots = Slots<Result>(count: chunks)
    DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
        slots.store(body(bounds[chunk]..<bounds[chunk + 1]), at: chunk)
    }
    return slots.take()
}

/// One slot per chunk; each chunk writes only its own slot, and the results are read after all chunks finished.
private final class Slots<Value: Sendable>: @unchecked Sendable {
    private let buffer: UnsafeMutableBufferPointer<Value?>

    init(count: Int) {
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: nil)
    }

    deinit {
        _ = buffer.deinitialize()
        buffer.deallocate()
    }

    func store(_ value: Value, at index: Int) { buffer[index] = value }

    func take() -> [Value] { buffer.map { $0! } }
}

/// Runs `side` on a thread of its own while `main` runs on this one and returns both results: for two pieces of
/// work, mostly sequential each, that need nothing of each other (the index's content and collaborative sides), so
/// that together they keep both cores busy.
func alongside<Main, Side: Sendable>(
    _ main: () -> Main, _ side: @escaping @Sendable () -> Side
) -> (Main, Side) {
    let slot = Slots<Side>(count: 1)
    let done = DispatchSemaphore(value: 0)
    // A thread, not a Dispatch queue: waiting here for a queue's block could wait for a pool with no thread free.
    let thread = Thread {
        slot.store(side(), at: 0)
        done.signal()
    }
    thread.start()
    let mine = main()
    done.wait()
    return (mine, slot.take()[0])
}
