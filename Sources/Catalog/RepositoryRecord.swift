import Foundation
import GitHub
public import RepoFinderCore

/// Turns one line of GitHub REST repository JSON into a ``Repository``, or says exactly what is wrong with it.
public struct RepositoryRecordDecoder {
    private let decoder = JSONDecoder()

    public init() {}

    /// Decodes one JSON object.
    public func decode(_ line: [UInt8]) -> Result<Repository, RecordRejection> {
        guard String(validating: line, as: UTF8.self) != nil else { return .failure(.invalidUTF8) }
        let payload: GitHubRepositoryPayload
        do {
            payload = try decoder.decode(GitHubRepositoryPayload.self, from: Data(line))
        } catch let error as DecodingError {
            return .failure(RecordRejection(error))
        } catch {
            return .failure(.malformedJSON(String(describing: error)))
        }
        return payload.repository().mapError { .invalidValue(field: $0.field, $0.reason) }
    }

    /// Every repository a JSON-lines file (plain or gzip) holds, skipping lines that are not one (for evaluations,
    /// benchmarks and tests that want a catalog in memory; ``CatalogImporter`` reports what it skips).
    public static func repositories(inFile path: String) throws(CatalogImportError) -> [Repository] {
        let reader = try LineReader(path: path)
        let decoder = RepositoryRecordDecoder()
        var repositories: [Repository] = []
        while let line = try reader.next() {
            if case .text(_, let bytes) = line, case .success(let repository) = decoder.decode(bytes) {
                repositories.append(repository)
            }
        }
        return repositories
    }
}

/// Why one input line was skipped.
public enum RecordRejection: Error, Equatable, Sendable, CustomStringConvertible {
    case tooLong(Int, limit: Int)
    case invalidUTF8
    case malformedJSON(String)
    case notAnObject
    case missingField(String)
    case wrongType(field: String, expected: String)
    case invalidValue(field: String, String)
    case wrongColumnCount(found: Int, expected: Int)
    case unknownRepository(RepositoryName)

    public var description: String {
        switch self {
        case .tooLong(let length, let limit): "the line is \(length) bytes long; lines are at most \(limit) bytes"
        case .invalidUTF8: "the line is not valid UTF-8"
        case .malformedJSON(let detail): "malformed JSON (\(detail))"
        case .notAnObject: "expected a JSON object"
        case .missingField(let field): "missing field '\(field)'"
        case .wrongType(let field, let expected): "field '\(field)' should be \(expected)"
        case .invalidValue(let field, let reason): "field '\(field)': \(reason)"
        case .wrongColumnCount(let found, let expected): "\(found) columns, expected \(expected)"
        case .unknownRepository(let name): "\(name) is not in the catalog (ingest the catalog first)"
        }
    }

    init(_ error: DecodingError) {
        func path(_ context: DecodingError.Context, _ key: (any CodingKey)? = nil) -> String {
            (context.codingPath + (key.map { [$0] } ?? [])).map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
                .joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
        }
        switch error {
        case .keyNotFound(let key, let context):
            self = .missingField(path(context, key))
        case .valueNotFound(let type, let context):
            self =
                context.codingPath.isEmpty ? .notAnObject : .wrongType(field: path(context), expected: Self.name(type))
        case .typeMismatch(let type, let context):
            self =
                context.codingPath.isEmpty ? .notAnObject : .wrongType(field: path(context), expected: Self.name(type))
        case .dataCorrupted(let context):
            let detail = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
            self = .malformedJSON(detail ?? context.debugDescription)
        @unknown default:
            self = .malformedJSON(String(describing: error))
        }
    }

    private static func name(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Int64.Type: "a whole number"
        case is Bool.Type: "true or false"
        case is [String].Type, is [Any].Type: "an array"
        default: "an object"
        }
    }
}
