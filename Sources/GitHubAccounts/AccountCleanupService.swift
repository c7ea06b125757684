public import Foundation
public import Logging
import RepoFinderCore
import Scheduling
public import ServiceLifecycle
public import Storage

/// Deletes anonymous accounts that never came back (created more than `age` ago and never used a day or more after
/// that), with everything they stored: hourly, in batches, while the server runs. With a ``lease`` only the server
/// holding it sweeps (a deletion is a plain `DELETE`, so twice would be harmless, only wasted).
public struct AccountCleanupService<C: Clock>: Service where C.Duration == Duration {
    let store: any AccountStore
    let age: Duration
    let clock: C
    let logger: Logger
    /// How often it sweeps.
    public var interval: Duration = .seconds(3_600)
    /// Accounts deleted per statement.
    public var batchSize = 1_000
    /// The job's lease among the servers sharing the database; nil: this server always sweeps.
    public var lease: JobLease?

    public init(store: any AccountStore, age: Duration, clock: C, logger: Logger) {
        self.store = store
        self.age = age
        self.clock = clock
        self.logger = logger
    }

    public func run() async throws {
        await repeatEvery(interval, on: clock) {
            let now = Date()
            if await lease?.claim(now: now) ?? true { await sweep(now: now) }
        }
    }

    /// Deletes every abandoned account (batch by batch); returns how many.
    @discardableResult
    public func sweep(now: Date) async -> Int {
        let cutoff = now.addingTimeInterval(-age.secondsDouble)
        var deleted = 0
        do {
            while true {
                let batch = try await store.deleteAbandonedAccounts(createdBefore: cutoff, limit: batchSize)
                deleted += batch
                if batch < batchSize { break }
            }
        } catch {
            logger.warning("account cleanup failed", metadata: ["error": "\(StorageError.logDescription(of: error))"])
        }
        if deleted > 0 { logger.info("deleted abandoned accounts", metadata: ["accounts": "\(deleted)"]) }
        return deleted
    }
}
