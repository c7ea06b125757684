import Foundation
import GitHubAccounts
import HTTPTypes
import RepoFinderAPI
import RepoFinderCore
import Storage

extension APIHandlers {
    func getGitHubStar(_ input: Operations.GetGitHubStar.Input) async throws -> Operations.GetGitHubStar.Output {
        let (userID, starBack) = try await signedIn()
        let repository = try InputMapping.repositoryName(owner: input.path.owner, name: input.path.name)
        return .ok(
            .init(body: .json(Self.star(try await run { try await starBack.state(of: repository, userID: userID) }))))
    }

    func starOnGitHub(_ input: Operations.StarOnGitHub.Input) async throws -> Operations.StarOnGitHub.Output {
        let state = try await change(.star, owner: input.path.owner, name: input.path.name)
        return state.pending == nil
            ? .ok(.init(body: .json(Self.star(state)))) : .accepted(.init(body: .json(Self.star(state))))
    }

    func unstarOnGitHub(_ input: Operations.UnstarOnGitHub.Input) async throws -> Operations.UnstarOnGitHub.Output {
        let state = try await change(.unstar, owner: input.path.owner, name: input.path.name)
        return state.pending == nil
            ? .ok(.init(body: .json(Self.star(state)))) : .accepted(.init(body: .json(Self.star(state))))
    }

    func putGitHubSettings(_ input: Operations.PutGitHubSettings.Input) async throws
        -> Operations.PutGitHubSettings.Output
    {
        let userID = try await accounts.authenticate()
        guard case .json(let body) = input.body else {
            throw APIError.badRequest(APIError.text("error.star-back.not-json"))
        }
        guard try await store.setStarOnLike(body.starOnLike, userID: userID) else { throw Self.notSignedIn }
        return .ok(.init(body: .json(try await account(userID))))
    }

    /// The account as `GET /v1/me/account` answers it.
    func account(_ userID: String) async throws -> Components.Schemas.Account {
        var github = try await store.githubIdentity(userID: userID).map(Self.identity)
        if github != nil {
            github?.pendingStars = try await store.pendingStarChanges(userID: userID).map(Self.pending)
        }
        return .init(
            id: userID, signIn: .init(available: signIn != nil, reason: signIn == nil ? signInUnavailable : nil),
            github: github)
    }

    // MARK: - Helpers

    private func change(_ action: StarChange.Action, owner: String, name: String) async throws -> StarBackState {
        let (userID, starBack) = try await signedIn()
        let repository = try InputMapping.repositoryName(owner: owner, name: name)
        return try await run { try await starBack.apply(action, to: repository, userID: userID) }
    }

    private func signedIn() async throws -> (String, StarBack) {
        let userID = try await accounts.authenticate()
        guard let starBack else { throw Self.notSignedIn }
        return (userID, starBack)
    }

    private func run(_ body: () async throws -> StarBackState) async throws -> StarBackState {
        do {
            return try await body()
        } catch StarBackError.notSignedIn {
            throw Self.notSignedIn
        } catch let error as StarBackError {
            throw APIError.unavailable(error.description)
        }
    }

    /// 403: starring back needs the account signed in with GitHub (worded in each request's language).
    static var notSignedIn: APIError {
        APIError(.forbidden, code: "not_signed_in", message: APIError.text("error.star-back.not-signed-in"))
    }

    static func star(_ state: StarBackState) -> Components.Schemas.GitHubStar {
        .init(
            repo: state.repository.fullName, starred: state.starred, pending: state.pending.map(pending),
            problem: state.problem)
    }

    static func pending(_ change: StarChange) -> Components.Schemas.PendingStar {
        .init(
            repo: change.repository.fullName, action: .init(rawValue: change.action.rawValue) ?? .star,
            attempts: change.attempts, nextAttemptAt: change.nextAttemptAt, problem: change.lastError)
    }
}
