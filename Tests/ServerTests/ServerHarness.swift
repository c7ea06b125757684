import Ask
import Foundation
import GitHub
import GitHubAccounts
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import RepoFinderCore
import RepoFinderServer
import Storage
import Synchronization
import TestSupport
import Testing

/// A server over a fresh store of one engine with a small synthetic catalog, driven in process (`.router`).
enum ServerHarness {
    static var families: [(language: String, topics: [String])] { SyntheticCatalog.families }
    static var catalog: [Repository] { SyntheticCatalog.repositories }
    static func name(_ language: String, _ i: Int) -> String { SyntheticCatalog.name(language, i) }

    static let quietLogger: Logger = {
        var logger = Logger(label: "test")
        logger.logLevel = .warning
        return logger
    }()

    /// Runs `body` against a server over a fresh `engine` store (with the web app's pages when `withWebApp`).
    static func run(
        _ engine: Engine,
        configuration: ServerConfiguration = ServerConfiguration.unlimited,
        withWebApp: Bool = false, github: GitHubClient? = nil, logger: Logger = quietLogger,
        mode: TestingSetup = .router,
        _ body: @Sendable (any TestClientProtocol, any DataStore) async throws -> Void
    ) async throws {
        try await withStore(engine) { test in
            try await run(
                test, configuration: configuration, withWebApp: withWebApp, github: github, logger: logger, mode: mode
            ) { client, _ in try await body(client, test.store) }
        }
    }

    /// Runs `body` against a server over `test`'s store (seeded here), for tests that also need the store's
    /// ``TestStore`` (to make it busy, say).
    static func run(
        _ test: TestStore, configuration: ServerConfiguration = .unlimited, withWebApp: Bool = false,
        github: GitHubClient? = nil, signIn: GitHubSignIn.Configuration? = nil, askWriter: (any AnswerWriter)? = nil,
        logger: Logger = quietLogger, mode: TestingSetup = .router,
        seed: @Sendable (any DataStore) async throws -> Void = { _ in },
        clock: @escaping @Sendable () -> Date = { Date() }, readiness: Readiness = Readiness(),
        _ body: @Sendable (any TestClientProtocol, TestStore) async throws -> Void
    ) async throws {
        try await SyntheticCatalog.seed(test.store)
        try await seed(test.store)
        let deck = try await APIServer.makeDeck(store: test.store, logger: logger)
        let web = withWebApp ? try await APIServer.makeWebApp(store: test.store, github: github) : nil
        let application = try APIServer.makeApplication(
            configuration: configuration, store: test.store, deck: deck, web: web, github: github, signIn: signIn,
            askWriter: askWriter, readiness: readiness, logger: logger, clock: clock)
        try await application.test(mode) { client in try await body(client, test) }
    }
}

/// JSON helpers for the tests' requests.
extension TestClientProtocol {
    /// Creates an account and returns its token.
    func newToken() async throws -> String {
        let response = try await execute(uri: "/v1/users", method: .post)
        #expect(response.status == .created)
        return try response.json()["token"] as! String
    }

    /// A request with a bearer token and an optional JSON body.
    func call(
        _ method: HTTPRequest.Method, _ uri: String, token: String? = nil, json: String? = nil,
        headers extra: HTTPFields = [:]
    ) async throws -> TestResponse {
        var headers = extra
        if let token { headers[.authorization] = "Bearer \(token)" }
        if json != nil { headers[.contentType] = "application/json" }
        return try await execute(
            uri: uri, method: method, headers: headers, body: json.map { ByteBuffer(string: $0) })
    }
}

extension TestResponse {
    /// The body as a JSON object.
    func json() throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(body.readableBytesView))
        guard let dictionary = object as? [String: Any] else { throw HarnessError.notAnObject(String(buffer: body)) }
        return dictionary
    }

    /// The `items` array of the body.
    func items() throws -> [[String: Any]] { try json()["items"] as? [[String: Any]] ?? [] }

    /// The full names of the repositories of `items` (each an item or an item with a `repository`).
    func names() throws -> [String] {
        try items().map { item in
            ((item["repository"] as? [String: Any]) ?? item)["fullName"] as! String
        }
    }

    /// The error code of a JSON error body.
    func errorCode() throws -> String? { try json()["error"] as? String }
}

/// A clock a test moves by hand.
final class ManualClock: Sendable {
    private let now: Mutex<Date>

    init(_ start: Date) { now = Mutex(start) }

    /// What time it is.
    func read() -> Date { now.withLock { $0 } }

    /// Moves the clock on by `seconds`.
    func advance(_ seconds: TimeInterval) { now.withLock { $0 = $0.addingTimeInterval(seconds) } }
}

enum HarnessError: Error {
    case notAnObject(String)
}
