import Foundation
import Semantics
import Testing

@Suite("Text embedder")
struct EmbeddingTests {
    let embedder = TextEmbedder(vectors: try! TokenVectors(data: Data(TableFormatTests.raw)))

    @Test("the mean of the tokens' rows, normalised; tokens without a vector left out")
    func mean() throws {
        // cat = (1, 0, 0), dog = (0, 1, 0), ##s = (0, 0, 1); "[UNK]" and unknown words have no vector.
        let cat = try #require(embedder.embed("cat"))
        #expect(cat == [1, 0, 0])
        let cats = try #require(embedder.embed("Cats zebra"))
        close(cats, [1 / Float(2).squareRoot(), 0, 1 / Float(2).squareRoot()])
        let mixed = try #require(embedder.embed("cat dog dog"))
        close(mixed, [1 / Float(5).squareRoot(), 2 / Float(5).squareRoot(), 0])
        #expect(embedder.embed("zebra") == nil && embedder.embed("") == nil)
    }

    @Test("weighted parts: the sum of weighted part means, normalised")
    func weighted() throws {
        let both = try #require(embedder.embed(weighted: [("cat", 3), ("dog dogs", 1), ("zebra", 5)]))
        // 3 * (1, 0, 0) + 1 * mean((0, 1, 0), (0, 1, 0), (0, 0, 1)) = (3, 2/3, 1/3)
        let length = (9 + 4.0 / 9 + 1.0 / 9).squareRoot()
        close(both, [Float(3 / length), Float(2 / 3 / length), Float(1 / 3 / length)])
        #expect(embedder.embed(weighted: [("zebra", 1)]) == nil)
        #expect(embedder.embed(weighted: [("cat", 1)]) == embedder.embed("cat"))
    }

    @Test("dot and cosine agree with the plain sum at any length")
    func dot() {
        var generator = SystemRandomNumberGenerator()
        for count in [0, 1, 15, 16, 31, 32, 33, 256, 263] {
            let left = (0..<count).map { _ in Float.random(in: -1...1, using: &generator) }
            let right = (0..<count).map { _ in Float.random(in: -1...1, using: &generator) }
            let plain = zip(left, right).reduce(Float(0)) { $0 + $1.0 * $1.1 }
            #expect(abs(VectorMath.dot(left, right) - plain) < 1e-4)
            #expect(TextEmbedder.cosine(left, right) == TextEmbedder.dot(left, right))
        }
    }

    private func close(_ actual: [Float], _ expected: [Float], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(actual.count == expected.count, sourceLocation: sourceLocation)
        for (a, e) in zip(actual, expected) {
            #expect(abs(a - e) < 1e-5, "\(actual) != \(expected)", sourceLocation: sourceLocation)
        }
    }
}
