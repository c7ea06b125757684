import Dispatch

/// Runs long, CPU-bound or blocking work (an index build, waiting for a process) on a Dispatch thread and suspends the
/// caller meanwhile, so that Swift concurrency's few cooperative threads (one per core) stay free for I/O, timers and
/// deadlines. Work that cannot fail needs no `try`.
public func offThePool<Value: Sendable, Failure: Error>(
    _ work: @escaping @Sendable () throws(Failure) -> Value
) async throws(Failure) -> Value {
    let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Value, Failure>, Never>) in
        DispatchQueue.global(qos: .userInitiated).async {
            continuation.resume(returning: Result { () throws(Failure) -> Value in try work() })
        }
    }
    return try result.get()
}
