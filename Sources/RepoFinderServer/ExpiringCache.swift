import Foundation
import Synchronization

/// Values kept for a few minutes: what many requests ask again and again and what changes only with the daily counts
/// (Home's trending lists, Compare's star histories). A miss makes the value once: requests that miss while it is
/// being made wait for that one (a server's first second of Home traffic had made the same trending list dozens of
/// times at once, 130 ms per request); a value that could not be made is not kept, so the next request tries again.
/// An expired value is still answered while it is made again in the background (once), so no request waits for a
/// refresh; a refresh that fails keeps the old value and the next request tries again. A full cache starts over.
final class ExpiringCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private enum Slot {
        case ready(Value, expires: ContinuousClock.Instant)
        case making(Task<Value, any Error>, id: Int)
        case refreshing(stale: Value, id: Int)
    }

    private enum Found {
        case value(Value)
        case making(Task<Value, any Error>, id: Int)
    }

    private struct State {
        var slots: [Key: Slot] = [:]
        var made = 0
    }

    private let lifetime: Duration
    private let maximumEntries: Int
    private let state = Mutex(State())

    init(lifetime: Duration = .seconds(300), maximumEntries: Int = 2_048) {
        self.lifetime = lifetime
        self.maximumEntries = maximumEntries
    }

    /// The value for `key`: from memory while fresh; when expired, the old value while `make` makes it again in the
    /// background; when missing, made by `make` (once for all who miss together) and kept.
    func value(for key: Key, make: @escaping @Sendable () async throws -> Value) async throws -> Value {
        let found: Found = state.withLock { state in
            switch state.slots[key] {
            case .ready(let value, let expires) where expires > ContinuousClock.now:
                return .value(value)
            case .refreshing(let stale, _):
                return .value(stale)
            case .ready(let stale, _):
                state.made += 1
                let id = state.made
                state.slots[key] = .refreshing(stale: stale, id: id)
                Task { await self.refresh(key, id: id, stale: stale, make: make) }
                return .value(stale)
            case .making(let task, let id):
                return .making(task, id: id)
            case nil:
                if state.slots.count >= maximumEntries { state.slots.removeAll(keepingCapacity: true) }
                state.made += 1
                let task = Task { try await make() }
                state.slots[key] = .making(task, id: state.made)
                return .making(task, id: state.made)
            }
        }
        switch found {
        case .value(let value):
            return value
        case .making(let task, let id):
            do {
                let value = try await task.value
                settle(key, id: id, with: .ready(value, expires: ContinuousClock.now + lifetime))
                return value
            } catch {
                settle(key, id: id, with: nil)
                throw error
            }
        }
    }

    /// Makes an expired value again; a failure keeps the old one, expired (the next request tries again).
    private func refresh(
        _ key: Key, id: Int, stale: Value, make: @escaping @Sendable () async throws -> Value
    ) async {
        do {
            let value = try await make()
            settle(key, id: id, with: .ready(value, expires: ContinuousClock.now + lifetime))
        } catch {
            settle(key, id: id, with: .ready(stale, expires: ContinuousClock.now))
        }
    }

    /// Replaces the slot `id` made (if it is still there: a full cache may have started over meanwhile).
    private func settle(_ key: Key, id: Int, with slot: Slot?) {
        state.withLock { state in
            switch state.slots[key] {
            case .making(_, let current) where current == id, .refreshing(_, let current) where current == id:
                state.slots[key] = slot
            default:
                return
            }
        }
    }
}
