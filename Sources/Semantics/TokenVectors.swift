public import Foundation

/// Static token vectors distilled from all-MiniLM-L6-v2 (the RFV1 format, raw or gzip-compressed): one int8 row
/// and one scale per WordPiece token, plus the vocabulary they belong to.
public final class TokenVectors: Sendable {
    /// The WordPiece vocabulary, token id -> token.
    public let vocabulary: [String]
    /// Components per vector.
    public let dimensions: Int
    /// The id of "[UNK]".
    public let unknownTokenID: Int
    /// Whether the model lowercases its input (flag bit 0).
    public let lowercasesInput: Bool
    /// Whether the model strips accents (flag bit 1).
    public let stripsAccents: Bool
    /// Per token: int8 value * scale = component; 0 = the token has no vector.
    let scales: [Float]
    /// The rows, `vocabulary.count` x `dimensions`, row-major.
    let components: [Int8]

    /// The environment variable that, when it names a file, replaces the bundled table.
    public static let environmentVariable = "REPOFINDER_TOKEN_VECTORS"

    /// Loads the table from a file.
    public convenience init(contentsOf url: URL) throws(TokenVectorsError) {
        guard FileManager.default.fileExists(atPath: url.path) else { throw .missingFile(url.path) }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable(path: url.path, reason: error.localizedDescription)
        }
        try self.init(data: data)
    }

    /// Reads the table from its bytes, gzip-compressed (1f 8b) or raw.
    public init(data: Data) throws(TokenVectorsError) {
        var bytes = [UInt8](data)
        if bytes.count >= 2, bytes[0] == 0x1F, bytes[1] == 0x8B {
            bytes = try inflate(bytes, sizeHint: Self.gzipSizeHint(bytes))
        }
        var reader = ByteReader(bytes)
        guard bytes.starts(with: Array("RFVEC001".utf8)) else {
            throw bytes.count < 8 && Array("RFVEC001".utf8).starts(with: bytes) ? .truncated("no header") : .wrongMagic
        }
        reader.offset = 8
        let count = Int(try reader.uint32("the vocabulary count"))
        let dimensions = Int(try reader.uint32("the dimensions"))
        let flags = try reader.uint32("the flags")
        let unknown = Int(try reader.uint32("the unknown token id"))
        guard count > 0, dimensions > 0, dimensions <= 65_536 else {
            throw .malformed("\(count) tokens of \(dimensions) dimensions")
        }
        guard unknown < count else { throw .malformed("unknown token id \(unknown) is not below \(count)") }
        scales = try reader.floats(count, "the scales")
        guard scales.allSatisfy(\.isFinite) else { throw .malformed("a scale is not a finite number") }
        let (size, overflow) = count.multipliedReportingOverflow(by: dimensions)
        guard !overflow else { throw .malformed("\(count) x \(dimensions) vectors") }
        components = try reader.int8s(size, "the vectors")
        let blobLength = Int(try reader.uint32("the vocabulary length"))
        let blob = try reader.bytes(blobLength, "the vocabulary")
        var tokens = blob.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if tokens.count == count + 1, tokens.last?.isEmpty == true { tokens.removeLast() }
        guard tokens.count == count else {
            throw .malformed("the vocabulary holds \(tokens.count) tokens, the header says \(count)")
        }
        vocabulary = tokens.map { String(decoding: $0, as: UTF8.self) }
        self.dimensions = dimensions
        unknownTokenID = unknown
        lowercasesInput = flags & 1 != 0
        stripsAccents = flags & 2 != 0
    }

    /// The table bundled with RepoFinder, or the file `REPOFINDER_TOKEN_VECTORS` names when it is set.
    public static func bundled() throws(TokenVectorsError) -> TokenVectors {
        if let path = ProcessInfo.processInfo.environment[environmentVariable], !path.isEmpty {
            return try TokenVectors(contentsOf: URL(fileURLWithPath: path))
        }
        guard let url = bundledURL else { throw .missingBundledTable }
        return try TokenVectors(contentsOf: url)
    }

    /// Where the bundled table is, if the package was built with it.
    public static var bundledURL: URL? {
        Bundle.module.url(forResource: "token-vectors.rfv", withExtension: "gz")
    }

    /// Whether `id` has a vector (a non-zero scale).
    public func hasVector(_ id: Int) -> Bool {
        scales.indices.contains(id) && scales[id] != 0
    }

    /// The size gzip records for its (last) member, to size the output once.
    static func gzipSizeHint(_ bytes: [UInt8]) -> Int {
        guard bytes.count >= 18 else { return 0 }
        let tail = bytes.suffix(4).reversed().reduce(0) { $0 << 8 | Int($1) }
        return min(tail, 1 << 30)
    }
}

/// Little-endian reads over a byte array that fail with `.truncated` naming what was missing.
private struct ByteReader {
    let bytes: [UInt8]
    var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func bytes(_ count: Int, _ what: String) throws(TokenVectorsError) -> ArraySlice<UInt8> {
        guard count >= 0, bytes.count - offset >= count else {
            throw .truncated("\(what) needs \(count) bytes at offset \(offset), the data has \(bytes.count)")
        }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    mutating func uint32(_ what: String) throws(TokenVectorsError) -> UInt32 {
        try bytes(4, what).reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }

    mutating func floats(_ count: Int, _ what: String) throws(TokenVectorsError) -> [Float] {
        let (size, overflow) = count.multipliedReportingOverflow(by: 4)
        guard !overflow else { throw .malformed("\(count) scales") }
        let slice = try bytes(size, what)
        return slice.withUnsafeBytes { raw in
            (0..<count).map {
                Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self)))
            }
        }
    }

    mutating func int8s(_ count: Int, _ what: String) throws(TokenVectorsError) -> [Int8] {
        let slice = try bytes(count, what)
        return slice.withUnsafeBytes { Array($0.bindMemory(to: Int8.self)) }
    }
}
