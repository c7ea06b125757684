import Foundation
import Synchronization

/// Reads a question with the whole transformer and puts its vector in the token-vector table's space, where the
/// repositories are: the table embeds texts in microseconds from their words alone; the transformer reads word
/// order, negation and context ("drowning in YAML", "not Electron") at some 20–30 ms a question. The last
/// ``cacheSize`` questions' vectors are kept (a chip, a retry or a popular question is read once).
public final class QuestionEncoder: Sendable {
    /// Below this cosine, the closest repository to a question read this way is not about it: set on the tuned
    /// conversational set's find, like and beginner questions and the nothing-fits ones of both Ask sets (with
    /// the shipped table and model; the token vectors alone have their own, higher line).
    public static let weakCloseness: Float = 0.45

    /// How many questions' vectors are kept.
    public static let cacheSize = 2048

    let transformer: SentenceTransformer
    let projection: SentenceProjection
    /// The model's tokenizer.
    public let tokenizer: WordPieceTokenizer
    let boundaries: (first: Int, last: Int)
    private let recent = Mutex(RecentVectors())

    /// An encoder over a loaded model, its vocabulary and the table's projection.
    init(
        transformer: SentenceTransformer, vocabulary: [String], projection: SentenceProjection
    ) throws(SentenceModelError) {
        guard let first = vocabulary.firstIndex(of: "[CLS]"), let last = vocabulary.firstIndex(of: "[SEP]") else {
            throw .malformed("the vocabulary has no [CLS] or [SEP]")
        }
        guard projection.columns == SentenceTransformer.width else {
            throw .malformed("the projection reads \(projection.columns) components, the model gives 384")
        }
        self.transformer = transformer
        self.projection = projection
        self.tokenizer = WordPieceTokenizer(vocabulary: vocabulary)
        self.boundaries = (first, last)
    }

    /// Loads the installed model (``SentenceModelFiles/locate(environment:)``) and the bundled projection, for a
    /// table of `dimensions` components.
    public static func installed(dimensions: Int) throws(SentenceModelError) -> QuestionEncoder {
        let path = try SentenceModelFiles.locate()
        let projection = try SentenceProjection.bundled()
        guard projection.rows == dimensions else {
            throw .malformed("the projection gives \(projection.rows) components, the token vectors have \(dimensions)")
        }
        let vocabulary = try vocabulary(try SentenceModelFiles.read("tokenizer.json", at: path))
        let tensors = try SafeTensors(try SentenceModelFiles.read("model.safetensors", at: path))
        let transformer = try SentenceTransformer(tensors, vocabularySize: vocabulary.count)
        return try QuestionEncoder(transformer: transformer, vocabulary: vocabulary, projection: projection)
    }

    /// The vocabulary (id → token) of a HuggingFace `tokenizer.json`.
    static func vocabulary(_ json: [UInt8]) throws(SentenceModelError) -> [String] {
        guard let root = try? JSONSerialization.jsonObject(with: Data(json)) as? [String: Any],
            let model = root["model"] as? [String: Any], let vocab = model["vocab"] as? [String: Int]
        else { throw .malformed("tokenizer.json has no WordPiece vocabulary") }
        var tokens = [String](repeating: "", count: vocab.count)
        for (token, id) in vocab {
            guard id >= 0 && id < tokens.count else { throw .malformed("tokenizer.json's ids are not 0…n-1") }
            tokens[id] = token
        }
        return tokens
    }

    /// Components of the vectors it gives (the table's).
    public var dimensions: Int { projection.rows }

    /// The question's unit vector in the table's space (nil for text without any token).
    public func embed(_ text: String) -> [Float]? {
        if let known = recent.withLock({ $0.vector(of: text) }) { return known }
        guard let vector = read(text) else { return nil }
        recent.withLock { $0.keep(vector, for: text, limit: Self.cacheSize) }
        return vector
    }

    /// The same, always read by the model (nothing kept or looked up).
    public func read(_ text: String) -> [Float]? {
        let pieces = tokenizer.tokenIDs(text).prefix(SentenceTransformer.maximumTokens - 2)
        guard !pieces.isEmpty else { return nil }
        return projection.project(transformer.sentenceVector(tokenIDs: [boundaries.first] + pieces + [boundaries.last]))
    }

    /// The full model's own sentence vector of `text` (384 components, before the projection), for checks.
    public func sentenceVector(_ text: String) -> [Float] {
        let pieces = tokenizer.tokenIDs(text).prefix(SentenceTransformer.maximumTokens - 2)
        return transformer.sentenceVector(tokenIDs: [boundaries.first] + pieces + [boundaries.last])
    }
}

/// The most recently used question vectors; past the limit the older half goes.
struct RecentVectors {
    private var entries: [String: (vector: [Float], used: Int)] = [:]
    private var clock = 0

    mutating func vector(of text: String) -> [Float]? {
        guard let entry = entries[text] else { return nil }
        clock += 1
        entries[text] = (entry.vector, clock)
        return entry.vector
    }

    mutating func keep(_ vector: [Float], for text: String, limit: Int) {
        clock += 1
        entries[text] = (vector, clock)
        guard entries.count > limit else { return }
        let cutoff = entries.values.map(\.used).sorted()[entries.count / 2]
        entries = entries.filter { $0.value.used >= cutoff }
    }

    var count: Int { entries.count }
}
