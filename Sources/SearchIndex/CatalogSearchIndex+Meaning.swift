import Foundation
public import RepoFinderCore
import Semantics
import Storage

/// Meaning: nearest repositories by vector (exact, over the whole catalog: about 0.3 ms for 42k repositories on one
/// core; an approximate index would pay from a few hundred thousand), and its fusion with the word ranking.
extension CatalogSearchIndex {
    /// Whether the index has vectors (false when the token-vector table could not be loaded).
    public var understandsMeaning: Bool { vectors != nil }

    /// The vector a search ranks by meaning, or nil to rank by words alone: always for a query that gives a meaning
    /// (Ask's questions), else for best-match searches of two or more words that few repositories match whole — a
    /// name or a keyword search that matches is left to the words.
    func meaningVector(_ query: SearchQuery, words: Int, complete: Int) -> MeaningVector? {
        guard ranking.meaningWeight > 0, query.matchesMeaning, let embedder, vectors != nil, query.sort == .bestMatch
        else { return nil }
        if let meaning = query.meaning { return questionVector(meaning) }
        guard words >= 2, complete < ranking.meaningBelow else { return nil }
        return embedder.embed(Self.subject(of: query.text)).map { MeaningVector(vector: $0, weakCloseness: nil) }
    }

    /// Words that say how a search relates to what it names ("grep alternative", "replacement for moment") rather
    /// than what it is about: by meaning they would find whatever describes itself as an alternative to anything.
    static let relationWords: Set<String> = [
        "alternative", "alternatives", "replacement", "replacements", "substitute", "instead", "similar", "vs",
        "versus",
    ]

    /// What a search is about, for its meaning: its text without ``relationWords`` (all of it when nothing else is
    /// left).
    static func subject(of text: String) -> String {
        let words = SearchText.words(text)
        let subject = words.filter { !relationWords.contains($0) }
        return subject.isEmpty || subject.count == words.count ? text : subject.joined(separator: " ")
    }

    /// Waits, suspended, until questions can be read as well as they will be (the sentence model's load is over):
    /// searches with a meaning call it first, so that an answer never depends on when it was asked. Given the
    /// question, it also reads it here, on a Dispatch thread: the transformer's few tens of milliseconds (seconds in
    /// a debug build) never hold one of Swift concurrency's few cooperative threads, and the search that follows
    /// finds the vector kept.
    public func prepareForQuestions(_ meaning: String? = nil) async {
        guard embedder != nil, vectors != nil else { return }
        await questionReaderLoad()
        if let meaning, let questionReader = questionReaderSource() {
            _ = await offThePool { questionReader.embed(meaning) }
        }
    }

    /// A question's vector (what Ask means): read by the transformer when it is there, else from the token vectors
    /// like any text, with the cosine below which the closest repository is not about it (nil: the token vectors').
    func questionVector(_ meaning: String) -> MeaningVector? {
        if let questionReader = questionReaderSource(), let vector = questionReader.embed(meaning) {
            return MeaningVector(vector: vector, weakCloseness: QuestionEncoder.weakCloseness)
        }
        return embedder?.embed(meaning).map { MeaningVector(vector: $0, weakCloseness: nil) }
    }

    /// The `limit` repositories passing `filter` closest to `vector`, each with its cosine and its key for ranking
    /// (the cosine plus a little popularity and health), best first.
    func nearest(
        _ vector: [Float], filter: Filter, limit: Int, excluding excluded: Set<UInt32> = []
    ) -> [(document: UInt32, cosine: Float)] {
        guard let vectors else { return [] }
        return nearest(
            similarities: vectors.similarities(to: vector), filter: filter, limit: limit, excluding: excluded)
    }

    /// The same, from the cosines already computed for every repository: one pass, each repository's key its cosine
    /// plus its prior worked out when the index was built (``meaningPriors``), kept only while among the best.
    func nearest(
        similarities: [Float], filter: Filter, limit: Int, excluding excluded: Set<UInt32> = []
    ) -> [(document: UInt32, cosine: Float)] {
        var best = BestOf(limit)
        similarities.withUnsafeBufferPointer { similarities in
            meaningPriors.withUnsafeBufferPointer { priors in
                // In increasing number, so a key at or below the worst kept is passed over before the filter is asked:
                // once the first `limit` are in, most of the catalog is one comparison each.
                var floor = best.floor
                for document in 0..<count {
                    let similarity = similarities[document]
                    guard similarity > 0 else { continue }
                    let key = Double(similarity + priors[document])
                    guard key > floor, filter.passes(document) else { continue }
                    guard excluded.isEmpty || !excluded.contains(UInt32(document)) else { continue }
                    best.offer(UInt32(document), key: key)
                    floor = best.floor
                }
            }
        }
        return best.ordered().map { ($0, similarities[Int($0)]) }
    }

    /// How a repository ranks by meaning: its cosine, plus the popularity prior's logarithm (a tie-breaker among
    /// equally close ones, not a way for a famous repository about something else to win) — less when dormant.
    func meaningKey(_ document: Int, cosine: Float) -> Double {
        Double(cosine + meaningPriors[document])
    }

    /// Each repository's part of its meaning key beside the cosine: popularity's logarithm, less for a dormant one.
    static func meaningPriors(
        stars: [Int], dormant: (Int) -> Bool, ranking: SearchRanking
    ) -> [Float] {
        stars.indices.map { document in
            let popularity = Float(log10(Double(stars[document]) + 10) / 6) * ranking.meaningPopularity
            return dormant(document) ? popularity - ranking.meaningDormant : popularity
        }
    }

    /// Whether a question asks for collections of resources (lists, courses, tutorials) rather than software.
    static func asksForResources(_ text: String) -> Bool {
        let words = Set(SearchText.words(text))
        return !words.isDisjoint(with: [
            "list", "lists", "resources", "resource", "awesome", "curriculum", "course", "courses", "tutorial",
            "tutorials", "learn", "learning", "roadmap", "book", "books", "guide", "guides", "cheatsheet", "exercises",
            "interview",
        ])
    }

    /// Whether a repository is a collection — an "awesome" list, a cheat sheet, a list of resources — by its name
    /// and topics.
    static func isCollection(_ repository: Repository) -> Bool {
        let name = repository.name.lowercased()
        if name.contains("awesome") || name.contains("cheatsheet") || name.contains("cheat-sheet") { return true }
        return repository.topics.contains {
            ["awesome-list", "awesome", "lists", "resources", "curated-list"].contains($0)
        }
    }

    /// The moment dormancy is judged at, for meaning's ranking (the catalog's newest push, so a frozen catalog judges
    /// itself as it was; set when the index is built).
    var now: Date { newestPush }

    /// The lexical order and the meaning order fused by reciprocal rank (each list's first ``SearchRanking/fusionDepth``,
    /// meaning's weighted by ``SearchRanking/meaningWeight``), best first.
    func fused(
        lexical: [UInt32], meaning: [(document: UInt32, cosine: Float)], weight: Float, demoteCollections: Bool
    ) -> [UInt32] {
        var score: [UInt32: Double] = [:]
        let k = Double(ranking.fusionDepth)
        for (rank, document) in lexical.enumerated() { score[document, default: 0] += 1 / (k + Double(rank + 1)) }
        for (rank, entry) in meaning.enumerated() {
            score[entry.document, default: 0] += Double(weight) / (k + Double(rank + 1))
        }
        if demoteCollections {
            for (document, value) in score where isCollection[Int(document)] {
                score[document] = value * Double(1 - ranking.collectionPenalty)
            }
        }
        return score.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
    }

    /// A search with no words, only a meaning: the nearest repositories (collections last unless resources are asked
    /// for).
    func rankByMeaning(_ query: SearchQuery, vector meaning: MeaningVector, filter: Filter) -> SearchOutcome {
        guard let vectors else { return SearchOutcome(repositories: [], keys: [], total: 0, matchedTerms: []) }
        let similarities = vectors.similarities(to: meaning.vector, wanted: filter.marks())
        let take = query.page.offset + query.page.perPage
        let near = nearest(similarities: similarities, filter: filter, limit: max(take, ranking.meaningCandidates))
        let demote = !Self.asksForResources(query.meaning ?? "")
        let ordered = fused(lexical: [], meaning: near, weight: 1, demoteCollections: demote)
        let page = ordered.prefix(take).dropFirst(query.page.offset)
        return SearchOutcome(
            repositories: page.map { catalog[Int($0)] }, keys: page.map { keys[Int($0)] }, total: near.count,
            matchedTerms: [], closeness: page.map { similarities[Int($0)] }, weakCloseness: meaning.weakCloseness)
    }

    /// The repositories closest in meaning to the repository keyed `key` (not itself), with their cosines, best
    /// first; empty when the index has no vector for it.
    public func neighbours(ofKey key: String, limit: Int) -> [(repository: Repository, cosine: Float)] {
        guard let number = numbers[key], let vectors, let vector = vectors.vector(number) else { return [] }
        let filter = Filter(index: self, query: SearchQuery(text: ""))
        let similarities = vectors.centredSimilarities(to: vector)
        return nearest(similarities: similarities, filter: filter, limit: limit, excluding: [UInt32(number)]).map {
            (catalog[Int($0.document)], $0.cosine)
        }
    }

    /// The repositories closest in meaning to `text` (nothing when it has no vector), with their cosines.
    public func nearest(toText text: String, limit: Int) -> [(repository: Repository, cosine: Float)] {
        guard let embedder, let vector = embedder.embed(text) else { return [] }
        let filter = Filter(index: self, query: SearchQuery(text: ""))
        return nearest(vector, filter: filter, limit: limit).map { (catalog[Int($0.document)], $0.cosine) }
    }

    /// The cosine of two repositories' vectors (nil when either has none or is not in the index).
    public func closeness(_ key: String, _ other: String) -> Float? {
        guard let a = numbers[key], let b = numbers[other], let left = vectors?.vector(a),
            let right = vectors?.vector(b)
        else { return nil }
        return VectorMath.dot(left, right)
    }

    /// The unit vector of the repository keyed `key` (nil when it has none).
    public func vector(ofKey key: String) -> [Float]? {
        numbers[key].flatMap { vectors?.vector($0) }
    }
}
