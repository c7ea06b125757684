public import Foundation
import HTTPTypes
public import RepoFinderCore

/// An OAuth app registered on GitHub: its client id and secret (`GITHUB_CLIENT_ID`, `GITHUB_CLIENT_SECRET`).
public struct GitHubOAuthApp: Sendable, Equatable {
    public var clientID: String
    public var clientSecret: String

    public init(clientID: String, clientSecret: String) {
        self.clientID = clientID
        self.clientSecret = clientSecret
    }
}

/// A person's GitHub access token and the scopes GitHub granted with it.
public struct GitHubAccessToken: Sendable, Equatable {
    public var value: String
    public var scopes: [String]

    public init(value: String, scopes: [String]) {
        self.value = value
        self.scopes = scopes
    }
}

/// What `POST /login/device/code` answers: the code the person types on GitHub, and how to poll for the token.
public struct GitHubDeviceCode: Sendable, Equatable {
    /// Secret: only the app polls with it.
    public var deviceCode: String
    /// What the person types (`WDJB-MJHT`).
    public var userCode: String
    /// Where they type it (`https://github.com/login/device`).
    public var verificationURI: URL
    /// How long the codes are good for.
    public var expiresIn: Duration
    /// The least time between two polls.
    public var interval: Duration

    public init(deviceCode: String, userCode: String, verificationURI: URL, expiresIn: Duration, interval: Duration) {
        self.deviceCode = deviceCode
        self.userCode = userCode
        self.verificationURI = verificationURI
        self.expiresIn = expiresIn
        self.interval = interval
    }
}

/// One poll of the device flow.
public enum DeviceTokenPoll: Sendable, Equatable {
    /// The person authorized the app.
    case authorized(GitHubAccessToken)
    /// Not yet (`authorization_pending`): poll again after the interval.
    case pending
    /// Polled too fast (`slow_down`): GitHub's new, longer interval.
    case slowDown(interval: Duration)
    /// The codes expired (`expired_token`): start again.
    case expired
    /// The person cancelled on GitHub (`access_denied`).
    case denied
}

/// Why GitHub refused an OAuth step; `code` is GitHub's `error` (`bad_verification_code`, `redirect_uri_mismatch`,
/// `incorrect_client_credentials`, …), `description` its `error_description`.
public enum GitHubOAuthError: Error, Equatable, Sendable, CustomStringConvertible {
    /// GitHub answered the step with an OAuth error.
    case refused(code: String, description: String)
    /// GitHub could not be asked (network, limits, an unreadable answer).
    case github(GitHubError)

    public var description: String {
        switch self {
        case .refused(let code, let description): "GitHub refused the sign-in (\(code): \(description))"
        case .github(let error): error.description
        }
    }
}

extension GitHubClient {
    /// The address of GitHub's consent page for the web flow: `GET {GITHUB_URL}/login/oauth/authorize` with the app, the
    /// callback, the scopes, the `state` and (PKCE, S256) the challenge of the code verifier.
    public nonisolated func authorizeURL(
        app: GitHubOAuthApp, redirectURI: String, state: String, codeChallenge: String, scope: [String]
    ) -> URL {
        Self.address(
            configuration.webURL, "/login/oauth/authorize",
            query: [
                ("client_id", app.clientID), ("redirect_uri", redirectURI), ("scope", scope.joined(separator: " ")),
                ("state", state), ("code_challenge", codeChallenge), ("code_challenge_method", "S256"),
                ("allow_signup", "true"),
            ])
    }

    /// Exchanges the web flow's code for a token (`POST {GITHUB_URL}/login/oauth/access_token`, with the PKCE
    /// verifier). A code works once: a replayed one is `bad_verification_code`.
    public func exchangeCode(
        app: GitHubOAuthApp, code: String, redirectURI: String, codeVerifier: String
    ) async throws(GitHubOAuthError) -> GitHubAccessToken {
        let body = try await oauthPost(
            "/login/oauth/access_token",
            [
                ("client_id", app.clientID), ("client_secret", app.clientSecret), ("code", code),
                ("redirect_uri", redirectURI), ("code_verifier", codeVerifier),
            ])
        if let error = body.error { throw .refused(code: error, description: body.error_description ?? error) }
        return try Self.token(body)
    }

    /// Starts the device flow (`POST {GITHUB_URL}/login/device/code`).
    public func requestDeviceCode(app: GitHubOAuthApp, scope: [String]) async throws(GitHubOAuthError)
        -> GitHubDeviceCode
    {
        let body = try await oauthPost(
            "/login/device/code", [("client_id", app.clientID), ("scope", scope.joined(separator: " "))])
        if let error = body.error { throw .refused(code: error, description: body.error_description ?? error) }
        guard let deviceCode = body.device_code, let userCode = body.user_code,
            let verification = body.verification_uri.flatMap(URL.init(string:))
        else { throw .github(.invalidResponse("a device code without device_code, user_code or verification_uri")) }
        return GitHubDeviceCode(
            deviceCode: deviceCode, userCode: userCode, verificationURI: verification,
            expiresIn: .seconds(body.expires_in ?? 900), interval: .seconds(max(1, body.interval ?? 5)))
    }

    /// Polls once for the device flow's token (`POST {GITHUB_URL}/login/oauth/access_token` with the device code).
    public func pollDeviceToken(app: GitHubOAuthApp, deviceCode: String) async throws(GitHubOAuthError)
        -> DeviceTokenPoll
    {
        let body = try await oauthPost(
            "/login/oauth/access_token",
            [
                ("client_id", app.clientID), ("device_code", deviceCode),
                ("grant_type", "urn:ietf:params:oauth:grant-type:device_code"),
            ])
        switch body.error {
        case nil: return .authorized(try Self.token(body))
        case "authorization_pending": return .pending
        case "slow_down": return .slowDown(interval: .seconds(max(1, body.interval ?? 10)))
        case "expired_token": return .expired
        case "access_denied": return .denied
        case let error?: throw .refused(code: error, description: body.error_description ?? error)
        }
    }

    /// The person a token belongs to (`GET /user`), asked as them.
    public func authenticatedUser(token: String) async throws(GitHubError) -> GitHubUser {
        try await personal(token: token).authenticatedUser()
    }

    /// Stars a repository for the token's owner (`PUT /user/starred/{owner}/{repo}`), asked as them.
    public func star(_ name: RepositoryName, token: String) async throws(GitHubError) {
        try await personal(token: token).setStarred(name, true)
    }

    /// Takes the token owner's star off a repository (`DELETE /user/starred/{owner}/{repo}`), asked as them.
    public func unstar(_ name: RepositoryName, token: String) async throws(GitHubError) {
        try await personal(token: token).setStarred(name, false)
    }

    /// Whether the token's owner starred a repository (`GET /user/starred/{owner}/{repo}`: 204 yes, 404 no).
    public func isStarred(_ name: RepositoryName, token: String) async throws(GitHubError) -> Bool {
        try await personal(token: token).isStarred(name)
    }

    /// `GET /user` with this client's token.
    public func authenticatedUser() async throws(GitHubError) -> GitHubUser {
        try Self.decode(try await send(GitHubRequest(url: url("/user"))))
    }

    /// The logins of the organisations the token's owner belongs to (`GET /user/orgs`, every page), asked as them. An
    /// organisation that has not granted the app access is left out by GitHub itself.
    public func organizations(token: String) async throws(GitHubError) -> [String] {
        let client = personal(token: token)
        var logins: [String] = []
        var next: URL? = url("/user/orgs", query: [("per_page", "100")])
        var pages = 0
        while let address = next, pages < 10 {
            let response = try await client.send(GitHubRequest(url: address))
            let page: [GitHubOrganization] = try Self.decode(response)
            logins += page.map(\.login)
            next = LinkHeader(response.headerFields[.link]).next
            pages += 1
        }
        return logins
    }

    /// `PUT` (star) or `DELETE` (unstar) `/user/starred/{owner}/{repo}` with this client's token.
    public func setStarred(_ name: RepositoryName, _ starred: Bool) async throws(GitHubError) {
        var request = GitHubRequest(method: starred ? .put : .delete, url: url(Self.starredPath(name)))
        if starred {
            request.body = Data()
            request.headerFields[.contentLength] = "0"
        }
        _ = try await send(request)
    }

    /// `GET /user/starred/{owner}/{repo}` with this client's token: 204 starred, 404 not.
    public func isStarred(_ name: RepositoryName) async throws(GitHubError) -> Bool {
        do {
            _ = try await send(GitHubRequest(url: url(Self.starredPath(name))))
            return true
        } catch .notFound {
            return false
        }
    }

    /// Revokes the app's whole grant for the token's owner (`DELETE /applications/{client_id}/grant`, the app's Basic
    /// credentials): every token it holds for them stops working and the app leaves their authorized apps.
    public func revokeGrant(app: GitHubOAuthApp, token: String) async throws(GitHubError) {
        var request = GitHubRequest(
            method: .delete, url: url("/applications/\(PercentEncoding.encode(app.clientID))/grant"))
        let pair = Data("\(app.clientID):\(app.clientSecret)".utf8).base64EncodedString()
        request.headerFields[.authorization] = "Basic \(pair)"
        request.headerFields[.contentType] = "application/json"
        request.body = try? JSONEncoder().encode(["access_token": token])
        _ = try await send(request)
    }

    // MARK: - Helpers

    private static func starredPath(_ name: RepositoryName) -> String {
        "/user/starred/\(PercentEncoding.encode(name.owner))/\(PercentEncoding.encode(name.name))"
    }

    /// Posts a form to GitHub's web root, asking for JSON: OAuth errors come back as 200 with `error`.
    private func oauthPost(_ path: String, _ fields: [(String, String)]) async throws(GitHubOAuthError) -> OAuthBody {
        var request = GitHubRequest(method: .post, url: Self.address(configuration.webURL, path))
        request.headerFields[.accept] = "application/json"
        request.headerFields[.contentType] = "application/x-www-form-urlencoded"
        request.body = Data(Self.form(fields).utf8)
        do {
            return try Self.decode(try await send(request))
        } catch {
            throw .github(error)
        }
    }

    private static func token(_ body: OAuthBody) throws(GitHubOAuthError) -> GitHubAccessToken {
        guard let value = body.access_token, !value.isEmpty else {
            throw .github(.invalidResponse("a token answer without access_token"))
        }
        let scopes = (body.scope ?? "").split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
        return GitHubAccessToken(value: value, scopes: scopes)
    }

    private struct OAuthBody: Decodable {
        var access_token: String?
        var scope: String?
        var error: String?
        var error_description: String?
        var device_code: String?
        var user_code: String?
        var verification_uri: String?
        var expires_in: Int64?
        var interval: Int64?
    }
}

/// An organisation as `GET /user/orgs` lists it (only what RepoFinder reads).
struct GitHubOrganization: Decodable {
    let login: String
}
