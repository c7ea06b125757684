import Scheduling
public import ServiceLifecycle
public import Storage

/// Retries the stars and unstars GitHub did not take, every `interval` while the server runs. With a ``lease`` only the
/// server holding it retries (a change that went through is gone from the queue, so another server would not send it
/// again; at worst two servers racing would both send one, harmless on GitHub but a waste of its rate limit).
public struct StarBackService<C: Clock>: Service where C.Duration == Duration {
    let starBack: StarBack
    let interval: Duration
    let clock: C
    /// The job's lease among the servers sharing the database; nil: this server always retries.
    public var lease: JobLease?

    public init(starBack: StarBack, interval: Duration, clock: C) {
        self.starBack = starBack
        self.interval = interval
        self.clock = clock
    }

    public func run() async throws {
        await repeatEvery(interval, on: clock) {
            if await lease?.claim() ?? true { await starBack.retryDue() }
        }
    }
}
