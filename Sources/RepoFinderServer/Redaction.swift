import Foundation
import HTTPTypes
public import Logging
import OpenAPIRuntime
import Storage

/// The one rule for what may reach the log: no bearer token, cookie, credential or request body, ever.
///
/// Two layers: errors are described by ``describe(_:)``, which names what failed without the request it failed on
/// (an OpenAPI `ServerError` holds every header and the decoded body); and every message and metadata value goes
/// through ``scrub(_:)`` in ``RedactingLogHandler``, which masks anything shaped like a credential, in case some
/// other description carries one.
public enum Redaction {
    /// What stands in for a removed secret.
    public static let mask = "[redacted]"

    /// A description of `error` that is safe to log: the API error's code and message, the storage error's reason,
    /// the OpenAPI operation with its underlying error's kind, a decoding error's field path; for anything else only
    /// its type.
    public static func describe(_ error: any Error) -> String {
        switch error {
        case let error as APIError:
            return error.description
        case let error as StorageError:
            return "StorageError: \(scrub(error.description))"
        case let error as ServerError:
            return "operation \(error.operationID) failed: \(describe(error.underlyingError))"
        case let error as DecodingError:
            return "DecodingError at \(codingPath(error))"
        default:
            return "\(type(of: error))"
        }
    }

    /// `text` with credentials masked: the value after `Bearer`/`Basic`, `token`, `password`, `secret`,
    /// `authorization` and `cookie` (as JSON fields, headers or `key=value`), and passwords in URLs.
    public static func scrub(_ text: String) -> String {
        guard mayHoldSecret(text) else { return text }
        var result = text
        for (pattern, template) in patterns {
            result = pattern.stringByReplacingMatches(
                in: result, range: NSRange(result.startIndex..., in: result), withTemplate: template)
        }
        return result
    }

    /// A cheap test first, without allocating: most lines (the request log) are short and have none of the words
    /// the patterns look for.
    static func mayHoldSecret(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count >= 8 else { return false }
            for start in bytes.indices {
                for word in clues where start + word.count <= bytes.count {
                    var matches = true
                    for (offset, letter) in word.enumerated() {
                        let byte = bytes[start + offset]
                        // ASCII letters compare case-insensitively; ':' and '/' only exactly.
                        if byte != letter && (byte | 0x20) != letter {
                            matches = false
                            break
                        }
                    }
                    if matches { return true }
                }
            }
            return false
        }
    }

    /// The words (lower-case ASCII) whose presence sends a text through the patterns.
    private static let clues: [[UInt8]] = [
        "bearer", "basic", "token", "password", "secret", "authorization", "cookie", "://",
    ]
    .map { Array($0.utf8) }

    private static let patterns: [(NSRegularExpression, String)] = [
        (#"(?i)\b(bearer|basic)\s+[A-Za-z0-9\-._~+/=]+"#, "$1 \(mask)"),
        (
            #"(?i)("?(?:[a-z_]*token|password|secret|authorization|cookie|set-cookie)"?\s*[:=]\s*)("[^"]*"|[^\s,;}\]]+)"#,
            "$1\(mask)"
        ),
        (#"(?i)([a-z][a-z0-9+.\-]*://[^:/@\s]+:)[^@\s]+@"#, "$1\(mask)@"),
    ].map { (try! NSRegularExpression(pattern: $0.0), $0.1) }

    private static func codingPath(_ error: DecodingError) -> String {
        let context: DecodingError.Context
        switch error {
        case .dataCorrupted(let c), .keyNotFound(_, let c), .typeMismatch(_, let c), .valueNotFound(_, let c):
            context = c
        @unknown default:
            return "?"
        }
        let path = InputMapping.fieldPath(context.codingPath)
        return path.isEmpty ? "the top level" : path
    }
}

/// A log handler that passes every record through ``Redaction/scrub(_:)`` (message and metadata values) before the
/// handler it wraps writes it. `repofinder serve` logs through it.
public struct RedactingLogHandler: LogHandler {
    private var wrapped: any LogHandler

    public init(wrapping handler: any LogHandler) {
        wrapped = handler
    }

    public var logLevel: Logger.Level {
        get { wrapped.logLevel }
        set { wrapped.logLevel = newValue }
    }

    public var metadata: Logger.Metadata {
        get { wrapped.metadata }
        set { wrapped.metadata = newValue }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { wrapped[metadataKey: key] }
        set { wrapped[metadataKey: key] = newValue.map(Self.scrubbed) }
    }

    public func log(event: LogEvent) {
        var event = event
        let message = "\(event.message)"
        if Redaction.mayHoldSecret(message) { event.message = "\(Redaction.scrub(message))" }
        if let metadata = event.metadata, metadata.values.contains(where: Self.mayHoldSecret) {
            event.metadata = metadata.mapValues(Self.scrubbed)
        }
        wrapped.log(event: event)
    }

    private static func mayHoldSecret(_ value: Logger.MetadataValue) -> Bool {
        switch value {
        case .string(let text): Redaction.mayHoldSecret(text)
        case .stringConvertible(let value): Redaction.mayHoldSecret(value.description)
        case .array, .dictionary: true
        }
    }

    private static func scrubbed(_ value: Logger.MetadataValue) -> Logger.MetadataValue {
        switch value {
        case .string(let text): .string(Redaction.scrub(text))
        case .stringConvertible(let value): .string(Redaction.scrub(value.description))
        case .array(let values): .array(values.map(scrubbed))
        case .dictionary(let values): .dictionary(values.mapValues(scrubbed))
        }
    }
}
