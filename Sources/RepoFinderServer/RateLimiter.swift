import Foundation
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

/// Token buckets by key (a token or a client address). Thread-safe; memory stays bounded by dropping buckets that
/// have refilled completely (they carry no information) once there are many.
final class RateLimiter: Sendable {
    private struct Bucket {
        var tokens: Double
        var updated: Double
    }

    private let limit: RateLimit
    private let buckets = Mutex<[String: Bucket]>([:])
    private let maximumKeys: Int

    init(limit: RateLimit, maximumKeys: Int = 50_000) {
        self.limit = limit
        self.maximumKeys = maximumKeys
    }

    /// Takes one request's token for `key`: nil when allowed, else how many whole seconds to wait.
    func take(_ key: String, now: Double = ProcessInfo.processInfo.systemUptime) -> Int? {
        buckets.withLock { buckets in
            var bucket = buckets[key] ?? Bucket(tokens: limit.burst, updated: now)
            bucket.tokens = min(limit.burst, bucket.tokens + (now - bucket.updated) * limit.perSecond)
            bucket.updated = now
            defer {
                buckets[key] = bucket
                if buckets.count > maximumKeys { prune(&buckets, now: now) }
            }
            if bucket.tokens >= 1 {
                bucket.tokens -= 1
                return nil
            }
            return max(1, Int(((1 - bucket.tokens) / limit.perSecond).rounded(.up)))
        }
    }

    private func prune(_ buckets: inout [String: Bucket], now: Double) {
        buckets = buckets.filter { _, bucket in
            bucket.tokens + (now - bucket.updated) * limit.perSecond < limit.burst
        }
    }
}
