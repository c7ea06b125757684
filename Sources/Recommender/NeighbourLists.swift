/// Weighted neighbour lists for every item, stored compactly (one offsets array, one ids array, one weights array).
struct NeighbourLists: Sendable {
    private(set) var offsets: [Int32]
    private(set) var ids: [Int32]
    private(set) var weights: [Float]
    /// How many distinct people tie each neighbour to its item, beside ``ids`` (collaborative lists only; empty
    /// in the others, whose two-hop paths are shared features, not people).
    private(set) var support: [Int32]

    /// Lists for `count` items, all empty.
    init(count: Int) {
        offsets = Array(repeating: 0, count: count + 1)
        ids = []
        weights = []
        support = []
    }

    /// Joins lists built in chunks of consecutive items, in item order, keeping each neighbour's support when
    /// `keepSupport`.
    init(chunks: [[[Neighbour]]], keepSupport: Bool = false) {
        let total = chunks.reduce(0) { $0 + $1.reduce(0) { $0 + $1.count } }
        let itemCount = chunks.reduce(0) { $0 + $1.count }
        offsets = []
        offsets.reserveCapacity(itemCount + 1)
        ids = []
        ids.reserveCapacity(total)
        weights = []
        weights.reserveCapacity(total)
        support = []
        if keepSupport { support.reserveCapacity(total) }
        offsets.append(0)
        for chunk in chunks {
            for list in chunk {
                for neighbour in list {
                    ids.append(neighbour.item)
                    weights.append(neighbour.weight)
                    if keepSupport { support.append(neighbour.support) }
                }
                offsets.append(Int32(ids.count))
            }
        }
    }

    /// How many items have lists.
    var count: Int { offsets.count - 1 }

    /// The positions of `item`'s neighbours in ``ids`` and ``weights``, strongest first.
    func range(of item: Int) -> Range<Int> {
        Int(offsets[item])..<Int(offsets[item + 1])
    }

    /// How many distinct people tie `neighbour` to `item` (0 when it is not among `item`'s neighbours, or the
    /// lists keep no support).
    func support(of neighbour: Int, for item: Int) -> Int {
        guard !support.isEmpty else { return 0 }
        for position in range(of: item) where Int(ids[position]) == neighbour { return Int(support[position]) }
        return 0
    }

    /// Calls `body` with each neighbour of `item` and its weight, strongest first, without bounds checks.
    @inline(__always)
    func forEach(of item: Int, limit: Int = .max, _ body: (Int, Float) -> Void) {
        let full = self.range(of: item)
        let range = full.count > limit ? full.lowerBound..<(full.lowerBound + limit) : full
        ids.withUnsafeBufferPointer { ids in
            weights.withUnsafeBufferPointer { weights in
                for position in range { body(Int(ids[position]), weights[position]) }
            }
        }
    }
}

/// One neighbour and how strongly it is tied to the item.
struct Neighbour: Sendable {
    var item: Int32
    var weight: Float
    /// How many middle rows (people, for collaborative neighbours) the two-hop tie passes through; 0 otherwise.
    var support: Int32 = 0
}

/// Keeps the `capacity` strongest of a stream of neighbours (ties go to the lower item index, so results never
/// depend on the order things were seen in).
struct StrongestNeighbours {
    let capacity: Int
    private var heap: [Neighbour] = []

    init(capacity: Int) {
        self.capacity = capacity
        heap.reserveCapacity(capacity)
    }

    /// `a` is weaker than `b`.
    private static func weaker(_ a: Neighbour, _ b: Neighbour) -> Bool {
        a.weight < b.weight || (a.weight == b.weight && a.item > b.item)
    }

    mutating func offer(_ candidate: Neighbour) {
        if heap.count < capacity {
            heap.append(candidate)
            siftUp(heap.count - 1)
        } else if capacity > 0, Self.weaker(heap[0], candidate) {
            heap[0] = candidate
            siftDown(0)
        }
    }

    /// The kept neighbours, strongest first; empties the heap.
    mutating func drain() -> [Neighbour] {
        let result = heap.sorted { Self.weaker($1, $0) }
        heap.removeAll(keepingCapacity: true)
        return result
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.weaker(heap[child], heap[parent]) else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < heap.count else { return }
            var weakest = left
            if left + 1 < heap.count, Self.weaker(heap[left + 1], heap[left]) { weakest = left + 1 }
            guard Self.weaker(heap[weakest], heap[parent]) else { return }
            heap.swapAt(weakest, parent)
            parent = weakest
        }
    }
}
