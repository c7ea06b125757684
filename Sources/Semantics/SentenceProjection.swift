public import Foundation

/// The basis the token-vector table was reduced on (format RFP1, written by `scripts/distill-vectors.py`): the full
/// model's 384-component sentence vectors times its transpose land in the table's space, so a question the
/// transformer read compares with repositories the table embedded.
///
/// Layout (little-endian, gzip-compressed): "RFPRJ001", UInt32 rows (the table's dimensions), UInt32 columns (the
/// model's width), then rows × columns float32, row-major.
public struct SentenceProjection: Sendable {
    /// Output components (the table's dimensions).
    public let rows: Int
    /// Input components (the model's width).
    public let columns: Int
    let basis: [Float]

    /// Reads a projection from its bytes (gzip-compressed or not).
    public init(data: Data) throws(SentenceModelError) {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0x1f, 0x8b]) {
            guard let inflated = try? inflate(bytes) else { throw .malformed("the projection's gzip is damaged") }
            bytes = inflated
        }
        guard bytes.count >= 16, bytes.starts(with: Array("RFPRJ001".utf8)) else {
            throw .malformed("the projection does not start with RFPRJ001")
        }
        func count(_ at: Int) -> Int { (0..<4).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
        let rows = count(8)
        let columns = count(12)
        guard rows > 0, columns > 0, bytes.count == 16 + rows * columns * 4 else {
            throw .malformed("the projection's size disagrees with its \(rows) × \(columns)")
        }
        self.rows = rows
        self.columns = columns
        basis = bytes.withUnsafeBytes { raw in
            (0..<(rows * columns)).map {
                Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 16 + $0 * 4, as: UInt32.self)))
            }
        }
    }

    /// The projection shipped beside the token-vector table.
    public static func bundled() throws(SentenceModelError) -> SentenceProjection {
        guard let url = Bundle.module.url(forResource: "sentence-projection.rfp", withExtension: "gz") else {
            throw .malformed("the bundled sentence-projection.rfp.gz is missing from the Semantics resources")
        }
        do {
            return try SentenceProjection(data: try Data(contentsOf: url))
        } catch let error as SentenceModelError {
            throw error
        } catch {
            throw .unreadable(path: url.path, reason: error.localizedDescription)
        }
    }

    /// `vector` (``columns`` long) in the table's space, normalised; nil when it projects to nothing.
    public func project(_ vector: [Float]) -> [Float]? {
        guard vector.count == columns else { return nil }
        var out = [Float](repeating: 0, count: rows)
        basis.withUnsafeBufferPointer { basis in
            vector.withUnsafeBufferPointer { vector in
                for row in 0..<rows {
                    out[row] = VectorMath.dot(
                        UnsafeBufferPointer(rebasing: basis[(row * columns)..<((row + 1) * columns)]), vector)
                }
            }
        }
        let length = VectorMath.dot(out, out).squareRoot()
        guard length > 0, length.isFinite else { return nil }
        return out.map { $0 / length }
    }
}
