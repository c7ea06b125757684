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

/// Writes the cards dealt behind every `interval`, the dashboards' counts of them every `ledgerInterval` (when given a
/// ledger), and what is left of both when the server stops.
public struct DealtFlushService<C: Clock>: Service where C.Duration == Duration {
    /// How often dealt cards are written when the store takes them behind.
    public static var defaultInterval: Duration { .seconds(1) }
    /// How often the dashboards' counts are written: ten seconds of deals share one row per repository and reason,
    /// where each second would write most rows again (issue 64's profile: a tenth of the deck's CPU at one second).
    public static var defaultLedgerInterval: Duration { .seconds(10) }

    let recorder: DealtRecorder
    let ledger: DealtLedger?
    let interval: Duration
    let ledgerInterval: Duration
    let clock: C

    public init(
        recorder: DealtRecorder, ledger: DealtLedger? = nil, interval: Duration = defaultInterval,
        ledgerInterval: Duration = defaultLedgerInterval, clock: C
    ) {
        self.recorder = recorder
        self.ledger = ledger
        self.interval = interval
        self.ledgerInterval = ledgerInterval
        self.clock = clock
    }

    public func run() async throws {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await repeatEvery(interval, on: clock) { await recorder.flush() } }
            if let ledger {
                group.addTask { await repeatEvery(ledgerInterval, on: clock) { await ledger.flush() } }
            }
        }
        async let cards: Void = recorder.flush()
        await ledger?.flush()
        await cards
    }
}
