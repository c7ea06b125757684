public import Synchronization

/// Texts remembered by key, shared by every thread, in sixteen parts with a lock each: the event loops word cards at
/// once, and one lock over one table kept their cores passing the same cache lines back and forth. Each part starts
/// over once it holds its share of `capacity`.
///
/// Inlinable, so a module that keeps one specializes it for its key: unspecialized, a look-up reached the key's hash
/// and equality through witness tables and copied the key through value witnesses — a third of a deal's card
/// wording (issue 64's profile). The key is hashed once: the hash picks the part and is the table's hash too.
public final class ShardedMemo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// A key with its hash, worked out once per look-up.
    @usableFromInline
    struct Hashed: Hashable, Sendable {
        @usableFromInline let key: Key
        @usableFromInline let hash: Int

        @inlinable
        init(_ key: Key) {
            self.key = key
            hash = key.hashValue
        }

        @inlinable
        func hash(into hasher: inout Hasher) { hasher.combine(hash) }

        @inlinable
        static func == (left: Hashed, right: Hashed) -> Bool { left.hash == right.hash && left.key == right.key }
    }

    @usableFromInline
    final class Shard: Sendable {
        @usableFromInline let table = Mutex<[Hashed: Value]>([:])

        @usableFromInline
        init() {}
    }

    @usableFromInline let shards: [Shard]
    @usableFromInline let shardCapacity: Int

    /// A memo of at most about `capacity` entries.
    public init(capacity: Int) {
        shards = (0..<16).map { _ in Shard() }
        shardCapacity = max(1, capacity / 16)
    }

    /// The value remembered for `key`, or `make()`'s, remembered.
    @inlinable
    public func value(_ key: Key, _ make: () -> Value) -> Value {
        let hashed = Hashed(key)
        let shard = shards[Int(UInt(bitPattern: hashed.hash) % UInt(shards.count))]
        if let known = shard.table.withLock({ $0[hashed] }) { return known }
        let value = make()
        shard.table.withLock { table in
            if table.count >= shardCapacity { table.removeAll(keepingCapacity: true) }
            table[hashed] = value
        }
        return value
    }
}
