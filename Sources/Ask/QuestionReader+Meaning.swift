import Foundation

extension QuestionReader {
    /// Words that rule out what follows them in their clause ("not Electron", "isn't tied to an ORM", "no Java").
    static let negations: Set<String> = [
        "not", "no", "without", "isn't", "isnt", "aren't", "arent", "doesn't", "doesnt", "don't", "dont", "never",
        "except", "avoid", "besides", "nor", "won't", "wont", "can't", "cant", "hated", "hate",
    ]
    /// Words after which a negation no longer holds ("not Electron but fast").
    private static let clauseTurns: Set<String> = ["but", "and", "or", "though", "however"]
    /// What ends a clause for ``meaning(of:)``.
    private static let clauseEnds = Set(",;.!?()\n".unicodeScalars)

    /// Words after a negation that make it a hedge about the asking ("not sure", "don't know", "no idea").
    static let hedges: Set<String> = ["sure", "know", "idea", "mind", "care"]

    /// Negations after which the next word names something to leave out ("not Unity", "no Electron").
    static let namingNegations: Set<String> = ["not", "no", "without", "except", "avoid", "besides", "nor"]

    /// The question as text for meaning — less each clause's part from a negation on — and the names it rules out.
    static func meaning(of text: String) -> (meaning: String, excluded: [String]) {
        var kept: [String] = []
        var excluded: [String] = []
        let clauses = text.unicodeScalars.split(omittingEmptySubsequences: true) { clauseEnds.contains($0) }
        for clause in clauses {
            let words = Substring(clause).split(whereSeparator: \.isWhitespace).map(straightApostrophes)
            var negated = false
            for (position, word) in words.enumerated() {
                let lower = word.lowercased()
                if clauseTurns.contains(lower) { negated = false }
                let next =
                    position + 1 < words.count
                    ? words[position + 1].lowercased().trimmingCharacters(in: .punctuationCharacters) : ""
                // "not sure which python library", "don't know where to start": a hedge, nothing ruled out.
                if !negated, negations.contains(lower), !hedges.contains(next) {
                    negated = true
                    if namingNegations.contains(lower), next.count >= 2, !fillers.contains(next),
                        !stopLike.contains(next)
                    {
                        excluded.append(next)
                    }
                    continue
                }
                if !negated { kept.append(word) }
            }
        }
        return (kept.joined(separator: " "), excluded)
    }

    /// Words that carry no subject of their own ("if it has to be python"): a follow-up made of them keeps the
    /// earlier question's subject.
    static let functionWords: Set<String> = [
        "if", "it", "has", "had", "have", "to", "be", "is", "was", "were", "must", "should", "would", "could", "can",
        "our", "we", "us", "my", "me", "i", "you", "one", "ones", "on", "at", "of", "for", "the", "a", "an", "that",
        "this", "those", "these", "they", "them", "so", "too", "very", "really", "instead", "rather", "about", "what",
        "how", "which", "there", "here", "slow", "fast", "better", "good", "use", "using", "used",
    ]

    /// Words after "not" that name no project ("not too", "not a", "not sure").
    static let stopLike: Set<String> = [
        "too", "a", "an", "the", "sure", "really", "very", "that", "much", "just", "only", "so", "quite", "from",
        "tied", "need", "needing", "big", "huge", "heavy", "slow", "even", "yet", "one", "all", "any", "more",
        "in", "on", "for", "to", "with", "of", "by", "cloud", "account", "math",
    ]

    /// Ways of asking what gains stars now, in more words than one ("getting a lot of stars", "people are excited
    /// about").
    static let trendingPhrases: [[String]] = [
        ["lot", "of", "stars"], ["lots", "of", "stars"], ["excited", "about"], ["blowing", "up"], ["taking", "off"],
        ["stars", "today"], ["stars", "this"], ["gaining", "stars"], ["picking", "up"], ["buzz"], ["hyped"],
        ["hype"], ["popular", "right", "now"], ["popular", "lately"], ["new", "and", "popular"],
    ]

    /// Whether `tokens` contain `phrase` in order, side by side.
    static func contains(_ phrase: [String], in tokens: [String]) -> Bool {
        guard phrase.count <= tokens.count else { return false }
        return (0...(tokens.count - phrase.count)).contains { Array(tokens[$0..<($0 + phrase.count)]) == phrase }
    }

    /// A comparison asked in a sentence: "X or Y for …?", "would X or Y be easier", "how does X compare to Y",
    /// "X versus Y" anywhere — one word each side. Nil unless the question reads as a choice (a question mark, or
    /// words like "which", "difference", "better", "should").
    func looseComparison(_ tokens: [String]) -> [String]? {
        let words = tokens.filter { $0 != "?" }
        let choosing =
            tokens.contains("?")
            || !Set(words).isDisjoint(with: [
                "which", "difference", "differences", "better", "should", "pick", "choose", "compare", "compared",
                "vs", "versus",
            ])
        // "redis or memcached for sessions": a choice opens the question.
        let opens = words.count > 3 && ["or", "vs", "versus"].contains(words[1])
        guard choosing || opens else { return nil }
        if let compare = words.firstIndex(where: { ["compare", "compares", "compared"].contains($0) }),
            compare > 0, compare + 2 < words.count, ["to", "with", "against"].contains(words[compare + 1])
        {
            let first = words[compare - 1]
            let second = words[compare + 2]
            if !Self.fillers.contains(first), !Self.fillers.contains(second) { return [first, second] }
        }
        for (position, word) in words.enumerated() where ["or", "vs", "versus"].contains(word) {
            guard position > 0, position + 1 < words.count else { continue }
            let first = words[position - 1]
            let second = words[position + 1]
            guard !Self.fillers.contains(first), !Self.fillers.contains(second),
                Self.languages[first] == nil || Self.languages[second] == nil
            else { continue }
            return [first, second]
        }
        return nil
    }
}
