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
    private var taken = Set<Int32>()
    private var considered = Set<Int32>()
    private var turnedAway: [Scored] = []
    private var perOwner: [Int32: Int] = [:]
    private var perCluster: [UInt8: Int] = [:]

    init(size: Int, index: RecommendationIndex, maximumPerOwner: Int, maximumPerCluster: Int) {
        self.size = size
        self.index = index
        self.maximumPerOwner = maximumPerOwner
        self.maximumPerCluster = maximumPerCluster
    }

    var isFull: Bool { chosen.count >= size }

    /// Takes candidates in order while there is room and the limits allow.
    mutating func offer(_ ranked: [Scored]) {
        for candidate in ranked {
            if isFull { return }
            guard !taken.contains(candidate.item), !considered.contains(candidate.item) else { continue }
            considered.insert(candidate.item)
            let owner = index.facts.ownerOf[Int(candidate.item)]
            let cluster = index.facts.clusterOf[Int(candidate.item)]
            if perOwner[owner, default: 0] >= maximumPerOwner || perCluster[cluster, default: 0] >= maximumPerCluster {
                turnedAway.append(candidate)
                continue
            }
            take(candidate)
        }
    }

    /// Fills what room is left with what the limits turned away, best first.
    mutating func relaxLimits() {
        let rest = turnedAway.sorted(by: Scored.isBetter)
        for candidate in rest where !isFull && !taken.contains(candidate.item) { take(candidate) }
    }

    private mutating func take(_ candidate: Scored) {
        chosen.append(candidate)
        taken.insert(candidate.item)
        perOwner[index.facts.ownerOf[Int(candidate.item)], default: 0] += 1
        perCluster[index.facts.clusterOf[Int(candidate.item)], default: 0] += 1
    }
}
