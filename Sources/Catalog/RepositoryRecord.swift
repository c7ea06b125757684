import Foundation
public import RepoFinderCore

/// Turns one line of GitHub REST repository JSON into a ``Repository``, or says exactly what is wrong with it.
public struct RepositoryRecordDecoder {
    private let decoder = JSONDecoder()

    public init() {}

    /// Decodes one JSON object.
    public func decode(_ line: [UInt8]) -> Result<Repository, RecordRejection> {
        guard String(validating: line, as: UTF8.self) != nil else { return .failure(.invalidUTF8) }
        let payload: Payload
        do {
            payload = try decoder.decode(Payload.self, from: Data(line))
        } catch let error as DecodingError {
            return .failure(RecordRejection(error))
        } catch {
            return .failure(.malformedJSON(String(describing: error)))
        }
        return payload.repository()
    }

    /// The fields of GitHub's repository object that RepoFinder keeps (same names as `GET /repos/{owner}/{repo}`).
    struct Payload: Decodable {
        struct Owner: Decodable {
            var login: String
            var avatar_url: String?
        }
        struct License: Decodable {
            var spdx_id: String?
            var name: String?
        }
        var id: Int64?
        var name: String?
        var full_name: String
        var owner: Owner?
        var description: String?
        var language: String?
        var topics: [String]?
        var stargazers_count: Int
        var forks_count: Int?
        var open_issues_count: Int?
        var created_at: String?
        var updated_at: String?
        var pushed_at: String?
        var html_url: String?
        var license: License?
        var archived: Bool?

        func repository() -> Result<Repository, RecordRejection> {
            let repositoryName: RepositoryName
            do {
                repositoryName = try RepositoryName(parsing: full_name)
            } catch {
                return .failure(.invalidValue(field: "full_name", "\(error)"))
            }
            if let login = owner?.login, login.lowercased() != repositoryName.owner.lowercased() {
                return .failure(
                    .invalidValue(field: "owner.login", "'\(login)' does not match full_name '\(full_name)'"))
            }
            if let name, name.lowercased() != repositoryName.name.lowercased() {
                return .failure(.invalidValue(field: "name", "'\(name)' does not match full_name '\(full_name)'"))
            }
            for (field, count) in [
                ("stargazers_count", stargazers_count), ("forks_count", forks_count ?? 0),
                ("open_issues_count", open_issues_count ?? 0),
            ] where count < 0 {
                return .failure(.invalidValue(field: field, "\(count) is negative"))
            }
            var dates: [Date?] = []
            for (field, text) in [("created_at", created_at), ("updated_at", updated_at), ("pushed_at", pushed_at)] {
                guard let text else {
                    dates.append(nil)
                    continue
                }
                // Some sources give only the day (2026-08-21): read it as midnight UTC.
                guard let date = Timestamp.parse(text) ?? Day(text).map(\.startDate) else {
                    return .failure(.invalidValue(field: field, "'\(text)' is not an ISO 8601 date or date-time"))
                }
                dates.append(date)
            }
            var webURL: URL?
            if let html_url {
                guard let url = URL(string: html_url), url.scheme == "https" || url.scheme == "http" else {
                    return .failure(.invalidValue(field: "html_url", "'\(html_url)' is not a web address"))
                }
                webURL = url
            }
            let licenseName = license?.name ?? license?.spdx_id
            return .success(
                Repository(
                    githubID: id,
                    owner: RepositoryOwner(
                        login: owner?.login ?? repositoryName.owner,
                        avatarURL: owner?.avatar_url.flatMap(URL.init(string:))),
                    name: name ?? repositoryName.name,
                    description: description.flatMap { $0.isEmpty ? nil : $0 },
                    topics: topics ?? [],
                    language: language.flatMap { $0.isEmpty ? nil : $0 },
                    stars: stargazers_count, forks: forks_count, openIssues: open_issues_count,
                    license: licenseName.map { RepositoryLicense(spdxID: license?.spdx_id, name: $0) },
                    createdAt: dates[0], updatedAt: dates[1], pushedAt: dates[2],
                    archived: archived ?? false, webURL: webURL))
        }
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
