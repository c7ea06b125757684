public import Foundation
public import Logging
import Scheduling
public import ServiceLifecycle
public import Storage

/// Deletes Ask threads untouched for ``AskRetention/days`` days, unless pinned: every hour, in batches, while the
/// server runs. With a ``lease`` only the server holding it sweeps (a deletion is a plain `DELETE`, so twice would be
/// harmless, only wasted).
public struct AskRetentionService<C: Clock>: Service where C.Duration == Duration {
    let store: any AskThreadStore
    let clock: C
    let logger: Logger
    /// How often it sweeps.
    public var interval: Duration = .seconds(3_600)
    /// Threads deleted per statement.
    public var batchSize = 1_000
    /// What time it is (tests move it).
    public var now: @Sendable () -> Date = { Date() }
    /// The job's lease among the servers sharing the database; nil: this server always sweeps.
    public var lease: JobLease?

    public init(store: any AskThreadStore, clock: C, logger: Logger) {
        self.store = store
        self.clock = clock
        self.logger = logger
    }

    public func run() async throws {
        await repeatEvery(interval, on: clock) {
            let now = now()
            if await lease?.claim(now: now) ?? true { await sweep(now: now) }
        }
    }

    /// Deletes every thread past retention (batch by batch); returns how many.
    @discardableResult
    public func sweep(now: Date) async -> Int {
        let cutoff = now.addingTimeInterval(-Double(AskRetention.days) * 86_400)
        var deleted = 0
        do {
            while true {
                let batch = try await store.deleteThreads(untouchedBefore: cutoff, limit: batchSize)
                deleted += batch
                if batch < batchSize { break }
            }
        } catch {
            logger.warning(
                "Ask retention sweep failed", metadata: ["error": "\(StorageError.logDescription(of: error))"])
        }
        if deleted > 0 { logger.info("deleted Ask threads past retention", metadata: ["threads": "\(deleted)"]) }
        return deleted
    }
}
