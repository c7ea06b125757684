public import Foundation
public import OpenAPIRuntime
import RepoFinderAPI
import RepoFinderAPIClient
import RepoFinderCore

/// The RepoFinder server through the generated OpenAPI client, on any transport (URLSession in an Apple app,
/// AsyncHTTPClient in the terminal). It hides the generated types, turns every failure into a ``ClientFailure``,
/// retries safe calls (``RetryPolicy``), and keeps the person's anonymous account: the first call about the person
/// makes one and stores its token; a 401 forgets the token (``ClientFailure/signedOut``) so the next call makes a
/// new one.
public final class APIClient: RepoFinderService {
    let client: Client
    let tokens: any TokenStore
    /// The server's base address (its origin names the sign-in callback).
    let serverURL: URL
    private let gate = AccountGate()

    /// - Parameters:
    ///   - serverURL: The server's base address, such as `http://127.0.0.1:8080`.
    ///   - transport: How requests travel.
    ///   - tokens: Where the bearer token is kept.
    ///   - retry: How safe calls are tried again.
    ///   - language: The language the server words its answers in (reasons, notes, messages): an `Accept-Language`
    ///     value (a BCP 47 code, or several in order of preference); nil sends none (the server answers in English).
    public init(
        serverURL: URL, transport: any ClientTransport, tokens: any TokenStore, retry: RetryPolicy = RetryPolicy(),
        language: String? = nil
    ) {
        self.tokens = tokens
        self.serverURL = serverURL
        self.client = Client(
            serverURL: serverURL, configuration: Configuration(dateTranscoder: LenientDateTranscoder()),
            transport: transport,
            middlewares: [
                RetryMiddleware(policy: retry), BearerMiddleware(tokens: tokens),
                LanguageHeaderMiddleware(language: language), FailureMiddleware(),
            ])
    }

    /// Makes an anonymous account now if the device has none (calls about the person do so on their own).
    public func signInIfNeeded() async throws(ClientFailure) {
        try await gate.ensureToken(tokens: tokens, client: client)
    }

    /// Runs a call of the generated client, turning whatever it throws into a ``ClientFailure``.
    func call<Result>(_ work: () async throws -> Result) async throws(ClientFailure) -> Result {
        do {
            return try await work()
        } catch {
            throw ClientFailure.from(unwrapped(error))
        }
    }

    /// Runs a call about the person: with an account (made first if needed); a 401 forgets the token.
    func personal<Result>(_ work: () async throws -> Result) async throws(ClientFailure) -> Result {
        try await signInIfNeeded()
        do {
            return try await call(work)
        } catch .signedOut {
            try? tokens.setToken(nil)
            throw .signedOut
        }
    }
}

/// Makes one account at a time: calls that start together while the device has no token share the first one's.
actor AccountGate {
    private var pending: Task<Void, any Error>?

    func ensureToken(tokens: any TokenStore, client: Client) async throws(ClientFailure) {
        do {
            if try tokens.token() != nil { return }
        } catch {
            throw .rejected("The stored sign-in token cannot be read: \(error).")
        }
        let task =
            pending
            ?? Task {
                let created = try await client.createUser(.init()).created.body.json
                try tokens.setToken(created.token)
            }
        pending = task
        defer { pending = nil }
        do {
            try await task.value
        } catch {
            throw ClientFailure.from(unwrapped(error))
        }
    }
}
