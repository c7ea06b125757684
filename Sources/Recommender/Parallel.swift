import Dispatch

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
