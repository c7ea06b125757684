/// Turns text into a sentence vector: the mean of its WordPiece tokens' static vectors, L2-normalised.
public struct TextEmbedder: Sendable {
    /// The token vectors.
    public let vectors: TokenVectors
    /// The tokenizer over the table's vocabulary.
    public let tokenizer: WordPieceTokenizer

    /// An embedder over `vectors`, tokenizing as the table's flags say.
    public init(vectors: TokenVectors) {
        self.vectors = vectors
        tokenizer = WordPieceTokenizer(
            vocabulary: vectors.vocabulary, unknownTokenID: vectors.unknownTokenID,
            lowercases: vectors.lowercasesInput, stripsAccents: vectors.stripsAccents)
    }

    /// Components per vector.
    public var dimensions: Int { vectors.dimensions }

    /// The unit vector of `text`, or nil when none of its tokens has a vector.
    public func embed(_ text: String) -> [Float]? {
        var sum = [Float](repeating: 0, count: dimensions)
        guard addMean(of: text, weight: 1, to: &sum) else { return nil }
        return normalized(sum)
    }

    /// The unit vector of several fields: the sum of each part's mean token vector times its weight, normalised;
    /// parts without any vector count for nothing. Nil when no part has a vector.
    public func embed(weighted parts: [(String, Float)]) -> [Float]? {
        var sum = [Float](repeating: 0, count: dimensions)
        var any = false
        for (text, weight) in parts where weight != 0 {
            if addMean(of: text, weight: weight, to: &sum) { any = true }
        }
        return any ? normalized(sum) : nil
    }

    /// Adds `weight` x the mean of `text`'s token rows to `sum`; false when no token has a vector.
    private func addMean(of text: String, weight: Float, to sum: inout [Float]) -> Bool {
        let ids = tokenizer.tokenIDs(text).filter { vectors.hasVector($0) }
        guard !ids.isEmpty else { return false }
        let factor = weight / Float(ids.count)
        let dimensions = dimensions
        vectors.scales.withUnsafeBufferPointer { scales in
            vectors.components.withUnsafeBufferPointer { components in
                sum.withUnsafeMutableBufferPointer { sum in
                    for id in ids {
                        let row = UnsafeBufferPointer(rebasing: components[id * dimensions..<(id + 1) * dimensions])
                        VectorMath.add(row, times: scales[id] * factor, to: sum)
                    }
                }
            }
        }
        return true
    }

    private func normalized(_ vector: [Float]) -> [Float]? {
        let length = VectorMath.dot(vector, vector).squareRoot()
        guard length > 0, length.isFinite else { return nil }
        return vector.map { $0 / length }
    }

    /// The dot product of two vectors of equal length; for unit vectors (what `embed` returns) it is their cosine.
    public static func dot(_ left: [Float], _ right: [Float]) -> Float { VectorMath.dot(left, right) }

    /// The cosine of two unit vectors (what `embed` returns): their dot product.
    public static func cosine(_ left: [Float], _ right: [Float]) -> Float { VectorMath.dot(left, right) }
}
