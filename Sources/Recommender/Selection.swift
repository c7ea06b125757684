/// Picks a batch from ranked candidates, keeping owners and clusters within their limits; what the limits turned
/// away is used only when nothing else is left.
struct Selection {
    struct Scored {
        var item: Int32
        var score: Float

        /// Higher score first; ties to the lower index.
        static func isBetter(_ a: Scored, _ b: Scored) -> Bool {
            a.score > b.score || (a.score == b.score && a.item < b.item)
        }
    }

    let size: Int
    let index: RecommendationIndex
    let maximumPerOwner: Int
    let maximumPerCluster: Int
    private(set) var chosen: [Scored] = []
    private var considered: ItemBits
    private var turnedAway: [Scored] = []
    /// How many were chosen from each cluster (by position in ``TopicCluster/all``).
    private var perCluster: [Int]

    init(size: Int, index: RecommendationIndex, maximumPerOwner: Int, maximumPerCluster: Int) {
        self.size = size
        self.index = index
        self.maximumPerOwner = maximumPerOwner
        self.maximumPerCluster = maximumPerCluster
        considered = ItemBits(capacity: index.count)
        perCluster = [Int](repeating: 0, count: TopicCluster.all.count)
    }

    var isFull: Bool { chosen.count >= size }

    /// Takes candidates in order while there is room and the limits allow.
    mutating func offer(_ ranked: [Scored]) {
        for candidate in ranked {
            if isFull { return }
            offer(candidate)
        }
    }

    /// Takes candidates best first (in ``Scored/isBetter(_:_:)`` order, as ``offer(_:)`` of them sorted would) while
    /// there is room, without sorting them all: a batch usually needs only the first few hundred.
    mutating func offerBestFirst(_ candidates: [Scored]) {
        var heap = BestFirst(candidates)
        while !isFull, let candidate = heap.next() { offer(candidate) }
    }

    /// Takes candidates best first as ``offerBestFirst(_:)`` does, but every `every`-th card from `widening`
    /// instead (the best there not yet considered): a share of the batch kept for what the person told us, so their
    /// likes widen their taste rather than replace it.
    mutating func offerBestFirst(_ candidates: [Scored], widening: [Scored], every: Int) {
        var main = BestFirst(candidates)
        var wide = BestFirst(widening)
        while !isFull {
            let fromWide = every > 0 && (chosen.count + 1) % every == 0
            let before = chosen.count
            while chosen.count == before, let candidate = fromWide ? wide.next() : main.next() { offer(candidate) }
            if chosen.count == before {
                // One list ran dry: the other fills the rest.
                while !isFull, let candidate = fromWide ? main.next() : wide.next() { offer(candidate) }
                return
            }
        }
    }

    /// Fills what room is left with what the limits turned away, best first.
    mutating func relaxLimits() {
        // Each was considered once and turned away, so none is among the chosen.
        for candidate in turnedAway.sorted(by: Scored.isBetter) {
            if isFull { return }
            take(candidate)
        }
    }

    private mutating func offer(_ candidate: Scored) {
        let item = Int(candidate.item)
        guard !considered.contains(item) else { return }
        considered.insert(item)
        let owner = index.facts.ownerOf[item]
        var sameOwner = 0
        for other in chosen where index.facts.ownerOf[Int(other.item)] == owner { sameOwner += 1 }
        if sameOwner >= maximumPerOwner || perCluster[Int(index.facts.clusterOf[item])] >= maximumPerCluster {
            turnedAway.append(candidate)
            return
        }
        take(candidate)
    }

    private mutating func take(_ candidate: Scored) {
        chosen.append(candidate)
        perCluster[Int(index.facts.clusterOf[Int(candidate.item)])] += 1
    }
}

/// The candidates in ``Selection/Scored/isBetter(_:_:)`` order, one at a time: a binary heap, built in linear time,
/// so taking the best k of n costs about n + k log n comparisons instead of a full sort's n log n.
struct BestFirst {
    private var heap: [Selection.Scored]

    init(_ candidates: [Selection.Scored]) {
        heap = candidates
        var start = heap.count / 2 - 1
        while start >= 0 {
            siftDown(start)
            start -= 1
        }
    }

    /// The best candidate left, or nil when none is.
    mutating func next() -> Selection.Scored? {
        guard let last = heap.popLast() else { return nil }
        guard !heap.isEmpty else { return last }
        let best = heap[0]
        heap[0] = last
        siftDown(0)
        return best
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        let count = heap.count
        while true {
            let left = 2 * parent + 1
            guard left < count else { return }
            var best = left
            if left + 1 < count, Selection.Scored.isBetter(heap[left + 1], heap[left]) { best = left + 1 }
            guard Selection.Scored.isBetter(heap[best], heap[parent]) else { return }
            heap.swapAt(best, parent)
            parent = best
        }
    }
}
