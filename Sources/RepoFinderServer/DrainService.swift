import Logging
import RepoFinderCore
import ServiceLifecycle

/// The first service told of a shutdown (it is the last of the group, and a group stops its services last first):
/// marks the server draining, so `/health/ready` answers 503 and a proxy's health check moves new requests to other
/// servers, then waits the drain time before the server stops taking connections and finishes what is in flight.
struct DrainService: Service {
    let readiness: Readiness
    let drainTime: Duration
    let logger: Logger

    func run() async throws {
        // Until the group shuts down; then drain.
        try? await gracefulShutdown()
        readiness.markDraining()
        guard drainTime > .zero else { return }
        logger.info("draining: not ready; stopping in \(drainTime.secondsDouble) s")
        // A second signal (or the group's cancellation) cuts the wait short.
        try? await Task.sleep(for: drainTime)
    }
}
