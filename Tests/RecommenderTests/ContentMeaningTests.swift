import RepoFinderCore
import Semantics
import Testing

@testable import Recommender

/// Content neighbours re-weighted by meaning (``ItemMeaning``), and words alone without the table.
@Suite("Meaning under content neighbours")
struct ContentMeaningTests {
    private static func repository(_ name: String, _ about: String) -> Repository {
        Repository(owner: RepositoryOwner(login: "someone"), name: name, description: about, stars: 1)
    }

    private static let catalog = [
        repository("pets", "kitten photos"),
        repository("ledger", "tax accounting spreadsheet"),
        repository("felines", "cat pictures"),
        repository("compiler", "rust compiler backend"),
        repository("bundler", "javascript module bundler"),
    ]

    @Test("Of two neighbours tied on words, the one closer in meaning comes first")
    func prefersCloserMeaning() throws {
        let embedder = try #require(SemanticModel.shared, "the bundled token-vector table")
        let meaning = ItemMeaning(Self.catalog, embedder: embedder)
        #expect(meaning.cosine(0, 2) > meaning.cosine(0, 1))
        // Item 0's words tie it equally to the ledger (1) and the felines (2); the lower index wins a plain tie.
        let tied = NeighbourLists(chunks: [
            [
                [Neighbour(item: 1, weight: 0.5), Neighbour(item: 2, weight: 0.5)], [], [], [], [],
            ]
        ])
        let reweighted = meaning.reweighted(tied, floor: 0.7, keep: 1)
        var kept: [Int] = []
        reweighted.forEach(of: 0) { item, _ in kept.append(item) }
        #expect(kept == [2])
        var unchanged: [Int] = []
        meaning.reweighted(tied, floor: 1, keep: 2).forEach(of: 0) { item, _ in unchanged.append(item) }
        #expect(unchanged == [1, 2])
    }

    @Test("Without the table the content neighbours are words alone, exactly as with meaning switched off")
    func withoutTableIsWordsAlone() {
        var wordsOnly = RecommenderConfiguration()
        wordsOnly.contentMeaningFloor = 1
        let withoutTable = RecommendationIndex(repositories: Self.catalog, embedder: nil)
        let switchedOff = RecommendationIndex(repositories: Self.catalog, configuration: wordsOnly)
        #expect(withoutTable.content.ids == switchedOff.content.ids)
        #expect(withoutTable.content.weights == switchedOff.content.weights)
    }
}
