import Synchronization

/// Texts remembered by key, shared by every thread, in sixteen parts with a lock each: the event loops word cards at
/// once, and one lock over one table kept their cores passing the same cache lines back and forth. Each part starts
/// over once it holds its share of `capacity`.
public final class ShardedMemo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private final class Shard: Sendable {
        let table = Mutex<[Key: Value]>([:])
    }

    private let shards: [Shard]
    private let shardCapacity: Int

    /// A memo of at most about `capacity` entries.
    public init(capacity: Int) {
        shards = (0..<16).map { _ in Shard() }
        shardCapacity = max(1, capacity / 16)
    }

    /// The value remembered for `key`, or `make()`'s, remembered.
    public func value(_ key: Key, _ make: () -> Value) -> Value {
        let shard = shards[Int(UInt(bitPattern: key.hashValue) % UInt(shards.count))]
        if let known = shard.table.withLock({ $0[key] }) { return known }
        let value = make()
        shard.table.withLock { table in
            if table.count >= shardCapacity { table.removeAll(keepingCapacity: true) }
            table[key] = value
        }
        return value
    }
}
