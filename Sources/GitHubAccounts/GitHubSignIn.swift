public import Foundation
public import GitHub
public import Logging
import RepoFinderCore
public import Storage

/// Signing people in with GitHub, as an OAuth app: the web flow (a `state` sealed to the account, PKCE) and the device
/// flow (the server polls GitHub), both ending in the same step: the account is linked to the GitHub user (by numeric
/// id), or — when another account already is — this device's account is merged into that one and the device gets a
/// token for it. GitHub's access token is sealed before it is stored and never leaves the server.
public actor GitHubSignIn {
    /// What signing in needs beyond GitHub itself.
    public struct Configuration: Sendable {
        public var app: GitHubOAuthApp
        public var sealer: SecretSealer
        /// What the app asks for: the profile, and starring public repositories back.
        public var scopes: [String]
        /// How long a web sign-in's `state` is good for.
        public var stateLifetime: Duration
        /// Device sign-ins live (pending) at once, server-wide; one more is refused (``SignInError/busy(retryAfter:)``).
        public var maximumDeviceSignIns: Int

        public init(
            app: GitHubOAuthApp, sealer: SecretSealer, scopes: [String] = ["read:user", "public_repo"],
            stateLifetime: Duration = .seconds(600), maximumDeviceSignIns: Int = 100
        ) {
            self.app = app
            self.sealer = sealer
            self.scopes = scopes
            self.stateLifetime = stateLifetime
            self.maximumDeviceSignIns = maximumDeviceSignIns
        }
    }

    /// What the server does around a merge: before it (write what was dealt, stop the source's import) and after it
    /// (forget both accounts' cached sessions and the source's tokens).
    public struct MergeHooks: Sendable {
        public var before: @Sendable (_ source: String, _ target: String) async -> Void
        public var after: @Sendable (_ source: String, _ target: String) async -> Void

        public init(
            before: @escaping @Sendable (String, String) async -> Void = { _, _ in },
            after: @escaping @Sendable (String, String) async -> Void = { _, _ in }
        ) {
            self.before = before
            self.after = after
        }
    }

    /// Makes a token for an account (a device joining it) and returns it; only its hash is stored.
    public typealias TokenIssuer = @Sendable (_ userID: String) async throws -> String

    let store: any AccountStore & DeviceSignInStore
    let github: GitHubClient
    let configuration: Configuration
    let logger: Logger
    let issueToken: TokenIssuer
    let hooks: MergeHooks
    /// Device sign-ins being started (GitHub asked for a code), by account: a second start waits for the first.
    var deviceStarts: [String: Task<Result<DeviceSignIn, SignInError>, Never>] = [:]
    /// Web sign-in states already used once (see ``spend(_:)``), until they would have expired anyway.
    var spentStates = SpentStates()
    var isShutDown = false

    public init(
        store: any AccountStore & DeviceSignInStore, github: GitHubClient, configuration: Configuration, logger: Logger,
        issueToken: @escaping TokenIssuer, hooks: MergeHooks = MergeHooks()
    ) {
        self.store = store
        self.github = github
        self.configuration = configuration
        self.logger = logger
        self.issueToken = issueToken
        self.hooks = hooks
    }

    // MARK: The web flow

    /// GitHub's consent page for this account, coming back to `redirectURI`: an http(s) address of path
    /// `/auth/github/callback`, without user-info, query or fragment. Which origin is this server's own is the
    /// caller's to check (the server knows its public address and the request's). An app's sign-in (`forApp`) gets a
    /// state that begins with ``AppSignInReturn/statePrefix`` (the callback page offers it to the app) and must bring
    /// `codeChallenge`, the PKCE challenge of a verifier the app keeps (RFC 8252, RFC 7636): only the device that
    /// began the sign-in can redeem its code, whoever catches the app's address. A web page's sign-in is completed by
    /// the page that began it, and the server holds its verifier (inside the sealed state).
    public func beginWeb(
        userID: String, redirectURI: String, forApp: Bool = false, codeChallenge: String? = nil
    ) throws(SignInError) -> (url: URL, state: String) {
        guard let address = URLComponents(string: redirectURI), let scheme = address.scheme?.lowercased(),
            ["http", "https"].contains(scheme), address.host?.isEmpty == false, address.user == nil,
            address.password == nil, address.percentEncodedPath == "/auth/github/callback",
            address.percentEncodedQuery == nil, address.percentEncodedFragment == nil
        else { throw .invalidRedirect(redirectURI, expected: nil) }
        let state: WebSignInState
        let challenge: String
        if forApp {
            guard let codeChallenge, PKCE.isChallenge(codeChallenge) else { throw .invalidChallenge }
            challenge = codeChallenge
            state = WebSignInState(
                userID: userID, verifier: PKCE.makeVerifier(), redirectURI: redirectURI,
                expiresAt: Date() + configuration.stateLifetime.secondsDouble, app: true, challenge: codeChallenge)
        } else {
            let verifier = PKCE.makeVerifier()
            challenge = PKCE.challenge(of: verifier)
            state = WebSignInState(
                userID: userID, verifier: verifier, redirectURI: redirectURI,
                expiresAt: Date() + configuration.stateLifetime.secondsDouble, app: false)
        }
        let sealed =
            (forApp ? AppSignInReturn.statePrefix : "")
            + configuration.sealer.seal(state.encoded, purpose: WebSignInState.purpose)
        let url = github.authorizeURL(
            app: configuration.app, redirectURI: redirectURI, state: sealed, codeChallenge: challenge,
            scope: configuration.scopes)
        return (url, sealed)
    }

    /// Whether `state` is an app's sign-in made by this server (sealed, unexpired): only then does the callback page
    /// offer to go on to the app. A web page's state with ``AppSignInReturn/statePrefix`` put in front is not.
    public nonisolated func isAppSignIn(_ state: String) -> Bool {
        guard AppSignInReturn.isAppState(state),
            let text = configuration.sealer.open(
                String(state.dropFirst(AppSignInReturn.statePrefix.count)), purpose: WebSignInState.purpose),
            let opened = WebSignInState(encoded: text)
        else { return false }
        return opened.app == true && opened.expiresAt > Date()
    }

    /// Completes the web flow for the account that began it: checks `state` (sealed to that account, unexpired, not
    /// used before: a state works once, whatever GitHub answers) and, for an app's, that `codeVerifier` is the one its
    /// challenge was made from (checked before the state is spent: a wrong one leaves it to the app that holds the
    /// right one), exchanges `code` (with the PKCE verifier), and links or merges.
    public func completeWeb(
        userID: String, code: String, state: String, codeVerifier: String? = nil
    ) async throws(SignInError) -> SignInOutcome {
        let forApp = AppSignInReturn.isAppState(state)
        let sealed = forApp ? String(state.dropFirst(AppSignInReturn.statePrefix.count)) : state
        guard let text = configuration.sealer.open(sealed, purpose: WebSignInState.purpose),
            let opened = WebSignInState(encoded: text), opened.userID == userID, opened.expiresAt > Date(),
            (opened.app ?? false) == forApp
        else { throw .invalidState }
        var verifier = opened.verifier
        if forApp {
            guard let challenge = opened.challenge, let codeVerifier, PKCE.isVerifier(codeVerifier),
                PKCE.challenge(of: codeVerifier) == challenge
            else { throw .invalidVerifier }
            verifier = codeVerifier
        }
        guard spentStates.spend(opened.verifier, until: opened.expiresAt) else { throw .invalidState }
        let token: GitHubAccessToken
        do {
            token = try await github.exchangeCode(
                app: configuration.app, code: code, redirectURI: opened.redirectURI, codeVerifier: verifier)
        } catch {
            switch error {
            case .refused(let code, let description):
                throw code == "bad_verification_code" ? .invalidCode : .refused(code, description)
            case .github(let error):
                throw .github(error)
            }
        }
        return try await finish(userID: userID, token: token)
    }

    // MARK: Finishing

    /// Links the account to the token's GitHub user, or merges it into the account already linked to them.
    func finish(userID: String, token: GitHubAccessToken) async throws(SignInError) -> SignInOutcome {
        let user: GitHubUser
        do {
            user = try await github.authenticatedUser(token: token.value)
        } catch {
            throw .github(error)
        }
        do {
            let now = Date()
            let current = try await store.githubIdentity(userID: userID)
            if let current, current.githubID != user.id { throw SignInError.alreadySignedIn(current.login) }
            let holder = try await store.account(githubID: user.id)
            let target = holder ?? userID
            var identity =
                try await store.githubIdentity(userID: target)
                ?? GitHubIdentity(
                    userID: target, githubID: user.id, login: user.login, sealedToken: "", scopes: [], linkedAt: now,
                    updatedAt: now)
            identity.login = user.login
            identity.name = user.name
            identity.avatarURL = user.avatarURL?.absoluteString
            identity.sealedToken = configuration.sealer.seal(token.value, purpose: Self.tokenPurpose)
            identity.scopes = token.scopes
            identity.updatedAt = now
            try await store.saveGitHubIdentity(identity)
            guard target != userID else {
                logger.info("signed in with GitHub", metadata: ["github_id": "\(user.id)"])
                return SignInOutcome(userID: userID, identity: identity, newToken: nil, merge: nil)
            }
            // Another account is this person's: this device joins it, bringing what it did anonymously.
            let newToken = try await issueToken(target)
            await hooks.before(userID, target)
            let merge = try await store.mergeAccount(userID, into: target)
            await hooks.after(userID, target)
            logger.info(
                "signed in with GitHub; merged a device's account",
                metadata: ["github_id": "\(user.id)", "interactions": "\(merge.interactions)"])
            return SignInOutcome(userID: target, identity: identity, newToken: newToken, merge: merge)
        } catch let error as SignInError {
            throw error
        } catch let error as StorageError {
            throw .storage(error)
        } catch {
            throw .storage(.unavailable("\(error)"))
        }
    }

    // MARK: The account's GitHub token

    /// The person's GitHub access token, opened (for starring back and revoking); nil when not linked.
    public func accessToken(userID: String) async throws -> String? {
        guard let identity = try await store.githubIdentity(userID: userID) else { return nil }
        return configuration.sealer.open(identity.sealedToken, purpose: Self.tokenPurpose)
    }

    /// Revokes the app's grant on GitHub for a linked account (its account is being deleted); false when GitHub could
    /// not be told (logged; the account goes all the same).
    public func revokeGrant(userID: String) async -> Bool {
        do {
            guard let token = try await accessToken(userID: userID) else { return true }
            try await github.revokeGrant(app: configuration.app, token: token)
            return true
        } catch {
            logger.warning("could not revoke a GitHub grant", metadata: ["error": "\(error)"])
            return false
        }
    }

    /// Sealing purpose of stored GitHub tokens.
    static let tokenPurpose = "github-access-token"
}

/// How a sign-in ended.
public struct SignInOutcome: Sendable, Equatable {
    /// The account the device is now signed in to.
    public var userID: String
    public var identity: GitHubIdentity
    /// The device's new token, when it joined another account (its old token no longer works).
    public var newToken: String?
    /// What the device's account brought, when it was merged.
    public var merge: AccountMerge?
}

/// Why a sign-in could not go on, in words a person can act on.
public enum SignInError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The `state` was not made by this server for this account, or is over its lifetime.
    case invalidState
    /// GitHub did not take the code (used already, or expired).
    case invalidCode
    /// The redirect address is not this server's callback (`expected`, when known).
    case invalidRedirect(String, expected: String?)
    /// This account is linked to another GitHub user.
    case alreadySignedIn(String)
    /// GitHub refused a step (its `error` and description).
    case refused(String, String)
    /// GitHub could not be asked.
    case github(GitHubError)
    /// The account could not be saved.
    case storage(StorageError)
    /// No device sign-in with that id (it ended, or another server started it).
    case unknownDevice(String)
    /// As many device sign-ins as the server allows are under way; try again after this many seconds.
    case busy(retryAfter: Int)
    /// An app's sign-in began without a valid PKCE challenge (S256, 43 base64url characters).
    case invalidChallenge
    /// An app's sign-in was completed without the verifier its challenge was made from.
    case invalidVerifier

    public var description: String {
        switch self {
        case .invalidState:
            "This sign-in is not valid any more (it was used already, is over 10 minutes old, or was started "
                + "elsewhere); sign in again."
        case .invalidCode:
            "GitHub did not accept this sign-in code (it was used already, or expired); sign in again."
        case .invalidRedirect(let address, let expected?):
            "'\(address)' is not where GitHub may send you back: use this server's callback, \(expected)."
        case .invalidRedirect(let address, nil):
            "'\(address)' is not where GitHub may send you back: use this server's /auth/github/callback address."
        case .alreadySignedIn(let login):
            "This device is signed in as \(login) on GitHub; sign out first to sign in as someone else."
        case .refused(let code, let description):
            "GitHub refused the sign-in (\(code): \(description))."
        case .github(let error):
            "GitHub could not be asked: \(error)."
        case .storage(let error):
            error.description
        case .unknownDevice(let id):
            "There is no sign-in '\(id)' in progress; start signing in again."
        case .busy(let seconds):
            "Too many people are signing in with a device code right now; try again in \(seconds) seconds."
        case .invalidChallenge:
            "An app's sign-in needs a PKCE code challenge (S256): the base64url SHA-256 of a verifier the app keeps."
        case .invalidVerifier:
            "This sign-in's code verifier is missing, or is not the one its challenge was made from."
        }
    }
}

/// What a web sign-in's `state` carries, sealed: whose it is, the PKCE verifier (a web page's) or challenge (an app's),
/// where GitHub returns, until when.
struct WebSignInState: Codable {
    static let purpose = "github-sign-in-state"

    var userID: String
    var verifier: String
    var redirectURI: String
    var expiresAt: Date
    /// Begun by an app: its public state carries ``AppSignInReturn/statePrefix`` (nil in states sealed before).
    var app: Bool?
    /// An app's PKCE challenge: the app holds its verifier (`verifier` is then only this state's one-time key).
    var challenge: String?

    init(
        userID: String, verifier: String, redirectURI: String, expiresAt: Date, app: Bool, challenge: String? = nil
    ) {
        self.userID = userID
        self.verifier = verifier
        self.redirectURI = redirectURI
        self.expiresAt = expiresAt
        self.app = app ? true : nil
        self.challenge = challenge
    }

    init?(encoded: String) {
        guard let value = try? JSONDecoder().decode(Self.self, from: Data(encoded.utf8)) else { return nil }
        self = value
    }

    var encoded: String { String(decoding: (try? JSONEncoder().encode(self)) ?? Data(), as: UTF8.self) }
}
