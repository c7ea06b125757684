import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import RepoFinderCore

/// Logs one line per request with structured metadata (`method`, `path`, `route`, `status`, `duration_ms`, and the
/// request id Hummingbird adds as `hb.request.id`), answers with `X-Request-Id` and the headers every answer carries
/// (``ResponseHeaders``), and records the request in ``ServerMetrics`` by route and status. Never logs a header, a
/// query string or a body.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = ServerContext
    let metrics: ServerMetrics
    var https = HTTPSPolicy()

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        var response: Response
        do {
            response = try await next(request, context)
        } catch {
            let apiError = ErrorMiddleware<Context>.apiError(for: error)
            if apiError.httpStatus.kind == .serverError { ErrorMiddleware<Context>.log(error, context.logger) }
            response = ErrorMiddleware<Context>.response(for: apiError)
        }
        let seconds = (ContinuousClock.now - start).secondsDouble
        let route = context.endpointPath ?? "unmatched"
        metrics.record(route: route, method: request.method.rawValue, status: response.status.code, seconds: seconds)
        response.headers[.requestID] = context.id
        ResponseHeaders.stamp(&response, for: request)
        https.stamp(&response, for: request, from: context.clientAddress)
        context.logger.info(
            "request",
            metadata: [
                "method": "\(request.method)", "path": "\(request.uri.path)", "route": "\(route)",
                "status": "\(response.status.code)", "duration_ms": "\(Self.milliseconds(seconds))",
            ])
        return response
    }
}

extension RequestLogMiddleware {
    /// Seconds as milliseconds with two decimals ("12.34"), without `String(format:)`, which costs more than
    /// the rest of the log line.
    static func milliseconds(_ seconds: Double) -> String {
        let hundredths = Int((seconds * 100_000).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

extension HTTPField.Name {
    /// `X-Request-Id`: the id of the request in the server's log.
    static let requestID = Self("X-Request-Id")!
    /// `Referrer-Policy`.
    static let referrerPolicy = Self("Referrer-Policy")!
}

/// Who is asking, worked out once per request: the client's address (through trusted proxies), the bearer token if
/// it is one this server could have issued, and the request's weight for the rate limits. Answers 429 with
/// `Retry-After` once a token, a client address or an address creating accounts goes faster than its limit.
struct RateLimitMiddleware: RouterMiddleware {
    typealias Context = ServerContext
    let perToken: RateLimiter?
    let perAddress: RateLimiter?
    let accountCreation: RateLimiter?
    let trustedProxies: TrustedProxies

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let token = RequestIdentity.bearerToken(in: request)
        var identity = RequestIdentity(token: token, trustedProxies: trustedProxies)
        // The address is formatted only when something asks for it (with every limit off, nothing does).
        var address = identity.peer
        if perAddress != nil || accountCreation != nil || !trustedProxies.isEmpty || context.endpointPath == "/metrics"
        {
            identity.peer = context.clientAddress
            if !trustedProxies.isEmpty { identity.forwardedFor = request.headers[.xForwardedFor] }
            address = identity.clientAddress
        }
        // The query is read only for the routes whose cost depends on it (parsing it costs every other request).
        let route = context.endpointPath
        let window =
            route?.hasPrefix("/v1/me/maintainer/") == true
            ? request.uri.queryParameters["window"].map(String.init) : nil
        let cost = RequestCost.of(request.method, route: route, window: window)
        if let perAddress, let wait = await perAddress.admit(address, cost: cost) {
            throw APIError.rateLimited(retryAfter: wait, scope: "address")
        }
        // A malformed token gets its 401 without a bucket: keying on it would let anyone grow the limiter's memory.
        if let perToken, let token, BearerToken.isWellFormed(token), let wait = await perToken.admit(token, cost: cost)
        {
            throw APIError.rateLimited(retryAfter: wait, scope: "token")
        }
        if request.method == .post, context.endpointPath == "/v1/users", let accountCreation,
            let wait = await accountCreation.admit(address)
        {
            throw APIError(
                .tooManyRequests, code: "rate_limited",
                message: APIError.text("error.accounts.too-many-new", String(wait)),
                retryAfter: wait)
        }
        return try await RequestIdentity.$current.withValue(identity) {
            try await next(request, context)
        }
    }
}

/// How much a request weighs against the rate limits: searching, statistics and dealing read much more than a
/// lookup, so they take more of a client's budget (the README lists the weights).
enum RequestCost {
    /// A request's weight: what it costs the server next to reading one repository (1). The dashboards' cost grows
    /// with their window (`window`: 7, 30 or 90 days; a 90-day dashboard took ~190 ms where trending takes ~27).
    static func of(_ method: HTTPRequest.Method, route: String?, window: String? = nil) -> Double {
        let days = window.flatMap(Int.init).map { Double(min(max($0, 7), 90)) } ?? 30
        switch route {
        case "/v1/me/maintainer/repos/{owner}/{name}": return (days / 6).rounded(.up)
        case "/v1/me/maintainer/repos": return (days / 12).rounded(.up)
        case "/v1/admin/report": return 16
        default: break
        }
        return switch route {
        case "/v1/search", "/v1/me/stats": 4
        case "/v1/trending", "/v1/me/feed", "/v1/repos/{owner}/{name}/similar", "/v1/repos/{owner}/{name}/alternatives",
            "/v1/clusters/{id}/repos":
            2
        case "/v1/me/interactions" where method == .post: 2
        default: 1
        }
    }
}

/// Reads the whole body up to a limit (413 beyond it, whether announced by `Content-Length` or sent chunked).
struct BodyLimitMiddleware: RouterMiddleware {
    typealias Context = ServerContext
    let maximumBodySize: Int

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var request = request
        if let length = request.headers[.contentLength].flatMap(Int.init), length > maximumBodySize {
            throw APIError.tooLarge(limit: maximumBodySize)
        }
        // Every method: a chunked body on a GET is read (and bounded) here too, never by a handler.
        if request.headers[.contentLength] != nil || request.headers[.transferEncoding] != nil {
            do {
                _ = try await request.collectBody(upTo: maximumBodySize)
            } catch let error as HTTPError where error.status == .contentTooLarge {
                throw APIError.tooLarge(limit: maximumBodySize)
            } catch is NIOTooManyBytesError {
                // A chunked body announces no length: the limit is found while reading it.
                throw APIError.tooLarge(limit: maximumBodySize)
            } catch {
                // Malformed chunks, or a body that did not arrive within the request timeout (``ConnectionGuard``
                // closed the connection): the client's doing, not a server error.
                throw APIError.badRequest(APIError.text("error.body.unreadable"))
            }
        }
        return try await next(request, context)
    }
}
