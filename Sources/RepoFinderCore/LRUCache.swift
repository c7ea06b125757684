/// A cache bounded by a total cost (entries, bytes, …): when it is over, the least recently used entries go first.
/// A value type: guard it with the owner's isolation (an actor, a mutex).
public struct LRUCache<Key: Hashable, Value> {
    private var entries: [Key: (value: Value, cost: Int, lastUse: UInt64)] = [:]
    private var clock: UInt64 = 0
    /// The total cost of what is kept now.
    public private(set) var totalCost = 0
    /// The most the entries may cost together.
    public let capacity: Int

    public init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// How many entries are kept.
    public var count: Int { entries.count }

    /// The value, marked as just used.
    public mutating func value(for key: Key) -> Value? {
        guard let entry = entries[key] else { return nil }
        clock += 1
        entries[key]?.lastUse = clock
        return entry.value
    }

    /// The value, without marking it as used.
    public func peek(_ key: Key) -> Value? { entries[key]?.value }

    /// Keeps a value (replacing any under the same key), then drops the least recently used until the total cost is
    /// within the capacity. A value costing more than the whole capacity is not kept.
    public mutating func set(_ value: Value, for key: Key, cost: Int = 1) {
        guard cost <= capacity else { return }
        clock += 1
        if let old = entries[key] { totalCost -= old.cost }
        entries[key] = (value, cost, clock)
        totalCost += cost
        while totalCost > capacity, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            entries[oldest.key] = nil
            totalCost -= oldest.value.cost
        }
    }
}

extension LRUCache: Sendable where Key: Sendable, Value: Sendable {}
