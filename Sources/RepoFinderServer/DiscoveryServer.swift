public import Ask
import Catalog
public import Dealing
public import Foundation
public import GitHub
public import GitHubAccounts
public import Hummingbird
import HummingbirdCore
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

/// The discovery server: the OpenAPI contract's handlers on a Hummingbird router, with request logging, metrics,
/// rate limits, a body limit and JSON errors around them, and the recommender rebuilt in the background.
public enum DiscoveryServer {
    /// The OpenAPI document the server implements (served at `/openapi.yaml`).
    public static var document: String { APIContract.document }

    /// Builds the application over an open store, with the web app's pages when `web` is given and star imports when
    /// `github` is (it reads GitHub's public listings; the server's `GITHUB_TOKEN` raises its limits). The caller owns
    /// the store and closes it after the application returns (``run(configuration:store:community:logger:prepare:)`` does
    /// both).
    public static func makeApplication(
        configuration: ServerConfiguration, store: any DataStore, deck: ServerDeck, web: WebApp? = nil,
        github: GitHubClient? = nil, signIn: GitHubSignIn.Configuration? = nil, askWriter: (any AnswerWriter)? = nil,
        logger: Logger, clock: @escaping @Sendable () -> Date = { Date() }
    ) throws -> some ApplicationProtocol {
        let metrics = ServerMetrics()
        let router = Router(context: ServerContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: RequestLogMiddleware(metrics: metrics))
        var pageNotFound: ErrorMiddleware<ServerContext>.PageNotFound?
        if let web { pageNotFound = { path in web.unknownPage(path) } }
        router.add(middleware: ErrorMiddleware<ServerContext>(pageNotFound: pageNotFound))
        router.add(
            middleware: RateLimitMiddleware(
                perToken: configuration.perTokenLimit.map { RateLimiter(limit: $0) },
                perAddress: configuration.perAddressLimit.map { RateLimiter(limit: $0) },
                accountCreation: configuration.accountCreationLimit.map { RateLimiter(limit: $0) },
                trustedProxies: configuration.trustedProxies))
        router.add(middleware: BodyLimitMiddleware(maximumBodySize: configuration.maximumBodySize))
        router.add(
            middleware: SignInCallbackMiddleware(
                publicURL: configuration.publicURL, trustedProxies: configuration.trustedProxies))
        router.add(middleware: CatalogAgeMiddleware(deck: deck))
        let document = Self.document
        router.get("openapi.yaml") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/yaml; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: document)))
        }
        let sessions = DealingSessions(
            store: store, served: deck.served, refresh: configuration.sessionRefresh,
            observe: { duration, cards in metrics.recordDeck(seconds: duration.secondsDouble, cards: cards) })
        let starImporter = github.map { github in
            StarImporter(store: store, github: github, logger: logger) { userID, stars in
                // The person's next batch reflects the stars; the recommender learns them at its next rebuild.
                await sessions.session(userID).didRecord(stars)
                deck.noteSignals(stars.count)
            }
        }
        let accounts = Accounts(store: store)
        let gitHubSignIn: GitHubSignIn? =
            if let github, let signIn {
                GitHubSignIn(
                    store: store, github: github,
                    configuration: signIn.allowing(deviceSignIns: configuration.deviceSignIns), logger: logger,
                    issueToken: { userID in try await accounts.addDevice(userID: userID) },
                    hooks: .init(
                        before: { source, _ in
                            // What was dealt is in the store, and the device's import has stopped, before they move.
                            await deck.flushServed()
                            await starImporter?.cancel(userID: source)
                        },
                        after: { source, target in
                            sessions.forget(source)
                            sessions.forget(target)
                            accounts.forget(userIDs: [source])
                        }))
            } else {
                nil
            }
        let starBack: StarBack? =
            if let gitHubSignIn, let github {
                StarBack(
                    store: store, github: github, signIn: gitHubSignIn,
                    policy: .init(firstPause: configuration.starBackFirstPause), logger: logger)
            } else {
                nil
            }
        let githubBudget = GitHubBudget(server: github, configuration: configuration) { userID in
            // A person signed in with GitHub asks GitHub with their own token.
            guard let gitHubSignIn, let github, let token = try? await gitHubSignIn.accessToken(userID: userID) else {
                return nil
            }
            return github.personal(token: token)
        }
        let finder = BudgetedFinder(
            finder: RepositoryFinder(store: store, github: github), budget: githubBudget, accounts: accounts)
        let api = DiscoveryAPI(
            store: store, deck: deck, accounts: accounts, sessions: sessions, metrics: metrics,
            quota: configuration.interactionQuota, metricsToken: configuration.metricsToken,
            starImporter: starImporter, signIn: gitHubSignIn,
            signInUnavailable: github == nil
                ? "This server is not connected to GitHub, so nobody can sign in with GitHub here."
                // Said to a person: what to set is in the server's log (`serve` names the variables).
                : "Sign-in with GitHub is not offered on this server; everything else works without an account.",
            starBack: starBack, logger: logger, finder: finder, githubBudget: githubBudget,
            newFilters: configuration.newFilterLimit.map { RateLimiter(limit: $0) },
            trendingCache: ExpiringCache(), historyCache: ExpiringCache(), clock: clock,
            askLimit: configuration.askQuota, askEngine: AnswerEngine(writer: askWriter),
            askThreadLimit: configuration.askThreadLimit)
        if var web {
            // The Compare page gathers its comparison as the API does (the same errors, worded the same).
            web.compare = { names in
                do {
                    return .compared(try await api.compared(names, index: deck.recommender.index, now: clock()))
                } catch let error as APIError {
                    return .failed(status: error.httpStatus.code, message: error.message)
                }
            }
            // The detail page finds a repository the catalog lacks within the asking client's GitHub budget.
            web.lookup = { name in
                do {
                    switch try await finder.find(name) {
                    case .found(let repository): return .found(repository)
                    case .notFound(let message): return .notFound(message)
                    case .unavailable(let message, _): return .unavailable(message)
                    }
                } catch let error as APIError where error.httpStatus.code == 429 || error.httpStatus.code == 503 {
                    // A client over its GitHub share, or only the reserve left: the page says so, as for GitHub down.
                    return .unavailable(error.message)
                }
            }
            web.register(on: router)
        }
        let feed = FeedEndpoint(api: api)
        router.on(RouterPath(FeedEndpoint.path), method: FeedEndpoint.method) { request, _ in
            try await feed.respond(to: request)
        }
        let home = HomeEndpoint(api: api)
        router.on(RouterPath(HomeEndpoint.path), method: .get) { request, _ in try await home.respond(to: request) }
        let search = SearchEndpoint(api: api)
        router.on(RouterPath(SearchEndpoint.path), method: .get) { request, _ in try await search.respond(to: request) }
        let ask = AskEndpoint(api: api)
        router.on(RouterPath(AskEndpoint.routerPath), method: .post) { request, context in
            try await ask.respond(to: request, context: context)
        }
        let export = ExportEndpoint(api: api)
        router.on(RouterPath(ExportEndpoint.path), method: .get) { request, _ in try await export.respond(to: request) }
        let compare = CompareEndpoint(api: api)
        router.on(RouterPath(CompareEndpoint.path), method: .get) { request, _ in
            try await compare.respond(to: request)
        }
        try api.registerHandlers(
            on: GeneratedRoutes(
                router: router,
                answeredByHand: [
                    "\(FeedEndpoint.method.rawValue) \(FeedEndpoint.path)", "GET \(HomeEndpoint.path)",
                    "GET \(CompareEndpoint.path)", "GET \(SearchEndpoint.path)", "POST \(AskEndpoint.path)",
                    "GET \(ExportEndpoint.path)",
                ]),
            configuration: Configuration(
                dateTranscoder: LenientDateTranscoder(), jsonEncodingOptions: [.withoutEscapingSlashes]))
        // Last, so it wraps only the not-found responder: 405 and OPTIONS for known paths.
        router.add(middleware: MethodsMiddleware(routes: RouteTable(router.routes)))
        let registry = ConnectionRegistry(
            perAddress: configuration.maximumConnectionsPerAddress, trusted: configuration.trustedProxies)
        let (idle, requestTimeout) = (configuration.idleTimeout, configuration.requestTimeout)
        var application = Application(
            router: router,
            server: .http1(
                configuration: .init(
                    additionalChannelHandlers: [
                        ConnectionGuard(idleTimeout: idle, requestTimeout: requestTimeout, registry: registry)
                    ])),
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port), serverName: "RepoFinder",
                availableConnectionsDelegate: MaximumAvailableConnections(configuration.maximumConnections)),
            logger: logger)
        application.addServices(
            DeckRebuildService(
                deck: deck, interval: configuration.rebuildInterval, clock: ContinuousClock(), logger: logger),
            ServedFlushService(recorder: deck.served, clock: ContinuousClock()),
            HomeWarmupService(api: api, logger: logger),
            SearchWarmupService(store: store, delay: .seconds(10), clock: ContinuousClock(), logger: logger))
        if let starImporter {
            application.addServices(GitHubAccountsService(importer: starImporter, signIn: gitHubSignIn))
        }
        if let starBack {
            application.addServices(
                StarBackService(
                    starBack: starBack, interval: configuration.starBackRetryInterval, clock: ContinuousClock()))
        }
        if let github, let schedule = configuration.catalogRefresh {
            let refresher = CatalogRefresher(
                store: store, github: github, schedule: schedule, metrics: metrics, logger: logger)
            application.addServices(
                CatalogRefreshService(
                    refresher: refresher, checkEvery: schedule.checkEvery, clock: ContinuousClock(), logger: logger))
        }
        application.addServices(AskRetentionService(store: store, clock: ContinuousClock(), logger: logger))
        if let age = configuration.abandonedAccountAge {
            application.addServices(
                AccountCleanupService(store: store, age: age, clock: ContinuousClock(), logger: logger))
        }
        return application
    }

    /// Runs a server until SIGTERM or SIGINT, in one service group: the store's background work first, then the
    /// server, which calls `prepare` (loading the starter catalog, say), builds the recommender, serves, drains
    /// requests on shutdown and writes what it dealt; the store stops last and is closed.
    public static func run(
        configuration: ServerConfiguration, store: any DataStore, community: [CommunitySignal] = [],
        github: GitHubClient? = nil, signIn: GitHubSignIn.Configuration? = nil, askWriter: (any AnswerWriter)? = nil,
        logger: Logger, prepare: @escaping @Sendable (any DataStore) async throws -> Void = { _ in }
    ) async throws {
        let group = ServiceGroup(
            configuration: .init(
                services: [
                    .init(service: StoreService(store: store)),
                    .init(
                        service: ServerService(
                            configuration: configuration, store: store, community: community, prepare: prepare,
                            github: github, signIn: signIn, askWriter: askWriter, logger: logger)),
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

    /// The web app over `store`: the detail page finds repositories in it, or on `github` when it lacks them.
    public static func makeWebApp(store: any DataStore, github: GitHubClient? = nil) async throws -> WebApp {
        let finder = RepositoryFinder(store: store, github: github)
        return try await WebApp(
            lookup: { name in
                switch try await finder.find(name) {
                case .found(let repository): .found(repository)
                case .notFound(let message): .notFound(message)
                case .unavailable(let message, _): .unavailable(message)
                }
            },
            history: { try await store.starSnapshots(of: $0) })
    }
}
