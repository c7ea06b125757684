import Foundation
import RepoFinderCore
import Semantics

/// Each repository's vector — what it is about, from its name's words, description, topics and language — as int8
/// rows with a scale each: a quarter of the memory of floats, and a scan of the whole catalog reads 11 MB, not 43.
struct DocumentVectors: Sendable {
    let dimensions: Int
    /// Row `n` is `rows[n * dimensions ..< (n + 1) * dimensions]`.
    let rows: [Int8]
    /// Per repository: int8 value × scale = component; 0 = no vector (no word of it has one).
    let scales: [Float]
    /// The mean of all repositories' vectors. Taken out of both sides when repositories are compared with each other
    /// (``similarities(to:centred:)``): what every repository shares says nothing about one, and without it generic,
    /// wordy repositories are everyone's neighbours. (A question keeps it: centring questions measured worse.)
    let mean: [Float]
    /// Per repository: its row's dot product with ``mean`` and the length of the row less the mean.
    let meanDots: [Float]
    let centredLengths: [Float]

    /// The text a repository is embedded from: its name split into words, description, topics and language.
    static func text(of repository: Repository) -> String {
        let name = SearchText.words(repository.name).joined(separator: " ")
        let topics = repository.topics.map { $0.replacingOccurrences(of: "-", with: " ") }.joined(separator: " ")
        return [name, repository.description ?? "", topics, repository.language ?? ""].joined(separator: " ")
    }

    /// Embeds every repository (in the index's numbering), on all cores.
    init(_ repositories: [Repository], embedder: TextEmbedder) {
        let dimensions = embedder.dimensions
        let count = repositories.count
        self.dimensions = dimensions
        var floats = [Float](repeating: 0, count: count * dimensions)
        var has = [Bool](repeating: false, count: count)
        floats.withUnsafeMutableBufferPointer { floatBuffer in
            has.withUnsafeMutableBufferPointer { hasBuffer in
                nonisolated(unsafe) let floatBase = floatBuffer.baseAddress
                nonisolated(unsafe) let hasBase = hasBuffer.baseAddress
                let chunks = max(1, min(ProcessInfo.processInfo.activeProcessorCount * 4, count / 256))
                DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                    let range = (count * chunk / chunks)..<(count * (chunk + 1) / chunks)
                    for number in range {
                        guard let vector = embedder.embed(Self.text(of: repositories[number])),
                            let floatBase, let hasBase
                        else { continue }
                        hasBase[number] = true
                        for component in 0..<dimensions {
                            floatBase[number * dimensions + component] = vector[component]
                        }
                    }
                }
            }
        }
        var mean = [Float](repeating: 0, count: dimensions)
        let embedded = Float(max(1, has.filter { $0 }.count))
        for number in 0..<count where has[number] {
            for component in 0..<dimensions { mean[component] += floats[number * dimensions + component] / embedded }
        }
        self.mean = mean
        let embeddedVectors = floats
        let hasVector = has
        var rows = [Int8](repeating: 0, count: count * dimensions)
        var scales = [Float](repeating: 0, count: count)
        rows.withUnsafeMutableBufferPointer { rowBuffer in
            scales.withUnsafeMutableBufferPointer { scaleBuffer in
                nonisolated(unsafe) let rowBase = rowBuffer.baseAddress
                nonisolated(unsafe) let scaleBase = scaleBuffer.baseAddress
                let chunks = max(1, min(ProcessInfo.processInfo.activeProcessorCount * 4, count / 256))
                DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                    let range = (count * chunk / chunks)..<(count * (chunk + 1) / chunks)
                    for number in range where hasVector[number] {
                        let start = number * dimensions
                        guard let rowBase, let scaleBase else { continue }
                        let vector = Array(embeddedVectors[start..<(start + dimensions)])
                        let largest = vector.reduce(Float(0)) { max($0, abs($1)) }
                        guard largest > 0 else { continue }
                        let scale = largest / 127
                        scaleBase[number] = scale
                        for component in 0..<dimensions {
                            rowBase[number * dimensions + component] = Int8(
                                (vector[component] / scale).rounded().clamped(to: -127...127))
                        }
                    }
                }
            }
        }
        self.rows = rows
        self.scales = scales
        var meanDots = [Float](repeating: 0, count: count)
        var centredLengths = [Float](repeating: 0, count: count)
        let meanLength = mean.reduce(0) { $0 + $1 * $1 }
        for number in 0..<count where scales[number] > 0 {
            var dot: Float = 0
            for component in 0..<dimensions {
                dot += Float(rows[number * dimensions + component]) * scales[number] * mean[component]
            }
            meanDots[number] = dot
            // |y − m|² = |y|² − 2 y·m + |m|², with |y| = 1.
            centredLengths[number] = max(1e-6, 1 - 2 * dot + meanLength).squareRoot()
        }
        self.meanDots = meanDots
        self.centredLengths = centredLengths
    }

    /// `vector` less `mean`, normalised (nil when nothing is left).
    static func centred(_ vector: [Float], mean: [Float]) -> [Float]? {
        var out = vector
        for index in out.indices { out[index] -= mean[index] }
        let length = out.reduce(0) { $0 + $1 * $1 }.squareRoot()
        guard length > 0, length.isFinite else { return nil }
        return out.map { $0 / length }
    }

    /// Cosines with every repository after taking the catalog's mean out of both sides — for comparing a repository
    /// with the others (alternatives, neighbours).
    func centredSimilarities(to query: [Float]) -> [Float] {
        let raw = similarities(to: query)
        var queryMean: Float = 0
        var meanLength: Float = 0
        for component in 0..<dimensions {
            queryMean += query[component] * mean[component]
            meanLength += mean[component] * mean[component]
        }
        let queryLength = max(1e-6, 1 - 2 * queryMean + meanLength).squareRoot()
        return raw.indices.map { number in
            guard scales[number] > 0 else { return 0 }
            return (raw[number] - queryMean - meanDots[number] + meanLength) / (queryLength * centredLengths[number])
        }
    }

    /// Repository `number`'s unit vector (nil when it has none).
    func vector(_ number: Int) -> [Float]? {
        let scale = scales[number]
        guard scale > 0 else { return nil }
        let row = rows[(number * dimensions)..<((number + 1) * dimensions)].map { Float($0) * scale }
        let length = row.reduce(0) { $0 + $1 * $1 }.squareRoot()
        return length > 0 ? row.map { $0 / length } : nil
    }

    /// The cosine of `query` (a unit vector) with every repository, in numbering order (0 for those without one).
    /// Integer arithmetic: the query is quantized to int8 as the rows are (its error is below a thousandth of a
    /// cosine), and 16 products at a time are summed in 32-bit integers — three times the speed of converting every
    /// row to floats.
    func similarities(to query: [Float]) -> [Float] {
        precondition(query.count == dimensions && dimensions % 16 == 0, "a query vector of the table's dimensions")
        let count = scales.count
        var out = [Float](repeating: 0, count: count)
        let largest = query.reduce(Float(0)) { max($0, abs($1)) }
        guard largest > 0 else { return out }
        let queryScale = largest / 127
        let lanes = dimensions / 16
        let queryLanes = (0..<lanes).map { lane in
            SIMD16<Int16>((0..<16).map { Int16((query[lane * 16 + $0] / queryScale).rounded()) })
        }
        rows.withUnsafeBytes { bytes in
            queryLanes.withUnsafeBufferPointer { queryLanes in
                scales.withUnsafeBufferPointer { scales in
                    out.withUnsafeMutableBufferPointer { out in
                        guard let base = bytes.baseAddress else { return }
                        for number in 0..<count where scales[number] > 0 {
                            let row = base + number * dimensions
                            var sum = SIMD16<Int32>()
                            for lane in 0..<lanes {
                                let packed = row.loadUnaligned(fromByteOffset: lane * 16, as: SIMD16<Int8>.self)
                                let products = SIMD16<Int16>(truncatingIfNeeded: packed) &* queryLanes[lane]
                                sum &+= SIMD16<Int32>(truncatingIfNeeded: products)
                            }
                            out[number] = Float(sum.wrappedSum()) * scales[number] * queryScale
                        }
                    }
                }
            }
        }
        return out
    }

}

extension Comparable {
    fileprivate func clamped(to range: ClosedRange<Self>) -> Self { min(max(self, range.lowerBound), range.upperBound) }
}
