import APISchemas
import Foundation
import GitHub
import GitHubAccounts
import HTTPTypes
import RepoFinderAPI
import Storage

extension APIHandlers {
    func getAccount(_ input: Operations.GetAccount.Input) async throws -> Operations.GetAccount.Output {
        let userID = try await accounts.authenticate()
        return .ok(.init(body: .json(try await account(userID))))
    }

    func startGitHubSignIn(_ input: Operations.StartGitHubSignIn.Input) async throws
        -> Operations.StartGitHubSignIn.Output
    {
        let userID = try await accounts.authenticate()
        guard case .json(let body) = input.body else {
            throw APIError.badRequest(APIError.text("error.sign-in.redirect-not-json"))
        }
        let signIn = try requireSignIn()
        // Only this server's own callback: GitHub would hand anywhere else the person's code and state.
        guard let callback = SignInCallback.current, callback.matches(body.redirectUri) else {
            throw Self.apiError(.invalidRedirect(body.redirectUri, expected: SignInCallback.current?.address))
        }
        do {
            let (url, state) = try await signIn.beginWeb(
                userID: userID, redirectURI: callback.address, forApp: body.app ?? false,
                codeChallenge: body.codeChallenge)
            return .ok(.init(body: .json(.init(authorizeUrl: url.absoluteString, state: state))))
        } catch {
            throw Self.apiError(error)
        }
    }

    func completeGitHubSignIn(_ input: Operations.CompleteGitHubSignIn.Input) async throws
        -> Operations.CompleteGitHubSignIn.Output
    {
        let userID = try await accounts.authenticate()
        guard case .json(let body) = input.body else {
            throw APIError.badRequest(APIError.text("error.sign-in.code-not-json"))
        }
        let signIn = try requireSignIn()
        do {
            let outcome = try await signIn.completeWeb(
                userID: userID, code: body.code, state: body.state, codeVerifier: body.codeVerifier)
            return .ok(.init(body: .json(Self.result(outcome))))
        } catch {
            throw Self.apiError(error)
        }
    }

    func startGitHubDeviceSignIn(_ input: Operations.StartGitHubDeviceSignIn.Input) async throws
        -> Operations.StartGitHubDeviceSignIn.Output
    {
        let userID = try await accounts.authenticate()
        let signIn = try requireSignIn()
        // Each address's share of the server-wide device sign-ins (issue 63: 100 anonymous accounts from 13
        // addresses took every one in 1.5 s).
        if let limiter = deviceSignInsPerAddress,
            let wait = await limiter.admit("address " + RequestIdentity.current.clientAddress)
        {
            throw APIError(
                .tooManyRequests, code: "sign_in_busy", message: APIError.signInProblem(.busy(retryAfter: wait)),
                retryAfter: wait)
        }
        do {
            return .created(.init(body: .json(Self.device(try await signIn.beginDevice(userID: userID)))))
        } catch {
            throw Self.apiError(error)
        }
    }

    func getGitHubDeviceSignIn(_ input: Operations.GetGitHubDeviceSignIn.Input) async throws
        -> Operations.GetGitHubDeviceSignIn.Output
    {
        let userID = try await accounts.authenticate()
        let signIn = try requireSignIn()
        do {
            return .ok(
                .init(body: .json(Self.device(try await signIn.deviceStatus(id: input.path.id, userID: userID)))))
        } catch {
            throw Self.apiError(error)
        }
    }

    func signOut(_ input: Operations.SignOut.Input) async throws -> Operations.SignOut.Output {
        let userID = try await accounts.authenticate()
        var everywhere = false
        if case .json(let body) = input.body { everywhere = body.everywhere ?? false }
        try await accounts.signOut(userID: userID, everywhere: everywhere)
        return .noContent(.init())
    }

    // MARK: - Helpers

    /// Why this server offers no sign-in with GitHub, said to a person (what to set is in the server's log: `serve`
    /// names the variables).
    var signInUnavailable: String {
        connectedToGitHub ? APIError.text("error.sign-in.not-offered") : APIError.text("error.sign-in.no-github")
    }

    private func requireSignIn() throws(APIError) -> GitHubSignIn {
        guard let signIn else {
            throw APIError(
                .serviceUnavailable, code: "sign_in_unavailable", message: signInUnavailable, retryAfter: 3_600)
        }
        return signIn
    }

    /// 400 for a state or redirect this server did not make, 422 for a code GitHub refused, 409 for a device signed in
    /// as someone else, 503 when GitHub cannot be asked or too many device sign-ins are under way.
    static func apiError(_ error: SignInError) -> APIError {
        let message = APIError.signInProblem(error)
        switch error {
        case .invalidState:
            return APIError(.badRequest, code: "invalid_state", message: message)
        case .invalidRedirect:
            return APIError(.badRequest, code: "invalid_redirect", message: message)
        case .invalidChallenge:
            return APIError(.badRequest, code: "invalid_challenge", message: message)
        case .invalidVerifier:
            return APIError(.badRequest, code: "invalid_verifier", message: message)
        case .invalidCode, .refused:
            return APIError(.unprocessableContent, code: "invalid_code", message: message)
        case .alreadySignedIn:
            return APIError(.conflict, code: "signed_in_elsewhere", message: message)
        case .unknownDevice:
            return APIError.notFound(message)
        case .busy(let seconds):
            return APIError(.serviceUnavailable, code: "sign_in_busy", message: message, retryAfter: seconds)
        case .github(.rateLimited(_, let resetsAt)):
            let seconds = max(1, Int(resetsAt.timeIntervalSinceNow.rounded(.up)))
            return APIError(.serviceUnavailable, code: "github_unavailable", message: message, retryAfter: seconds)
        case .github:
            return APIError(.serviceUnavailable, code: "github_unavailable", message: message, retryAfter: 30)
        case .storage(let storage):
            if case .identityTaken = storage {
                return APIError(.conflict, code: "identity_taken", message: message)
            }
            return .unavailable(message)
        }
    }

    static func identity(_ identity: GitHubIdentity) -> Components.Schemas.GitHubIdentity {
        .init(
            id: identity.githubID, login: identity.login, name: identity.name, avatarUrl: identity.avatarURL,
            scopes: identity.scopes, linkedAt: identity.linkedAt, starOnLike: identity.starOnLike)
    }

    static func result(_ outcome: SignInOutcome) -> Components.Schemas.SignInResult {
        .init(
            account: outcome.userID, github: identity(outcome.identity), joined: outcome.newToken != nil,
            token: outcome.newToken,
            merged: outcome.merge.map {
                .init(interactions: $0.interactions, duplicates: $0.duplicates, saved: $0.saved, liked: $0.liked)
            })
    }

    static func device(_ device: DeviceSignIn) -> Components.Schemas.DeviceSignIn {
        .init(
            id: device.id, state: .init(rawValue: device.state.rawValue) ?? .failed, userCode: device.userCode,
            verificationUri: device.verificationURI.absoluteString, expiresAt: device.expiresAt,
            interval: device.interval, failure: device.failure, result: device.outcome.map(result))
    }
}

extension GitHubSignIn.Configuration {
    /// This configuration with at most `count` device sign-ins live at once (the server's `--device-sign-ins`).
    func allowing(deviceSignIns count: Int) -> Self {
        var configuration = self
        configuration.maximumDeviceSignIns = count
        return configuration
    }
}
