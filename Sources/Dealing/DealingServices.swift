public import Logging
public import ServiceLifecycle

/// Rebuilds a deck's index every `interval` while the server runs (when new signals came in). The clock is
/// injected, so a test can drive time.
public struct DeckRebuildService<Companion: Sendable, C: Clock>: Service where C.Duration == Duration {
    let deck: DeckService<Companion>
    let interval: Duration
    let clock: C
    let logger: Logger

    public init(deck: DeckService<Companion>, interval: Duration, clock: C, logger: Logger) {
        self.deck = deck
        self.interval = interval
        self.clock = clock
        self.logger = logger
    }

    public func run() async throws {
        await repeatEvery(interval, on: clock) {
            do {
                try await deck.rebuildIfNeeded()
            } catch {
                logger.error("recommender rebuild failed", metadata: ["error": "\(error)"])
            }
        }
    }
}

/// Writes the cards dealt behind every `interval`, and what is left when the server stops.
public struct ServedFlushService<C: Clock>: Service where C.Duration == Duration {
    /// How often dealt cards are written when the store takes them behind.
    public static var defaultInterval: Duration { .seconds(1) }

    let recorder: ServedRecorder
    let interval: Duration
    let clock: C

    public init(recorder: ServedRecorder, interval: Duration = defaultInterval, clock: C) {
        self.recorder = recorder
        self.interval = interval
        self.clock = clock
    }

    public func run() async throws {
        await repeatEvery(interval, on: clock) { await recorder.flush() }
        await recorder.flush()
    }
}

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
