import Foundation
import PostgresNIO
public import Storage

extension PostgresStorage: SharedRateLimits {
    public var sharedRateLimits: (any SharedRateLimits)? { self }

    /// The generic cell rate algorithm: a bucket is the time its next request is due (`tat`); a request of `cost`
    /// moves it on by `cost / perSecond` and is allowed while that stays within `burst / perSecond` of now. One
    /// statement, atomic on the row, however many servers ask at once.
    public func takeShared(key: String, cost: Double, perSecond: Double, burst: Double) async throws -> Int? {
        let step = min(cost, burst) / perSecond
        let tolerance = burst / perSecond
        let allowed = try await query(
            """
            INSERT INTO rate_limits AS r (key, tat) VALUES (?, \(Self.clockNow) + ?)
            ON CONFLICT (key) DO UPDATE SET tat = greatest(r.tat, \(Self.clockNow)) + ?
            WHERE greatest(r.tat, \(Self.clockNow)) + ? - \(Self.clockNow)
                <= ?
            RETURNING tat
            """, [key, step, step, step, tolerance])
        guard allowed.isEmpty else { return nil }
        let ahead = try await query(
            "SELECT r.tat - \(Self.clockNow) FROM rate_limits r WHERE key = ?", [key])
        let seconds = try ahead.first.map { try $0.value(0, as: Double.self) } ?? 0
        return max(1, Int((seconds + step - tolerance).rounded(.up)))
    }

    /// The database's time, in seconds since 1970.
    static let clockNow = "extract(epoch FROM statement_timestamp())::float8"

    /// Forgets buckets that have refilled completely (they say nothing a missing row does not), every minute while
    /// the store runs.
    func forgetFullBuckets() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(60))
            _ = try? await query("DELETE FROM rate_limits WHERE tat < \(Self.clockNow)", [])
        }
    }
}
