import Foundation
import GitHub
import HTTPTypes
import Testing

/// The client's policy for one answer, decided without sending anything.
@Suite("GitHub client: what to do after one answer")
struct SendDecisionTests {
    static let configuration = GitHubConfiguration(
        maximumRedirects: 2, maximumRetries: 2, retryBackoff: .seconds(1), secondaryLimitBackoff: .seconds(60),
        maximumWait: .seconds(300))
    static let get = GitHubRequest(url: URL(string: "https://api.github.com/repos/a/b")!)
    static let post = GitHubRequest(method: .post, url: URL(string: "https://api.github.com/repos/a/b/labels")!)
    static let reset = Date(timeIntervalSince1970: 1_800_000_000)

    static func decide(
        _ outcome: Result<GitHubResponse, TransportError>, _ request: GitHubRequest = get,
        cached: GitHubResponse? = nil,
        attempt: Int = 0, redirects: Int = 0
    ) -> SendDecision {
        GitHubClient.decide(
            outcome, for: request, cached: cached, attempt: attempt, redirects: redirects,
            configuration: configuration, resetsAt: reset)
    }

    static func answer(_ status: HTTPResponse.Status, _ fields: HTTPFields = [:], body: String = "") -> GitHubResponse {
        GitHubResponse(status: status, headerFields: fields, body: Data(body.utf8))
    }

    @Test("success, revalidation and redirects")
    func successAndRedirects() {
        let ok = Self.answer(.ok)
        #expect(Self.decide(.success(ok)) == .done(ok, fromCache: false))
        let cached = Self.answer(.ok, body: "cached")
        #expect(Self.decide(.success(Self.answer(.notModified)), cached: cached) == .done(cached, fromCache: true))
        guard case .fail(.invalidResponse) = Self.decide(.success(Self.answer(.notModified))) else {
            Issue.record("a 304 for a request that was not cached is an invalid response")
            return
        }
        // A request with its own condition (an ETag the caller stored) gets the 304 itself.
        var conditional = Self.get
        conditional.headerFields[.ifNoneMatch] = #"W/"stored""#
        let notModified = Self.answer(.notModified)
        #expect(Self.decide(.success(notModified), conditional) == .done(notModified, fromCache: false))
        let moved = Self.answer(.movedPermanently, [.location: "/repositories/1"])
        let target = URL(string: "https://api.github.com/repositories/1")!
        #expect(Self.decide(.success(moved)) == .follow(target, asGet: false))
        #expect(
            Self.decide(.success(Self.answer(.seeOther, [.location: "/x"])), Self.post)
                == .follow(
                    URL(string: "https://api.github.com/x")!, asGet: true))
        #expect(Self.decide(.success(moved), redirects: 2) == .fail(.tooManyRedirects(target)))
    }

    @Test("timeouts and 5xx are retried for reads with a doubling pause, never for writes; refusals are final")
    func retries() {
        #expect(Self.decide(.failure(.timeout)) == .retry(after: .seconds(1)))
        #expect(Self.decide(.failure(.timeout), attempt: 1) == .retry(after: .seconds(2)))
        #expect(Self.decide(.failure(.timeout), attempt: 2) == .fail(.timeout))
        #expect(Self.decide(.failure(.timeout), Self.post) == .fail(.timeout))
        #expect(Self.decide(.failure(.unreachable("refused"))) == .fail(.unreachable("refused")))
        let down = Self.answer(.serviceUnavailable, body: #"{"message":"down"}"#)
        #expect(Self.decide(.success(down)) == .retry(after: .seconds(1)))
        #expect(Self.decide(.success(down), Self.post) == .fail(.serverError(status: 503, message: "down")))
    }

    @Test("rate limits: retry-after honoured, secondary limits back off, a used-up primary limit waits or fails")
    func limits() {
        let retryAfter = Self.answer(.forbidden, [.retryAfter: "7"])
        #expect(Self.decide(.success(retryAfter)) == .retry(after: .seconds(7)))
        #expect(Self.decide(.success(retryAfter), attempt: 2) == .fail(.secondaryRateLimited(retryAfter: .seconds(7))))
        let tooLong = Self.answer(.forbidden, [.retryAfter: "900"])
        #expect(Self.decide(.success(tooLong)) == .fail(.secondaryRateLimited(retryAfter: .seconds(900))))
        let secondary = Self.answer(.forbidden, body: #"{"message":"You have exceeded a secondary rate limit."}"#)
        #expect(Self.decide(.success(secondary), attempt: 1) == .retry(after: .seconds(120)))
        let primary = Self.answer(.forbidden, [.xRateLimitRemaining: "0"], body: #"{"message":"API rate limit"}"#)
        #expect(Self.decide(.success(primary)) == .retry(after: nil))
        #expect(
            Self.decide(.success(primary), attempt: 2) == .fail(.rateLimited(resource: "core", resetsAt: Self.reset)))
        #expect(Self.decide(.success(Self.answer(.tooManyRequests))) == .retry(after: .seconds(60)))
        let forbidden = Self.answer(.forbidden, body: #"{"message":"Resource not accessible"}"#)
        #expect(Self.decide(.success(forbidden)) == .fail(.forbidden(message: "Resource not accessible")))
    }

    @Test("401, 404, 422 and the unexpected become typed errors")
    func errors() {
        #expect(Self.decide(.success(Self.answer(.unauthorized))) == .fail(.unauthorized(message: "HTTP 401")))
        #expect(
            Self.decide(.success(Self.answer(.notFound, body: #"{"message":"Not Found"}"#)))
                == .fail(.notFound(message: "Not Found", path: "/repos/a/b")))
        let invalid = Self.answer(.unprocessableContent, body: #"{"message":"Validation Failed","errors":[]}"#)
        #expect(
            Self.decide(.success(invalid)) == .fail(.validationFailed(message: "Validation Failed", fieldErrors: [])))
        #expect(Self.decide(.success(Self.answer(418))) == .fail(.unexpectedStatus(418, message: "HTTP 418")))
    }
}
