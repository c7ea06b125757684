import Foundation
import Semantics
import Testing

/// Int8 rows against the float vectors they stand for, with the real table.
@Suite("Vector rows")
struct VectorRowsTests {
    static let texts = [
        "fast http router for go", "kitten photos", "", "rust compiler backend", "cat pictures",
        "javascript module bundler", "a web framework for swift servers", "zzzzqqqq ####",
    ]

    @Test("each row is its text's vector within a hundredth; text without tokens has none")
    func rowsAreTheirTexts() throws {
        let embedder = try #require(SemanticModel.shared, "the bundled token-vector table")
        let rows = VectorRows(embedding: Self.texts, with: embedder)
        #expect(rows.count == Self.texts.count && rows.dimensions == embedder.dimensions)
        for (number, text) in Self.texts.enumerated() {
            guard let expected = embedder.embed(text) else {
                #expect(!rows.hasVector(number) && rows.vector(number) == nil)
                continue
            }
            let vector = try #require(rows.vector(number))
            #expect(VectorMath.dot(vector, expected) > 0.999)
            let similarities = rows.similarities(to: expected)
            for other in Self.texts.indices {
                let float = embedder.embed(Self.texts[other]).map { VectorMath.dot($0, expected) } ?? 0
                #expect(abs(similarities[other] - float) < 0.01, "\(text) ~ \(Self.texts[other])")
            }
        }
        #expect(!rows.hasVector(2))
    }

    @Test("centred cosines take the rows' mean out of both sides, row to row and query to rows alike")
    func centred() throws {
        let embedder = try #require(SemanticModel.shared, "the bundled token-vector table")
        let rows = VectorRows(embedding: Self.texts, with: embedder)
        let vectors = Self.texts.indices.map { rows.vector($0) }
        let present = vectors.compactMap { $0 }
        let mean = (0..<rows.dimensions).map { component in
            present.reduce(Float(0)) { $0 + $1[component] } / Float(present.count)
        }
        for (component, value) in mean.enumerated() { #expect(abs(rows.mean[component] - value) < 0.01) }
        func centred(_ vector: [Float]) -> [Float] {
            let less = zip(vector, mean).map { $0 - $1 }
            let length = VectorMath.dot(less, less).squareRoot()
            return less.map { $0 / length }
        }
        let cat = try #require(vectors[4])
        let fromQuery = rows.centredSimilarities(to: cat)
        for other in Self.texts.indices {
            guard let vector = vectors[other] else {
                #expect(rows.centredCosine(4, other) == 0 && fromQuery[other] == 0)
                continue
            }
            let expected = VectorMath.dot(centred(cat), centred(vector))
            #expect(abs(rows.centredCosine(4, other) - expected) < 0.02)
            #expect(abs(fromQuery[other] - expected) < 0.02)
        }
        // Kittens are closer to cat pictures than compilers are, once the mean is out.
        #expect(rows.centredCosine(4, 1) > rows.centredCosine(4, 3))
    }

    @Test(
        "a scan's cosines and a pair's are the rows' dot products, whatever the dimensions and rows (the C kernel's blocks and tails)",
        arguments: [7, 32, 40, 192, 200, 552])
    func scanAnyDimensions(dimensions: Int) throws {
        var generator = SplitMix(state: UInt64(dimensions))
        func unit() -> [Float] {
            let raw = (0..<dimensions).map { _ in Float.random(in: -1...1, using: &generator) }
            let length = VectorMath.dot(raw, raw).squareRoot()
            return raw.map { $0 / length }
        }
        // 301 rows: the kernel's blocks of four, then one row alone — the same as row 1, so the two paths' bits meet.
        let made = (0..<300).map { $0 % 17 == 3 ? nil : unit() }
        let vectors = made + [made[1]]
        let rows = VectorRows(count: vectors.count, dimensions: dimensions) { vectors[$0] }
        let query = unit()
        let similarities = rows.similarities(to: query)
        #expect(similarities.count == vectors.count)
        #expect(similarities[300] == similarities[1], "a row alone and the same row in a block of four")
        for (number, vector) in vectors.enumerated() {
            guard vector != nil else {
                #expect(similarities[number] == 0, "a row without a vector")
                continue
            }
            let stored = try #require(rows.vector(number))
            #expect(abs(similarities[number] - VectorMath.dot(stored, query)) < 0.005, "row \(number)")
        }
        // Marked rows only: the same bits for those, 0 for the rest.
        let wanted = (0..<vectors.count).map { UInt8($0 % 3 == 0 ? 1 : 0) }
        let some = rows.similarities(to: query, wanted: wanted)
        #expect(some.indices.allSatisfy { some[$0] == (wanted[$0] == 1 ? similarities[$0] : 0) })
        // Row to row (`rf_int8_dot`), the mean out of both: the stored vectors' centred cosine.
        let first = try #require(rows.vector(0))
        func centred(_ vector: [Float]) -> [Float] {
            let less = zip(vector, rows.mean).map { $0 - $1 }
            let length = VectorMath.dot(less, less).squareRoot()
            return less.map { $0 / length }
        }
        for (number, vector) in vectors.enumerated() {
            guard vector != nil, let stored = rows.vector(number) else {
                #expect(rows.centredCosine(0, number) == 0, "a row without a vector")
                continue
            }
            let expected = VectorMath.dot(centred(first), centred(stored))
            #expect(abs(rows.centredCosine(0, number) - expected) < 0.01, "row 0 ~ row \(number)")
        }
    }

    @Test("no texts: no rows, and a scan finds nothing")
    func empty() throws {
        let embedder = try #require(SemanticModel.shared, "the bundled token-vector table")
        let rows = VectorRows(embedding: [], with: embedder)
        #expect(rows.count == 0)
        #expect(rows.similarities(to: try #require(embedder.embed("cat"))).isEmpty)
    }
}

/// A small seeded generator (SplitMix64): the same vectors every run.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
