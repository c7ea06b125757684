public import Ask
import Catalog
public import Dealing
public import Foundation
public import GitHub
public import GitHubAccounts
public import Hummingbird
public import Logging
public import Recommender
import RepoFinderAPI
import RepoFinderCore
public import RepoFinderWeb
import ServiceLifecycle
public import Storage
import UnixSignals

/// The discovery server: the OpenAPI contract's handlers on a Hummingbird router, with request logging, metrics,
/// rate limits, a body limit and JSON errors around them, and the recommender rebuilt in the background.
public enum APIServer {
    /// The OpenAPI document the server implements (served at `/openapi.yaml`).
    public static var document: String { APIContract.document }

    /// Builds the application over an open store, with the web app's pages when `web` is given and star imports when
    /// `github` is (it reads GitHub's public listings; the server's `GITHUB_TOKEN` raises its limits). The caller owns
    /// the store and closes it after the application returns (``run(configuration:store:community:logger:prepare:)`` does
    /// both).
    public static func makeApplication(
        configuration: ServerConfiguration, store: any DataStore, deck: ServerRecommender, web: WebApp? = nil,
        github: GitHubClient? = nil, signIn: GitHubSignIn.Configuration? = nil, askWriter: (any AnswerWriter)? = nil,
        readiness: Readiness = Readiness(), logger: Logger, clock: @escaping @Sendable () -> Date = { Date() }
    ) throws -> some ApplicationProtocol {
        let api = buildServices(
            configuration: configuration, store: store, deck: deck, github: github, signIn: signIn,
            askWriter: askWriter, readiness: readiness, logger: logger, clock: clock)
        let router = try buildRouter(configuration: configuration, api: api, web: web)
        return try buildApplication(
            router: router, configuration: configuration, api: api, github: github, logger: logger)
    }

    /// Runs a server until SIGTERM or SIGINT, in one service group: the store's background work first, then the
    /// server, which calls `prepare` (loading the starter catalog, say), builds the recommender, serves, drains
    /// requests on shutdown and writes what it dealt; the store stops last and is closed. On the signal the server
    /// first stops being ready (`/health/ready` 503) for the configured drain time, still answering, so a proxy moves
    /// new requests elsewhere before it stops taking connections.
    public static func run(
        configuration: ServerConfiguration, store: any DataStore, community: [CommunitySignal] = [],
        github: GitHubClient? = nil, signIn: GitHubSignIn.Configuration? = nil, askWriter: (any AnswerWriter)? = nil,
        logger: Logger, prepare: @escaping @Sendable (any DataStore) async throws -> Void = { _ in }
    ) async throws {
        // Ready once listening with its search index built: a proxy sends it no search that would wait for the index.
        let readiness = Readiness(waitsForSearch: true)
        let group = ServiceGroup(
            configuration: .init(
                services: [
                    .init(service: StoreService(store: store)),
                    .init(
                        service: ServerService(
                            configuration: configuration, store: store, community: community, prepare: prepare,
                            github: github, signIn: signIn, askWriter: askWriter, readiness: readiness,
                            logger: logger)),
                    // Last, so told first: ready no more, then the drain time, before the server stops.
                    .init(
                        service: DrainService(
                            readiness: readiness, drainTime: configuration.drainTime, logger: logger)),
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
    ) async throws -> ServerRecommender {
        try await ServerRecommender.make(store: store, extraCommunity: extraCommunity, logger: logger) { index in
            EncodedRepositories(index)
        }
    }

    /// The web app over `store`: the detail page finds repositories in it, or on `github` when it lacks them.
    public static func makeWebApp(
        store: any DataStore, github: GitHubClient? = nil, pseudoLanguage: Bool = false
    ) async throws -> WebApp {
        let finder = RepositoryLocator(store: store, github: github)
        var web = try await WebApp(
            lookup: { name in
                switch try await finder.find(name) {
                case .found(let repository): .found(repository)
                case .notFound(let message): .notFound(APIError.lookupProblem(message))
                case .unavailable(let message, _): .unavailable(APIError.lookupProblem(message))
                }
            },
            history: { try await store.starSnapshots(of: $0) }, pseudoLanguage: pseudoLanguage)
        web.community = { repository in
            WebApp.Community(
                listings: try await store.listings(of: repository.repositoryName),
                replaces: try await store.replacedNames(of: repository.id))
        }
        return web
    }
}
