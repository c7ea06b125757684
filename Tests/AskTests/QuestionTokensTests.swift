import Foundation
import TestSupport
import Testing

@testable import Ask

/// The reader's one-pass splitting reads every question as the Foundation splitting and trimming it replaced did: the
/// judged sets' questions and the awkward cases (typographic apostrophes, punctuation alone, tabs and newlines).
@Suite struct QuestionTokensTests {
    /// Every question of the judged and conversational sets, and the cases a plain split gets wrong.
    static let questions: [String] = {
        let files = ["ask-questions.tsv", "ask-conversational.tsv", "ask-conversational-holdout.tsv"]
        let judged = files.flatMap { file in
            let path = SharedDataFolder.packageRoot.appendingPathComponent("Tests/Fixtures/\(file)").path
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
                line.split(separator: "\t", omittingEmptySubsequences: false).dropFirst().first.map(String.init)
            }
        }
        return judged + [
            "", "   ", "?", "??", "what's new?", "what’s trending in rust?", "‘quoted’ “words” here.",
            "node.js vs deno?!", "c++ (or c#) libraries,please", "owner/name:\tand\nmore", "not Electron, but fast",
            "no Java; without unity. except godot", "I DON’T want ORMs", "...", "'", "’’", "a ? b", "word?)",
        ]
    }()

    @Test("tokens are Foundation's split and trim")
    func tokens() {
        #expect(Self.questions.count > 200, "the judged sets were read")
        for question in Self.questions {
            #expect(QuestionReader.tokens(of: question) == Self.foundationTokens(question), "\(question)")
        }
    }

    @Test("the meaning and the names ruled out are Foundation's clauses")
    func meaning() {
        for question in Self.questions {
            let read = QuestionReader.meaning(of: question)
            let reference = Self.foundationMeaning(question)
            #expect(read.meaning == reference.meaning, "\(question)")
            #expect(read.excluded == reference.excluded, "\(question)")
        }
    }

    /// The splitting ``QuestionReader/tokens(of:)`` did before (Foundation's), the reference it is held to.
    static func foundationTokens(_ text: String) -> [String] {
        var tokens: [String] = []
        for raw in text.lowercased().replacingOccurrences(of: "’", with: "'").components(
            separatedBy: .whitespacesAndNewlines)
        {
            let trimmed = raw.trimmingCharacters(in: CharacterSet(charactersIn: "?!,;:()\"“”.'"))
            if !trimmed.isEmpty { tokens.append(trimmed) }
            if raw.hasSuffix("?") { tokens.append("?") }
        }
        return tokens
    }

    /// The clauses ``QuestionReader/meaning(of:)`` read before (Foundation's), the reference it is held to.
    static func foundationMeaning(_ text: String) -> (meaning: String, excluded: [String]) {
        var kept: [String] = []
        var excluded: [String] = []
        let clauses = text.replacingOccurrences(of: "’", with: "'")
            .components(separatedBy: CharacterSet(charactersIn: ",;.!?()\n"))
        for clause in clauses {
            let words = clause.split(whereSeparator: \.isWhitespace).map(String.init)
            var negated = false
            for (position, word) in words.enumerated() {
                let lower = word.lowercased()
                if ["but", "and", "or", "though", "however"].contains(lower) { negated = false }
                let next =
                    position + 1 < words.count
                    ? words[position + 1].lowercased().trimmingCharacters(in: .punctuationCharacters) : ""
                if !negated, QuestionReader.negations.contains(lower), !QuestionReader.hedges.contains(next) {
                    negated = true
                    if QuestionReader.namingNegations.contains(lower) {
                        if next.count >= 2, !QuestionReader.fillers.contains(next),
                            !QuestionReader.stopLike.contains(next)
                        {
                            excluded.append(next)
                        }
                    }
                    continue
                }
                if !negated { kept.append(word) }
            }
        }
        return (kept.joined(separator: " "), excluded)
    }
}
