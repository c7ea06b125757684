import Foundation
import RepoFinderCore
import Semantics

/// What each repository is about as a unit vector (``SemanticModel``'s embedder over its name's words, description,
/// topics and language), with the catalog's mean taken out: what every repository shares says nothing about one,
/// and without it generic, wordy repositories would be everyone's closest. Used while the index is built only.
struct ItemMeaning: Sendable {
    let dimensions: Int
    /// Row `n` is item `n`'s centred unit vector; all zeros when it has none.
    private let rows: [Float]

    /// The text a repository is embedded from (composed here, not shared with search's).
    static func text(of repository: Repository) -> String {
        let name = TextWords.words(in: repository.name).joined(separator: " ")
        let topics = repository.topics.map { $0.replacingOccurrences(of: "-", with: " ") }.joined(separator: " ")
        return [name, repository.description ?? "", topics, repository.language ?? ""].joined(separator: " ")
    }

    /// Embeds every repository, on all cores.
    init(_ repositories: [Repository], embedder: TextEmbedder) {
        let dimensions = embedder.dimensions
        self.dimensions = dimensions
        let chunks = inParallel(count: repositories.count) { range -> [Float] in
            var out = [Float](repeating: 0, count: range.count * dimensions)
            for (offset, number) in range.enumerated() {
                guard let vector = embedder.embed(Self.text(of: repositories[number])) else { continue }
                out.replaceSubrange((offset * dimensions)..<((offset + 1) * dimensions), with: vector)
            }
            return out
        }
        var rows = chunks.flatMap { $0 }
        var mean = [Float](repeating: 0, count: dimensions)
        var embedded: Float = 0
        for start in stride(from: 0, to: rows.count, by: dimensions) {
            guard rows[start..<(start + dimensions)].contains(where: { $0 != 0 }) else { continue }
            embedded += 1
            for component in 0..<dimensions { mean[component] += rows[start + component] }
        }
        if embedded > 0 {
            for component in 0..<dimensions { mean[component] /= embedded }
            for start in stride(from: 0, to: rows.count, by: dimensions) {
                guard rows[start..<(start + dimensions)].contains(where: { $0 != 0 }) else { continue }
                var length: Float = 0
                for component in 0..<dimensions {
                    rows[start + component] -= mean[component]
                    length += rows[start + component] * rows[start + component]
                }
                let scale: Float = length > 0 ? 1 / length.squareRoot() : 0
                for component in 0..<dimensions { rows[start + component] *= scale }
            }
        }
        self.rows = rows
    }

    /// The cosine of two items' vectors (0 when either has none).
    func cosine(_ first: Int, _ second: Int) -> Float {
        rows.withUnsafeBufferPointer { rows in
            VectorMath.dot(
                UnsafeBufferPointer(rebasing: rows[(first * dimensions)..<((first + 1) * dimensions)]),
                UnsafeBufferPointer(rebasing: rows[(second * dimensions)..<((second + 1) * dimensions)]))
        }
    }

    /// `lists` with each tie scaled by `floor + (1 - floor) · max(0, cosine)`, re-sorted, the strongest `keep` kept.
    func reweighted(_ lists: NeighbourLists, floor: Float, keep: Int) -> NeighbourLists {
        let chunks = inParallel(count: lists.count) { items -> [[Neighbour]] in
            var strongest = StrongestNeighbours(capacity: keep)
            return items.map { item in
                lists.forEach(of: item) { other, weight in
                    let closeness = max(0, cosine(item, other))
                    strongest.offer(Neighbour(item: Int32(other), weight: weight * (floor + (1 - floor) * closeness)))
                }
                return strongest.drain()
            }
        }
        return NeighbourLists(chunks: chunks)
    }
}
