import Catalog
import Foundation
import GitHub
import GitHubAccounts
import RepoFinderCore
import Storage

/// The words of the other modules' errors as an API error's `message` says them, in the request's language (their
/// own `description`s stay English, for the logs and the command line).
extension APIError {
    /// Why a repository lookup found nothing, in the request's language.
    static func lookupProblem(_ problem: RepositoryLocator.Problem) -> String {
        switch problem {
        case .notInCatalog(let name): text("error.repository.not-in-catalog", name.fullName)
        case .notOnGitHub(let name, recently: true): text("error.lookup.unknown-recently", name.fullName)
        case .notOnGitHub(let name, recently: false): text("error.lookup.unknown", name.fullName)
        case .rateLimited(let name): text("error.lookup.rate-limited", name.fullName)
        case .unreachable(let name): text("error.lookup.unreachable", name.fullName)
        }
    }

    /// Why a time zone was refused.
    static func timeZoneProblem(_ error: LocalTimeError) -> String {
        switch error {
        case .unknownTimeZone(let given): text("error.time-zone.unknown", given)
        }
    }

    /// What went wrong in storage, as `StorageError.description` says it; a database's own reason
    /// (`unavailable`, `busy`) is passed on as it came.
    static func storageProblem(_ error: StorageError) -> String {
        switch error {
        case .unknownUser(let id):
            return text("error.storage.unknown-user", id)
        case .unknownRepositories(let names):
            return text("error.storage.unknown-repositories", names.map(\.fullName).sorted().joined(separator: ", "))
        case .schemaTooNew(let found, let supported):
            return text("error.storage.schema-too-new", String(found), String(supported))
        case .unavailable(let reason), .busy(let reason):
            return reason
        case .quotaExceeded(let exceeded) where exceeded.bound == .perDay:
            return text("error.storage.quota-per-day", String(exceeded.stored), String(exceeded.limit))
        case .quotaExceeded(let exceeded):
            return text("error.storage.quota-per-account", String(exceeded.stored), String(exceeded.limit))
        case .identityTaken(let githubID):
            return text("error.github.identity-taken", String(githubID))
        }
    }

    /// What went wrong asking GitHub (`GitHubError.description`); GitHub's own messages are passed on.
    static func githubProblem(_ error: GitHubError) -> String {
        switch error {
        case .unauthorized(let message):
            text("error.github.unauthorized", message)
        case .forbidden(let message):
            text("error.github.forbidden", message)
        case .notFound(let message, let path):
            text("error.github.not-found", path, message)
        case .validationFailed(let message, let fieldErrors):
            fieldErrors.isEmpty
                ? text("error.github.rejected", message)
                : text(
                    "error.github.rejected-fields", message, fieldErrors.map(\.description).joined(separator: "; "))
        case .rateLimited(let resource, let resetsAt):
            text("error.github.rate-limited", resource, Timestamp.format(resetsAt))
        case .secondaryRateLimited(let retryAfter?):
            text("error.github.secondary-limit-wait", String(retryAfter.components.seconds))
        case .secondaryRateLimited(nil):
            text("error.github.secondary-limit")
        case .serverError(let status, let message):
            text("error.github.failing", status, message)
        case .unexpectedStatus(let status, let message):
            text("error.github.unexpected-status", status, message)
        case .timeout:
            text("error.github.timeout")
        case .unreachable:
            // The detail names the address the server reached GitHub at: the operator's log has it, not the client.
            text("error.github.unreachable-now")
        case .tooManyRedirects(let url):
            text("error.github.redirects", url.absoluteString)
        case .invalidResponse(let detail):
            text("error.github.unreadable", detail)
        }
    }

    /// Why a sign-in could not go on (`SignInError.description`).
    static func signInProblem(_ error: SignInError) -> String {
        switch error {
        case .invalidState:
            text("error.sign-in.invalid-state")
        case .invalidCode:
            text("error.sign-in.invalid-code")
        case .invalidRedirect(let address, let expected?):
            text("error.sign-in.invalid-redirect", address, expected)
        case .invalidRedirect(let address, nil):
            text("error.sign-in.invalid-redirect-unknown", address)
        case .alreadySignedIn(let login):
            text("error.sign-in.elsewhere", login)
        case .refused(let code, let description):
            text("error.sign-in.refused", code, description)
        case .github(let error):
            text("error.sign-in.github", githubProblem(error))
        case .storage(let error):
            storageProblem(error)
        case .unknownDevice(let id):
            text("error.sign-in.unknown-device", id)
        case .busy(let seconds):
            text("error.sign-in.busy", String(seconds))
        case .invalidChallenge:
            text("error.sign-in.invalid-challenge")
        case .invalidVerifier:
            text("error.sign-in.invalid-verifier")
        }
    }

    /// Why a star import could not start or did not finish (`StarImportError.description`).
    static func importProblem(_ error: StarImportError) -> String {
        switch error {
        case .invalidLogin(let login):
            text("error.github-login.invalid", login, GitHubLogin.maximumLength)
        case .unknownLogin(let login):
            text("error.import.unknown-login", login)
        case .github(.rateLimited(_, let resetsAt)):
            text("error.import.rate-limited", Timestamp.format(resetsAt))
        case .github(let error):
            text("error.import.github", githubProblem(error))
        case .interrupted:
            text("error.import.interrupted")
        case .budgetReserved:
            text("error.import.budget-reserved")
        }
    }
}
