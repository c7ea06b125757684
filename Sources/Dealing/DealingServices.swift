public import Logging
import Scheduling
public import ServiceLifecycle

/// Rebuilds a deck's index every `interval` while the server runs (when new signals came in). The clock is
/// injected, so a test can drive time.
public struct RecommenderRebuildService<Companion: Sendable, C: Clock>: Service where C.Duration == Duration {
    let deck: RecommenderService<Companion>
    let interval: Duration
    let clock: C
    let logger: Logger

    public init(deck: RecommenderService<Companion>, interval: Duration, clock: C, logger: Logger) {
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
public struct DealtFlushService<C: Clock>: Service where C.Duration == Duration {
    /// How often dealt cards are written when the store takes them behind.
    public static var defaultInterval: Duration { .seconds(1) }

    let recorder: DealtRecorder
    let interval: Duration
    let clock: C

    public init(recorder: DealtRecorder, interval: Duration = defaultInterval, clock: C) {
        self.recorder = recorder
        self.interval = interval
        self.clock = clock
    }

    public func run() async throws {
        await repeatEvery(interval, on: clock) { await recorder.flush() }
        await recorder.flush()
    }
}
