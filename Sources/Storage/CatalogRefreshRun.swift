public import Foundation

/// One scheduled refresh of the catalog: the period it is for, the server running it, and how far it got. Servers
/// sharing a database elect the runner through it: the first to claim a period runs it; another takes over only a run
/// that stopped reporting.
public struct CatalogRefreshRun: Sendable, Equatable {
    /// Where a run is.
    public enum State: String, Sendable, Codable {
        /// Under way (``CatalogRefreshRun/heartbeatAt`` says it is alive).
        case running
        /// Every repository was checked.
        case finished
        /// Stopped early (a rate limit, GitHub unreachable, the server stopping): what it saved is kept; the next
        /// run starts with the repositories checked longest ago.
        case partial
    }

    /// The period's start (UTC, ISO 8601): one run per period across every server.
    public var slot: String
    /// Which server runs it (host and process).
    public var runner: String
    public var state: State
    public var startedAt: Date
    /// The last time the runner said it was alive.
    public var heartbeatAt: Date
    public var finishedAt: Date?
    public var summary: CatalogRefreshSummary

    public init(
        slot: String, runner: String, state: State = .running, startedAt: Date, heartbeatAt: Date? = nil,
        finishedAt: Date? = nil, summary: CatalogRefreshSummary = CatalogRefreshSummary()
    ) {
        self.slot = slot
        self.runner = runner
        self.state = state
        self.startedAt = startedAt
        self.heartbeatAt = heartbeatAt ?? startedAt
        self.finishedAt = finishedAt
        self.summary = summary
    }
}

/// What a refresh did, as counts (kept as JSON with its run).
public struct CatalogRefreshSummary: Sendable, Equatable, Codable {
    /// Requests sent to GitHub (redirects and retries included).
    public var requests = 0
    /// Catalog repositories GitHub confirmed (current counts saved).
    public var checked = 0
    /// Repositories whose facts changed.
    public var updated = 0
    /// New repositories from the configured languages and topics.
    public var added = 0
    /// Repositories that moved to a new name.
    public var renamed = 0
    /// Repositories GitHub no longer has.
    public var gone = 0
    /// Star snapshots written for the run's day.
    public var snapshots = 0
    /// Repositories whose answer could not be read (left as they were, checked again next period).
    public var skipped = 0
    /// Catalog repositories still to check when the run stopped.
    public var remaining = 0
    /// Why a partial run stopped.
    public var stoppedBecause: String?

    public init() {}
}
