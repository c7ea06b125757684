import Foundation
import RepoFinderCore
import Semantics
import Storage
import Synchronization

extension CatalogSearchIndex {
    /// The filters of a query as checks on repository numbers.
    struct Filter {
        let index: CatalogSearchIndex
        var language: UInt16?
        var topic: [Bool]?
        /// Repositories numbered below this have at least the star floor (the numbering is by stars).
        var starLimit: Int
        var health: RepositoryHealth.Level?
        var now: Date
        /// A filter nothing can pass (an unknown language or topic).
        var impossible = false

        init(index: CatalogSearchIndex, query: SearchQuery) {
            self.index = index
            now = query.now
            health = query.health
            starLimit = index.count
            if let minimum = query.minimumStars {
                var low = 0
                var high = index.count
                while low < high {
                    let middle = (low + high) / 2
                    if index.stars[middle] >= minimum { low = middle + 1 } else { high = middle }
                }
                starLimit = low
            }
            if let language = query.language?.trimmingCharacters(in: .whitespaces), !language.isEmpty {
                if let id = index.languageIDs[language.lowercased()] { self.language = id } else { impossible = true }
            }
            if let topic = query.topic?.trimmingCharacters(in: .whitespaces), !topic.isEmpty {
                if let members = index.topicMembers[topic.lowercased()] {
                    var flags = [Bool](repeating: false, count: index.count)
                    for member in members { flags[Int(member)] = true }
                    self.topic = flags
                } else {
                    impossible = true
                }
            }
        }

        func passes(_ document: Int) -> Bool {
            if document >= starLimit { return false }
            if let language, index.languageOf[document] != language { return false }
            if let topic, !topic[document] { return false }
            if let health, index.level(document, now: now) != health { return false }
            return true
        }

        /// One byte a repository, 1 where it passes: the rows a meaning scan compares when a language, a topic or a
        /// health narrows the catalog (nil otherwise: every row is compared). What a ranking reads of a scan is only
        /// ever a passing repository's.
        func marks() -> [UInt8]? {
            guard language != nil || topic != nil || health != nil else { return nil }
            var marks = [UInt8](repeating: 0, count: index.count)
            for document in 0..<starLimit where passes(document) { marks[document] = 1 }
            return marks
        }
    }

    func level(_ document: Int, now: Date) -> RepositoryHealth.Level? {
        RepositoryHealth.level(
            pushedAt: pushedAt[document], archived: archived[document], openIssues: openIssues[document],
            stars: stars[document], now: now)
    }

    // MARK: Ranking words

    func rank(_ query: SearchQuery, concepts: [Concept], filter: inout Filter) -> SearchOutcome {
        var (accumulated, seen, score, matched, matchedWeight) = takeBuffers()
        var queryWeight: Float = 0
        var touched: [UInt32] = []
        var matchedTerms = Set<String>()
        var completedNames = Set<String>()
        let fields = CatalogSearchIndex.Field.allCases.count
        postings.withUnsafeBufferPointer { postings in
            norms.withUnsafeBufferPointer { norms in
                for (conceptIndex, concept) in concepts.enumerated() {
                    let stamp = UInt16(conceptIndex + 1)
                    var conceptDocuments: [UInt32] = []
                    func credit(_ document: Int, _ frequency: Float) {
                        if seen[document] != stamp {
                            seen[document] = stamp
                            conceptDocuments.append(UInt32(document))
                        }
                        accumulated[document] += frequency
                    }
                    func frequency(_ posting: Posting) -> Float {
                        let document = Int(posting.document)
                        var total: Float = 0
                        for field in 0..<fields {
                            let times = posting.count(field)
                            if times > 0 { total += Float(times) * norms[field * count + document] }
                        }
                        return total
                    }
                    for (term, closeness) in concept.terms {
                        let range = postingStart[Int(term)]..<postingStart[Int(term) + 1]
                        if !range.isEmpty { matchedTerms.insert(terms[Int(term)]) }
                        for position in range {
                            let posting = postings[position]
                            credit(Int(posting.document), closeness * frequency(posting))
                        }
                    }
                    for (term, closeness) in concept.nameTerms {
                        let range = postingStart[Int(term)]..<postingStart[Int(term) + 1]
                        for position in range {
                            let posting = postings[position]
                            let times = posting.count(Field.name.rawValue)
                            guard times > 0 else { continue }
                            completedNames.insert(terms[Int(term)])
                            let document = Int(posting.document)
                            credit(document, closeness * Float(times) * norms[Field.name.rawValue * count + document])
                        }
                    }
                    for (allOf, closeness) in concept.allOf {
                        // Every word in one repository: walk the rarest word's postings, look the others up.
                        let ordered = allOf.sorted { documentFrequency($0) < documentFrequency($1) }
                        let rarest = ordered[0]
                        for position in postingStart[Int(rarest)]..<postingStart[Int(rarest) + 1] {
                            var least = frequency(postings[position])
                            let document = postings[position].document
                            var all = true
                            for other in ordered.dropFirst() {
                                guard let found = posting(of: other, in: document) else {
                                    all = false
                                    break
                                }
                                least = min(least, frequency(postings[found]))
                            }
                            if all {
                                credit(Int(document), closeness * least)
                                for term in allOf { matchedTerms.insert(terms[Int(term)]) }
                            }
                        }
                    }
                    let found = Float(conceptDocuments.count)
                    let idf = log(1 + (Float(count) - found + 0.5) / (found + 0.5))
                    queryWeight += idf
                    for document in conceptDocuments {
                        let number = Int(document)
                        let frequency = accumulated[number]
                        score[number] += idf * frequency / (frequency + ranking.k1)
                        if matched[number] == 0 { touched.append(document) }
                        matched[number] += 1
                        matchedWeight[number] += idf
                        accumulated[number] = 0
                    }
                }
            }
        }

        // Which repositories count: every word, unless that leaves too few (then most of the words).
        let words = concepts.count
        let candidates = touched.filter { filter.passes(Int($0)) }
        let complete = candidates.reduce(0) { $0 + (Int(matched[Int($1)]) == words ? 1 : 0) }
        var needed = words
        if ranking.anyWord {
            needed = 1
        } else if complete < ranking.fallbackBelow, words >= 2 {
            needed = words - max(1, words / 3)
        }
        // A whole question (Ask gives its meaning) matches few repositories word for word: its words' share ranks.
        if query.meaning != nil, !ranking.anyWord { needed = min(needed, max(1, words / 4)) }
        let selected = candidates.filter { Int(matched[Int($0)]) >= needed }

        let take = query.page.offset + query.page.perPage
        let bestShare = selected.reduce(Float(0)) {
            max($0, matchedWeight[Int($1)] / max(queryWeight, .leastNonzeroMagnitude))
        }
        var ordered: [UInt32]
        var total = selected.count
        var similarities: [Float] = []
        var weakCloseness: Float?
        switch query.sort {
        case .bestMatch:
            let exact = Set(exactNames[concepts.map(\.word).joined()] ?? [])
            // Meaning joins in only where some word matched (a query of words the catalog never uses finds nothing).
            let meaning =
                matchedTerms.isEmpty && query.meaning == nil
                ? nil : meaningVector(query, words: words, complete: complete)
            ordered = Self.top(meaning == nil ? take : max(take, ranking.meaningCandidates), of: selected) {
                document in
                let number = Int(document)
                let documentPrior = prior(number, now: query.now)
                var value = Double(score[number]) * documentPrior
                if exact.contains(document) { value *= Double(ranking.exactName) }
                guard !ranking.anyWord else { return value }
                // With the fallback, repositories with every word come first: they are what was asked for.
                if Int(matched[number]) == words {
                    return ranking.strictCompleteness && meaning == nil
                        ? value + Self.completeMatch : value * Double(ranking.completeBoost)
                }
                let share = Double(matchedWeight[number]) / Double(max(queryWeight, .leastNonzeroMagnitude))
                return value * pow(share, Double(ranking.partialPenalty))
            }
            if let meaning {
                similarities = vectors?.similarities(to: meaning.vector, wanted: filter.marks()) ?? []
                weakCloseness = meaning.weakCloseness
                let near = nearest(
                    similarities: similarities, filter: filter, limit: max(take, ranking.meaningCandidates))
                let lexical = Set(selected)
                total += near.filter { !lexical.contains($0.document) }.count
                // Exact names stay first: "redis" is redis/redis whatever its neighbours by meaning.
                let named = ordered.filter { exact.contains($0) }
                let asked = query.meaning.map { !Self.asksForResources($0) } ?? false
                let weight = query.meaning == nil ? ranking.meaningWeight : ranking.questionMeaningWeight
                ordered =
                    named
                    + fused(lexical: ordered, meaning: near, weight: weight, demoteCollections: asked).filter {
                        !exact.contains($0)
                    }
                ordered = Array(ordered.prefix(take))
            }
        case .stars, .forks, .recentlyPushed:
            let ranks: [UInt32]? = query.sort == .forks ? forkRank : query.sort == .recentlyPushed ? pushRank : nil
            ordered = Self.top(take, of: selected) { document in
                // Repositories with every word first, then by the sort.
                Double(matched[Int(document)]) * 1e8 - Double(ranks?[Int(document)] ?? document)
            }
        }
        // Leave the buffers as they were found (every entry written is a touched repository's), for the next search.
        for document in touched {
            let number = Int(document)
            seen[number] = 0
            score[number] = 0
            matched[number] = 0
            matchedWeight[number] = 0
        }
        giveBack(
            RankBuffers(
                accumulated: accumulated, seen: seen, score: score, matched: matched, matchedWeight: matchedWeight))
        let page = ordered.dropFirst(query.page.offset)
        return SearchOutcome(
            repositories: page.map { catalog[Int($0)] }, keys: page.map { keys[Int($0)] }, total: total,
            matchedTerms: matchedTerms, completedNames: completedNames,
            didYouMean: correction(of: query.text, concepts: concepts),
            closeness: similarities.isEmpty ? [] : page.map { similarities[Int($0)] },
            completeMatches: complete, bestWordShare: bestShare, weakCloseness: weakCloseness)
    }

    /// Zeroed working arrays of the catalog's size, from the pool when one is there.
    private func takeBuffers() -> (
        accumulated: [Float], seen: [UInt16], score: [Float], matched: [UInt8], matchedWeight: [Float]
    ) {
        let kept = rankBuffers.withLock { $0.popLast() }
        let buffers =
            kept
            ?? RankBuffers(
                accumulated: [Float](repeating: 0, count: count), seen: [UInt16](repeating: 0, count: count),
                score: [Float](repeating: 0, count: count), matched: [UInt8](repeating: 0, count: count),
                matchedWeight: [Float](repeating: 0, count: count))
        return (buffers.accumulated, buffers.seen, buffers.score, buffers.matched, buffers.matchedWeight)
    }

    private func giveBack(_ buffers: RankBuffers) {
        rankBuffers.withLock { pool in
            if pool.count < RankBuffers.kept { pool.append(buffers) }
        }
    }

    /// Added to the score of a repository with every word, so it ranks above those with only some of them.
    static let completeMatch = 1e12

    /// The popularity and health prior of a repository.
    func prior(_ document: Int, now: Date) -> Double {
        var prior = popularityPrior[document]
        if ranking.dormantFactor < 1, isDormant(document, now: now) {
            prior *= Double(ranking.dormantFactor) * (archived[document] ? Double(ranking.dormantFactor) : 1)
        }
        return prior
    }

    /// ``RepositoryHealth``'s dormant: archived, or not pushed for more than its quiet days (a level of its own for
    /// speed: it runs for every candidate of a broad search).
    func isDormant(_ document: Int, now: Date) -> Bool {
        if archived[document] { return true }
        guard let pushed = pushedAt[document] else { return false }
        return Int(now.timeIntervalSince(pushed) / 86_400) > RepositoryHealth.quietDays
    }

    /// The position of `document` among `term`'s postings, if it has the term (binary search).
    func posting(of term: UInt32, in document: UInt32) -> Int? {
        var low = postingStart[Int(term)]
        var high = postingStart[Int(term) + 1]
        while low < high {
            let middle = (low + high) / 2
            let found = postings[middle].document
            if found == document { return middle }
            if found < document { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// `text` with its unknown words replaced by their corrections, when there were any.
    func correction(of text: String, concepts: [Concept]) -> String? {
        let corrections = Dictionary(
            concepts.compactMap { concept in concept.correction.map { (concept.word, $0) } },
            uniquingKeysWith: { first, _ in first })
        guard !corrections.isEmpty else { return nil }
        return SearchText.words(text).map { corrections[$0] ?? $0 }.joined(separator: " ")
    }

    /// The `k` best of `documents` by `key` (higher first; ties by number, so by stars), in order — a bounded heap,
    /// so a broad match is not sorted whole.
    static func top(_ k: Int, of documents: [UInt32], key: (UInt32) -> Double) -> [UInt32] {
        var best = BestOf(k)
        for document in documents { best.offer(document, key: key(document)) }
        return best.ordered()
    }
}
