import ServiceLifecycle

/// Runs `body` every `interval` on `clock` until the service group shuts down gracefully or the task is cancelled
/// (a shutdown during the pause ends it at once, without running `body` again).
public func repeatEvery<C: Clock>(_ interval: Duration, on clock: C, _ body: () async -> Void) async
where C.Duration == Duration {
    while !Task.isShuttingDownGracefully && !Task.isCancelled {
        do {
            try await cancelWhenGracefulShutdown { try await clock.sleep(for: interval) }
        } catch {
            return
        }
        await body()
    }
}
