import Ask
import Catalog
import Dealing
import Foundation
import GitHub
import GitHubAccounts
import Hummingbird
import HummingbirdCore
import HummingbirdHTTP2
import Localization
import Logging
import OpenAPIHummingbird
import OpenAPIRuntime
import Recommender
import RepoFinderAPI
import RepoFinderAPIServer
import RepoFinderCore
import RepoFinderWeb
import Storage

/// The server put together in three steps, as Hummingbird's examples do: the services that answer (``buildServices``),
/// the router over them (``buildRouter``), and the application with its background work (``buildApplication``).
extension APIServer {
    /// The API's handlers with every service they use: sessions, accounts, GitHub sign-in, star imports and star-back
    /// (when `github` is given), the GitHub budget, the repository finder and Ask.
    static func buildServices(
        configuration: ServerConfiguration, store: any DataStore, deck: ServerRecommender, github: GitHubClient?,
        signIn: GitHubSignIn.Configuration?, askWriter: (any AnswerWriter)?, readiness: Readiness = Readiness(),
        logger: Logger,
        clock: @escaping @Sendable () -> Date
    ) -> APIHandlers {
        let metrics = ServerMetrics()
        let channel = store.clusterChannel
        let sessions = DealingSessions(
            store: store, served: deck.served, refresh: configuration.sessionRefresh,
            observe: { duration, cards in metrics.recordDeck(seconds: duration.secondsDouble, cards: cards) },
            announce: { userID in channel?.publish([.tasteChanged(userID: userID)]) })
        let starImporter = github.map { github in
            StarImporter(store: store, github: github, logger: logger) { userID, stars in
                // The person's next batch reflects the stars; the recommender learns them at its next rebuild.
                await sessions.session(userID).didRecord(stars)
                deck.noteSignals(stars.count)
            }
        }
        let accounts = Accounts(store: store, channel: channel)
        let gitHubSignIn: GitHubSignIn? =
            if let github, let signIn {
                GitHubSignIn(
                    store: store, github: github,
                    configuration: signIn.allowing(deviceSignIns: configuration.deviceSignIns), logger: logger,
                    issueToken: { userID in try await accounts.addDevice(userID: userID) },
                    hooks: .init(
                        before: { source, _ in
                            // What was dealt is in the store, and the device's import has stopped, before they move.
                            await deck.flushDealt()
                            await starImporter?.cancel(userID: source)
                        },
                        after: { source, target in
                            sessions.forget(source)
                            sessions.forget(target)
                            accounts.forget(userIDs: [source])
                            channel?.publish([.tasteChanged(userID: target)])
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
        let githubBudget = GitHubBudget(
            server: github, configuration: configuration, shared: store.sharedRateLimits
        ) { userID in
            // A person signed in with GitHub asks GitHub with their own token.
            guard let gitHubSignIn, let github, let token = try? await gitHubSignIn.accessToken(userID: userID) else {
                return nil
            }
            return github.personal(token: token)
        }
        let finder = BudgetedLocator(
            finder: RepositoryLocator(store: store, github: github), budget: githubBudget, accounts: accounts)
        var api = APIHandlers(
            store: store, deck: deck, accounts: accounts, sessions: sessions, metrics: metrics,
            quota: configuration.interactionQuota, metricsToken: configuration.metricsToken,
            starImporter: starImporter, signIn: gitHubSignIn,
            connectedToGitHub: github != nil,
            starBack: starBack, logger: logger, finder: finder, githubBudget: githubBudget,
            newFilters: configuration.newFilterLimit.map {
                RateLimiter(limit: $0, scope: "filters", shared: store.sharedRateLimits)
            },
            trendingCache: ExpiringCache(), historyCache: ExpiringCache(), clock: clock,
            askLimit: configuration.askQuota, askEngine: AnswerEngine(writer: askWriter),
            askThreadLimit: configuration.askThreadLimit, readiness: readiness)
        api.operatorToken = configuration.operatorToken
        api.analyticsRetentionDays = configuration.analyticsRetentionDays
        // A device code lives 15 minutes: an address may begin this many in that time.
        api.deviceSignInsPerAddress = configuration.deviceSignInsPerAddress.map { count in
            RateLimiter(
                limit: RateLimit(perSecond: Double(count) / 900, burst: Double(count)), scope: "device-sign-ins",
                shared: store.sharedRateLimits)
        }
        api.eventQuota = configuration.eventsPerHour.map { count in
            RateLimiter(
                limit: RateLimit(perSecond: Double(count) / 3_600, burst: Double(count)), scope: "events",
                shared: store.sharedRateLimits)
        }
        if let gitHubSignIn, let github {
            api.maintainers = Maintainers(store: store, github: github, signIn: gitHubSignIn)
        }
        return api
    }

    /// The router: middleware (request log, errors, rate limits, body limit, sign-in callback, catalog age), the
    /// contract document, the web app's pages when `web` is given, the hand-answered operations, the generated
    /// handlers for the rest, and 405/OPTIONS for known paths.
    static func buildRouter(
        configuration: ServerConfiguration, api: APIHandlers, web: WebApp?
    ) throws -> Router<ServerContext> {
        let router = Router(context: ServerContext.self, options: .autoGenerateHeadEndpoints)
        let shared = api.store.sharedRateLimits
        router.add(
            middleware: RequestLogMiddleware(
                metrics: api.metrics,
                https: HTTPSPolicy(
                    servesTLS: configuration.tls != nil, trustedProxies: configuration.trustedProxies,
                    hstsSeconds: configuration.hstsSeconds)))
        router.add(middleware: LanguageMiddleware(choice: LanguageChoice(offersPseudo: configuration.pseudoLanguage)))
        var pageNotFound: ErrorMiddleware<ServerContext>.PageNotFound?
        if let web { pageNotFound = { path, request in web.unknownPage(path, request: request) } }
        router.add(middleware: ErrorMiddleware<ServerContext>(pageNotFound: pageNotFound))
        router.add(
            middleware: RateLimitMiddleware(
                perToken: configuration.perTokenLimit.map { RateLimiter(limit: $0, scope: "token", shared: shared) },
                perAddress: configuration.perAddressLimit.map {
                    RateLimiter(limit: $0, scope: "address", shared: shared)
                },
                accountCreation: configuration.accountCreationLimit.map {
                    RateLimiter(limit: $0, scope: "accounts", shared: shared)
                },
                trustedProxies: configuration.trustedProxies))
        router.add(middleware: BodyLimitMiddleware(maximumBodySize: configuration.maximumBodySize))
        router.add(
            middleware: SignInCallbackMiddleware(
                publicURL: configuration.publicURL, trustedProxies: configuration.trustedProxies,
                servesTLS: configuration.tls != nil))
        router.add(middleware: CatalogAgeMiddleware(deck: api.deck))
        let document = Self.document
        router.get("openapi.yaml") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/yaml; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: document)))
        }
        if let web { connect(web, to: api).register(on: router) }
        HandAnsweredRoutes.register(on: router, api: api)
        try api.registerHandlers(
            on: GeneratedRoutes(router: router, answeredByHand: HandAnsweredRoutes.operations),
            configuration: Configuration(
                dateTranscoder: LenientDateTranscoder(), jsonEncodingOptions: [.withoutEscapingSlashes]))
        // Last, so it wraps only the not-found responder: 405 and OPTIONS for known paths.
        router.add(middleware: MethodsMiddleware(routes: RouteTable(router.routes)))
        return router
    }

    /// The web app with its Compare page and its detail page's lookups answered as the API answers them.
    static func connect(_ web: WebApp, to api: APIHandlers) -> WebApp {
        var web = web
        // The callback page offers the app only a state this server sealed as an app's.
        if let signIn = api.signIn { web.isAppSignIn = { signIn.isAppSignIn($0) } }
        // The Compare page gathers its comparison as the API does (the same errors, worded the same).
        web.compare = { names in
            do {
                return .compared(try await api.compared(names, index: api.deck.recommender.index, now: api.clock()))
            } catch let error as APIError {
                return .failed(status: error.httpStatus.code, message: error.message)
            }
        }
        // The detail page finds a repository the catalog lacks within the asking client's GitHub budget.
        web.lookup = { name in
            do {
                switch try await api.finder.find(name) {
                case .found(let repository): return .found(repository)
                case .notFound(let message): return .notFound(APIError.lookupProblem(message))
                case .unavailable(let message, _): return .unavailable(APIError.lookupProblem(message))
                }
            } catch let error as APIError where error.httpStatus.code == 429 || error.httpStatus.code == 503 {
                // A client over its GitHub share, or only the reserve left: the page says so, as for GitHub down.
                return .unavailable(error.message)
            }
        }
        return web
    }

    /// The application over `router`, guarding connections (idle and request timeouts, a cap per address and in all),
    /// with the background services: recommender rebuilds, the dealt-card flush, Home's and search's warm-up, star
    /// imports and star-back, the catalog refresh (with `github` and a schedule), Ask's retention and the clean-up
    /// of abandoned accounts.
    static func buildApplication(
        router: Router<ServerContext>, configuration: ServerConfiguration, api: APIHandlers, github: GitHubClient?,
        logger: Logger
    ) throws -> some ApplicationProtocol {
        let registry = ConnectionRegistry(
            perAddress: configuration.maximumConnectionsPerAddress, trusted: configuration.trustedProxies)
        let (idle, requestTimeout) = (configuration.idleTimeout, configuration.requestTimeout)
        let http1 = HTTP1Channel.Configuration(
            additionalChannelHandlers: [
                ConnectionGuard(idleTimeout: idle, requestTimeout: requestTimeout, registry: registry)
            ])
        let certificates = try configuration.tls.map { try TLSCertificates($0) }
        // The port the server is bound to (the configured one, or the system's choice for 0): where redirects go.
        let boundPort = BoundPort(configuration.port)
        // Over TLS, HTTP/2 when the client offers it (ALPN), HTTP/1.1 otherwise; each HTTP/2 stream is guarded as a
        // connection is.
        // Before its handshake ends a TLS connection has no HTTP guard yet: ``TLSHandshakeGuard`` caps and times it.
        let server: HTTPServerBuilder =
            if let certificates {
                .guardedHTTP2Upgrade(
                    tlsConfiguration: certificates.serverConfiguration(),
                    configuration: .init(idleTimeout: idle, streamConfiguration: http1),
                    handshakes: ConnectionRegistry(
                        perAddress: configuration.maximumConnectionsPerAddress, trusted: configuration.trustedProxies),
                    timeout: configuration.handshakeTimeout)
            } else {
                .http1(configuration: http1)
            }
        var application = Application(
            router: router,
            server: server,
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port), serverName: "RepoFinder",
                availableConnectionsDelegate: MaximumAvailableConnections(configuration.maximumConnections)),
            onServerRunning: { [readiness = api.readiness] channel in
                boundPort.set(channel.localAddress?.port ?? configuration.port)
                readiness.markServing()
            },
            logger: logger)
        if certificates == nil { application.addServices(HangUpService(logger: logger)) }
        if let certificates {
            application.addServices(TLSReloadService(certificates: certificates, logger: logger))
            if let port = configuration.httpRedirectPort {
                application.addServices(
                    HTTPSRedirect.application(
                        configuration: configuration, port: port, httpsPort: boundPort.get,
                        names: HTTPSRedirect.Names(publicURL: configuration.publicURL, certificates: certificates),
                        logger: logger))
            }
        }
        let (store, deck) = (api.store, api.deck)
        application.addServices(
            RecommenderRebuildService(
                deck: deck, interval: configuration.rebuildInterval, clock: ContinuousClock(), logger: logger),
            DealtFlushService(recorder: deck.served, ledger: deck.ledger, clock: ContinuousClock()),
            HomeWarmupService(api: api, logger: logger),
            SearchWarmupService(
                store: store, delay: api.readiness.waitsForSearch ? .zero : .seconds(10), clock: ContinuousClock(),
                logger: logger, readiness: api.readiness, readsQuestions: api.readiness.waitsForSearch))
        if let starImporter = api.starImporter {
            application.addServices(GitHubAccountsService(importer: starImporter, signIn: api.signIn))
        }
        if let channel = store.clusterChannel {
            application.addServices(
                ClusterChangesService(channel: channel, accounts: api.accounts, sessions: api.sessions))
        }
        // Once across the servers sharing the database: each job's lease goes to one of them at a time.
        func lease(_ job: String, every period: Duration) -> JobLease {
            JobLease(store: store, job: job, holder: JobLease.serverIdentity, period: period)
        }
        if let starBack = api.starBack {
            var service = StarBackService(
                starBack: starBack, interval: configuration.starBackRetryInterval, clock: ContinuousClock())
            service.lease = lease("star-back", every: configuration.starBackRetryInterval)
            application.addServices(service)
        }
        if let github, let schedule = configuration.catalogRefresh {
            let refresher = CatalogRefresher(
                store: store, github: github, schedule: schedule, metrics: api.metrics, logger: logger)
            application.addServices(
                CatalogRefreshService(
                    refresher: refresher, checkEvery: schedule.checkEvery, clock: ContinuousClock(), logger: logger))
        }
        var retention = AskRetentionService(store: store, clock: ContinuousClock(), logger: logger)
        retention.lease = lease("ask-retention", every: retention.interval)
        application.addServices(retention)
        var analyticsRetention = AnalyticsRetentionService(
            store: store, days: configuration.analyticsRetentionDays, clock: ContinuousClock(), logger: logger)
        analyticsRetention.lease = lease("analytics-retention", every: analyticsRetention.interval)
        application.addServices(analyticsRetention)
        if let age = configuration.abandonedAccountAge {
            var cleanup = AccountCleanupService(store: store, age: age, clock: ContinuousClock(), logger: logger)
            cleanup.lease = lease("account-cleanup", every: cleanup.interval)
            application.addServices(cleanup)
        }
        return application
    }
}
