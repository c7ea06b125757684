import Foundation
import HTTPTypes
public import RepoFinderCore

/// A file read with a condition: unchanged since the ETag the caller stored, or its text now.
public enum ConditionalFile: Sendable, Equatable {
    /// GitHub answered 304 Not Modified (which costs no rate limit).
    case unchanged
    /// The file's text, and the ETag to send next time.
    case changed(text: String, etag: String?)
}

extension GitHubClient {
    /// GitHub's raw media type for the contents API: the file's bytes instead of a JSON object with base64.
    public static let rawMediaType = "application/vnd.github.raw+json"

    /// `GET /repos/{owner}/{repo}/readme` (`path` nil) or `/repos/{owner}/{repo}/contents/{path}` in the raw media
    /// type, conditional on `etag` (`If-None-Match`) when one is given.
    /// - Parameter maximumBytes: a larger file is refused (`invalidResponse`), not decoded.
    public func file(
        of repository: RepositoryName, path: String?, etag: String?, maximumBytes: Int
    ) async throws(GitHubError) -> ConditionalFile {
        let base = "/repos/\(PercentEncoding.encode(repository.owner))/\(PercentEncoding.encode(repository.name))"
        let target =
            path.map {
                base + "/contents/"
                    + $0.split(separator: "/").map { PercentEncoding.encode(String($0)) }
                    .joined(separator: "/")
            } ?? base + "/readme"
        var request = GitHubRequest(url: url(target))
        request.headerFields[.accept] = Self.rawMediaType
        if let etag { request.headerFields[.ifNoneMatch] = etag }
        let response = try await send(request)
        if response.status == 304 { return .unchanged }
        guard response.body.count <= maximumBytes else {
            throw .invalidResponse("\(target) is \(response.body.count) bytes, over \(maximumBytes)")
        }
        return .changed(text: String(decoding: response.body, as: UTF8.self), etag: response.headerFields[.eTag])
    }
}
