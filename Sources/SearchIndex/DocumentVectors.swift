import Foundation
import RepoFinderCore
import Semantics

/// What the search index embeds of each repository.
enum DocumentVectors {
    /// The text a repository is embedded from: its name split into words, description, topics and language.
    static func text(of repository: Repository) -> String {
        let name = SearchText.words(repository.name).joined(separator: " ")
        let topics = repository.topics.map { $0.replacingOccurrences(of: "-", with: " ") }.joined(separator: " ")
        return [name, repository.description ?? "", topics, repository.language ?? ""].joined(separator: " ")
    }

    /// Every repository's vector, in the index's numbering (row `n` is `catalog[n]`), on all cores: the full model's
    /// stored vector where `stored` has one for the repository as it is now, else the table's.
    static func embed(_ catalog: [Repository], with embedder: TextEmbedder, stored: RepositoryVectors?) -> VectorRows {
        let stored = stored.flatMap { $0.dimensions == embedder.dimensions ? $0 : nil }
        return VectorRows(count: catalog.count, dimensions: embedder.dimensions) { number in
            let repository = catalog[number]
            return stored?.vector(of: repository.fullName, description: repository.description)
                ?? embedder.embed(text(of: repository))
        }
    }
}
