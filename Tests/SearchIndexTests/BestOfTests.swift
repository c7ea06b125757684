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

    /// Documents offered in increasing number, skipping every key at or below ``BestOf/floor``: what offering them all
    /// keeps (how the meaning scan's nearest pass skips most of the catalog).
    @Test func skippingAtTheFloorKeepsTheSame() {
        var generator = SystemRandomNumberGenerator()
        for k in [0, 1, 2, 7, 60, 500] {
            let keys = (0..<2_000).map { _ in Double(Int.random(in: 0..<30, using: &generator)) }
            var all = BestOf(k)
            var skipping = BestOf(k)
            var skipped = 0
            for (document, key) in keys.enumerated() {
                all.offer(UInt32(document), key: key)
                if key > skipping.floor { skipping.offer(UInt32(document), key: key) } else { skipped += 1 }
            }
            #expect(skipping.ordered() == all.ordered(), "k = \(k)")
            if k < 500 { #expect(skipped > 0, "k = \(k): the floor skipped some") }
        }
    }

    @Test func aNegativeCountKeepsNothing() {
        var best = BestOf(-3)
        best.offer(1, key: 1)
        #expect(best.ordered().isEmpty)
    }
}
