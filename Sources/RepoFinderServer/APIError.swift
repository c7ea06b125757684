public import Foundation
public import HTTPTypes
import Localization
public import OpenAPIRuntime
public import RepoFinderCore

/// An error the API answers with: a status, a stable code and a message a person can act on.
///
/// Handlers throw these; ``ErrorMiddleware`` turns them (and every other error) into `{error, message}` JSON.
public struct APIError: Error, Hashable, Sendable, HTTPResponseConvertible, CustomStringConvertible {
    /// The HTTP status.
    public var httpStatus: HTTPResponse.Status
    /// A stable, machine-readable code such as `unauthorized`.
    public var code: String
    /// What went wrong and what to do.
    public var message: String
    /// Seconds to wait before retrying (429 and 503 only).
    public var retryAfter: Int?
    /// With `quota_exhausted`: the Ask quota that is used up (limit, used) and when it renews (`YYYY-MM-DD`).
    public var quota: Quota?

    /// An Ask quota as an error carries it.
    public struct Quota: Hashable, Sendable, Encodable {
        public var limit: Int?
        public var used: Int
        public var left: Int?
        public var renewsOn: String
    }

    public init(_ status: HTTPResponse.Status, code: String, message: String, retryAfter: Int? = nil) {
        self.httpStatus = status
        self.code = code
        self.message = message
        self.retryAfter = retryAfter
    }

    public var description: String { "\(httpStatus.code) \(code): \(message)" }

    /// 400: the request cannot be read.
    public static func badRequest(_ message: String) -> Self {
        Self(.badRequest, code: "bad_request", message: message)
    }

    /// 401: no token, or one this server never issued.
    public static func unauthorized(_ message: String) -> Self {
        Self(.unauthorized, code: "unauthorized", message: message)
    }

    /// 404: no such resource.
    public static func notFound(_ message: String) -> Self { Self(.notFound, code: "not_found", message: message) }

    /// 413: the body is too large.
    public static func tooLarge(limit: Int) -> Self {
        Self(
            .contentTooLarge, code: "content_too_large",
            message: text("error.body.over-limit", String(limit / 1024)))
    }

    /// 422: well-formed but invalid.
    public static func unprocessable(_ message: String) -> Self {
        Self(.unprocessableContent, code: "invalid", message: message)
    }

    /// 429: rate limited.
    public static func rateLimited(retryAfter seconds: Int, scope: String) -> Self {
        Self(
            .tooManyRequests, code: "rate_limited",
            message: scope == "token"
                ? text("error.rate-limited.per-token", String(seconds))
                : text("error.rate-limited.per-address", String(seconds)),
            retryAfter: seconds)
    }

    /// 429: the person asked every question of this month's Ask quota (`message`, as Ask words it, says when it
    /// renews), with `Retry-After` (the contract's for every 429): the seconds until `renewsOn` begins (UTC), at
    /// least 1.
    public static func quotaExhausted(_ message: String, limit: Int, used: Int, renewsOn: Day, now: Date = Date())
        -> Self
    {
        let seconds = Double(renewsOn.daysSinceEpoch) * 86_400 - now.timeIntervalSince1970
        var error = Self(
            .tooManyRequests, code: "quota_exhausted", message: message,
            retryAfter: max(1, Int(seconds.rounded(.up))))
        error.quota = Quota(limit: limit, used: used, left: 0, renewsOn: renewsOn.description)
        return error
    }

    /// 503: the database does not answer.
    public static func unavailable(_ message: String) -> Self {
        Self(.serviceUnavailable, code: "unavailable", message: message, retryAfter: 1)
    }
}

extension APIError {
    /// The words of `key` (Errors.xcstrings) in the language of the request being answered (``Language/current``,
    /// bound by ``LanguageMiddleware``; English elsewhere). Every `message` an API error carries comes from here.
    /// Numbers that can reach four digits are passed as text (`String(n)`, `%@`), written as English always wrote
    /// them (`2000`, not `2,000`).
    static func text(_ key: String, _ arguments: any Sendable...) -> String {
        Words(Language.current).text(key, arguments: arguments)
    }
}
