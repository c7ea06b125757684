import Foundation
import Semantics
import Testing

@Suite("WordPiece tokenizer")
struct TokenizerTests {
    @Test(
        "matches HuggingFace's BertTokenizer on the real vocabulary",
        .enabled(if: RealData.vocabulary != nil, Comment(rawValue: RealData.missingVocabulary)))
    func matchesHuggingFace() throws {
        let tokenizer = WordPieceTokenizer(vocabulary: try #require(RealData.vocabulary))
        #expect(tokenizer.vocabulary.count == 30_522)
        for (text, expected) in tokenizerCases {
            #expect(tokenizer.tokens(text).joined(separator: " ") == expected, "\(text.debugDescription)")
        }
    }

    @Test("greedy longest match, continuation pieces, unknown words, punctuation and long words")
    func rules() {
        let vocabulary = ["[PAD]", "[UNK]", "un", "unaff", "##un", "##aff", "##able", "!", "e", "##e"]
        let tokenizer = WordPieceTokenizer(vocabulary: vocabulary)
        #expect(tokenizer.unknownTokenID == 1)
        #expect(tokenizer.tokens("UnAffable!") == ["unaff", "##able", "!"])
        #expect(tokenizer.tokens("ununaff") == ["un", "##un", "##aff"])
        #expect(tokenizer.tokens("unxable un") == ["[UNK]", "un"])
        #expect(tokenizer.tokens("É\u{301}e") == ["e", "##e"])
        #expect(tokenizer.tokenIDs("un\u{0}\u{7}!") == [2, 7])
        // Unassigned scalars stay in the word (so it is unknown), as in HuggingFace; private use ones go.
        #expect(tokenizer.tokens("un\u{378} un\u{E000}") == ["[UNK]", "un"])
        #expect(tokenizer.tokens(String(repeating: "un", count: 50)).count == 50)
        #expect(tokenizer.tokens(String(repeating: "un", count: 51)) == ["[UNK]"])
        #expect(tokenizer.tokenIDs("").isEmpty && tokenizer.tokenIDs(" \n\t\u{3000}").isEmpty)
    }
}
