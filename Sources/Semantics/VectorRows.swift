import CVectorDot
import Dispatch
import Foundation

/// Many texts' unit vectors as int8 rows with a scale each — a quarter of the memory of floats: a scan of 42k rows
/// of 192 reads 8 MB, not 32 — with the rows' mean kept for comparing rows with each other.
///
/// The arithmetic lives here, in a module built optimized in every configuration (see `Package.swift`), so that
/// debug builds and their tests embed a whole catalog in seconds, not minutes.
public struct VectorRows: Sendable {
    /// Components per vector.
    public let dimensions: Int
    /// Row `n` is `rows[n * dimensions ..< (n + 1) * dimensions]`.
    let rows: [Int8]
    /// Per row: int8 value × scale = component; 0 = no vector (no token of its text has one).
    let scales: [Float]
    /// The mean of the rows that have a vector. Taken out of both sides when rows are compared with each other
    /// (``centredSimilarities(to:)``, ``centredCosine(_:_:)``): what every text shares says nothing about one, and
    /// without it generic, wordy texts are everyone's neighbours.
    public let mean: [Float]
    /// |mean|².
    let meanLength: Float
    /// Per row: its dot product with ``mean`` and the length of the row less the mean.
    let meanDots: [Float]
    let centredLengths: [Float]

    /// Embeds every text with `embedder`, on all cores; row `n` is `texts[n]`.
    public init(embedding texts: [String], with embedder: TextEmbedder) {
        self.init(count: texts.count, dimensions: embedder.dimensions) { embedder.embed(texts[$0]) }
    }

    /// Rows `0 ..< count`, row `n` being `vector(n)` (a unit vector of `dimensions`, or nil for none), made on all
    /// cores.
    public init(count: Int, dimensions: Int, vector: @Sendable (Int) -> [Float]?) {
        self.dimensions = dimensions
        var rows = [Int8](repeating: 0, count: count * dimensions)
        var scales = [Float](repeating: 0, count: count)
        if count > 0 {
            rows.withUnsafeMutableBufferPointer { rowBuffer in
                scales.withUnsafeMutableBufferPointer { scaleBuffer in
                    nonisolated(unsafe) let rowBase = rowBuffer.baseAddress!
                    nonisolated(unsafe) let scaleBase = scaleBuffer.baseAddress!
                    let chunks = max(1, min(ProcessInfo.processInfo.activeProcessorCount * 4, count / 256))
                    DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                        for number in (count * chunk / chunks)..<(count * (chunk + 1) / chunks) {
                            guard let vector = vector(number), vector.count == dimensions else { continue }
                            scaleBase[number] = Self.quantize(
                                vector,
                                into: UnsafeMutableBufferPointer(
                                    start: rowBase + number * dimensions, count: dimensions))
                        }
                    }
                }
            }
        }
        self.rows = rows
        self.scales = scales
        var mean = [Float](repeating: 0, count: dimensions)
        let embedded = Float(max(1, scales.count(where: { $0 > 0 })))
        for number in 0..<count where scales[number] > 0 {
            let factor = scales[number] / embedded
            for component in 0..<dimensions { mean[component] += Float(rows[number * dimensions + component]) * factor }
        }
        self.mean = mean
        let meanLength = VectorMath.dot(mean, mean)
        self.meanLength = meanLength
        var meanDots = [Float](repeating: 0, count: count)
        var centredLengths = [Float](repeating: 0, count: count)
        for number in 0..<count where scales[number] > 0 {
            var dot: Float = 0
            for component in 0..<dimensions { dot += Float(rows[number * dimensions + component]) * mean[component] }
            dot *= scales[number]
            meanDots[number] = dot
            // |y − m|² = |y|² − 2 y·m + |m|², with |y| = 1.
            centredLengths[number] = max(1e-6, 1 - 2 * dot + meanLength).squareRoot()
        }
        self.meanDots = meanDots
        self.centredLengths = centredLengths
    }

    /// How many rows there are.
    public var count: Int { scales.count }

    /// Whether row `number` has a vector.
    public func hasVector(_ number: Int) -> Bool { scales[number] > 0 }

    /// Row `number`'s unit vector (nil when it has none).
    public func vector(_ number: Int) -> [Float]? {
        let scale = scales[number]
        guard scale > 0 else { return nil }
        let row = rows[(number * dimensions)..<((number + 1) * dimensions)].map { Float($0) * scale }
        let length = VectorMath.dot(row, row).squareRoot()
        return length > 0 ? row.map { $0 / length } : nil
    }

    /// The cosine of `query` (a unit vector) with every row, in order (0 for rows without a vector).
    ///
    /// Integer arithmetic: the query is quantized to int8 as the rows are (its error is below a thousandth of a
    /// cosine), and the products summed exactly in 32-bit integers (`rf_int8_cosines`: AVX2's byte products 32 at a
    /// time where the processor has them, plain C elsewhere — the same bits either way).
    public func similarities(to query: [Float]) -> [Float] {
        similarities(to: query, wanted: nil)
    }

    /// The same for the rows `wanted` marks (not 0; one byte a row) — 0 for the others, which are never read: a
    /// search within one language compares its question with that language's repositories only.
    public func similarities(to query: [Float], wanted: [UInt8]?) -> [Float] {
        precondition(query.count == dimensions, "a query vector of the rows' dimensions")
        precondition(wanted.map { $0.count == count } ?? true, "a mark for every row")
        var out = [Float](repeating: 0, count: count)
        var quantized = [Int8](repeating: 0, count: dimensions)
        let queryScale = quantized.withUnsafeMutableBufferPointer { Self.quantize(query, into: $0) }
        guard queryScale > 0, count > 0 else { return out }
        rows.withUnsafeBufferPointer { rows in
            quantized.withUnsafeBufferPointer { quantized in
                scales.withUnsafeBufferPointer { scales in
                    out.withUnsafeMutableBufferPointer { out in
                        if let wanted {
                            wanted.withUnsafeBufferPointer { wanted in
                                rf_int8_cosines(
                                    rows.baseAddress, count, dimensions, quantized.baseAddress, scales.baseAddress,
                                    queryScale, wanted.baseAddress, out.baseAddress)
                            }
                        } else {
                            rf_int8_cosines(
                                rows.baseAddress, count, dimensions, quantized.baseAddress, scales.baseAddress,
                                queryScale, nil, out.baseAddress)
                        }
                    }
                }
            }
        }
        return out
    }

    /// Cosines with every row after taking ``mean`` out of both sides — for comparing one text with the others
    /// (alternatives, neighbours). 0 for rows without a vector.
    public func centredSimilarities(to query: [Float]) -> [Float] {
        let raw = similarities(to: query)
        let queryMean = VectorMath.dot(query, mean)
        let queryLength = max(1e-6, 1 - 2 * queryMean + meanLength).squareRoot()
        return raw.indices.map { number in
            guard scales[number] > 0 else { return 0 }
            return (raw[number] - queryMean - meanDots[number] + meanLength) / (queryLength * centredLengths[number])
        }
    }

    /// The cosine of two rows after taking ``mean`` out of both (0 when either has no vector).
    public func centredCosine(_ first: Int, _ second: Int) -> Float {
        guard scales[first] > 0, scales[second] > 0 else { return 0 }
        // The exact integer sum, as the scans take it (`rf_int8_dot`: AVX2 where there is one, the same bits): for the
        // 2.1 million pairs a 42k catalog's recommendation index compares, under half the time Swift's SIMD16 took.
        let dot = rows.withUnsafeBufferPointer { rows in
            rf_int8_dot(rows.baseAddress! + first * dimensions, rows.baseAddress! + second * dimensions, dimensions)
        }
        let raw = Float(dot) * scales[first] * scales[second]
        return (raw - meanDots[first] - meanDots[second] + meanLength)
            / (centredLengths[first] * centredLengths[second])
    }

    /// Writes `vector` into `row` as int8 (largest magnitude → 127) and returns the scale; 0 (and a row of zeros)
    /// when the vector is all zeros.
    static func quantize(_ vector: [Float], into row: UnsafeMutableBufferPointer<Int8>) -> Float {
        let largest = vector.reduce(Float(0)) { max($0, abs($1)) }
        guard largest > 0, largest.isFinite else { return 0 }
        let scale = largest / 127
        for component in 0..<min(vector.count, row.count) {
            row[component] = Int8(max(-127, min(127, (vector[component] / scale).rounded())))
        }
        return scale
    }
}
