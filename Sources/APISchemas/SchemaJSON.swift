import Foundation
import RepoFinderAPI

/// JSON of the API's shapes as the server writes it (RFC 3339 dates, through ``LenientDateTranscoder``; slashes
/// unescaped), for the command line's `--format json`: keys sorted and indented, so the output also reads well and
/// diffs cleanly.
public enum SchemaJSON {
    /// The value as indented JSON text.
    public static func text(_ value: some Encodable) throws -> String {
        try encoded(value, [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    }

    /// The value as JSON on one line (what a server-sent event's `data` carries).
    public static func line(_ value: some Encodable) throws -> String {
        try encoded(value, [.sortedKeys, .withoutEscapingSlashes])
    }

    private static func encoded(_ value: some Encodable, _ formatting: JSONEncoder.OutputFormatting) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = formatting
        let transcoder = LenientDateTranscoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(try transcoder.encode(date))
        }
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
