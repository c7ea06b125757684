public import Foundation
import RepoFinderCore

/// Everything that can go wrong talking to GitHub, each with what a person needs to act on it.
public enum GitHubError: Error, Equatable, Sendable, CustomStringConvertible {
    /// 401: the token is missing, wrong or expired.
    case unauthorized(message: String)
    /// 403 that is not a rate limit: the token lacks access.
    case forbidden(message: String)
    /// 404: no such resource (or it is private to someone else).
    case notFound(message: String, path: String)
    /// 422: GitHub refused the request's content; `fieldErrors` say which field and why.
    case validationFailed(message: String, fieldErrors: [FieldError])
    /// The primary rate limit of `resource` is used up until `resetsAt`, later than we are willing to wait.
    case rateLimited(resource: String, resetsAt: Date)
    /// A secondary (abuse) limit still applied after backing off.
    case secondaryRateLimited(retryAfter: Duration?)
    /// 5xx, still failing after retries.
    case serverError(status: Int, message: String)
    /// Any other status.
    case unexpectedStatus(Int, message: String)
    /// No answer within the timeout, after retries.
    case timeout
    /// GitHub could not be reached at all.
    case unreachable(String)
    /// More redirects in a row than allowed (a loop).
    case tooManyRedirects(URL)
    /// An answer we could not read.
    case invalidResponse(String)

    /// One entry of a 422's `errors` array.
    public struct FieldError: Equatable, Sendable, Decodable, CustomStringConvertible {
        public var resource: String?
        public var field: String?
        public var code: String?
        public var message: String?

        public init(resource: String? = nil, field: String? = nil, code: String? = nil, message: String? = nil) {
            self.resource = resource
            self.field = field
            self.code = code
            self.message = message
        }

        /// GitHub sometimes sends plain strings in `errors`; those become the message.
        public init(from decoder: any Decoder) throws {
            if let text = try? decoder.singleValueContainer().decode(String.self) {
                self.init(message: text)
                return
            }
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(
                resource: try container.decodeIfPresent(String.self, forKey: .resource),
                field: try container.decodeIfPresent(String.self, forKey: .field),
                code: try container.decodeIfPresent(String.self, forKey: .code),
                message: try container.decodeIfPresent(String.self, forKey: .message))
        }

        private enum CodingKeys: String, CodingKey {
            case resource, field, code, message
        }

        public var description: String {
            let subject = [resource, field].compactMap { $0 }.joined(separator: ".")
            let reason = message ?? code ?? "invalid"
            return subject.isEmpty ? reason : "\(subject): \(reason)"
        }
    }

    public var description: String {
        switch self {
        case .unauthorized(let message):
            "GitHub refused the credentials (401 \(message)); check GITHUB_TOKEN"
        case .forbidden(let message):
            "GitHub denied access (403 \(message))"
        case .notFound(let message, let path):
            "GitHub has nothing at \(path) (404 \(message))"
        case .validationFailed(let message, let fieldErrors):
            "GitHub rejected the request (422 \(message)"
                + (fieldErrors.isEmpty ? ")" : ": " + fieldErrors.map(\.description).joined(separator: "; ") + ")")
        case .rateLimited(let resource, let resetsAt):
            "GitHub's \(resource) rate limit is used up until \(Timestamp.format(resetsAt)); "
                + "try again then, or set GITHUB_TOKEN for a higher limit"
        case .secondaryRateLimited(let retryAfter):
            "GitHub's secondary rate limit still applies"
                + (retryAfter.map { " (retry after \($0.components.seconds) s)" } ?? "") + "; slow down and try later"
        case .serverError(let status, let message):
            "GitHub is failing (\(status) \(message)); try again later"
        case .unexpectedStatus(let status, let message):
            "GitHub answered \(status) \(message)"
        case .timeout:
            "GitHub did not answer in time"
        case .unreachable(let detail):
            "cannot reach GitHub (\(detail)); check the network"
        case .tooManyRedirects(let url):
            "too many redirects (last: \(url.absoluteString))"
        case .invalidResponse(let detail):
            "GitHub's answer could not be read (\(detail))"
        }
    }
}
