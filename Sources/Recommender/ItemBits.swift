/// A set of one index's items as bits: cheap to copy and to test, a few kilobytes for the whole catalog. A server
/// keeps what it dealt to each person this way instead of as keys.
public struct ItemBits: Hashable, Sendable {
    private var words: [UInt64]
    /// How many items the set can hold (the index's ``RecommendationIndex/count``).
    public let capacity: Int

    /// An empty set for an index of `capacity` items.
    public init(capacity: Int) {
        self.capacity = capacity
        words = [UInt64](repeating: 0, count: (capacity + 63) / 64)
    }

    /// Adds an item (ignored when out of range).
    @inline(__always)
    public mutating func insert(_ item: Int) {
        guard item >= 0, item < capacity else { return }
        words[item >> 6] |= 1 << UInt64(item & 63)
    }

    /// Removes an item (ignored when out of range).
    public mutating func remove(_ item: Int) {
        guard item >= 0, item < capacity else { return }
        words[item >> 6] &= ~(1 << UInt64(item & 63))
    }

    /// Whether the set holds the item. Always inlined: a deal tests several sets for each of a thousand candidates,
    /// and as a call it was a tenth of the scoring (issue 64's profile).
    @inline(__always)
    public func contains(_ item: Int) -> Bool {
        guard item >= 0, item < capacity else { return false }
        return words[item >> 6] & (1 << UInt64(item & 63)) != 0
    }

    /// How many items the set holds.
    public var count: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }
}

extension RecommendationIndex {
    /// The items of these repository keys, as bits of this index (unknown keys are left out).
    public func items(forKeys keys: some Sequence<String>) -> ItemBits {
        var bits = ItemBits(capacity: count)
        for key in keys { if let item = item(forKey: key) { bits.insert(item) } }
        return bits
    }
}

extension ItemBits {
    /// Items in either set (the capacity of the larger).
    public func union(_ other: ItemBits) -> ItemBits {
        var result = capacity >= other.capacity ? self : other
        let smaller = capacity >= other.capacity ? other : self
        for (position, word) in smaller.words.enumerated() { result.words[position] |= word }
        return result
    }
}
