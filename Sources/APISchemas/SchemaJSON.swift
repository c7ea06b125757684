import Foundation
import RepoFinderAPI

/// JSON of the API's shapes as the server writes it (RFC 3339 dates, through ``LenientDateTranscoder``; slashes
/// unescaped), for the command line's `--format json`: keys sorted and indented, so the output also reads well and
/// diffs cleanly.
public enum SchemaJSON {
    /// The value as indented JSON text.
    public static func text(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let transcoder = LenientDateTranscoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(try transcoder.encode(date))
        }
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
