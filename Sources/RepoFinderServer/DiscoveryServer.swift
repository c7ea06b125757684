import Foundation
public import Hummingbird
public import Logging
import OpenAPIHummingbird
import OpenAPIRuntime
public import Recommender
import RepoFinderAPI
public import RepoFinderWeb
public import Storage

/// What a server may be told: where to listen and how strict to be.
public struct ServerConfiguration: Sendable {
    public var host: String
    public var port: Int
    /// Largest request body accepted (413 beyond).
    public var maximumBodySize: Int
    /// Per bearer token; nil: unlimited.
    public var perTokenLimit: RateLimit?
    /// Per client address; nil: unlimited.
    public var perAddressLimit: RateLimit?
    /// How often the recommender is rebuilt with new interactions (when there are any).
    public var rebuildInterval: Duration
    /// How long a person's cached taste is trusted before it is read again (several servers converge after this).
    public var sessionRefresh: Duration

    public init(
        host: String = "127.0.0.1", port: Int = 8080, maximumBodySize: Int = 256 * 1024,
        perTokenLimit: RateLimit? = RateLimit(perSecond: 20, burst: 60),
        perAddressLimit: RateLimit? = RateLimit(perSecond: 100, burst: 300),
        rebuildInterval: Duration = .seconds(300), sessionRefresh: Duration = .seconds(60)
    ) {
        self.host = host
        self.port = port
        self.maximumBodySize = maximumBodySize
        self.perTokenLimit = perTokenLimit
        self.perAddressLimit = perAddressLimit
        self.rebuildInterval = rebuildInterval
        self.sessionRefresh = sessionRefresh
    }
}

/// The discovery server: the OpenAPI contract's handlers on a Hummingbird router, with request logging, metrics,
/// rate limits, a body limit and JSON errors around them, and the recommender rebuilt in the background.
public enum DiscoveryServer {
    /// The OpenAPI document the server implements (served at `/openapi.yaml`).
    public static var document: String { APIContract.document }

    /// Builds the application over an open store, with the web app's pages when `web` is given. The caller owns
    /// the store and closes it after the application returns (``run(configuration:store:community:logger:)`` does
    /// both).
    public static func makeApplication(
        configuration: ServerConfiguration, store: any DataStore, deck: DeckService, web: WebApp? = nil,
        logger: Logger
    ) throws -> some ApplicationProtocol {
        let metrics = ServerMetrics()
        let router = Router(context: ServerContext.self)
        router.add(middleware: RequestLogMiddleware(metrics: metrics))
        router.add(middleware: ErrorMiddleware())
        router.add(
            middleware: RateLimitMiddleware(
                perToken: configuration.perTokenLimit.map { RateLimiter(limit: $0) },
                perAddress: configuration.perAddressLimit.map { RateLimiter(limit: $0) }))
        router.add(middleware: BodyAndIdentityMiddleware(maximumBodySize: configuration.maximumBodySize))
        let document = Self.document
        router.get("openapi.yaml") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/yaml; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: document)))
        }
        web?.register(on: router)
        let api = DiscoveryAPI(
            store: store, deck: deck,
            people: People(store: store, served: deck.served, sessionRefresh: configuration.sessionRefresh),
            metrics: metrics)
        let feed = FeedEndpoint(api: api)
        router.on(RouterPath(FeedEndpoint.path), method: FeedEndpoint.method) { request, _ in
            try await feed.respond(to: request)
        }
        try api.registerHandlers(
            on: GeneratedRoutes(
                router: router, answeredByHand: ["\(FeedEndpoint.method.rawValue) \(FeedEndpoint.path)"]),
            configuration: Configuration(
                dateTranscoder: LenientDateTranscoder(), jsonEncodingOptions: [.withoutEscapingSlashes]))
        var application = Application(
            router: router,
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port), serverName: "RepoFinder"),
            logger: logger)
        application.addServices(
            DeckRebuildService(deck: deck, interval: configuration.rebuildInterval, logger: logger),
            ServedFlushService(recorder: deck.served))
        return application
    }

    /// Runs a server until SIGTERM or SIGINT: builds the recommender, serves, drains requests on shutdown and
    /// closes the store.
    public static func run(
        configuration: ServerConfiguration, store: any DataStore, community: [CommunitySignal] = [], logger: Logger
    ) async throws {
        do {
            let deck = try await DeckService.make(store: store, extraCommunity: community, logger: logger)
            let web = try await makeWebApp(store: store)
            let application = try makeApplication(
                configuration: configuration, store: store, deck: deck, web: web, logger: logger)
            try await application.runService()
            // Deals answered while the services stopped.
            await deck.flushServed()
        } catch {
            try? await store.close()
            throw error
        }
        try await store.close()
        logger.info("stopped; the database is closed")
    }

    /// The web app over `store`: the detail page reads repositories from it.
    public static func makeWebApp(store: any DataStore) async throws -> WebApp {
        try await WebApp { name in try await store.repository(named: name) }
    }
}
