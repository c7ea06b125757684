import Foundation

/// Runs long, CPU-bound test work (a debug build indexing the whole shared catalog) on a thread of its own: not on
/// Swift concurrency's cooperative threads, and not on Dispatch's shared workers either, whose few threads the servers
/// under test need for their own builds — the kernel shares the cores between it and them instead.
public func onOwnThread<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try work() }) }
        thread.stackSize = 8 << 20
        thread.start()
    }
}
