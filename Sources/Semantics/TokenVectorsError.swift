/// Why a token-vector table could not be loaded.
public enum TokenVectorsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No file at that path.
    case missingFile(String)
    /// The file exists but could not be read.
    case unreadable(path: String, reason: String)
    /// The package was built without its bundled table.
    case missingBundledTable
    /// The data does not start with "RFVEC001" (after gunzipping, when it is gzip).
    case wrongMagic
    /// The data ends early or disagrees with its own counts.
    case truncated(String)
    /// The header or vocabulary makes no sense.
    case malformed(String)
    /// The gzip stream is damaged.
    case corruptCompression(String)

    public var description: String {
        switch self {
        case .missingFile(let path):
            "no token-vector table at \(path)"
        case .unreadable(let path, let reason):
            "could not read the token-vector table at \(path): \(reason)"
        case .missingBundledTable:
            "the bundled token-vector table (token-vectors.rfv.gz) is missing from the Semantics resources"
        case .wrongMagic:
            "not a token-vector table: it does not start with RFVEC001 (raw or gzip-compressed)"
        case .truncated(let detail):
            "the token-vector table is truncated: \(detail)"
        case .malformed(let detail):
            "the token-vector table is malformed: \(detail)"
        case .corruptCompression(let detail):
            "the token-vector table's gzip data is damaged: \(detail)"
        }
    }
}
