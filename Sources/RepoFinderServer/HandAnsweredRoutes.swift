import Foundation
import HTTPTypes
import Hummingbird

/// An operation of the API contract: its method and its path as the OpenAPI document spells it.
struct ContractOperation: Hashable, Sendable, CustomStringConvertible {
    let method: HTTPRequest.Method
    /// The path with its parameters in braces (`/v1/me/threads/{id}/messages`).
    let path: String

    /// The path as Hummingbird's router spells its parameters (`/v1/me/threads/:id/messages`).
    var routerPath: String { path.replacing(/\{([^}\/]+)\}/) { ":" + $0.1 } }

    /// "GET /v1/me/feed".
    var description: String { "\(method.rawValue) \(path)" }
}

/// An operation the server answers without its generated handler: to write JSON faster than the generated types
/// and `JSONEncoder` do, or to stream.
protocol HandAnsweredEndpoint: Sendable {
    /// The operation it answers.
    static var operation: ContractOperation { get }

    init(api: APIHandlers)

    /// The operation's response to `request`, or a thrown ``APIError``.
    func respond(to request: Request, context: ServerContext) async throws -> Response
}

/// The one table of hand-answered operations: it registers them on the router and tells ``GeneratedRoutes`` which
/// generated handlers to leave out.
enum HandAnsweredRoutes {
    static let endpoints: [any HandAnsweredEndpoint.Type] = [
        FeedEndpoint.self, HomeEndpoint.self, SearchEndpoint.self, SimilarEndpoint.self, CompareEndpoint.self,
        AskEndpoint.self, ExportEndpoint.self, MaintainedRepositoriesEndpoint.self, MaintainerDashboardEndpoint.self,
        OperatorReportEndpoint.self,
    ]

    /// The operations in the table.
    static var operations: Set<ContractOperation> { Set(endpoints.map { $0.operation }) }

    /// Registers each endpoint of the table on `router`, answering with `api`.
    static func register(on router: Router<ServerContext>, api: APIHandlers) {
        for endpoint in endpoints {
            let answer = endpoint.init(api: api)
            router.on(RouterPath(endpoint.operation.routerPath), method: endpoint.operation.method) {
                request, context in
                try await answer.respond(to: request, context: context)
            }
        }
    }
}

extension ServerContext {
    /// A path parameter as the generated handlers read it: percent-decoded (`vu%65` is `vue`), "" when absent.
    func pathParameter(_ name: String) -> String {
        let raw = parameters.get(name) ?? ""
        return raw.removingPercentEncoding ?? raw
    }
}
