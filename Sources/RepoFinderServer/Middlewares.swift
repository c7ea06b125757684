import Foundation
import HTTPTypes
import Hummingbird
import Logging
import RepoFinderCore

/// Logs one line per request with structured metadata (`method`, `path`, `route`, `status`, `duration_ms`, and the
/// request id Hummingbird adds as `hb.request.id`), answers with `X-Request-Id`, and records the request in
/// ``ServerMetrics`` by route and status.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = ServerContext
    let metrics: ServerMetrics

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        var response: Response
        do {
            response = try await next(request, context)
        } catch {
            response = ErrorMiddleware<Context>.response(for: ErrorMiddleware<Context>.apiError(for: error))
        }
        let seconds = (ContinuousClock.now - start).secondsDouble
        let route = context.endpointPath ?? "unmatched"
        metrics.record(route: route, method: request.method.rawValue, status: response.status.code, seconds: seconds)
        response.headers[.requestID] = context.id
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
}

/// Answers 429 with `Retry-After` once a token or a client address goes faster than its limit.
struct RateLimitMiddleware: RouterMiddleware {
    typealias Context = ServerContext
    let perToken: RateLimiter?
    let perAddress: RateLimiter?

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if let perAddress, let wait = perAddress.take(context.clientAddress) {
            throw APIError.rateLimited(retryAfter: wait, scope: "address")
        }
        if let perToken, let token = RequestIdentity.bearerToken(in: request), let wait = perToken.take(token) {
            throw APIError.rateLimited(retryAfter: wait, scope: "token")
        }
        return try await next(request, context)
    }
}

/// Reads the whole body up to a limit (413 beyond it, whether announced by Content-Length or not) and makes the
/// bearer token available to the handlers.
struct BodyAndIdentityMiddleware: RouterMiddleware {
    typealias Context = ServerContext
    let maximumBodySize: Int

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var request = request
        if let length = request.headers[.contentLength].flatMap(Int.init), length > maximumBodySize {
            throw APIError.tooLarge(limit: maximumBodySize)
        }
        if request.method == .post || request.method == .put || request.method == .patch {
            do {
                _ = try await request.collectBody(upTo: maximumBodySize)
            } catch let error as HTTPError where error.status == .contentTooLarge {
                throw APIError.tooLarge(limit: maximumBodySize)
            }
        }
        let identity = RequestIdentity(token: RequestIdentity.bearerToken(in: request))
        return try await RequestIdentity.$current.withValue(identity) {
            try await next(request, context)
        }
    }
}
