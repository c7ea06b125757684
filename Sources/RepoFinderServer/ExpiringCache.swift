import Foundation
import Synchronization

/// Values kept for a few minutes: what many requests ask again and again and what changes only with the daily counts
/// (Home's trending lists, Compare's star histories). A miss makes the value once: requests that miss while it is
/// being made wait for that one (a server's first second of Home traffic had made the same trending list dozens of
/// times at once, 130 ms per request); a value that could not be made is not kept, so the next request tries again. A
/// full cache starts over.
final class ExpiringCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private enum Slot {
        case ready(Value, expires: ContinuousClock.Instant)
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

    /// The value for `key`, from memory while fresh, else made by `make` (once for all who miss together) and kept.
    func value(for key: Key, make: @escaping @Sendable () async throws -> Value) async throws -> Value {
        let found: Slot = state.withLock { state in
            switch state.slots[key] {
            case .ready(let value, let expires) where expires > ContinuousClock.now:
                return .ready(value, expires: expires)
            case .making(let task, let id):
                return .making(task, id: id)
            case .ready, nil:
                if state.slots.count >= maximumEntries { state.slots.removeAll(keepingCapacity: true) }
                state.made += 1
                let task = Task { try await make() }
                state.slots[key] = .making(task, id: state.made)
                return .making(task, id: state.made)
            }
        }
        switch found {
        case .ready(let value, _):
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

    /// Replaces the slot `id` made (if it is still there: a full cache may have started over meanwhile).
    private func settle(_ key: Key, id: Int, with slot: Slot?) {
        state.withLock { state in
            guard case .making(_, let current) = state.slots[key], current == id else { return }
            state.slots[key] = slot
        }
    }
}
