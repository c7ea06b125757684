import Foundation
import RepoFinderAPI
import RepoFinderAPIClient
public import RepoFinderCore

extension APIClient {
    /// The device's account: signed in with GitHub or not, and whether the server offers it.
    public func account() async throws(ClientFailure) -> AccountInfo {
        try await personal { Self.account(try await client.getAccount(.init()).ok.body.json) }
    }

    /// Starts a device sign-in: the code the person enters on GitHub.
    public func startDeviceSignIn() async throws(ClientFailure) -> DeviceSignInProgress {
        try await personal { Self.device(try await client.startGitHubDeviceSignIn(.init()).created.body.json) }
    }

    /// A device sign-in's progress. Once done, a device that joined another account keeps that account's new token
    /// (its old one no longer works).
    public func deviceSignIn(id: String) async throws(ClientFailure) -> DeviceSignInProgress {
        let body = try await personal {
            try await client.getGitHubDeviceSignIn(.init(path: .init(id: id))).ok.body.json
        }
        if let token = body.result?.token { try keep(token) }
        return Self.device(body)
    }

    /// Keeps the token of the account this device joined.
    private func keep(_ token: String) throws(ClientFailure) {
        do {
            try tokens.setToken(token)
        } catch {
            throw .rejected("Signed in, but the new token could not be kept: \(error).")
        }
    }

    /// Signs this device out (or every device of the account); the next call starts a new anonymous account.
    public func signOut(everywhere: Bool = false) async throws(ClientFailure) {
        _ = try await personal {
            try await client.signOut(.init(body: .json(.init(everywhere: everywhere)))).noContent
        }
        try? tokens.setToken(nil)
    }

    /// Deletes the account and everything it holds; the device forgets its token.
    public func deleteAccount() async throws(ClientFailure) {
        _ = try await personal { try await client.deleteAccount(.init()).noContent }
        try? tokens.setToken(nil)
    }

    /// Starts signing in through a browser sheet: GitHub's consent page, coming back to this server's callback page,
    /// which hands GitHub's answer on to the app (`repoverse://auth/github/callback`).
    public func startWebSignIn() async throws(ClientFailure) -> WebSignInStart {
        var callback = URLComponents()
        callback.scheme = serverURL.scheme
        callback.host = serverURL.host
        callback.port = serverURL.port
        callback.path = "/auth/github/callback"
        let redirect = callback.url?.absoluteString ?? ""
        let verifier = PKCE.makeVerifier()
        let request = Components.Schemas.SignInRequest(
            redirectUri: redirect, app: true, codeChallenge: PKCE.challenge(of: verifier), codeChallengeMethod: .s256)
        let body = try await personal { try await client.startGitHubSignIn(.init(body: .json(request))).ok.body.json }
        guard let url = URL(string: body.authorizeUrl) else {
            throw .serverTrouble("a sign-in address this app cannot open")
        }
        return WebSignInStart(url: url, verifier: verifier)
    }

    /// Completes a browser sign-in; a device that joined another account keeps that account's new token.
    public func completeWebSignIn(code: String, state: String, verifier: String) async throws(ClientFailure)
        -> WebSignInResult
    {
        let request = Components.Schemas.SignInCallback(code: code, state: state, codeVerifier: verifier)
        let body = try await personal {
            try await client.completeGitHubSignIn(.init(body: .json(request))).ok.body.json
        }
        if let token = body.token { try keep(token) }
        return WebSignInResult(login: body.github.login, joined: body.joined)
    }

    /// Turns starring on GitHub when the person likes a repository on or off.
    public func setStarOnLike(_ on: Bool) async throws(ClientFailure) -> AccountInfo {
        try await personal {
            Self.account(try await client.putGitHubSettings(.init(body: .json(.init(starOnLike: on)))).ok.body.json)
        }
    }

    /// Everything the server keeps for the account, as one JSON document (dates as ISO 8601, keys sorted).
    public func exportData() async throws(ClientFailure) -> AccountExport {
        let body = try await personal { try await client.exportAccount(.init()).ok.body.json }
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let document: Data
        do {
            document = try encoder.encode(body)
        } catch {
            throw .serverTrouble("an export this app cannot write down (\(error))")
        }
        return AccountExport(
            document: document, exportedAt: body.exportedAt, interactions: body.interactions.count,
            saved: body.saved.count, liked: body.liked.count, threads: body.threads?.count ?? 0)
    }

    /// Whether the person starred a repository on GitHub.
    public func gitHubStar(_ repository: RepositoryName) async throws(ClientFailure) -> GitHubStarState {
        try await personal {
            let path = Operations.GetGitHubStar.Input.Path(owner: repository.owner, name: repository.name)
            return Self.star(try await client.getGitHubStar(.init(path: path)).ok.body.json)
        }
    }

    /// Stars (or unstars) a repository on GitHub; when GitHub does not take it now, it waits and is retried.
    public func setGitHubStar(_ repository: RepositoryName, starred: Bool) async throws(ClientFailure)
        -> GitHubStarState
    {
        try await personal {
            if starred {
                let path = Operations.StarOnGitHub.Input.Path(owner: repository.owner, name: repository.name)
                switch try await client.starOnGitHub(.init(path: path)) {
                case .ok(let done): return Self.star(try done.body.json)
                case .accepted(let waiting): return Self.star(try waiting.body.json)
                case .undocumented(let status, _):
                    throw ClientFailure.from(status: status, message: nil, retryAfter: nil)
                default: throw ClientFailure.serverTrouble("an answer this app cannot read")
                }
            }
            let path = Operations.UnstarOnGitHub.Input.Path(owner: repository.owner, name: repository.name)
            switch try await client.unstarOnGitHub(.init(path: path)) {
            case .ok(let done): return Self.star(try done.body.json)
            case .accepted(let waiting): return Self.star(try waiting.body.json)
            case .undocumented(let status, _): throw ClientFailure.from(status: status, message: nil, retryAfter: nil)
            default: throw ClientFailure.serverTrouble("an answer this app cannot read")
            }
        }
    }

    static func account(_ body: Components.Schemas.Account) -> AccountInfo {
        AccountInfo(
            id: body.id, signInAvailable: body.signIn.available, signInUnavailableReason: body.signIn.reason,
            github: body.github.map {
                GitHubAccount(
                    id: $0.id, login: $0.login, name: $0.name, avatarURL: $0.avatarUrl.flatMap(URL.init(string:)),
                    starOnLike: $0.starOnLike ?? false, pendingStars: $0.pendingStars?.count ?? 0)
            })
    }

    static func device(_ body: Components.Schemas.DeviceSignIn) -> DeviceSignInProgress {
        DeviceSignInProgress(
            id: body.id, state: .init(rawValue: body.state.rawValue) ?? .failed, userCode: body.userCode,
            verificationURI: URL(string: body.verificationUri) ?? URL(string: "https://github.com/login/device")!,
            expiresAt: body.expiresAt, interval: body.interval, failure: body.failure, login: body.result?.github.login,
            joined: body.result?.joined ?? false)
    }

    static func star(_ body: Components.Schemas.GitHubStar) -> GitHubStarState {
        GitHubStarState(starred: body.starred, pending: body.pending != nil, problem: body.problem)
    }
}
