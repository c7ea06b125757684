package import Foundation
import HTTPTypes

/// What ``GitHubClient/send(_:)`` does after one answer, or after failing to get one.
package enum SendDecision: Equatable {
    /// Return this response (`fromCache`: a 304 answered with the cached body).
    case done(GitHubResponse, fromCache: Bool)
    /// Follow a redirect to `target` (`asGet`: a 303 turns the request into a GET without a body).
    case follow(URL, asGet: Bool)
    /// Send again, after `wait` if given (a used-up primary limit is waited out before the next send instead).
    case retry(after: Duration?)
    /// Give up with this error.
    case fail(GitHubError)
}

extension GitHubClient {
    /// The client's whole policy for one answer, as a pure function: success and revalidation, redirects (at most
    /// ``GitHubConfiguration/maximumRedirects``), GitHub's primary and secondary rate limits, retries of timeouts and
    /// 5xx for reads (at most ``GitHubConfiguration/maximumRetries``), and the typed error for everything else.
    /// - Parameters:
    ///   - outcome: the response, or why none came.
    ///   - cached: the cached response whose ETag the request sent, if any.
    ///   - attempt: retries made so far; `redirects`: redirects followed so far.
    ///   - resetsAt: when the request's rate-limit resource resets (for the error when it is used up).
    package static func decide(
        _ outcome: Result<GitHubResponse, TransportError>, for request: GitHubRequest, cached: GitHubResponse?,
        attempt: Int, redirects: Int, configuration: GitHubConfiguration, resetsAt: Date
    ) -> SendDecision {
        let canRetry = attempt < configuration.maximumRetries
        let response: GitHubResponse
        switch outcome {
        case .failure(.timeout):
            // Nothing came back: retry an idempotent read after a pause.
            guard request.method == .get, canRetry else { return .fail(.timeout) }
            return .retry(after: backoff(configuration.retryBackoff, attempt: attempt))
        case .failure(.unreachable(let detail)):
            // A host that refused outright is not asked again.
            return .fail(.unreachable(detail))
        case .success(let answer):
            response = answer
        }

        switch response.status {
        case 200..<300:
            return .done(response, fromCache: false)
        case 304:
            if let cached { return .done(cached, fromCache: true) }
            // The caller's own condition (an ETag it stored): the 304 is its answer.
            if request.headerFields[.ifNoneMatch] != nil { return .done(response, fromCache: false) }
            return .fail(.invalidResponse("304 Not Modified for a request we had not cached"))
        case 301, 302, 303, 307, 308:
            guard let location = response.headerFields[.location],
                let target = URL(string: location, relativeTo: request.url)?.absoluteURL
            else { return .fail(.invalidResponse("\(response.status) without a Location header")) }
            guard redirects < configuration.maximumRedirects else { return .fail(.tooManyRedirects(target)) }
            return .follow(target, asGet: response.status == 303)
        case 403, 429:
            let message = message(in: response)
            if let wait = secondaryLimitWait(response, message: message, attempt: attempt, configuration: configuration)
            {
                guard canRetry, wait <= configuration.maximumWait else {
                    return .fail(.secondaryRateLimited(retryAfter: retryAfter(response)))
                }
                return .retry(after: wait)
            }
            if response.headerFields[.xRateLimitRemaining] == "0" {
                // Primary limit used up: the next round waits for the reset, or fails if it is too far.
                let resource = RateLimitStatus.resource(forPath: request.url.path)
                return canRetry ? .retry(after: nil) : .fail(.rateLimited(resource: resource, resetsAt: resetsAt))
            }
            if response.status == 429 {
                guard canRetry else { return .fail(.secondaryRateLimited(retryAfter: nil)) }
                return .retry(after: backoff(configuration.secondaryLimitBackoff, attempt: attempt))
            }
            return .fail(.forbidden(message: message))
        case 401:
            return .fail(.unauthorized(message: message(in: response)))
        case 404:
            return .fail(.notFound(message: message(in: response), path: request.url.path))
        case 422:
            let body = try? JSONDecoder().decode(ErrorBody.self, from: response.body)
            return .fail(
                .validationFailed(message: body?.message ?? "Unprocessable Entity", fieldErrors: body?.errors ?? []))
        case 500..<600:
            guard request.method == .get, canRetry else {
                return .fail(.serverError(status: response.status, message: message(in: response)))
            }
            return .retry(after: backoff(configuration.retryBackoff, attempt: attempt))
        default:
            return .fail(.unexpectedStatus(response.status, message: message(in: response)))
        }
    }

    /// How long a secondary limit asks us to wait, or nil if this 403/429 is not one.
    private static func secondaryLimitWait(
        _ response: GitHubResponse, message: String, attempt: Int, configuration: GitHubConfiguration
    ) -> Duration? {
        if let retryAfter = retryAfter(response) { return retryAfter }
        let lowered = message.lowercased()
        guard lowered.contains("secondary rate limit") || lowered.contains("abuse") else { return nil }
        return backoff(configuration.secondaryLimitBackoff, attempt: attempt)
    }

    /// `base`, doubled for each attempt made.
    static func backoff(_ base: Duration, attempt: Int) -> Duration {
        base * (1 << min(attempt, 16))
    }

    private static func retryAfter(_ response: GitHubResponse) -> Duration? {
        response.headerFields[.retryAfter].flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }.map {
            .seconds(max(0, $0))
        }
    }

    /// GitHub's `message`, or the status line when the body has none.
    static func message(in response: GitHubResponse) -> String {
        if let body = try? JSONDecoder().decode(ErrorBody.self, from: response.body), let message = body.message {
            return message
        }
        return "HTTP \(response.status)"
    }

    private struct ErrorBody: Decodable {
        var message: String?
        var errors: [GitHubError.FieldError]?
    }
}
