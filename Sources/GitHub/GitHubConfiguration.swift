public import Foundation
import HTTPTypes

/// How ``GitHubClient`` talks to GitHub.
public struct GitHubConfiguration: Sendable {
    /// The API root (`GITHUB_API_URL`); tests and GitHub Enterprise point it elsewhere.
    public var baseURL: URL
    /// GitHub's web root (`GITHUB_URL`), where people sign in: `/login/oauth/authorize`, `/login/device` and the token
    /// exchanges live there, not on the API.
    public var webURL: URL
    /// A personal access token (`GITHUB_TOKEN`, read by RepoFinderSettings); without one GitHub allows 60 core and 10 search requests an hour.
    /// Sent only to the API's own host, never along a redirect to another host.
    public var token: String?
    /// GitHub requires a User-Agent.
    public var userAgent: String
    /// How long one request may take.
    public var timeout: Duration
    /// Redirects followed in a row before giving up.
    public var maximumRedirects: Int
    /// Retries after a timeout, a lost connection, a 5xx or a limit, per request.
    public var maximumRetries: Int
    /// First pause before retrying a timeout or a 5xx; doubled each time.
    public var retryBackoff: Duration
    /// First pause after a secondary limit without `retry-after` (GitHub asks for at least a minute); doubled.
    public var secondaryLimitBackoff: Duration
    /// The longest single wait for a limit to reset; a longer one fails with ``GitHubError/rateLimited(resource:resetsAt:)``.
    public var maximumWait: Duration
    /// Responses kept for `If-None-Match` revalidation.
    public var cacheCapacity: Int

    public init(
        baseURL: URL = URL(string: "https://api.github.com")!, webURL: URL = URL(string: "https://github.com")!,
        token: String? = nil,
        userAgent: String = "RepoFinder", timeout: Duration = .seconds(20), maximumRedirects: Int = 5,
        maximumRetries: Int = 3, retryBackoff: Duration = .seconds(1), secondaryLimitBackoff: Duration = .seconds(60),
        maximumWait: Duration = .seconds(300), cacheCapacity: Int = 1024
    ) {
        self.baseURL = baseURL
        self.webURL = webURL
        self.token = token.flatMap { $0.isEmpty ? nil : $0 }
        self.userAgent = userAgent
        self.timeout = timeout
        self.maximumRedirects = maximumRedirects
        self.maximumRetries = maximumRetries
        self.retryBackoff = retryBackoff
        self.secondaryLimitBackoff = secondaryLimitBackoff
        self.maximumWait = maximumWait
        self.cacheCapacity = cacheCapacity
    }
}

/// What GitHub last said about one rate-limit resource (`core`, `search`, …).
public struct RateLimitStatus: Equatable, Sendable {
    public var resource: String
    public var limit: Int?
    public var remaining: Int
    public var resetsAt: Date

    public init(resource: String, limit: Int?, remaining: Int, resetsAt: Date) {
        self.resource = resource
        self.limit = limit
        self.remaining = remaining
        self.resetsAt = resetsAt
    }

    /// Reads `x-ratelimit-*`; nil when the response carries none. `resource` is the guess when GitHub omits it.
    init?(headers: HTTPFields, resource: String) {
        guard let remaining = headers[.xRateLimitRemaining].flatMap({ Int($0) }),
            let reset = headers[.xRateLimitReset].flatMap({ Int64($0) })
        else { return nil }
        self.resource = headers[.xRateLimitResource] ?? resource
        self.limit = headers[.xRateLimitLimit].flatMap { Int($0) }
        self.remaining = remaining
        // GitHub sends epoch seconds. The octokit fixtures normalise it to epoch milliseconds; read both.
        let seconds = reset > 100_000_000_000 ? Double(reset) / 1000 : Double(reset)
        self.resetsAt = Date(timeIntervalSince1970: seconds)
    }

    /// The resource a request path counts against before GitHub says so.
    static func resource(forPath path: String) -> String {
        if path.hasPrefix("/search/code") { return "code_search" }
        if path.hasPrefix("/search/") { return "search" }
        if path.hasPrefix("/graphql") { return "graphql" }
        return "core"
    }
}

/// A pause; tests inject one that records instead of waiting.
public typealias Sleeper = @Sendable (Duration) async throws -> Void
