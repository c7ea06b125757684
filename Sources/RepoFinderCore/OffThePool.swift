import Dispatch

/// Runs long, CPU-bound work on a Dispatch thread and suspends the caller meanwhile, so that Swift concurrency's few
/// cooperative threads (one per core) stay free for I/O, timers and deadlines.
public func offThePool<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { continuation in
        DispatchQueue.global(qos: .userInitiated).async { continuation.resume(returning: work()) }
    }
}
