/// The best `k` documents of those offered, by key: higher first, the lower number on a tie (so the one with more
/// stars). A min-heap of the best so far, whose root is the worst of them: a broad match is never sorted whole, and
/// the documents need not be gathered in an array first.
struct BestOf {
    /// How many are kept.
    let k: Int
    private var heap: [(key: Double, document: UInt32)] = []

    init(_ k: Int) {
        self.k = max(0, k)
        heap.reserveCapacity(self.k)
    }

    /// Whether `a` ranks before `b`.
    @inline(__always)
    private static func better(_ a: (key: Double, document: UInt32), _ b: (key: Double, document: UInt32)) -> Bool {
        a.key != b.key ? a.key > b.key : a.document < b.document
    }

    /// Keeps `document` if it is among the best `k` so far.
    @inline(__always)
    mutating func offer(_ document: UInt32, key: Double) {
        let entry = (key: key, document: document)
        if heap.count < k {
            heap.append(entry)
            var child = heap.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard Self.better(heap[parent], heap[child]) else { break }
                heap.swapAt(parent, child)
                child = parent
            }
        } else if k > 0, Self.better(entry, heap[0]) {
            heap[0] = entry
            var parent = 0
            while true {
                let left = 2 * parent + 1
                let right = left + 1
                var worst = parent
                if left < heap.count, Self.better(heap[worst], heap[left]) { worst = left }
                if right < heap.count, Self.better(heap[worst], heap[right]) { worst = right }
                if worst == parent { break }
                heap.swapAt(parent, worst)
                parent = worst
            }
        }
    }

    /// The key to beat: a document numbered above every one kept, offered with a key no higher than this, would not be
    /// kept (ties go to the lower number) — so a caller offering documents in increasing number can skip, before any
    /// other work, those at or below it. Minus infinity until `k` are kept.
    var floor: Double {
        guard heap.count == k else { return -.infinity }
        return k == 0 ? .infinity : heap[0].key
    }

    /// The documents kept, best first.
    func ordered() -> [UInt32] {
        heap.sorted(by: Self.better).map(\.document)
    }
}
