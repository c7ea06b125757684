import Foundation
public import RepoFinderCore
import Semantics
public import Storage

/// What the index found for a query: one page of repositories in order, the total, and what the words became.
public struct SearchOutcome: Hashable, Sendable {
    /// The page's repositories, best first.
    public var repositories: [Repository]
    /// Their keys (``RepoFinderCore/Repository/id``).
    public var keys: [String]
    /// How many repositories match in all.
    public var total: Int
    /// The terms that matched (words, their forms, synonyms, completions, corrections, words written together).
    public var matchedTerms: Set<String>
    /// Names a word began that matched (`tailwind` → tailwindcss): marked only as whole words.
    public var completedNames: Set<String> = []
    /// The query with unknown words corrected, when a correction was found.
    public var didYouMean: String?
    /// When the search was also ranked by meaning: each result's cosine with the query (else empty).
    public var closeness: [Float] = []
    /// How many repositories matched every word.
    public var completeMatches = 0
    /// The largest share of the query's word weight (inverse document frequencies) one repository matched, 0…1.
    public var bestWordShare: Float = 0
    /// Below this cosine the closest repository by meaning is not about the query, when the query was read by the
    /// transformer (nil: read from the token vectors, whose line the reader keeps).
    public var weakCloseness: Float?
}

/// A query's meaning as a vector, and the cosine below which a repository is not about it (nil: the token vectors').
struct MeaningVector {
    var vector: [Float]
    var weakCloseness: Float?
}

extension CatalogSearchIndex {
    /// One word of a query and the terms it stands for, each with how close it is (1 = the word itself).
    struct Concept {
        var word: String
        var terms: [UInt32: Float] = [:]
        /// Terms that count only in a repository's name: longer names the word begins (`tailwind` → tailwindcss).
        var nameTerms: [UInt32: Float] = [:]
        /// Several-word forms that must all occur in a repository (long synonyms): term ids and closeness.
        var allOf: [(terms: [UInt32], closeness: Float)] = []
        var correction: String?

        mutating func add(_ term: UInt32?, _ closeness: Float) {
            guard let term else { return }
            terms[term] = max(terms[term] ?? 0, closeness)
        }
    }

    /// Searches: text over the fields, the filters, the sort and the page of `query`.
    public func search(_ query: SearchQuery) -> SearchOutcome {
        let concepts = plan(query.text)
        var filter = Filter(index: self, query: query)
        guard !filter.impossible else {
            return SearchOutcome(repositories: [], keys: [], total: 0, matchedTerms: [], didYouMean: nil)
        }
        if concepts.isEmpty {
            if query.sort == .bestMatch, let meaning = query.meaning, let vector = questionVector(meaning) {
                return rankByMeaning(query, vector: vector, filter: filter)
            }
            return browse(query, filter: &filter)
        }
        return rank(query, concepts: concepts, filter: &filter)
    }

    // MARK: Reading the words

    /// The concepts of `text`: its words less the stop words (unless nothing else is left), each with the terms it
    /// stands for in this index.
    func plan(_ text: String) -> [Concept] {
        let typed = Array(SearchText.words(text).prefix(SearchText.maximumWords))
        let meaningful = typed.filter { !SearchText.stopWords.contains($0) }
        let words = meaningful.isEmpty ? typed : meaningful
        var concepts = words.map { Concept(word: $0) }
        for index in concepts.indices {
            let word = concepts[index].word
            concepts[index].add(termIDs[word], 1)
            guard ranking.expandWords else { continue }
            for (form, closeness) in SearchText.variants(of: word) { concepts[index].add(termIDs[form], closeness) }
            for form in Synonyms.others(of: word) { addForm(form, closeness: 0.9, to: &concepts[index]) }
        }
        if ranking.expandWords {
            // Neighbours written together ("file manager" ↔ filemanager) count for both words.
            for index in concepts.indices.dropLast() {
                let joined = concepts[index].word + concepts[index + 1].word
                var forms: [(UInt32?, Float)] = [(termIDs[joined], 1)]
                forms += SearchText.variants(of: joined).map { (termIDs[$0.form], $0.closeness) }
                for form in Synonyms.others(of: joined) where form.words.count <= 2 {
                    forms.append((termIDs[form.joined], 0.9))
                }
                for (term, closeness) in forms {
                    concepts[index].add(term, closeness)
                    concepts[index + 1].add(term, closeness)
                }
            }
            // Long forms typed out ("infrastructure as code") also match their short form (iac).
            for phrase in Synonyms.phrases where phrase.words.count > 2 {
                guard let start = Self.find(phrase.words, in: typed) else { continue }
                let covered = Set(typed[start..<(start + phrase.words.count)])
                for index in concepts.indices where covered.contains(concepts[index].word) {
                    for form in Synonyms.others(of: phrase.joined) {
                        addForm(form, closeness: 0.9, to: &concepts[index])
                    }
                }
            }
        }
        // A word the catalog knows well was typed whole; one it barely knows is probably still being typed.
        if ranking.completeLastWord, let last = concepts.indices.last, concepts[last].word.count >= 2,
            (termIDs[concepts[last].word].map(documentFrequency) ?? 0) < ranking.completeBelow
        {
            for (term, closeness) in completions(of: concepts[last].word) { concepts[last].add(term, closeness) }
        }
        // A word that begins a repository's name counts as a match of that name (tailwind → tailwindcss).
        if ranking.completeNames {
            for index in concepts.indices where concepts[index].word.count >= 4 {
                for (term, closeness) in completions(of: concepts[index].word)
                where concepts[index].terms[term] == nil {
                    concepts[index].nameTerms[term] = closeness
                }
            }
        }
        // …and one a name ends with (grep → ripgrep, docker → lazydocker).
        if ranking.suffixNames {
            for index in concepts.indices where concepts[index].word.count >= 4 {
                for (term, closeness) in endings(of: concepts[index].word) where concepts[index].terms[term] == nil {
                    concepts[index].nameTerms[term] = max(concepts[index].nameTerms[term] ?? 0, closeness)
                }
            }
        }
        if ranking.correctTypos {
            // Words of 5 to 24 letters: a longer one is no word anyone misspelt, and its edits are many (72 a letter).
            for index in concepts.indices where (5...SearchText.longestCorrected).contains(concepts[index].word.count) {
                let known = termIDs[concepts[index].word].map(documentFrequency) ?? 0
                guard known < 3, concepts[index].terms.values.allSatisfy({ $0 < 0.9 }) else { continue }
                // The last word, while it begins known words, is being typed ("vector datab"): completed, not
                // corrected to a shorter word it happens to be one edit from.
                if index == concepts.indices.last, known == 0, !completions(of: concepts[index].word).isEmpty {
                    continue
                }
                let corrections = SearchText.edits(of: concepts[index].word).compactMap { edit in
                    termIDs[edit].map { (term: $0, repositories: documentFrequency($0)) }
                }.sorted { $0.repositories > $1.repositories }.prefix(3)
                for correction in corrections { concepts[index].add(correction.term, 0.6) }
                if known == 0, let best = corrections.first { concepts[index].correction = terms[Int(best.term)] }
            }
        }
        return concepts
    }

    private func addForm(_ form: Synonyms.Form, closeness: Float, to concept: inout Concept) {
        if form.words.count <= 2 {
            concept.add(termIDs[form.joined], closeness)
        } else {
            let words = form.words.filter { !SearchText.stopWords.contains($0) }
            let ids = words.compactMap { termIDs[$0] }
            if ids.count == words.count, !ids.isEmpty { concept.allOf.append((ids, closeness)) }
        }
    }

    private static func find(_ phrase: [String], in words: [String]) -> Int? {
        guard phrase.count <= words.count else { return nil }
        return (0...(words.count - phrase.count)).first { Array(words[$0..<($0 + phrase.count)]) == phrase }
    }

    /// Longer terms that begin with `prefix`, the most common first (at most 12), closer the more of them was typed.
    func completions(of prefix: String) -> [(UInt32, Float)] {
        var low = 0
        var high = termsByText.count
        while low < high {
            let middle = (low + high) / 2
            if terms[Int(termsByText[middle])] < prefix { low = middle + 1 } else { high = middle }
        }
        var found: [(term: UInt32, repositories: Int)] = []
        var index = low
        while index < termsByText.count, index - low < 20_000 {
            let term = termsByText[index]
            let text = terms[Int(term)]
            guard text.hasPrefix(prefix) else { break }
            if text != prefix { found.append((term, documentFrequency(term))) }
            index += 1
        }
        let typed = Float(prefix.count)
        return found.sorted { $0.repositories > $1.repositories }.prefix(12).map { term, _ in
            (term, 0.3 + 0.4 * typed / Float(terms[Int(term)].count))
        }
    }

    /// Longer words that end with `suffix`, the most common first (at most 12), closer the more of them it is.
    func endings(of suffix: String) -> [(UInt32, Float)] {
        let reversed = String(suffix.reversed())
        var low = 0
        var high = termsByEnding.count
        while low < high {
            let middle = (low + high) / 2
            if termsByEnding[middle].ending < reversed { low = middle + 1 } else { high = middle }
        }
        var found: [(term: UInt32, repositories: Int)] = []
        var index = low
        while index < termsByEnding.count, index - low < 20_000, termsByEnding[index].ending.hasPrefix(reversed) {
            let term = termsByEnding[index].term
            if terms[Int(term)] != suffix { found.append((term, documentFrequency(term))) }
            index += 1
        }
        let typed = Float(suffix.count)
        return found.sorted { $0.repositories > $1.repositories }.prefix(12).map { term, _ in
            (term, 0.3 + 0.4 * typed / Float(terms[Int(term)].count))
        }
    }

    // MARK: Browsing (no words)

    private func browse(_ query: SearchQuery, filter: inout Filter) -> SearchOutcome {
        let order: [UInt32]?
        switch query.sort {
        case .bestMatch, .stars: order = nil
        case .forks: order = forkOrder
        case .recentlyPushed: order = pushOrder
        }
        var page: [UInt32] = []
        var total = 0
        let range = query.page.offset..<(query.page.offset + query.page.perPage)
        for position in 0..<count {
            let document = order.map { Int($0[position]) } ?? position
            if order == nil, document >= filter.starLimit { break }
            guard filter.passes(document) else { continue }
            if range.contains(total) { page.append(UInt32(document)) }
            total += 1
        }
        return SearchOutcome(
            repositories: page.map { catalog[Int($0)] }, keys: page.map { keys[Int($0)] }, total: total,
            matchedTerms: [], didYouMean: nil)
    }
}
