/// Rate-limit buckets the servers sharing a database keep together, so that a client spreading its requests over
/// several servers gets no more than the limit in all. PostgreSQL keeps them (a generic cell rate algorithm on one
/// row per key, timed by the database's clock so the servers' clocks need not agree); a store one server uses alone
/// (SQLite) has none, and each server's own buckets are the whole limit.
public protocol SharedRateLimits: Sendable {
    /// Takes `cost` (at most `burst`) from the bucket `key`, which refills `perSecond` and holds `burst`: nil when
    /// allowed, else the whole seconds to wait (at least 1).
    func takeShared(key: String, cost: Double, perSecond: Double, burst: Double) async throws -> Int?
}
