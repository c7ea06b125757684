import Synchronization

/// Whether this server should be sent requests: not while it starts (until it listens), and not once it drains
/// (SIGTERM: the proxy's health check moves traffic away before the server stops taking connections). The database's
/// own answer is asked at each check (`/health/ready`); liveness (`/health/live`) asks nothing.
public final class Readiness: Sendable {
    /// Where the server is in its life.
    public enum Phase: String, Sendable {
        /// Preparing (the catalog, the recommender); not listening yet.
        case starting
        /// Listening and taking requests.
        case serving
        /// Stopping: still answering what comes, but asking to be sent nothing new.
        case draining
    }

    private let phase = Mutex(Phase.starting)

    public init() {}

    /// The phase now.
    public var current: Phase { phase.withLock { $0 } }

    /// The server listens (a draining server stays draining).
    public func markServing() {
        phase.withLock { if $0 == .starting { $0 = .serving } }
    }

    /// The server is about to stop.
    public func markDraining() { phase.withLock { $0 = .draining } }
}
