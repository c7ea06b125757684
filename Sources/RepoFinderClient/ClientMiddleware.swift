import Foundation
import HTTPTypes
import OpenAPIRuntime

/// The error inside the generated client's wrapping (it wraps whatever a transport or a middleware throws).
func unwrapped(_ error: any Error) -> any Error {
    var error = error
    while let wrapped = error as? OpenAPIRuntime.ClientError { error = wrapped.underlyingError }
    return error
}

/// Turns every answer that is not a success into a ``ClientFailure`` (reading the `{error, message}` body and
/// `Retry-After`), and a transport that could not deliver into ``ClientFailure/noConnection``. The calls then only
/// ever see their success.
struct FailureMiddleware: ClientMiddleware {
    /// Error statuses that are answers of an operation (documented with a body the caller reads), not failures:
    /// a second import while one runs answers 409 with the running one.
    static func answers(_ status: Int, of operationID: String) -> Bool {
        operationID == "startGitHubStarImport" && status == 409
    }

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let (response, responseBody): (HTTPResponse, HTTPBody?)
        do {
            (response, responseBody) = try await next(request, body, baseURL)
        } catch {
            let inner = unwrapped(error)
            if inner is CancellationError { throw inner }
            throw ClientFailure.from(inner)
        }
        guard response.status.kind != .successful, !Self.answers(response.status.code, of: operationID) else {
            return (response, responseBody)
        }
        var message: String?
        var code: String?
        if let responseBody, let data = try? await Data(collecting: responseBody, upTo: 64 * 1024),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        {
            message = object["message"] as? String
            code = object["error"] as? String
        }
        let retryAfter = response.headerFields[.retryAfter].flatMap { Int($0) }
        throw ClientFailure.from(status: response.status.code, message: message, retryAfter: retryAfter, code: code)
    }
}

/// Adds `Authorization: Bearer <token>` from the token store to every call but the one that makes an account.
struct BearerMiddleware: ClientMiddleware {
    let tokens: any TokenStore

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        if operationID != "createUser", let token = try tokens.token() {
            request.headerFields[.authorization] = "Bearer \(token)"
        }
        return try await next(request, body, baseURL)
    }
}

/// Asks the server to word its answers in the person's language (`Accept-Language`), when one is given.
struct LanguageHeaderMiddleware: ClientMiddleware {
    let language: String?

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        if let language, request.headerFields[.acceptLanguage] == nil {
            request.headerFields[.acceptLanguage] = language
        }
        return try await next(request, body, baseURL)
    }
}

/// Tries safe calls again as the ``RetryPolicy`` says: reads, deletes, replacing preferences, and recording
/// interactions (each carries its idempotency key, so the server never stores one twice). Making an account, a
/// thread or a question is never retried (it could make two, and a question counts against the quota).
struct RetryMiddleware: ClientMiddleware {
    let policy: RetryPolicy

    static let unsafeOperations: Set<String> = ["createUser", "createThread", "askInThread"]

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let retryable =
            !Self.unsafeOperations.contains(operationID) && (body == nil || body?.iterationBehavior == .multiple)
        var attempt = 1
        while true {
            do {
                return try await next(request, body, baseURL)
            } catch {
                guard retryable, let failure = unwrapped(error) as? ClientFailure,
                    let delay = policy.delay(after: failure, attempt: attempt)
                else { throw error }
                try await policy.sleep(delay)
                attempt += 1
            }
        }
    }
}
