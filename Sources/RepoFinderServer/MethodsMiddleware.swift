import HTTPTypes
import Hummingbird

/// Answers for paths the router knows with another method: `OPTIONS` gets 204 with `Allow`, any other method 405
/// with `Allow` (instead of the router's 404). `HEAD` of a `GET` route is answered by the router (`.autoGenerateHeadEndpoints`).
///
/// Added to the router after every route, so it wraps only the router's not-found responder (Hummingbird builds each
/// route's chain from the middlewares added before it, and the not-found chain from all of them).
struct MethodsMiddleware: RouterMiddleware {
    typealias Context = ServerContext
    let routes: RouteTable

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            guard let methods = routes.methods(for: request.uri.path) else { throw error }
            var allowed = methods.map(\.rawValue)
            if methods.contains(.get) { allowed.append("HEAD") }
            allowed.append("OPTIONS")
            let allow = allowed.sorted().joined(separator: ", ")
            if request.method == .options {
                return Response(status: .noContent, headers: [.allow: allow])
            }
            var response = ErrorMiddleware<Context>.response(
                for: APIError(
                    .methodNotAllowed, code: "method_not_allowed",
                    message: APIError.text(
                        "error.method.not-allowed", request.uri.path, allow, request.method.rawValue)))
            response.headers[.allow] = allow
            return response
        }
    }
}

/// Every route's path and methods, read from the router once all routes are added.
struct RouteTable: Sendable {
    private let routes: [(path: RouterPath, methods: Set<HTTPRequest.Method>)]

    init(_ descriptions: [Router<ServerContext>.RouteDescription]) {
        var byPath: [String: (path: RouterPath, methods: Set<HTTPRequest.Method>)] = [:]
        for route in descriptions {
            byPath[route.path.description, default: (route.path, [])].methods.insert(route.method)
        }
        routes = Array(byPath.values)
    }

    /// The methods of the route whose path matches `path`, if any does.
    func methods(for path: String) -> Set<HTTPRequest.Method>? {
        let components = path.split(separator: "/", omittingEmptySubsequences: true)
        for route in routes where Self.matches(route.path, components) { return route.methods }
        return nil
    }

    private static func matches(_ path: RouterPath, _ components: [Substring]) -> Bool {
        var index = 0
        for element in path.components {
            if element.description == "**" { return true }
            guard index < components.count, element ~= components[index] else { return false }
            index += 1
        }
        return index == components.count
    }
}
