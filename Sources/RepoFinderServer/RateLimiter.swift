import Foundation
import Storage
import Synchronization

/// How fast one client may go: a token bucket that refills `perSecond` and holds at most `burst`.
public struct RateLimit: Hashable, Sendable {
    public var perSecond: Double
    public var burst: Double

    public init(perSecond: Double, burst: Double) {
        self.perSecond = perSecond
        self.burst = burst
    }
}

/// Token buckets by key (a well-formed bearer token or a client address). Thread-safe; memory stays bounded by
/// dropping buckets that have refilled completely (they carry no information) once there are many. Keys are short:
/// callers never key on unchecked client input (see ``BearerToken/isWellFormed(_:)``).
///
/// With `shared` buckets (servers sharing PostgreSQL), ``admit(_:cost:)`` asks them too, after this server's own: a
/// client spreading its requests over several servers gets no more than the limit in all. Shared keys are the
/// limiter's `scope` and a hash of the key (no token or address is stored). Should the database not answer, this
/// server's own buckets decide.
final class RateLimiter: Sendable {
    private struct Bucket {
        var tokens: Double
        var updated: Double
    }

    private let limit: RateLimit
    private let buckets = Mutex<[String: Bucket]>([:])
    private let maximumKeys: Int
    private let scope: String
    private let shared: (any SharedRateLimits)?

    init(limit: RateLimit, scope: String = "", shared: (any SharedRateLimits)? = nil, maximumKeys: Int = 20_000) {
        self.limit = limit
        self.scope = scope
        self.shared = shared
        self.maximumKeys = maximumKeys
    }

    /// Takes `cost` for `key` from this server's bucket, then from the shared one (if any): nil when both allow it,
    /// else how many whole seconds to wait.
    func admit(_ key: String, cost: Double = 1) async -> Int? {
        if let wait = take(key, cost: cost) { return wait }
        guard let shared else { return nil }
        return try? await shared.takeShared(
            key: scope + " " + BearerToken.hash(key), cost: min(cost, limit.burst), perSecond: limit.perSecond,
            burst: limit.burst)
    }

    /// Takes `cost` tokens for `key` (a request's weight; see ``RequestCost``): nil when allowed, else how many whole
    /// seconds to wait. A cost above the burst is charged as the burst, so every request can pass eventually.
    func take(_ key: String, cost: Double = 1, now: Double = ProcessInfo.processInfo.systemUptime) -> Int? {
        let cost = min(cost, limit.burst)
        return buckets.withLock { buckets in
            var bucket = buckets[key] ?? Bucket(tokens: limit.burst, updated: now)
            bucket.tokens = min(limit.burst, bucket.tokens + (now - bucket.updated) * limit.perSecond)
            bucket.updated = now
            defer {
                buckets[key] = bucket
                if buckets.count > maximumKeys { prune(&buckets, now: now) }
            }
            if bucket.tokens >= cost {
                bucket.tokens -= cost
                return nil
            }
            return max(1, Int(((cost - bucket.tokens) / limit.perSecond).rounded(.up)))
        }
    }

    /// Drops full buckets; if that is not enough (a flood of distinct keys), drops all: forgetting is the safe side
    /// of memory, and the address limit still holds such a flood.
    private func prune(_ buckets: inout [String: Bucket], now: Double) {
        buckets = buckets.filter { _, bucket in
            bucket.tokens + (now - bucket.updated) * limit.perSecond < limit.burst
        }
        if buckets.count > maximumKeys * 3 / 4 { buckets.removeAll() }
    }
}
