public import Foundation
import RepoFinderCore

/// Work that must happen once across the servers sharing a database (Ask's retention sweep, the clean-up of abandoned
/// accounts, star-back retries): a lease per job, held by one server at a time until it lapses. (The scheduled
/// catalog refresh is elected through its own runs, ``CatalogUpkeepStore``.)
public protocol JobLeaseStore: Sendable {
    /// Takes or renews the lease on `job` for `holder` until `until`, atomically: true when `holder` holds it now —
    /// nobody held it, its holder's lease ended before `now`, or `holder` held it already; false while another
    /// holder's lease runs.
    func claimJob(_ job: String, holder: String, until: Date, now: Date) async throws -> Bool
}

/// One server's hold on a job that must run once across servers: ``claim(now:)`` before each run; only the holder
/// runs. The holder renews at each run, so its lease never lapses while it lives; when it dies, another server takes
/// the job at its first check after the lease's term.
public struct JobLease: Sendable {
    public let store: any JobLeaseStore
    /// The job's name (`ask-retention`, `account-cleanup`, `star-back`).
    public let job: String
    /// This server (``serverIdentity``).
    public let holder: String
    /// How long a claim lasts: the job's period and a tenth, so a holder's own next run, a little late, still finds
    /// its lease.
    public let term: Duration

    public init(store: any JobLeaseStore, job: String, holder: String, period: Duration) {
        self.store = store
        self.job = job
        self.holder = holder
        self.term = period + period / 10
    }

    /// Takes or renews the lease; whether this server should run the job now (a store that cannot answer: no).
    public func claim(now: Date = Date()) async -> Bool {
        let until = now.addingTimeInterval(term.secondsDouble)
        return (try? await store.claimJob(job, holder: holder, until: until, now: now)) ?? false
    }

    /// This process among the servers: its host, its process id and a random part (a restarted server is another
    /// holder, which takes over only once the old lease lapses).
    public static let serverIdentity =
        "\(ProcessInfo.processInfo.hostName):\(ProcessInfo.processInfo.processIdentifier):"
        + UUID().uuidString.prefix(8).lowercased()
}
