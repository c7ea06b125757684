import AppFeatures
import ArgumentParser
import AsyncHTTPClient
import Foundation
import NIOCore
import OfflineStore
import OpenAPIAsyncHTTPClient
import RepoFinderClient

/// `repofinder discover`: the swipe deck in the terminal, against a running server.
struct DiscoverCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "discover",
        abstract: "Swipe through your deck in the terminal: → or l like, ← or h skip, s save, o open, u undo, q quit.",
        discussion: """
            Talks to a running server (repofinder serve). Your anonymous account's token, the swipes not yet sent and \
            the cards of your deck are kept in the state folder, so the deck works offline and picks up where it was.
            """
    )

    @Option(help: "The server's address.")
    var server = "http://127.0.0.1:8080"

    @Option(help: "Where the token, the outbox and the cached cards are kept (default: ~/.repofinder).")
    var state: String?

    @Flag(help: "No colours (also when NO_COLOR is set).")
    var noColor = false

    func validate() throws {
        guard let url = URL(string: server), let scheme = url.scheme, ["http", "https"].contains(scheme),
            url.host != nil
        else {
            throw ValidationError("--server must be an http(s) address such as http://127.0.0.1:8080, not '\(server)'.")
        }
    }

    func run() async throws {
        let folder =
            state.map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".repofinder")
        let database = try LocalDatabase(url: folder.appendingPathComponent("app.sqlite"))
        // The client's RetryPolicy retries with backoff; AsyncHTTPClient's own retrying of refused connections (until
        // the connect timeout) would keep a person waiting ~10 s to learn the server is down.
        var configuration = HTTPClient.Configuration(timeout: .init(connect: .seconds(10), read: .seconds(30)))
        configuration.connectionPool.retryConnectionEstablishment = false
        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        let client = APIClient(
            serverURL: URL(string: server)!, transport: AsyncHTTPClientTransport(configuration: .init(client: http)),
            tokens: FileTokenStore(file: folder.appendingPathComponent("token")))
        let terminal = Terminal()
        let colors = !noColor && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        await runDeck(client: client, database: database, terminal: terminal, colors: colors)
        terminal.restore()
        try await http.shutdown()
    }

    @MainActor
    private func runDeck(client: APIClient, database: LocalDatabase, terminal: Terminal, colors: Bool) async {
        let model = DiscoveryViewModel(
            service: client, outbox: Outbox(database: database), cache: CardCache(database: database))
        await TerminalDeck(model: model, terminal: terminal, colors: colors).run()
    }
}
