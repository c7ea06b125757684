public import Dealing
import Foundation
import Recommender
import RepoFinderCore

/// The deck the server deals with: its recommender and, built with each index, the index's repositories as JSON.
public typealias ServerRecommender = RecommenderService<EncodedRepositories>

/// Every repository of the deck's index as the JSON of its `Repository` object, but for what depends on the time
/// of the request (``JSONOutput/repositoryEnd(_:now:)``), written once when the index is built: the feed then copies
/// each card's bytes instead of escaping and formatting them again. One buffer for the whole catalog (about 550
/// bytes a repository), so the server's memory does not grow with what it has dealt.
public struct EncodedRepositories: Sendable {
    private let bytes: [UInt8]
    /// Where each repository's bytes end, by position in the index.
    private let ends: [Int]
    private let index: RecommendationIndex
    /// The repositories' activity facts, kept a day at a time while the catalog is stale.
    let judgedFacts: JudgedFacts
    /// The repositories' names by position, for the dealt ledger to count the deck's cards by position.
    let dealtCatalog: DealtCatalog

    init(_ index: RecommendationIndex) {
        var json = JSONOutput(capacity: index.count * 600)
        var ends: [Int] = []
        ends.reserveCapacity(index.count)
        for repository in index.repositories {
            json.repositoryFields(repository)
            ends.append(json.bytes.count)
        }
        self.bytes = json.bytes
        self.ends = ends
        self.index = index
        judgedFacts = JudgedFacts(index.repositories)
        dealtCatalog = DealtCatalog(names: index.repositories.map(\.repositoryName))
    }

    /// The position of this card's repository in the index, if the card was dealt from this index and its repository
    /// is still exactly what was encoded (otherwise nil, and the caller writes it afresh).
    func position(of card: Recommendation) -> Int? {
        guard let position = card.indexPosition, ends.indices.contains(position),
            index.repositories[position] == card.repository
        else { return nil }
        return position
    }

    /// The bytes of the fields of the repository at `position` (one ``position(of:)`` gave).
    func fields(at position: Int) -> ArraySlice<UInt8> {
        bytes[(position == 0 ? 0 : ends[position - 1])..<ends[position]]
    }
}
