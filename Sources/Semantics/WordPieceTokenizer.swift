/// BERT's uncased tokenizer, as HuggingFace's `BertTokenizer` does it for all-MiniLM-L6-v2: basic tokenization
/// (drop control characters, split on white space, strip accents, lowercase, punctuation and CJK ideographs as
/// tokens of their own), then greedy longest-match-first WordPiece with "##" continuation pieces.
///
/// It adds no `[CLS]`/`[SEP]`: the embedder averages static token vectors and does not need them. Special tokens
/// written in the text (such as "[UNK]") are not kept whole, unlike HuggingFace; they are split like any text.
public struct WordPieceTokenizer: Sendable {
    /// Words longer than this (in Unicode scalars) become the unknown token, as in BERT.
    public static let maximumWordLength = 100

    /// The vocabulary: token id -> token ("##" marks a piece that continues a word).
    public let vocabulary: [String]
    /// The id given to a word WordPiece cannot spell.
    public let unknownTokenID: Int
    /// Whether input is lowercased (true for uncased models).
    public let lowercases: Bool
    /// Whether accents are stripped (canonical decomposition, then nonspacing marks dropped).
    public let stripsAccents: Bool

    /// The word-initial and continuation tables, behind one reference: the per-word closure of ``tokenIDs(_:)``
    /// holds it, not copies of the tokenizer's dozen arrays (retaining and releasing them was a third of the time
    /// a catalog's embedding took).
    let pieces: WordPieces

    /// Makes a tokenizer over `vocabulary` (id -> token). `unknownTokenID` defaults to the id of "[UNK]" (0 when
    /// the vocabulary has none).
    public init(
        vocabulary: [String], unknownTokenID: Int? = nil, lowercases: Bool = true, stripsAccents: Bool = true
    ) {
        self.vocabulary = vocabulary
        self.unknownTokenID = unknownTokenID ?? vocabulary.firstIndex(of: "[UNK]") ?? 0
        self.lowercases = lowercases
        self.stripsAccents = stripsAccents
        var words: [(key: [UInt8], id: Int)] = []
        var continuations: [(key: [UInt8], id: Int)] = []
        words.reserveCapacity(vocabulary.count)
        for (id, token) in vocabulary.enumerated() {
            let bytes = Array(token.utf8)
            if bytes.count > 2, bytes[0] == UInt8(ascii: "#"), bytes[1] == UInt8(ascii: "#") {
                continuations.append((Array(bytes[2...]), id))
            } else {
                words.append((bytes, id))
            }
        }
        pieces = WordPieces(
            words: TokenTable(words), continuations: TokenTable(continuations),
            unknownTokenID: self.unknownTokenID)
    }

    /// The token ids of `text`, in order.
    public func tokenIDs(_ text: String) -> [Int] {
        var ids: [Int] = []
        ids.reserveCapacity(text.utf8.count / 4 + 4)
        var text = text
        let pieces = pieces
        text.withUTF8 { bytes in
            var splitter = WordSplitter(lowercases: lowercases, stripsAccents: stripsAccents)
            splitter.split(bytes) { word, scalarCount in
                pieces.append(of: word, scalarCount: scalarCount, to: &ids)
            }
        }
        return ids
    }

    /// The tokens of `text` as strings (for tests and inspection).
    public func tokens(_ text: String) -> [String] {
        tokenIDs(text).map { vocabulary.indices.contains($0) ? vocabulary[$0] : "[UNK]" }
    }
}

/// Whether a UTF-8 byte continues a scalar (10xxxxxx).
@inline(__always)
func isContinuationByte(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }

/// WordPiece's two vocabularies of one tokenizer, shared by reference.
final class WordPieces: Sendable {
    /// Word-initial tokens.
    let words: TokenTable
    /// Continuation pieces, without their "##".
    let continuations: TokenTable
    /// The id given to a word WordPiece cannot spell.
    let unknownTokenID: Int

    init(words: TokenTable, continuations: TokenTable, unknownTokenID: Int) {
        self.words = words
        self.continuations = continuations
        self.unknownTokenID = unknownTokenID
    }

    /// Greedy longest-match-first WordPiece over one word's bytes; the whole word becomes the unknown token when
    /// some part of it cannot be spelled.
    func append(of word: UnsafeBufferPointer<UInt8>, scalarCount: Int, to ids: inout [Int]) {
        guard scalarCount <= WordPieceTokenizer.maximumWordLength else {
            ids.append(unknownTokenID)
            return
        }
        let firstPiece = ids.count
        var start = 0
        while start < word.count {
            let table = start == 0 ? words : continuations
            var end = min(word.count, start + table.longestKey)
            while end > start, end < word.count, isContinuationByte(word[end]) { end -= 1 }
            var found: Int?
            while end > start {
                if let id = table.id(of: UnsafeBufferPointer(rebasing: word[start..<end])) {
                    found = id
                    break
                }
                end -= 1
                while end > start, isContinuationByte(word[end]) { end -= 1 }
            }
            guard let found else {
                ids.removeSubrange(firstPiece...)
                ids.append(unknownTokenID)
                return
            }
            ids.append(found)
            start = end
        }
    }
}
