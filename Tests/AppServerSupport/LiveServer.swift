public import Ask
public import AsyncHTTPClient
public import Foundation
public import GitHub
public import GitHubAccounts
import Hummingbird
import HummingbirdTesting
import Logging
import OpenAPIAsyncHTTPClient
public import OpenAPIRuntime
public import RepoFinderClient
import RepoFinderServer
public import Storage
import TestSupport

/// The real server (API over a fresh SQLite store with the synthetic catalog) listening on a loopback port in this
/// process, and clients that talk to it over HTTP: the app core's integration tests and the iPhone app's walk use it.
public enum LiveServer {
    static let logger: Logger = {
        var logger = Logger(label: "app-core-test")
        logger.logLevel = .warning
        return logger
    }()

    /// Runs `body` with the server's address and its store.
    /// `github` and `signIn` let people sign in with GitHub (a stand-in's); `withWebApp` serves the web app's pages
    /// too (among them the sign-in callback page that hands an app's sign-in on to it).
    public static func run(
        askQuota: Int? = nil, askWriter: (any AnswerWriter)? = nil, github: GitHubClient? = nil,
        signIn: GitHubSignIn.Configuration? = nil, withWebApp: Bool = false,
        _ body: @Sendable (URL, any DataStore) async throws -> Void
    ) async throws {
        try await withStore(.sqliteMemory) { test in
            try await SyntheticCatalog.seed(test.store)
            let deck = try await APIServer.makeDeck(store: test.store, logger: logger)
            let web = withWebApp ? try await APIServer.makeWebApp(store: test.store, github: github) : nil
            let application = try APIServer.makeApplication(
                configuration: {
                    var c = ServerConfiguration.unlimited; c.port = 0; c.askQuota = askQuota; return c
                }(),
                store: test.store, deck: deck, web: web, github: github, signIn: signIn, askWriter: askWriter,
                logger: logger)
            try await application.test(.live) { client in
                let url = URL(string: "http://127.0.0.1:\(client.port!)")!
                try await body(url, test.store)
            }
        }
    }

    /// One HTTP client for the test process, failing at once when nothing listens (as the terminal's does: the
    /// client's RetryPolicy retries, not AsyncHTTPClient). The read timeout is generous: with every suite running at
    /// once on CI's two cores a test that takes 0.2 s alone takes two minutes, and one answer may wait half of that.
    /// How long the tests' client waits for a connection before it gives up.
    public static let connectSeconds: Int64 = 30

    public static let httpClient: HTTPClient = {
        var configuration = HTTPClient.Configuration(
            timeout: .init(connect: .seconds(connectSeconds), read: .seconds(120)))
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    /// A client of the server at `url` over AsyncHTTPClient.
    public static func client(
        _ url: URL, tokens: any TokenStore = MemoryTokenStore(), retry: RetryPolicy = .none,
        transport: (any ClientTransport)? = nil
    ) -> APIClient {
        APIClient(
            serverURL: url, transport: transport ?? AsyncHTTPClientTransport(configuration: .init(client: httpClient)),
            tokens: tokens, retry: retry)
    }

}
