/// A sparse matrix in compressed rows: row `r`'s entries are `columns[offsets[r]..<offsets[r + 1]]` with their
/// `weights`. Repositories × features, repositories × people, people × repositories.
struct SparseRows: Sendable {
    var offsets: [Int32]
    var columns: [Int32]
    var weights: [Float]

    var count: Int { offsets.count - 1 }

    /// For every row `i`, the `keep` strongest `j ≠ i` of `Σₖ self[i, k] · through[k, j]` (times `targetScale[j]`
    /// when given): neighbours reached in two hops, repository → feature (or person) → repository. Runs on all
    /// cores. `keepSupport` keeps, for each neighbour, how many middle rows (people) its tie passes through.
    func strongestTwoHop(
        through second: SparseRows, targets: Int, keep: Int, targetScale: [Float]? = nil, keepSupport: Bool = false
    ) -> NeighbourLists {
        let first = self
        let scale = targetScale ?? [Float](repeating: 1, count: targets)
        let chunks = inParallel(count: count) { rows -> [[Neighbour]] in
            var scores = [Float](repeating: 0, count: targets)
            // Paths to each target: one per middle row (a person) that links both, so distinct people.
            var paths = [Int32](repeating: 0, count: targets)
            var touched: [Int32] = []
            var strongest = StrongestNeighbours(capacity: keep)
            var lists: [[Neighbour]] = []
            lists.reserveCapacity(rows.count)
            for row in rows {
                for entry in Int(first.offsets[row])..<Int(first.offsets[row + 1]) {
                    let middle = Int(first.columns[entry])
                    let weight = first.weights[entry]
                    second.columns.withUnsafeBufferPointer { columns in
                        second.weights.withUnsafeBufferPointer { weights in
                            scores.withUnsafeMutableBufferPointer { scores in
                                paths.withUnsafeMutableBufferPointer { paths in
                                    for step in Int(second.offsets[middle])..<Int(second.offsets[middle + 1]) {
                                        let other = Int(columns[step])
                                        if paths[other] == 0 { touched.append(Int32(other)) }
                                        scores[other] += weight * weights[step]
                                        paths[other] += 1
                                    }
                                }
                            }
                        }
                    }
                }
                for other in touched {
                    if Int(other) != row {
                        strongest.offer(
                            Neighbour(
                                item: other, weight: scores[Int(other)] * scale[Int(other)],
                                support: paths[Int(other)]))
                    }
                    scores[Int(other)] = 0
                    paths[Int(other)] = 0
                }
                touched.removeAll(keepingCapacity: true)
                lists.append(strongest.drain())
            }
            return lists
        }
        return NeighbourLists(chunks: chunks, keepSupport: keepSupport)
    }
}
