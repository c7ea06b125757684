import ArgumentParser
import AsyncHTTPClient
import Foundation
import Localization
import NIOCore
import OpenAPIAsyncHTTPClient
import RepoFinderClient

/// The options of the commands that talk to a running server as a person (`discover`, `import-stars`): its address
/// and the state folder that keeps the person's token.
struct ServerOptions: ParsableArguments {
    @Option(help: "The server's address.")
    var server = "http://127.0.0.1:8080"

    @Option(help: "Where the token, the outbox and the cached cards are kept (default: ~/.repofinder).")
    var state: String?

    func validate() throws {
        guard let url = URL(string: server), let scheme = url.scheme, ["http", "https"].contains(scheme),
            url.host != nil
        else {
            throw ValidationError("--server must be an http(s) address such as http://127.0.0.1:8080, not '\(server)'.")
        }
    }

    /// The state folder.
    var folder: URL {
        state.map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".repofinder")
    }

    /// Runs `body` with the app core's client of the server (the person's token in the state folder), then closes
    /// its connections.
    func withClient<T>(_ body: (APIClient) async throws -> T) async throws -> T {
        try await Self.withClient(server: URL(string: server)!, folder: folder, body)
    }

    /// Runs `body` with the app core's client of the server at `server` (the person's token in `folder`), then closes
    /// its connections.
    static func withClient<T>(server: URL, folder: URL, _ body: (APIClient) async throws -> T) async throws -> T {
        // The client's RetryPolicy retries with backoff; AsyncHTTPClient's own retrying of refused connections (until
        // the connect timeout) would keep a person waiting ~10 s to learn the server is down.
        var configuration = HTTPClient.Configuration(timeout: .init(connect: .seconds(10), read: .seconds(30)))
        configuration.connectionPool.retryConnectionEstablishment = false
        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        let client = APIClient(
            serverURL: server, transport: AsyncHTTPClientTransport(configuration: .init(client: http)),
            tokens: FileTokenStore(file: folder.appendingPathComponent("token")),
            language: Language.terminal(environment: ProcessInfo.processInfo.environment).code)
        do {
            let result = try await body(client)
            try await http.shutdown()
            return result
        } catch {
            try? await http.shutdown()
            throw error
        }
    }
}
