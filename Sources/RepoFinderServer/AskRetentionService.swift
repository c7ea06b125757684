import Dealing
import Foundation
import Logging
import ServiceLifecycle
import Storage

/// Deletes Ask threads untouched for ``AskRetention/days`` days, unless pinned: every hour, in batches, while the
/// server runs. Every server of a shared database may run it; a deletion is a plain `DELETE`, so twice is harmless.
struct AskRetentionService<C: Clock>: Service where C.Duration == Duration {
    let store: any AskThreadStore
    let clock: C
    let logger: Logger
    var interval: Duration = .seconds(3_600)
    var batchSize = 1_000
    /// What time it is (tests move it).
    var now: @Sendable () -> Date = { Date() }

    func run() async throws {
        await repeatEvery(interval, on: clock) { await sweep(now: now()) }
    }

    /// Deletes every thread past retention (batch by batch); returns how many.
    @discardableResult
    func sweep(now: Date) async -> Int {
        let cutoff = now.addingTimeInterval(-Double(AskRetention.days) * 86_400)
        var deleted = 0
        do {
            while true {
                let batch = try await store.deleteThreads(untouchedBefore: cutoff, limit: batchSize)
                deleted += batch
                if batch < batchSize { break }
            }
        } catch {
            logger.warning("Ask retention sweep failed", metadata: ["error": "\(Redaction.describe(error))"])
        }
        if deleted > 0 { logger.info("deleted Ask threads past retention", metadata: ["threads": "\(deleted)"]) }
        return deleted
    }
}
