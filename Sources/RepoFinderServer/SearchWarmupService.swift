import Logging
import ServiceLifecycle
import Storage

/// Builds the search index a little after the server starts (a second or two of one core for the full catalog, off
/// the cooperative threads), so people searching later do not wait for it; at once when readiness waits for it
/// (``Readiness/waitsForSearch``: `serve`, which a proxy may send searches as soon as it is ready). The delay lets the start itself (the
/// recommender, Home's lists) have the machine first; a search before then builds the index itself and waits for it.
struct SearchWarmupService<C: Clock>: Service where C.Duration == Duration {
    let store: any CatalogStore
    let delay: Duration
    let clock: C
    let logger: Logger
    /// Told once the index is built (or could not be).
    var readiness: Readiness?
    /// Whether the sentence model that reads Ask's questions is loaded too before readiness is told (`serve`: its
    /// first question would otherwise wait a second or more for it, and a load test's first seconds of Ask with it).
    var readsQuestions = false

    func run() async throws {
        do {
            try await cancelWhenGracefulShutdown { try await clock.sleep(for: delay) }
        } catch {
            return  // the server is stopping before it was time
        }
        let started = ContinuousClock.now
        do {
            try await store.prepareSearch(questions: readsQuestions)
            logger.debug(
                "search index ready", metadata: ["ms": "\((ContinuousClock.now - started) / .milliseconds(1))"])
        } catch {
            logger.notice(
                "could not build the search index ahead; the first search will", metadata: ["error": "\(error)"])
        }
        readiness?.markSearchReady()
        // Done: wait for the group to stop (a service that returns would stop the server).
        try? await gracefulShutdown()
    }
}
