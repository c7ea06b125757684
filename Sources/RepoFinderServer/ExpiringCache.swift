import Foundation
import Synchronization

/// Values kept for a few minutes: what many requests ask again and again and what changes only with the daily counts
/// (Home's trending lists, Compare's star histories). A miss makes the value (two requests missing at once both make
/// it; the later is kept); a full cache starts over.
final class ExpiringCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Entry {
        var value: Value
        var expires: ContinuousClock.Instant
    }

    private let lifetime: Duration
    private let maximumEntries: Int
    private let entries = Mutex<[Key: Entry]>([:])

    init(lifetime: Duration = .seconds(300), maximumEntries: Int = 2_048) {
        self.lifetime = lifetime
        self.maximumEntries = maximumEntries
    }

    /// The value for `key`, from memory while fresh, else made by `make` and kept.
    func value(for key: Key, make: () async throws -> Value) async throws -> Value {
        let now = ContinuousClock.now
        if let kept = entries.withLock({ $0[key] }), kept.expires > now { return kept.value }
        let value = try await make()
        entries.withLock { entries in
            if entries.count >= maximumEntries { entries.removeAll(keepingCapacity: true) }
            entries[key] = Entry(value: value, expires: now + lifetime)
        }
        return value
    }
}
