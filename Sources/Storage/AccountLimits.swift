public import Foundation
public import RepoFinderCore

/// How many interactions one person may store: in all, and per 24-hour window (see ``QuotaCounters``). A batch that would go
/// over either bound is refused whole (``StorageError/quotaExceeded(_:)``) and nothing of it is stored; duplicates
/// of interactions already stored never count.
public struct InteractionQuota: Hashable, Sendable {
    /// Interactions one account may hold (nil: no bound).
    public var perAccount: Int?
    /// Interactions one account may send within any 24 hours (nil: no bound).
    public var perDay: Int?

    public init(perAccount: Int?, perDay: Int?) {
        self.perAccount = perAccount
        self.perDay = perDay
    }

    /// No bound at all (imports, tests).
    public static let unlimited = InteractionQuota(perAccount: nil, perDay: nil)
}

/// Which bound of an ``InteractionQuota`` a batch would have crossed, and where the account stands.
public struct QuotaExceeded: Hashable, Sendable {
    /// The bounds that apply.
    public enum Bound: String, Hashable, Sendable {
        case perAccount = "per account"
        case perDay = "per 24 hours"
    }

    public var bound: Bound
    /// The bound's value.
    public var limit: Int
    /// Stored before this batch (in all, or in the current 24-hour window).
    public var stored: Int
    /// Seconds until the current window ends (the per-day bound only).
    public var retryAfter: Int?

    public init(bound: Bound, limit: Int, stored: Int, retryAfter: Int?) {
        self.bound = bound
        self.limit = limit
        self.stored = stored
        self.retryAfter = retryAfter
    }
}

extension DataStore {
    /// Records interactions with no quota (see ``DataStore/recordInteractions(_:userID:quota:)``).
    public func recordInteractions(_ interactions: [Interaction], userID: String) async throws -> InteractionReceipt {
        try await recordInteractions(interactions, userID: userID, quota: .unlimited)
    }
}

/// What an account's quota is checked against, kept on the account (one row read and written per batch, never a
/// count over its interactions): interactions held, and the current 24-hour window (its start and how many
/// interactions it received). A window starts with the first batch after the last one ended.
public struct QuotaCounters: Hashable, Sendable {
    public var total: Int
    public var windowStart: Date?
    public var windowCount: Int

    public init(total: Int, windowStart: Date?, windowCount: Int) {
        self.total = total
        self.windowStart = windowStart
        self.windowCount = windowCount
    }

    /// How long a window lasts.
    public static let window: TimeInterval = 86_400
}

extension InteractionQuota {
    /// The counters after `accepted` new interactions at `now`, or ``StorageError/quotaExceeded(_:)`` when they would
    /// take the account over a bound. The engines call it inside the batch's transaction, so throwing stores nothing.
    public func admit(_ accepted: Int, to counters: QuotaCounters, now: Date) throws -> QuotaCounters {
        var counters = counters
        if let start = counters.windowStart, now.timeIntervalSince(start) < QuotaCounters.window {
            // The current window goes on.
        } else {
            counters.windowStart = now
            counters.windowCount = 0
        }
        if let perAccount, counters.total + accepted > perAccount {
            throw StorageError.quotaExceeded(
                QuotaExceeded(bound: .perAccount, limit: perAccount, stored: counters.total, retryAfter: nil))
        }
        if let perDay, counters.windowCount + accepted > perDay, let start = counters.windowStart {
            let wait = Int((start.addingTimeInterval(QuotaCounters.window).timeIntervalSince(now)).rounded(.up))
            throw StorageError.quotaExceeded(
                QuotaExceeded(bound: .perDay, limit: perDay, stored: counters.windowCount, retryAfter: max(1, wait)))
        }
        counters.total += accepted
        counters.windowCount += accepted
        return counters
    }
}
