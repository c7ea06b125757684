import Foundation
import Logging
import RepoFinderCore
import Scheduling
import ServiceLifecycle
import Storage

/// Deletes product analytics events older than the configured number of days, every hour while the server runs
/// (with a ``lease``, only the server holding it).
struct AnalyticsRetentionService<C: Clock>: Service where C.Duration == Duration {
    let store: any AnalyticsStore
    let days: Int
    let clock: C
    let logger: Logger
    /// How often it sweeps.
    var interval: Duration = .seconds(3_600)
    /// What time it is (tests move it).
    var now: @Sendable () -> Date = { Date() }
    /// The job's lease among the servers sharing the database; nil: this server always sweeps.
    var lease: JobLease?

    func run() async throws {
        await repeatEvery(interval, on: clock) {
            let now = now()
            if await lease?.claim(now: now) ?? true { await sweep(now: now) }
        }
    }

    /// Deletes the events that happened before the first day kept; returns how many.
    @discardableResult
    func sweep(now: Date) async -> Int {
        do {
            let deleted = try await store.deleteEvents(before: Day(containing: now).adding(days: -days))
            if deleted > 0 {
                logger.info("deleted analytics events past retention", metadata: ["events": "\(deleted)"])
            }
            return deleted
        } catch {
            logger.warning(
                "analytics retention sweep failed", metadata: ["error": "\(StorageError.logDescription(of: error))"])
            return 0
        }
    }
}
