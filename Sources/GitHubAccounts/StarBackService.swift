import Scheduling
public import ServiceLifecycle

/// Retries the stars and unstars GitHub did not take, every `interval` while the server runs. Every server of a shared
/// database may run it; a change that went through is gone from the queue, so another server does not send it again
/// (at worst, two servers racing both send one: starring twice is harmless on GitHub).
public struct StarBackService<C: Clock>: Service where C.Duration == Duration {
    let starBack: StarBack
    let interval: Duration
    let clock: C

    public init(starBack: StarBack, interval: Duration, clock: C) {
        self.starBack = starBack
        self.interval = interval
        self.clock = clock
    }

    public func run() async throws {
        await repeatEvery(interval, on: clock) { await starBack.retryDue() }
    }
}
