public import Dealing
import Foundation
public import Hummingbird
public import Logging
import OpenAPIHummingbird
import OpenAPIRuntime
public import Recommender
import RepoFinderAPI
import RepoFinderCore
public import RepoFinderWeb
import ServiceLifecycle
public import Storage
import UnixSignals

/// What a server may be told: where to listen and how strict to be.
public struct ServerConfiguration: Hashable, Sendable {
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
    /// the store and closes it after the application returns (``run(configuration:store:community:logger:prepare:)`` does
    /// both).
    public static func makeApplication(
        configuration: ServerConfiguration, store: any DataStore, deck: ServerDeck, web: WebApp? = nil,
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
        let sessions = DealingSessions(
            store: store, served: deck.served, refresh: configuration.sessionRefresh,
            observe: { duration, cards in metrics.recordDeck(seconds: duration.secondsDouble, cards: cards) })
        let api = DiscoveryAPI(
            store: store, deck: deck, accounts: Accounts(store: store), sessions: sessions, metrics: metrics,
            logger: logger)
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
            DeckRebuildService(
                deck: deck, interval: configuration.rebuildInterval, clock: ContinuousClock(), logger: logger),
            ServedFlushService(recorder: deck.served, clock: ContinuousClock()))
        return application
    }

    /// Runs a server until SIGTERM or SIGINT, in one service group: the store's background work first, then the
    /// server, which calls `prepare` (loading the starter catalog, say), builds the recommender, serves, drains
    /// requests on shutdown and writes what it dealt; the store stops last and is closed.
    public static func run(
        configuration: ServerConfiguration, store: any DataStore, community: [CommunitySignal] = [], logger: Logger,
        prepare: @escaping @Sendable (any DataStore) async throws -> Void = { _ in }
    ) async throws {
        let group = ServiceGroup(
            configuration: .init(
                services: [
                    .init(service: StoreService(store: store)),
                    .init(
                        service: ServerService(
                            configuration: configuration, store: store, community: community, prepare: prepare,
                            logger: logger)),
                ],
                gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        do {
            try await group.run()
        } catch {
            try? await store.close()
            throw error
        }
        try await store.close()
        logger.info("stopped; the database is closed")
    }

    /// The deck over `store`: the recommender built from its catalog and interactions (plus `extraCommunity`), with
    /// each index's repositories pre-encoded for the feed.
    public static func makeDeck(
        store: any DataStore, extraCommunity: [CommunitySignal] = [], logger: Logger
    ) async throws -> ServerDeck {
        try await ServerDeck.make(store: store, extraCommunity: extraCommunity, logger: logger) { index in
            EncodedRepositories(index)
        }
    }

    /// The web app over `store`: the detail page reads repositories from it.
    public static func makeWebApp(store: any DataStore) async throws -> WebApp {
        try await WebApp { name in try await store.repository(named: name) }
    }
}
