import Foundation
import RepoFinderCore
import Semantics

/// What each repository is about as a unit vector (``SemanticModel``'s embedder over its name's words, description,
/// topics and language), with the catalog's mean taken out: what every repository shares says nothing about one,
/// and without it generic, wordy repositories would be everyone's closest. Used while the index is built only.
struct ItemMeaning: Sendable {
    /// Row `n` is item `n`'s vector.
    private let rows: VectorRows

    /// The text a repository is embedded from (composed here, not shared with search's).
    static func text(of repository: Repository) -> String {
        let name = TextWords.words(in: repository.name).joined(separator: " ")
        let topics = repository.topics.map { topic in
            String(decoding: topic.utf8.map { $0 == UInt8(ascii: "-") ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
        }.joined(separator: " ")
        return [name, repository.description ?? "", topics, repository.language ?? ""].joined(separator: " ")
    }

    /// Embeds every repository, on all cores.
    init(_ repositories: [Repository], embedder: TextEmbedder) {
        rows = VectorRows(embedding: repositories.map(Self.text(of:)), with: embedder)
    }

    /// The cosine of two items' vectors, the catalog's mean taken out of both (0 when either has none).
    func cosine(_ first: Int, _ second: Int) -> Float { rows.centredCosine(first, second) }

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
