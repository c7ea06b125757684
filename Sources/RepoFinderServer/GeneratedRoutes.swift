import HTTPTypes
import Hummingbird
import OpenAPIHummingbird
import OpenAPIRuntime

/// Registers the generated handlers on the router, except the operations the server answers by hand.
struct GeneratedRoutes: ServerTransport {
    let router: Router<ServerContext>
    /// The operations answered by hand (``HandAnsweredRoutes``), whose generated handlers are left out.
    let answeredByHand: Set<ContractOperation>

    func register(
        _ handler:
            @escaping @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (
                HTTPResponse, HTTPBody?
            ),
        method: HTTPRequest.Method,
        path: String
    ) throws {
        guard !answeredByHand.contains(ContractOperation(method: method, path: path)) else { return }
        router.register(
            { request, body, metadata in try await handler(request, Self.present(body, of: request), metadata) },
            method: method, path: path)
    }

    /// The body, or nil when the request has none (no length and no chunks, or a length of 0): an optional body that
    /// was left out is absent, not an empty JSON document that fails to parse.
    static func present(_ body: HTTPBody?, of request: HTTPRequest) -> HTTPBody? {
        if body?.length == .known(0) { return nil }
        if request.headerFields[.contentLength] == "0" { return nil }
        if request.headerFields[.contentLength] == nil, request.headerFields[.transferEncoding] == nil { return nil }
        return body
    }
}
