import Testing

@testable import SearchIndex

/// The bounded heap that keeps a search's best documents: the same documents, in the same order, as sorting them all.
@Suite struct BestOfTests {
    @Test func keepsWhatAFullSortKeeps() {
        var generator = SystemRandomNumberGenerator()
        for k in [0, 1, 2, 7, 60, 500] {
            // Few distinct keys, so ties are common and broken by the lower number.
            let documents = (0..<300).map { _ in UInt32.random(in: 0..<1_000, using: &generator) }
            let unique = Array(Set(documents))
            let keys = Dictionary(uniqueKeysWithValues: unique.map { ($0, Double(Int.random(in: 0..<20))) })
            var best = BestOf(k)
            for document in unique { best.offer(document, key: keys[document] ?? 0) }
            let sorted = unique.sorted { keys[$0]! != keys[$1]! ? keys[$0]! > keys[$1]! : $0 < $1 }
            #expect(best.ordered() == Array(sorted.prefix(k)), "k = \(k)")
            #expect(CatalogSearchIndex.top(k, of: unique) { keys[$0] ?? 0 } == Array(sorted.prefix(k)))
        }
    }

    @Test func aNegativeCountKeepsNothing() {
        var best = BestOf(-3)
        best.offer(1, key: 1)
        #expect(best.ordered().isEmpty)
    }
}
