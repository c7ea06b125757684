import Foundation
import Localization

/// Why a call to the RepoFinder server failed, in terms a person can act on. ``message`` says what went wrong and
/// what to do; apps show it as is.
public enum ClientFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The server could not be reached (no network, the server is down, the connection dropped).
    case noConnection
    /// The server no longer knows this device's account; the next call makes a new anonymous one.
    case signedOut
    /// The thing asked for does not exist (the server's message says which).
    case notFound(String)
    /// Too many requests; the server accepts more after this many seconds.
    case rateLimited(retryAfter: Int)
    /// The server is in trouble (5xx) or answered with something this app does not understand.
    case serverTrouble(String)
    /// The server refused the request as invalid (400, 413, 415, 422); its message says why.
    case rejected(String)
    /// Every Ask question of this month was asked; the message says when the quota renews.
    case quotaExhausted(String)
    /// The server knows who asks but does not let them (403): `code` says why (`not_signed_in`: this needs an account
    /// signed in with GitHub; `not_maintainer`: the repository is not theirs); the message says what to do.
    case forbidden(String, code: String?)

    /// What went wrong and what to do, for a person.
    public var message: String {
        let words = Words(Language.device)
        return switch self {
        case .noConnection:
            words.text("app.failure.no-connection")
        case .signedOut:
            words.text("app.failure.signed-out")
        case .notFound(let detail):
            detail.isEmpty ? words.text("app.failure.not-found") : detail
        case .rateLimited(let seconds):
            words.text("app.failure.rate-limited", seconds)
        case .serverTrouble(let detail):
            words.text("app.failure.server-trouble", detail)
        case .rejected(let detail):
            detail
        case .quotaExhausted(let detail):
            detail
        case .forbidden(let detail, _):
            detail
        }
    }

    /// Whether the call needs an account signed in with GitHub and the device's is not (a 403 `not_signed_in`).
    public var needsGitHubSignIn: Bool {
        if case .forbidden(_, code: "not_signed_in") = self { return true }
        return false
    }

    public var description: String { message }

    /// Whether trying the same call again later may succeed (the outbox keeps such items; it drops rejected ones).
    public var isTransient: Bool {
        switch self {
        case .noConnection, .rateLimited, .serverTrouble, .signedOut: true
        case .notFound, .rejected, .quotaExhausted, .forbidden: false
        }
    }

    /// The failure for an error response: its status, the `{error, message}` body's message, and `Retry-After`.
    static func from(status: Int, message: String?, retryAfter: Int?, code: String? = nil) -> ClientFailure {
        let detail = message ?? "HTTP \(status)"
        if status == 429, code == "quota_exhausted" { return .quotaExhausted(detail) }
        switch status {
        case 401: return .signedOut
        case 403: return .forbidden(detail, code: code)
        case 404: return .notFound(detail)
        case 429: return .rateLimited(retryAfter: max(1, retryAfter ?? 1))
        case 400, 405...428: return .rejected(detail)
        default: return .serverTrouble(message ?? "HTTP \(status)")
        }
    }

    /// An error from a transport or the generated client, as a failure: a failure stays itself; anything else is a
    /// connection problem (refused, reset, timed out) unless it is a decoding problem (the server's trouble).
    public static func from(_ error: any Error) -> ClientFailure {
        if let failure = error as? ClientFailure { return failure }
        if error is DecodingError { return .serverTrouble("an answer this app cannot read") }
        return .noConnection
    }
}
