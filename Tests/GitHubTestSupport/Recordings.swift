import Catalog
public import Foundation
public import GitHub
public import HTTPTypes
import Synchronization
import TestSupport

/// One recorded request and GitHub's answer.
public struct RecordedExchange: Sendable {
    public var method: String
    public var url: URL
    public var status: Int
    public var headers: HTTPFields
    public var body: Data
}

/// The recorded real GitHub responses in ../shared/data/github-api.
public enum Recordings {
    /// An octokit fixtures scenario (`normalized-fixture.json`): scope, method, path, status, response, headers.
    public static func octokit(_ scenario: String) throws -> [RecordedExchange] {
        let file = URL(
            fileURLWithPath: try SharedDataFolder.file("github-api/octokit/\(scenario)/normalized-fixture.json"))
        let entries = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [[String: Any]] ?? []
        return try entries.map { entry in
            let scope = (entry["scope"] as? String ?? "").replacingOccurrences(of: ":443", with: "")
            let path = entry["path"] as? String ?? "/"
            return RecordedExchange(
                method: (entry["method"] as? String ?? "get").uppercased(), url: URL(string: scope + path)!,
                status: entry["status"] as? Int ?? 0, headers: headers(entry["headers"]),
                body: try body(entry["response"]))
        }
    }

    /// A github3.py cassette (`*.json.gz`): method, uri, status, response_headers, body_json.
    public static func github3py(_ name: String) throws -> [RecordedExchange] {
        let reader = try LineReader(
            path: try SharedDataFolder.file("github-api/github3py/\(name).json.gz"), maximumLineBytes: 64 << 20)
        var bytes: [UInt8] = []
        while let line = try reader.next() {
            if case .text(_, let text) = line { bytes += text + [10] }
        }
        let entries = try JSONSerialization.jsonObject(with: Data(bytes)) as? [[String: Any]] ?? []
        return try entries.map { entry in
            RecordedExchange(
                method: (entry["method"] as? String ?? "GET").uppercased(), url: URL(string: entry["uri"] as! String)!,
                status: entry["status"] as? Int ?? 0, headers: headers(entry["response_headers"]),
                body: try body(entry["body_json"]))
        }
    }

    private static func headers(_ value: Any?) -> HTTPFields {
        var headers = HTTPFields()
        for (name, value) in (value as? [String: Any] ?? [:]).sorted(by: { $0.key < $1.key }) {
            guard let name = HTTPField.Name(name) else { continue }
            headers.append(
                HTTPField(
                    name: name,
                    value: (value as? [Any]).map { $0.map { "\($0)" }.joined(separator: ", ") } ?? "\(value)"))
        }
        return headers
    }

    private static func body(_ value: Any?) throws -> Data {
        switch value {
        case nil, is NSNull: Data()
        case let text as String: Data(text.utf8)
        case let object?: try JSONSerialization.data(withJSONObject: object)
        }
    }
}

/// A transport that answers from recorded exchanges, the way GitHub would.
///
/// A request matches a recording with the same method, host and path whose query holds every item of the
/// request's. Unused recordings are served first, in order, so a scenario replays as recorded; when all matching
/// ones were used, the one with exactly the request's query (else the last) is served again. When `If-None-Match` equals the recording's `ETag` the answer is a
/// 304 with the same headers and no body, as GitHub answers (no 304 was recorded). `scripted` answers come before
/// any recording, for the failures GitHub was never recorded giving.
public actor ReplayTransport: GitHubTransport {
    private let recordings: [RecordedExchange]
    private var used: Set<Int> = []
    private var scripted: [Result<GitHubResponse, TransportError>]
    /// Every request sent, with the status it got (nil: a transport error).
    public private(set) var log: [(request: GitHubRequest, status: Int?)] = []

    public init(_ recordings: [RecordedExchange], scripted: [Result<GitHubResponse, TransportError>] = []) {
        self.recordings = recordings
        self.scripted = scripted
    }

    public var requests: [GitHubRequest] { log.map(\.request) }
    public var statuses: [Int?] { log.map(\.status) }

    public func send(_ request: GitHubRequest, timeout: Duration) async throws -> GitHubResponse {
        if !scripted.isEmpty {
            let next = scripted.removeFirst()
            switch next {
            case .success(let response):
                log.append((request, response.status))
                return response
            case .failure(let error):
                log.append((request, nil))
                throw error
            }
        }
        let candidates = recordings.indices.filter { matches(request, recordings[$0]) }
        let sameQuery = candidates.last {
            Self.queryItems(recordings[$0].url).sorted() == Self.queryItems(request.url).sorted()
        }
        guard let index = candidates.first(where: { !used.contains($0) }) ?? sameQuery ?? candidates.last else {
            log.append((request, 404))
            return GitHubResponse(status: 404, body: Data(#"{"message":"Not Found (not recorded)"}"#.utf8))
        }
        used.insert(index)
        let recording = recordings[index]
        if let etag = recording.headers[.eTag], request.headerFields[.ifNoneMatch] == etag {
            log.append((request, 304))
            return GitHubResponse(status: 304, headerFields: recording.headers)
        }
        log.append((request, recording.status))
        return GitHubResponse(
            status: HTTPResponse.Status(code: recording.status), headerFields: recording.headers, body: recording.body)
    }

    private func matches(_ request: GitHubRequest, _ recording: RecordedExchange) -> Bool {
        guard request.method.rawValue == recording.method, request.url.host == recording.url.host,
            request.url.path == recording.url.path
        else { return false }
        let recorded = Self.queryItems(recording.url)
        return Self.queryItems(request.url).allSatisfy { recorded.contains($0) }
    }

    /// Decoded `name=value` pairs; `+` is a space, as recorded clients wrote it.
    public static func queryItems(_ url: URL) -> [String] {
        guard let query = url.query(percentEncoded: true), !query.isEmpty else { return [] }
        return query.split(separator: "&").map {
            String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0)
        }
    }
}

/// A sleeper that records each pause and returns at once, and a wall clock that moves by the pauses.
public final class FakeClock: Sendable {
    private let state = Mutex<(pauses: [Duration], elapsed: Duration)>(([], .zero))
    public let start: Date

    public init(start: Date = Date(timeIntervalSince1970: 1_700_000_000)) { self.start = start }

    public var pauses: [Duration] { state.withLock { $0.pauses } }

    public var now: Date {
        let elapsed = state.withLock { $0.elapsed }
        return start.addingTimeInterval(Double(elapsed.components.seconds))
    }

    public var sleeper: Sleeper {
        { duration in
            self.state.withLock {
                $0.pauses.append(duration)
                $0.elapsed += duration
            }
        }
    }
}
