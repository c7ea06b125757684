public import Foundation

/// The full model's vectors of the starter catalog's repositories, computed once by `scripts/embed-repositories.py`
/// and shipped (format RFREP001): sharper than the token-vector table's approximation of the same texts. A
/// repository is only given its stored vector while its description is the one that was embedded (compared by
/// hash); any other is embedded by the table.
///
/// Layout (little-endian, gzip-compressed or raw): "RFREP001", UInt32 count, UInt32 dimensions, UInt32 levels;
/// per repository: UInt32 FNV-1a hash of the description's UTF-8, Float32 scale, dimensions × Int8; then UInt32
/// length and the full names, "\n"-separated, in the same order.
public struct RepositoryVectors: Sendable {
    /// Components per vector (the token-vector table's).
    public let dimensions: Int
    private let rows: [Int8]
    private let scales: [Float]
    private let hashes: [UInt32]
    /// Lowercased `owner/name` → row.
    private let numbers: [String: Int]

    /// Reads the vectors from their bytes.
    public init(data: Data) throws(RepositoryVectorsError) {
        guard let bytes = gunzippedIfCompressed(data) else { throw .init("its gzip is damaged") }
        guard bytes.count >= 20, bytes.starts(with: Array("RFREP001".utf8)) else {
            throw .init("it does not start with RFREP001")
        }
        func word(_ at: Int) -> UInt32 { (0..<4).reduce(0) { $0 | UInt32(bytes[at + $1]) << (8 * $1) } }
        let count = Int(word(8))
        let dimensions = Int(word(12))
        let step = 8 + dimensions
        guard dimensions > 0, dimensions % 16 == 0, count <= 10_000_000, bytes.count >= 24 + count * step else {
            throw .init("its size disagrees with its \(count) rows of \(dimensions)")
        }
        let namesAt = 20 + count * step
        let namesLength = Int(word(namesAt))
        guard bytes.count == namesAt + 4 + namesLength else { throw .init("its names' length disagrees") }
        let names = String(decoding: bytes[(namesAt + 4)...], as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false)
        guard names.count == count else { throw .init("\(names.count) names for \(count) rows") }
        var rows = [Int8](repeating: 0, count: count * dimensions)
        var scales = [Float](repeating: 0, count: count)
        var hashes = [UInt32](repeating: 0, count: count)
        for number in 0..<count {
            let at = 20 + number * step
            hashes[number] = word(at)
            scales[number] = Float(bitPattern: word(at + 4))
            for component in 0..<dimensions {
                rows[number * dimensions + component] = Int8(bitPattern: bytes[at + 8 + component])
            }
        }
        guard scales.allSatisfy({ $0.isFinite && $0 >= 0 }) else { throw .init("a scale is not a finite number") }
        self.dimensions = dimensions
        self.rows = rows
        self.scales = scales
        self.hashes = hashes
        numbers = Dictionary(
            names.enumerated().map { ($1.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The vectors shipped with RepoFinder; nil when the package was built without them.
    public static func bundled() throws(RepositoryVectorsError) -> RepositoryVectors? {
        guard let url = Bundle.module.url(forResource: "repository-vectors.rfr", withExtension: "gz") else {
            return nil
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .init("\(url.path): \(error.localizedDescription)")
        }
        return try RepositoryVectors(data: data)
    }

    /// How many repositories have a vector.
    public var count: Int { scales.count }

    /// The stored unit vector of `fullName` (any case), if its description is still `description`. A nil
    /// description is one the catalog does not know (the starter catalog ships facts only, issue 65): the stored
    /// vector is then the best knowledge of what the repository is, and is given.
    public func vector(of fullName: String, description: String?) -> [Float]? {
        guard let number = numbers[fullName.lowercased()],
            description.map({ hashes[number] == Self.descriptionHash($0) }) ?? true, scales[number] > 0
        else { return nil }
        let scale = scales[number]
        var vector = rows[(number * dimensions)..<((number + 1) * dimensions)].map { Float($0) * scale }
        let length = VectorMath.dot(vector, vector).squareRoot()
        guard length > 0, length.isFinite else { return nil }
        for component in vector.indices { vector[component] /= length }
        return vector
    }

    /// FNV-1a (32 bits) of the text's UTF-8, as the script that writes the file computes it.
    static func descriptionHash(_ text: String) -> UInt32 {
        text.utf8.reduce(0x811C_9DC5 as UInt32) { ($0 ^ UInt32($1)) &* 0x0100_0193 }
    }
}

/// Why the shipped repository vectors could not be read (the table embeds every repository then).
public struct RepositoryVectorsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong with the file.
    public let reason: String

    init(_ reason: String) { self.reason = reason }

    public var description: String {
        "the repositories' model vectors (repository-vectors.rfr.gz) could not be read: \(reason); the token vectors "
            + "embed every repository"
    }
}
