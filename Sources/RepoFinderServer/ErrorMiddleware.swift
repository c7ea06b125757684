import Foundation
import HTTPTypes
public import Hummingbird
import Logging
import OpenAPIRuntime
import RepoFinderCore
import Storage

/// Turns every error into a JSON `{error, message}` response with the right status, so bad input never
/// becomes a 500 and a 500 never leaks internals (it is logged with the request id instead).
public struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    public init() {}

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let apiError = Self.apiError(for: error)
            if apiError.httpStatus.kind == .serverError {
                context.logger.error("request failed: \(String(reflecting: error))")
            }
            return Self.response(for: apiError)
        }
    }

    /// The API error that stands for any error a request can end with.
    static func apiError(for error: any Error) -> APIError {
        switch error {
        case let error as APIError:
            return error
        case let error as ServerError:
            if let inner = error.underlyingError as? APIError { return inner }
            return fromOpenAPI(error)
        case let error as HTTPError:
            return fromHummingbird(error)
        case let error as StorageError:
            return fromStorage(error)
        default:
            return APIError(
                .internalServerError, code: "internal", message: "Something went wrong on our side; try again.")
        }
    }

    private static func fromOpenAPI(_ error: ServerError) -> APIError {
        let status = error.httpStatus
        if status.kind == .clientError {
            let detail = describe(error.underlyingError)
            switch status.code {
            case 415:
                return APIError(
                    status, code: "unsupported_media_type",
                    message: "Send the body as JSON with 'Content-Type: application/json'.")
            case 404:
                return .notFound("No such endpoint.")
            default:
                return .badRequest("The request could not be read: \(detail)")
            }
        }
        if let storage = error.underlyingError as? StorageError { return fromStorage(storage) }
        return APIError(
            .internalServerError, code: "internal", message: "Something went wrong on our side; try again.")
    }

    private static func fromHummingbird(_ error: HTTPError) -> APIError {
        switch error.status {
        case .contentTooLarge:
            return APIError(
                .contentTooLarge, code: "content_too_large", message: "The request body is too large.")
        case .notFound:
            return .notFound("No such endpoint.")
        case .methodNotAllowed:
            return APIError(
                .methodNotAllowed, code: "method_not_allowed", message: "This endpoint does not take that method.")
        default:
            let code = error.status.reasonPhrase.lowercased().replacingOccurrences(of: " ", with: "_")
            return APIError(error.status, code: code, message: error.body ?? error.status.reasonPhrase)
        }
    }

    private static func fromStorage(_ error: StorageError) -> APIError {
        switch error {
        case .unknownUser:
            return .unauthorized("This token's account no longer exists; create a new one with POST /v1/users.")
        case .unknownRepositories(let names):
            let listed = names.map(\.fullName).sorted().prefix(5).joined(separator: ", ")
            return .unprocessable("Unknown repositories (nothing was stored): \(listed).")
        default:
            return .unavailable("The database did not answer; try again shortly.")
        }
    }

    /// A readable account of a decoding failure: which field, and what was wrong.
    private static func describe(_ error: any Error) -> String {
        guard let decoding = error as? DecodingError else {
            return String(describing: error)
        }
        func path(_ codingPath: [any CodingKey]) -> String {
            guard !codingPath.isEmpty else { return "the body" }
            let text = codingPath.reduce("") { text, key in
                key.intValue.map { text + "[\($0)]" } ?? (text.isEmpty ? key.stringValue : text + "." + key.stringValue)
            }
            return "'\(text)'"
        }
        switch decoding {
        case .dataCorrupted(let context):
            return "\(path(context.codingPath)): \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            return "missing '\(key.stringValue)' in \(path(context.codingPath))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "malformed request"
        }
    }

    /// The JSON response for an API error.
    static func response(for error: APIError) -> Response {
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        if let retryAfter = error.retryAfter { headers[.retryAfter] = String(retryAfter) }
        let body = ErrorBody(error: error.code, message: error.message)
        let data = (try? JSONEncoder().encode(body)) ?? Data(#"{"error":"internal","message":""}"#.utf8)
        return Response(
            status: error.httpStatus, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    private struct ErrorBody: Encodable {
        var error: String
        var message: String
    }
}
