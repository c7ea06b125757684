import Ask
import Dealing
import GitHub
import GitHubAccounts
import Logging
import Recommender
import ServiceLifecycle
import Storage

/// The store's background work (PostgreSQL's connection pool) as a service: the first of the server's service
/// group, so it starts first and stops last, after the server has drained its requests and written what it dealt.
struct StoreService: Service {
    let store: any DataStore

    func run() async throws {
        try await cancelWhenGracefulShutdown { try await store.run() }
    }
}

/// The server itself as a service that runs after the store: prepares the store (the caller's `prepare`, such as
/// loading the starter catalog), builds the deck, then serves until the group shuts down, and finally writes the
/// cards it dealt meanwhile.
struct ServerService: Service {
    let configuration: ServerConfiguration
    let store: any DataStore
    let community: [CommunitySignal]
    let prepare: @Sendable (any DataStore) async throws -> Void
    let github: GitHubClient?
    let signIn: GitHubSignIn.Configuration?
    let askWriter: (any AnswerWriter)?
    /// Said ready once listening (and not while draining).
    let readiness: Readiness
    let logger: Logger

    func run() async throws {
        try await prepare(store)
        let deck = try await APIServer.makeDeck(store: store, extraCommunity: community, logger: logger)
        let web = try await APIServer.makeWebApp(
            store: store, github: github, pseudoLanguage: configuration.pseudoLanguage)
        let application = try APIServer.makeApplication(
            configuration: configuration, store: store, deck: deck, web: web, github: github,
            signIn: signIn, askWriter: askWriter, readiness: readiness, logger: logger)
        try await application.run()
        // Deals answered while the services stopped.
        await deck.flushDealt()
    }
}
