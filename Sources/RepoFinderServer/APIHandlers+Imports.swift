import APISchemas
import Foundation
import GitHub
import GitHubAccounts
import HTTPTypes
import RepoFinderAPI
import Storage

extension APIHandlers {
    func startGitHubStarImport(_ input: Operations.StartGitHubStarImport.Input) async throws
        -> Operations.StartGitHubStarImport.Output
    {
        let userID = try await accounts.authenticate()
        var login: String?
        switch input.body {
        case .json(let body): login = body.login?.trimmingCharacters(in: .whitespaces)
        case nil: login = nil
        }
        if login?.isEmpty ?? true {
            // No login: a signed-in person imports their own stars.
            login = try await store.githubIdentity(userID: userID)?.login
        }
        guard let login, !login.isEmpty else {
            throw APIError.badRequest(APIError.text("error.import.no-login"))
        }
        guard let starImporter else {
            throw APIError(
                .serviceUnavailable, code: "github_unavailable", message: APIError.text("error.import.no-github"),
                retryAfter: 3_600)
        }
        // Within the client's budget: with the person's own GitHub token when signed in, else the server's while
        // it is above the reserve (page by page).
        let client = try await githubBudget.client(for: .starImport, userID: userID)
        var mayGoOn: StarImporter.Allowance?
        if let server = githubBudget.server, client === server {
            mayGoOn = { [githubBudget] in await githubBudget.mayGoOn(server) }
        }
        let start: StarImportStart
        do {
            start = try await starImporter.start(userID: userID, login: login, using: client, mayGoOn: mayGoOn)
        } catch let error as StarImportError {
            throw Self.apiError(error)
        }
        switch start {
        case .started(let started):
            return .accepted(
                .init(
                    headers: .init(location: APISchemas.importAddress(started.id)),
                    body: .json(APISchemas.starImport(started))))
        case .alreadyRunning(let running):
            return .conflict(
                .init(
                    headers: .init(location: APISchemas.importAddress(running.id)),
                    body: .json(APISchemas.starImport(running))))
        }
    }

    func listImports(_ input: Operations.ListImports.Input) async throws -> Operations.ListImports.Output {
        let userID = try await accounts.authenticate()
        var imports = try await store.starImports(userID: userID)
        if let starImporter {
            for (position, found) in imports.enumerated() where found.state == .running {
                imports[position] = try await starImporter.status(id: found.id, userID: userID) ?? found
            }
        }
        return .ok(.init(body: .json(.init(items: imports.map(APISchemas.starImport)))))
    }

    func getImport(_ input: Operations.GetImport.Input) async throws -> Operations.GetImport.Output {
        let userID = try await accounts.authenticate()
        let found: StarImport?
        if let starImporter {
            found = try await starImporter.status(id: input.path.id, userID: userID)
        } else {
            found = try await store.starImport(id: input.path.id, userID: userID)
        }
        guard let found else { throw APIError.notFound(APIError.text("error.import.not-found", input.path.id)) }
        return .ok(.init(body: .json(APISchemas.starImport(found))))
    }

    /// 422 for a login that cannot be imported, 503 (with when to retry) when GitHub cannot answer.
    static func apiError(_ error: StarImportError) -> APIError {
        let message = APIError.importProblem(error)
        switch error {
        case .invalidLogin, .unknownLogin:
            return APIError(.unprocessableContent, code: "invalid_login", message: message)
        case .github(.rateLimited(_, let resetsAt)):
            let seconds = max(1, Int(resetsAt.timeIntervalSinceNow.rounded(.up)))
            return APIError(.serviceUnavailable, code: "github_unavailable", message: message, retryAfter: seconds)
        case .github, .interrupted, .budgetReserved:
            return APIError(.serviceUnavailable, code: "github_unavailable", message: message, retryAfter: 30)
        }
    }
}
