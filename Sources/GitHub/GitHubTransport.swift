public import Foundation
public import HTTPTypes

/// A request the GitHub client sends: swift-http-types' head and the body, if any.
public struct GitHubRequest: Sendable, Equatable {
    public var head: HTTPRequest
    public var body: Data?

    public init(method: HTTPRequest.Method = .get, url: URL, headerFields: HTTPFields = [:], body: Data? = nil) {
        self.head = HTTPRequest(method: method, url: url, headerFields: headerFields)
        self.body = body
    }

    /// The absolute URL (scheme, host, path and query).
    public var url: URL {
        get { head.url! }
        set { head.url = newValue }
    }

    public var method: HTTPRequest.Method {
        get { head.method }
        set { head.method = newValue }
    }

    public var headerFields: HTTPFields {
        get { head.headerFields }
        set { head.headerFields = newValue }
    }
}

/// A response as the GitHub client reads it: swift-http-types' head and the whole body (decompressed).
public struct GitHubResponse: Sendable, Equatable {
    public var head: HTTPResponse
    public var body: Data

    public init(status: HTTPResponse.Status, headerFields: HTTPFields = [:], body: Data = Data()) {
        self.head = HTTPResponse(status: status, headerFields: headerFields)
        self.body = body
    }

    /// The status code.
    public var status: Int { head.status.code }

    public var headerFields: HTTPFields {
        get { head.headerFields }
        set { head.headerFields = newValue }
    }
}

/// Sends the GitHub client's requests. The live one speaks HTTP (`GitHubLive`); tests replay recorded exchanges.
///
/// A transport must not follow redirects or retry: ``GitHubClient`` decides both. Failures to get any response are
/// thrown as ``TransportError``.
public protocol GitHubTransport: Sendable {
    func send(_ request: GitHubRequest, timeout: Duration) async throws -> GitHubResponse
}

/// Why no response arrived.
public enum TransportError: Error, Equatable, Sendable {
    /// Nothing answered within the time allowed.
    case timeout
    /// The host could not be reached (name resolution, connection refused, TLS, connection lost…).
    case unreachable(String)
}

extension HTTPField.Name {
    /// `Link`: the pages of a list (`rel="next"`).
    public static let link = Self("Link")!
    /// GitHub's rate-limit fields.
    public static let xRateLimitLimit = Self("X-RateLimit-Limit")!
    public static let xRateLimitRemaining = Self("X-RateLimit-Remaining")!
    public static let xRateLimitReset = Self("X-RateLimit-Reset")!
    public static let xRateLimitResource = Self("X-RateLimit-Resource")!
    /// The REST API version a request asks for.
    public static let xGitHubAPIVersion = Self("X-GitHub-Api-Version")!
}
