import Ask
import Foundation
import HTTPTypes
public import Hummingbird
import Logging
import OpenAPIRuntime
import RepoFinderCore
import Storage

/// Turns every error into a JSON `{error, message}` response with the right status, so bad input never
/// becomes a 500 and a 500 never leaks internals (it is logged with the request id instead, described by
/// ``Redaction/describe(_:)``: never a header, a token or a body).
public struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The page a browser gets for an address no route knows (the web app's not-found page), or nil for JSON.
    public typealias PageNotFound = @Sendable (_ path: String, _ request: Request) -> Response

    private let pageNotFound: PageNotFound?

    /// `pageNotFound`, when given, answers a browser's GET of an unknown page address (not under `/v1/`, asking
    /// for HTML) in place of the API's JSON 404.
    public init(pageNotFound: PageNotFound? = nil) {
        self.pageNotFound = pageNotFound
    }

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let apiError = Self.apiError(for: error)
            if apiError.httpStatus.kind == .serverError { Self.log(error, context.logger) }
            if apiError.httpStatus == .notFound, let pageNotFound, Self.isPageRequest(request) {
                return pageNotFound(request.uri.path, request)
            }
            return Self.response(for: apiError)
        }
    }

    /// A browser asking for a page: a GET or HEAD outside the API (`/v1/`), accepting HTML.
    static func isPageRequest(_ request: Request) -> Bool {
        guard request.method == .get || request.method == .head else { return false }
        let path = request.uri.path
        guard !path.hasPrefix("/v1/"), path != "/v1" else { return false }
        return request.headers[.accept]?.contains("text/html") ?? false
    }

    /// Logs an error that became a 5xx: what failed, never the request it failed on.
    static func log(_ error: any Error, _ logger: Logger) {
        logger.error("request failed", metadata: ["error": "\(Redaction.describe(error))"])
    }

    /// The API error that stands for any error a request can end with.
    static func apiError(for error: any Error) -> APIError {
        switch error {
        case let error as APIError:
            return error
        case let refusal as AskRefusal:
            return APIError(refusal)
        case let error as ServerError:
            if let inner = error.underlyingError as? APIError { return inner }
            if let refusal = error.underlyingError as? AskRefusal { return APIError(refusal) }
            return fromOpenAPI(error)
        case let error as HTTPError:
            return fromHummingbird(error)
        case let error as StorageError:
            return fromStorage(error)
        default:
            return APIError(.internalServerError, code: "internal", message: APIError.text("error.internal"))
        }
    }

    private static func fromOpenAPI(_ error: ServerError) -> APIError {
        let status = error.httpStatus
        if status.kind == .clientError {
            let detail = describe(error.underlyingError, request: error.request)
            switch status.code {
            case 415:
                return APIError(
                    status, code: "unsupported_media_type", message: APIError.text("error.body.not-json"))
            case 404:
                return .notFound(APIError.text("error.no-endpoint"))
            default:
                return .badRequest(APIError.text("error.request.unreadable", detail))
            }
        }
        if let storage = error.underlyingError as? StorageError { return fromStorage(storage) }
        return APIError(.internalServerError, code: "internal", message: APIError.text("error.internal"))
    }

    private static func fromHummingbird(_ error: HTTPError) -> APIError {
        switch error.status {
        case .contentTooLarge:
            return APIError(.contentTooLarge, code: "content_too_large", message: APIError.text("error.body.too-large"))
        case .notFound:
            return .notFound(APIError.text("error.no-endpoint"))
        case .methodNotAllowed:
            return APIError(
                .methodNotAllowed, code: "method_not_allowed", message: APIError.text("error.method.not-taken"))
        default:
            let code = error.status.reasonPhrase.lowercased().replacingOccurrences(of: " ", with: "_")
            return APIError(error.status, code: code, message: error.body ?? error.status.reasonPhrase)
        }
    }

    private static func fromStorage(_ error: StorageError) -> APIError {
        switch error {
        case .unknownUser:
            return .unauthorized(APIError.text("error.account.gone"))
        case .unknownRepositories(let names):
            let listed = names.map(\.fullName).sorted().prefix(5).joined(separator: ", ")
            return .unprocessable(APIError.text("error.interactions.unknown-repositories", listed))
        case .quotaExceeded(let exceeded):
            switch exceeded.bound {
            case .perDay:
                return APIError(
                    .tooManyRequests, code: "quota_exceeded",
                    message: APIError.text(
                        "error.quota.per-day", String(exceeded.stored), String(exceeded.limit)),
                    retryAfter: exceeded.retryAfter ?? 3_600)
            case .perAccount:
                return APIError(
                    .unprocessableContent, code: "quota_exceeded",
                    message: APIError.text(
                        "error.quota.per-account", String(exceeded.stored), String(exceeded.limit)))
            }
        case .identityTaken:
            return APIError(.conflict, code: "identity_taken", message: APIError.storageProblem(error))
        case .busy:
            return .unavailable(APIError.text("error.database.busy"))
        case .unavailable, .schemaTooNew:
            return .unavailable(APIError.text("error.database.unavailable"))
        }
    }

    /// A readable account of why a request could not be read: which field or parameter, and what was wrong, in the
    /// API's words (never a Swift type).
    private static func describe(_ error: any Error, request: HTTPRequest) -> String {
        guard let decoding = error as? DecodingError else {
            return APIError.text("error.read.malformed")
        }
        // Field and parameter names stay as the API spells them, in quotes, in every language.
        func place(_ codingPath: [any CodingKey], value: String? = nil) -> String {
            guard codingPath.isEmpty else { return "'\(InputMapping.fieldPath(codingPath))'" }
            guard [.get, .head, .delete].contains(request.method) else { return APIError.text("error.read.place.body") }
            // A parameter: name it when the offending value shows which.
            if let value, let name = parameter(holding: value, in: request) { return "'\(name)'" }
            return APIError.text("error.read.place.parameter")
        }
        switch decoding {
        case .dataCorrupted(let context):
            if let value = rejectedValue(context.debugDescription) {
                return APIError.text("error.read.not-accepted", place(context.codingPath, value: value), value)
            }
            if context.debugDescription.contains("JSON") { return APIError.text("error.read.not-json") }
            if context.debugDescription.contains("date") {
                return APIError.text("error.read.expected-date", place(context.codingPath))
            }
            return APIError.text("error.read.invalid", place(context.codingPath))
        case .keyNotFound(let key, let context):
            return APIError.text("error.read.missing", key.stringValue, place(context.codingPath))
        case .typeMismatch(let type, let context):
            return APIError.text("error.read.expected", place(context.codingPath), kind(of: type))
        case .valueNotFound(_, let context):
            return APIError.text("error.read.null", place(context.codingPath))
        @unknown default:
            return APIError.text("error.read.malformed")
        }
    }

    /// The value a decoder rejected, from its "…from invalid String value X" wording.
    private static func rejectedValue(_ description: String) -> String? {
        guard let range = description.range(of: "invalid String value ") else { return nil }
        let value = description[range.upperBound...].trimmingCharacters(in: CharacterSet(charactersIn: " ."))
        return value.isEmpty ? nil : String(value.prefix(100))
    }

    /// The query parameter whose value is `value`, if any.
    private static func parameter(holding value: String, in request: HTTPRequest) -> String? {
        guard let path = request.path, let components = URLComponents(string: path) else { return nil }
        return components.queryItems?.first { $0.value == value }?.name
    }

    /// What a JSON value of `type` looks like, in a client's words.
    private static func kind(of type: Any.Type) -> String {
        switch type {
        case is any BinaryInteger.Type, is any BinaryFloatingPoint.Type: APIError.text("error.read.kind.number")
        case is String.Type: APIError.text("error.read.kind.text")
        case is Bool.Type: APIError.text("error.read.kind.boolean")
        case is any Sequence.Type: APIError.text("error.read.kind.list")
        default: APIError.text("error.read.kind.object")
        }
    }

    /// The JSON response for an API error.
    static func response(for error: APIError) -> Response {
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        if let retryAfter = error.retryAfter { headers[.retryAfter] = String(retryAfter) }
        let body = ErrorBody(error: error.code, message: error.message, quota: error.quota)
        let data = (try? JSONEncoder().encode(body)) ?? Data(#"{"error":"internal","message":""}"#.utf8)
        return Response(
            status: error.httpStatus, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    private struct ErrorBody: Encodable {
        var error: String
        var message: String
        var quota: APIError.Quota?
    }
}
