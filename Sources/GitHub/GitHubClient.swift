public import Foundation
import HTTPTypes
import RepoFinderCore

/// A well-behaved GitHub REST client over any ``GitHubTransport``.
///
/// It follows redirects (renamed repositories answer 301, or 307 for writes), revalidates cached responses with
/// `If-None-Match` (a 304 reuses the cached body and costs no rate limit), pages through `Link: rel="next"`, and
/// never hammers: it waits for a used-up primary limit to reset when that is soon (else fails with the reset time),
/// honours `retry-after` on secondary limits or backs off exponentially, and retries timeouts and 5xx a bounded number
/// of times. Every failure is a ``GitHubError``.
public actor GitHubClient {
    public let configuration: GitHubConfiguration
    private let transport: any GitHubTransport
    private let sleep: Sleeper
    private let now: @Sendable () -> Date
    private var cache: ResponseCache
    private var limits: [String: RateLimitStatus] = [:]
    private var counters = Counters()

    /// What the client has done so far.
    public struct Counters: Equatable, Sendable {
        /// Requests sent, redirects and retries included.
        public var requests = 0
        /// Requests answered 304 (from the cache, or to the caller's own `If-None-Match`).
        public var notModified = 0
        /// Time spent waiting for limits or backing off.
        public var waited: Duration = .zero

        public init(requests: Int = 0, notModified: Int = 0, waited: Duration = .zero) {
            self.requests = requests
            self.notModified = notModified
            self.waited = waited
        }
    }

    /// - Parameters:
    ///   - sleep: how to pause; tests pass one that records and returns at once.
    ///   - now: the wall clock, for rate-limit resets.
    public init(
        configuration: GitHubConfiguration = GitHubConfiguration(), transport: any GitHubTransport,
        sleep: @escaping Sleeper = { try await Task.sleep(for: $0) }, now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.configuration = configuration
        self.transport = transport
        self.sleep = sleep
        self.now = now
        self.cache = ResponseCache(capacity: configuration.cacheCapacity)
    }

    /// A client acting as one person (their OAuth token) over the same transport: its rate limits, cache and counters
    /// are that person's own, never mixed with the server's (`GITHUB_TOKEN`) or anyone else's.
    public nonisolated func personal(token: String) -> GitHubClient {
        var configuration = configuration
        configuration.token = token
        return GitHubClient(configuration: configuration, transport: transport, sleep: sleep, now: now)
    }

    /// The last rate-limit figures GitHub sent for a resource (`core`, `search`), if any.
    public func rateLimit(for resource: String) -> RateLimitStatus? { limits[resource] }

    /// Requests, 304s and waiting so far.
    public var statistics: Counters { counters }

    // MARK: - Sending

    /// An absolute URL for an API path with query items (values percent-encoded so `+`, `&`, `#` survive).
    package func url(_ path: String, query: [(String, String)] = []) -> URL {
        Self.address(configuration.baseURL, path, query: query)
    }

    /// `path` under `root` (the API's or the web's), with query items (percent-encoded, as a form encodes them).
    nonisolated static func address(_ root: URL, _ path: String, query: [(String, String)] = []) -> URL {
        var text = root.absoluteString
        if text.hasSuffix("/") { text.removeLast() }
        text += path
        if !query.isEmpty { text += "?" + form(query) }
        return URL(string: text)!
    }

    /// `application/x-www-form-urlencoded` text (also a URL's query): every value percent-encoded.
    nonisolated static func form(_ fields: [(String, String)]) -> String {
        fields.map { "\(PercentEncoding.encode($0.0))=\(PercentEncoding.encode($0.1))" }.joined(separator: "&")
    }

    /// Sends one request with redirects, revalidation, limits and retries applied; returns the final 2xx response
    /// (a 304 is answered from the cache), or the 304 itself when the request carried its own `If-None-Match`. What
    /// to do after each answer is ``decide(_:for:cached:attempt:redirects:resetsAt:)``'s call; this loop only carries
    /// it out.
    package func send(_ original: GitHubRequest) async throws(GitHubError) -> GitHubResponse {
        var request = original
        var redirects = 0
        var attempt = 0
        while true {
            let resource = RateLimitStatus.resource(forPath: request.url.path)
            try await waitForLimit(resource)
            var outgoing = prepared(request)
            let cacheKey = ResponseCache.key(for: outgoing)
            // A request that carries its own `If-None-Match` (an ETag the caller stored) bypasses the cache: its 304
            // is the caller's answer.
            let ownCondition = original.headerFields[.ifNoneMatch] != nil
            let cached = outgoing.method == .get && !ownCondition ? cache.entry(for: cacheKey) : nil
            if let cached { outgoing.headerFields[.ifNoneMatch] = cached.etag }

            counters.requests += 1
            let outcome: Result<GitHubResponse, TransportError>
            do {
                outcome = .success(try await transport.send(outgoing, timeout: configuration.timeout))
            } catch {
                outcome = .failure(error as? TransportError ?? .unreachable(String(describing: error)))
            }
            if case .success(let response) = outcome,
                let status = RateLimitStatus(headers: response.headerFields, resource: resource)
            {
                limits[status.resource] = status
            }
            let decision = Self.decide(
                outcome, for: request, cached: cached?.response, attempt: attempt, redirects: redirects,
                configuration: configuration, resetsAt: limits[resource]?.resetsAt ?? now())
            switch decision {
            case .done(let response, let fromCache):
                if fromCache || response.status == 304 {
                    counters.notModified += 1
                } else if outgoing.method == .get, !ownCondition, let etag = response.headerFields[.eTag] {
                    cache.store(response, etag: etag, for: cacheKey)
                }
                return response
            case .follow(let target, let asGet):
                redirects += 1
                request.url = target
                if asGet {
                    request.method = .get
                    request.body = nil
                }
            case .retry(let wait):
                if let wait { try await pause(wait) }
                attempt += 1
            case .fail(let error):
                throw error
            }
        }
    }

    /// GitHub's standard headers, and the token only for the API's own host.
    private func prepared(_ request: GitHubRequest) -> GitHubRequest {
        var request = request
        if request.headerFields[.accept] == nil { request.headerFields[.accept] = "application/vnd.github+json" }
        request.headerFields[.userAgent] = configuration.userAgent
        request.headerFields[.xGitHubAPIVersion] = "2022-11-28"
        // A request's own credentials (a person's token, the app's Basic pair) win over the configured token; either
        // goes only to the API's own host, never along a redirect to another.
        let sameHost = request.url.host?.lowercased() == configuration.baseURL.host?.lowercased()
        let credentials = request.headerFields[.authorization] ?? configuration.token.map { "Bearer \($0)" }
        request.headerFields[.authorization] = sameHost ? credentials : nil
        return request
    }

    /// Waits for a used-up primary limit to reset when that is soon enough; otherwise throws.
    private func waitForLimit(_ resource: String) async throws(GitHubError) {
        guard let status = limits[resource], status.remaining <= 0 else { return }
        let seconds = status.resetsAt.timeIntervalSince(now())
        guard seconds > 0 else {
            limits[resource] = nil
            return
        }
        // One second beyond the reset: GitHub's clock and ours differ a little.
        let wait = Duration.milliseconds(Int64((seconds * 1000).rounded(.up))) + .seconds(1)
        guard wait <= configuration.maximumWait else {
            throw .rateLimited(resource: resource, resetsAt: status.resetsAt)
        }
        try await pause(wait)
        limits[resource] = nil
    }

    private func pause(_ duration: Duration) async throws(GitHubError) {
        counters.waited += duration
        do {
            try await sleep(duration)
        } catch {
            throw .unreachable("cancelled while waiting")
        }
    }
}
