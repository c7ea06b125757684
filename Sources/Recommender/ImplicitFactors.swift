import Foundation
import RepoFinderCore

/// Implicit-feedback matrix factorisation (iALS: Hu, Koren & Volinsky, 2008): every repository gets a vector of
/// `rank` numbers such that a person's vector (solved from the repositories they signalled) dotted with it predicts
/// their interest. Trained by alternating exact least squares, seeded, so the same inputs give the same factors.
struct ImplicitFactors: Sendable {
    let rank: Int
    /// Confidence of a signal: 1 + α·weight.
    let alpha: Float
    let regularization: Float
    /// Row-major `itemCount × rank`; zero for repositories nobody signalled.
    let itemFactors: [Float]
    /// `YᵀY`, `rank × rank`.
    let gramian: [Float]

    init(people: SparseRows, items: SparseRows, configuration: RecommenderConfiguration) {
        rank = configuration.factorRank
        alpha = configuration.factorConfidence
        regularization = configuration.factorRegularization
        var random = SeededGenerator(seed: 0x5EED)
        var itemFactors = (0..<(items.count * rank)).map { _ in Float(random.nextGaussian() * 0.1) }
        for item in 0..<items.count where items.offsets[item] == items.offsets[item + 1] {
            for column in 0..<rank { itemFactors[item * rank + column] = 0 }
        }
        var personFactors = [Float](repeating: 0, count: people.count * rank)
        for _ in 0..<configuration.factorSweeps {
            personFactors = Self.solveAll(people, given: itemFactors, rank: rank, alpha: alpha, lambda: regularization)
            itemFactors = Self.solveAll(items, given: personFactors, rank: rank, alpha: alpha, lambda: regularization)
        }
        self.itemFactors = itemFactors
        gramian = Self.gramian(itemFactors, rank: rank)
    }

    /// A person's vector from their signals (repository, weight), against the trained repository vectors.
    func personVector(_ signals: [(item: Int32, weight: Float)]) -> [Float] {
        var matrix = gramian
        var right = [Float](repeating: 0, count: rank)
        for signal in signals {
            let base = Int(signal.item) * rank
            Self.addOuter(
                itemFactors, at: base, scale: alpha * signal.weight, rank: rank, into: &matrix, right: &right,
                rightScale: 1 + alpha * signal.weight)
        }
        for diagonal in 0..<rank { matrix[diagonal * rank + diagonal] += regularization }
        return Self.solve(&matrix, &right, rank: rank)
    }

    /// The predicted interest of a person (their vector) in each of `items`, written to `scores[item]`.
    /// Eight lanes at a time (a plain float sum would not vectorise: its order matters to the compiler).
    func score(_ person: [Float], items: [Int32], into scores: inout [Float]) {
        let lanes = rank / 8 * 8
        person.withUnsafeBytes { person in
            itemFactors.withUnsafeBytes { factors in
                scores.withUnsafeMutableBufferPointer { scores in
                    for item in items {
                        let base = Int(item) * rank
                        var sum = SIMD8<Float>()
                        for column in stride(from: 0, to: lanes, by: 8) {
                            let left = person.loadUnaligned(fromByteOffset: column * 4, as: SIMD8<Float>.self)
                            let right = factors.loadUnaligned(
                                fromByteOffset: (base + column) * 4, as: SIMD8<Float>.self)
                            sum += left * right
                        }
                        var total = sum.sum()
                        for column in lanes..<rank {
                            total +=
                                person.load(fromByteOffset: column * 4, as: Float.self)
                                * factors.load(fromByteOffset: (base + column) * 4, as: Float.self)
                        }
                        scores[Int(item)] = total
                    }
                }
            }
        }
    }

    /// Solves every row of `rows` given the other side's factors.
    private static func solveAll(_ rows: SparseRows, given other: [Float], rank: Int, alpha: Float, lambda: Float)
        -> [Float]
    {
        let gramian = gramian(other, rank: rank)
        let chunks = inParallel(count: rows.count) { range -> [Float] in
            var result = [Float](repeating: 0, count: range.count * rank)
            for row in range {
                let entries = Int(rows.offsets[row])..<Int(rows.offsets[row + 1])
                guard !entries.isEmpty else { continue }
                var matrix = gramian
                var right = [Float](repeating: 0, count: rank)
                for entry in entries {
                    let weight = rows.weights[entry]
                    addOuter(
                        other, at: Int(rows.columns[entry]) * rank, scale: alpha * weight, rank: rank,
                        into: &matrix, right: &right, rightScale: 1 + alpha * weight)
                }
                for diagonal in 0..<rank { matrix[diagonal * rank + diagonal] += lambda }
                let solution = solve(&matrix, &right, rank: rank)
                let start = (row - range.lowerBound) * rank
                for column in 0..<rank { result[start + column] = solution[column] }
            }
            return result
        }
        return chunks.flatMap { $0 }
    }

    /// `matrix += scale · v vᵀ`, `right += rightScale · v` for the vector `v` at `base` of `factors`. Whole rows of
    /// contiguous numbers, so the compiler vectorises the inner loop.
    @inline(__always)
    private static func addOuter(
        _ factors: [Float], at base: Int, scale: Float, rank: Int, into matrix: inout [Float], right: inout [Float],
        rightScale: Float
    ) {
        factors.withUnsafeBufferPointer { factors in
            matrix.withUnsafeMutableBufferPointer { matrix in
                right.withUnsafeMutableBufferPointer { right in
                    let vector = factors.baseAddress! + base
                    let output = matrix.baseAddress!
                    for row in 0..<rank {
                        let scaled = scale * vector[row]
                        right[row] += rightScale * vector[row]
                        let line = output + row * rank
                        for column in 0..<rank { line[column] += scaled * vector[column] }
                    }
                }
            }
        }
    }

    /// `Σ v vᵀ` over all vectors.
    private static func gramian(_ factors: [Float], rank: Int) -> [Float] {
        var result = [Float](repeating: 0, count: rank * rank)
        var ignored = [Float](repeating: 0, count: rank)
        for base in stride(from: 0, to: factors.count, by: rank) {
            addOuter(factors, at: base, scale: 1, rank: rank, into: &result, right: &ignored, rightScale: 0)
        }
        return result
    }

    /// Solves `matrix · x = right` for a symmetric positive definite matrix (Cholesky, reading the lower triangle);
    /// overwrites both.
    private static func solve(_ matrix: inout [Float], _ right: inout [Float], rank: Int) -> [Float] {
        for column in 0..<rank {
            var diagonal = matrix[column * rank + column]
            for k in 0..<column { diagonal -= matrix[column * rank + k] * matrix[column * rank + k] }
            let root = diagonal > 0 ? diagonal.squareRoot() : 1e-6
            matrix[column * rank + column] = root
            for row in (column + 1)..<max(column + 1, rank) {
                var value = matrix[row * rank + column]
                for k in 0..<column { value -= matrix[row * rank + k] * matrix[column * rank + k] }
                matrix[row * rank + column] = value / root
            }
        }
        for row in 0..<rank {  // L y = b
            var value = right[row]
            for k in 0..<row { value -= matrix[row * rank + k] * right[k] }
            right[row] = value / matrix[row * rank + row]
        }
        for row in stride(from: rank - 1, through: 0, by: -1) {  // Lᵀ x = y
            var value = right[row]
            for k in (row + 1)..<max(row + 1, rank) { value -= matrix[k * rank + row] * right[k] }
            right[row] = value / matrix[row * rank + row]
        }
        return right
    }
}

extension SeededGenerator {
    /// A standard normal number (Box–Muller).
    mutating func nextGaussian() -> Double {
        let first = (Double(next() >> 11) + 1) / Double(1 << 53)
        let second = Double(next() >> 11) / Double(1 << 53)
        return (-2 * log(first)).squareRoot() * cos(2 * Double.pi * second)
    }
}
