public import Foundation

/// A well-behaved GitHub REST client over any ``HTTPTransport``.
///
/// It follows redirects (renamed repositories answer 301, or 307 for writes), revalidates cached responses with
/// `If-None-Match` (a 304 reuses the cached body and costs no rate limit), pages through `Link: rel="next"`, and
/// never hammers: it waits for a used-up primary limit to reset when that is soon (else fails with the reset time),
/// honours `retry-after` on secondary limits or backs off exponentially, and retries timeouts and 5xx a bounded number
/// of times. Every failure is a ``GitHubError``.
public actor GitHubClient {
    public let configuration: GitHubConfiguration
    private let transport: any HTTPTransport
    private let sleep: Sleeper
    private let now: @Sendable () -> Date
    private var cache: ResponseCache
    private var limits: [String: RateLimitStatus] = [:]
    private var counters = Counters()

    /// What the client has done so far.
    public struct Counters: Equatable, Sendable {
        /// Requests sent, redirects and retries included.
        public var requests = 0
        /// Requests answered 304 from the cache.
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
        configuration: GitHubConfiguration = GitHubConfiguration(), transport: any HTTPTransport,
        sleep: @escaping Sleeper = { try await Task.sleep(for: $0) }, now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.configuration = configuration
        self.transport = transport
        self.sleep = sleep
        self.now = now
        self.cache = ResponseCache(capacity: configuration.cacheCapacity)
    }

    /// The last rate-limit figures GitHub sent for a resource (`core`, `search`), if any.
    public func rateLimit(for resource: String) -> RateLimitStatus? { limits[resource] }

    /// Requests, 304s and waiting so far.
    public var statistics: Counters { counters }

    // MARK: - Sending

    /// An absolute URL for an API path with query items (values percent-encoded so `+`, `&`, `#` survive).
    package func url(_ path: String, query: [(String, String)] = []) -> URL {
        var text = configuration.baseURL.absoluteString
        if text.hasSuffix("/") { text.removeLast() }
        text += path
        if !query.isEmpty {
            text +=
                "?"
                + query.map { "\(QueryEncoding.encode($0.0))=\(QueryEncoding.encode($0.1))" }
                .joined(separator: "&")
        }
        return URL(string: text)!
    }

    /// Sends one request with redirects, revalidation, limits and retries applied; returns the final 2xx response
    /// (a 304 is answered from the cache).
    package func send(_ original: HTTPRequest) async throws(GitHubError) -> HTTPResponse {
        var request = original
        var redirects = 0
        var attempt = 0
        while true {
            let resource = RateLimitStatus.resource(forPath: request.url.path)
            try await waitForLimit(resource)
            var outgoing = prepared(request)
            let cacheKey = ResponseCache.key(for: outgoing)
            let cached = outgoing.method == "GET" ? cache.entry(for: cacheKey) : nil
            if let cached { outgoing.headers.set("If-None-Match", cached.etag) }

            counters.requests += 1
            let response: HTTPResponse
            do {
                response = try await transport.send(outgoing, timeout: configuration.timeout)
            } catch {
                let failure: GitHubError =
                    switch error as? TransportError {
                    case .timeout: .timeout
                    case .unreachable(let detail): .unreachable(detail)
                    case nil: .unreachable(String(describing: error))
                    }
                // Nothing came back: retry an idempotent read after a pause, but not a host that refused outright.
                guard case .timeout = failure, request.method == "GET", attempt < configuration.maximumRetries
                else { throw failure }
                try await pause(backoff(configuration.retryBackoff, attempt: attempt))
                attempt += 1
                continue
            }
            if let status = RateLimitStatus(headers: response.headers, resource: resource) {
                limits[status.resource] = status
            }

            switch response.status {
            case 200..<300:
                if outgoing.method == "GET", let etag = response.headers["etag"] {
                    cache.store(response, etag: etag, for: cacheKey)
                }
                return response
            case 304:
                guard let cached else { throw .invalidResponse("304 Not Modified for a request we had not cached") }
                counters.notModified += 1
                return cached.response
            case 301, 302, 303, 307, 308:
                guard let location = response.headers["location"],
                    let target = URL(string: location, relativeTo: request.url)?.absoluteURL
                else { throw .invalidResponse("\(response.status) without a Location header") }
                redirects += 1
                guard redirects <= configuration.maximumRedirects else { throw .tooManyRedirects(target) }
                request.url = target
                if response.status == 303 {
                    request.method = "GET"
                    request.body = nil
                }
            case 403, 429:
                let message = Self.message(in: response)
                if let wait = secondaryLimitWait(response, message: message, attempt: attempt) {
                    guard attempt < configuration.maximumRetries, wait <= configuration.maximumWait else {
                        throw .secondaryRateLimited(retryAfter: Self.retryAfter(response))
                    }
                    try await pause(wait)
                    attempt += 1
                } else if response.headers["x-ratelimit-remaining"] == "0" {
                    // Primary limit used up: the next loop waits for the reset, or throws if it is too far.
                    guard attempt < configuration.maximumRetries else {
                        throw .rateLimited(resource: resource, resetsAt: limits[resource]?.resetsAt ?? now())
                    }
                    attempt += 1
                } else if response.status == 429 {
                    guard attempt < configuration.maximumRetries else {
                        throw .secondaryRateLimited(retryAfter: nil)
                    }
                    try await pause(backoff(configuration.secondaryLimitBackoff, attempt: attempt))
                    attempt += 1
                } else {
                    throw .forbidden(message: message)
                }
            case 401:
                throw .unauthorized(message: Self.message(in: response))
            case 404:
                throw .notFound(message: Self.message(in: response), path: request.url.path)
            case 422:
                let body = try? JSONDecoder().decode(ErrorBody.self, from: response.body)
                throw .validationFailed(
                    message: body?.message ?? "Unprocessable Entity", fieldErrors: body?.errors ?? [])
            case 500..<600:
                guard request.method == "GET", attempt < configuration.maximumRetries else {
                    throw .serverError(status: response.status, message: Self.message(in: response))
                }
                try await pause(backoff(configuration.retryBackoff, attempt: attempt))
                attempt += 1
            default:
                throw .unexpectedStatus(response.status, message: Self.message(in: response))
            }
        }
    }

    /// GitHub's standard headers, and the token only for the API's own host.
    private func prepared(_ request: HTTPRequest) -> HTTPRequest {
        var request = request
        if request.headers["accept"] == nil { request.headers.set("Accept", "application/vnd.github+json") }
        request.headers.set("User-Agent", configuration.userAgent)
        request.headers.set("X-GitHub-Api-Version", "2022-11-28")
        let sameHost = request.url.host?.lowercased() == configuration.baseURL.host?.lowercased()
        request.headers.set("Authorization", sameHost ? configuration.token.map { "Bearer \($0)" } : nil)
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

    /// How long a secondary limit asks us to wait, or nil if this 403/429 is not one.
    private func secondaryLimitWait(_ response: HTTPResponse, message: String, attempt: Int) -> Duration? {
        if let retryAfter = Self.retryAfter(response) { return retryAfter }
        guard message.lowercased().contains("secondary rate limit") || message.lowercased().contains("abuse") else {
            return nil
        }
        return backoff(configuration.secondaryLimitBackoff, attempt: attempt)
    }

    private func backoff(_ base: Duration, attempt: Int) -> Duration {
        base * (1 << min(attempt, 16))
    }

    private func pause(_ duration: Duration) async throws(GitHubError) {
        counters.waited += duration
        do {
            try await sleep(duration)
        } catch {
            throw .unreachable("cancelled while waiting")
        }
    }

    private static func retryAfter(_ response: HTTPResponse) -> Duration? {
        response.headers["retry-after"].flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }.map {
            .seconds(max(0, $0))
        }
    }

    /// GitHub's `message`, or the status line when the body has none.
    static func message(in response: HTTPResponse) -> String {
        if let body = try? JSONDecoder().decode(ErrorBody.self, from: response.body), let message = body.message {
            return message
        }
        return "HTTP \(response.status)"
    }

    private struct ErrorBody: Decodable {
        var message: String?
        var errors: [GitHubError.FieldError]?
    }
}

/// Query-component encoding: only RFC 3986 unreserved characters stay as they are, so `+` in `c++` is not read
/// as a space.
enum QueryEncoding {
    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
