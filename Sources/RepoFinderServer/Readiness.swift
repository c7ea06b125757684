import Synchronization

/// Whether this server should be sent requests: not while it starts (until it listens, and, for `serve`, until its
/// search index is built), and not once it drains
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

    private struct State {
        var phase = Phase.starting
        var listening = false
        var searchReady: Bool
    }

    private let state: Mutex<State>
    /// Whether the server is ready only once its search index is built (``markSearchReady()``), so a proxy sends a
    /// server that has just started no search that would wait for the index (seconds on the whole catalog).
    public let waitsForSearch: Bool

    public init(waitsForSearch: Bool = false) {
        self.waitsForSearch = waitsForSearch
        state = Mutex(State(searchReady: !waitsForSearch))
    }

    /// The phase now.
    public var current: Phase { state.withLock { $0.phase } }

    /// The server listens (a draining server stays draining); it serves once its search index is ready too.
    public func markServing() {
        state.withLock { state in
            state.listening = true
            if state.phase == .starting, state.searchReady { state.phase = .serving }
        }
    }

    /// The search index is built (or could not be, and the first search will build it).
    public func markSearchReady() {
        state.withLock { state in
            state.searchReady = true
            if state.phase == .starting, state.listening { state.phase = .serving }
        }
    }

    /// The server is about to stop.
    public func markDraining() { state.withLock { $0.phase = .draining } }
}
