/// Collects the terms of one repository after another — each term interned once, its counts per field packed as in
/// ``CatalogSearchIndex/Posting`` — and lays the postings out by term (a counting sort, stable, so each term's
/// postings stay in repository order).
struct PostingsBuilder {
    private(set) var termIDs: [String: UInt32] = [:]
    private(set) var terms: [String] = []
    /// Per term: whether it occurs as a word of its own (not only as neighbours written together).
    private(set) var isWord: [Bool] = []
    /// Per term: its place among the current repository's terms, or -1.
    private var slot: [Int32] = []
    private var current: [(term: UInt32, counts: UInt32)] = []
    private var postingTerms: [UInt32] = []
    private var postings: [CatalogSearchIndex.Posting] = []

    /// Counts `term` once more in `field` of the current repository (at most ``CatalogSearchIndex/Field/most`` times a
    /// field).
    mutating func add(_ term: String, _ field: CatalogSearchIndex.Field, word: Bool) {
        let id: UInt32
        if let known = termIDs[term] {
            id = known
        } else {
            id = UInt32(terms.count)
            termIDs[term] = id
            terms.append(term)
            isWord.append(false)
            slot.append(-1)
        }
        if word { isWord[Int(id)] = true }
        let shift = CatalogSearchIndex.Field.bits * UInt32(field.rawValue)
        let most = CatalogSearchIndex.Field.most
        var place = Int(slot[Int(id)])
        if place < 0 {
            place = current.count
            slot[Int(id)] = Int32(place)
            current.append((id, 0))
        }
        if (current[place].counts >> shift) & most < most { current[place].counts += 1 << shift }
    }

    /// Ends the current repository: its terms become postings of `document`.
    mutating func finish(_ document: UInt32) {
        for (term, counts) in current {
            postingTerms.append(term)
            postings.append(CatalogSearchIndex.Posting(document: document, counts: counts))
            slot[Int(term)] = -1
        }
        current.removeAll(keepingCapacity: true)
    }

    /// The postings by term: term `t`'s are `postings[start[t]..<start[t + 1]]`.
    func laidOut() -> (start: [Int], postings: [CatalogSearchIndex.Posting]) {
        var start = [Int](repeating: 0, count: terms.count + 1)
        for term in postingTerms { start[Int(term) + 1] += 1 }
        for index in start.indices.dropFirst() { start[index] += start[index - 1] }
        var next = start
        var sorted = [CatalogSearchIndex.Posting](
            repeating: CatalogSearchIndex.Posting(document: 0, counts: 0), count: postings.count)
        for (term, posting) in zip(postingTerms, postings) {
            sorted[next[Int(term)]] = posting
            next[Int(term)] += 1
        }
        return (start, sorted)
    }
}
