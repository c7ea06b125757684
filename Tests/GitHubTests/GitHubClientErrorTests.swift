import Foundation
import GitHub
import GitHubTestSupport
import HTTPTypes
import RepoFinderCore
import Testing

/// A JSON error body as GitHub sends it.
private func failure(_ status: Int, _ message: String, headers: HTTPFields = [:]) -> Result<
    GitHubResponse, TransportError
> {
    .success(
        GitHubResponse(
            status: HTTPResponse.Status(code: status), headerFields: headers,
            body: Data(#"{"message":"\#(message)","documentation_url":"https://docs.github.com/rest"}"#.utf8)))
}

private func client(_ transport: ReplayTransport, clock: FakeClock) -> GitHubClient {
    GitHubClient(
        configuration: GitHubConfiguration(token: "secret"), transport: transport, sleep: clock.sleeper,
        now: { clock.now })
}

private let helloWorld = try! RepositoryName(parsing: "octokit-fixture-org/hello-world")

@Suite("GitHub client errors, limits and retries")
struct GitHubClientErrorTests {
    @Test("a recorded 422 becomes validationFailed with GitHub's message and field errors")
    func validationFailed() async throws {
        let transport = ReplayTransport(try Recordings.octokit("errors"))
        let clock = FakeClock()
        let github = client(transport, clock: clock)
        let url = await github.url("/repos/octokit-fixture-org/errors/labels")
        await #expect(
            throws: GitHubError.validationFailed(
                message: "Validation Failed",
                fieldErrors: [GitHubError.FieldError(resource: "Label", field: "color", code: "invalid")])
        ) {
            try await github.send(GitHubRequest(method: .post, url: url, body: Data(#"{"name":"x","color":"?"}"#.utf8)))
        }
        #expect(clock.pauses.isEmpty)
    }

    @Test("a recorded 404 becomes notFound with the path")
    func notFound() async throws {
        let transport = ReplayTransport(try Recordings.octokit("branch-protection"))
        let github = client(transport, clock: FakeClock())
        let path = "/repos/octokit-fixture-org/branch-protection/branches/main/protection"
        let url = await github.url(path)
        await #expect(throws: GitHubError.notFound(message: "Branch not protected", path: path)) {
            try await github.send(GitHubRequest(url: url))
        }
    }

    @Test("401 and a plain 403 fail at once with GitHub's message; neither is retried")
    func unauthorizedAndForbidden() async throws {
        let clock = FakeClock()
        let transport = ReplayTransport(
            [], scripted: [failure(401, "Bad credentials"), failure(403, "Resource not accessible by integration")])
        let github = client(transport, clock: clock)
        await #expect(throws: GitHubError.unauthorized(message: "Bad credentials")) {
            try await github.repository(helloWorld)
        }
        await #expect(throws: GitHubError.forbidden(message: "Resource not accessible by integration")) {
            try await github.repository(helloWorld)
        }
        #expect(await transport.log.count == 2)
        #expect(clock.pauses.isEmpty)
    }

    @Test("5xx is retried with doubling pauses, then succeeds from the recording")
    func serverErrorThenSuccess() async throws {
        let clock = FakeClock()
        let transport = ReplayTransport(
            try Recordings.octokit("get-repository"),
            scripted: [failure(502, "Server Error"), failure(503, "Service Unavailable")])
        let repository = try await client(transport, clock: clock).repository(helloWorld)
        #expect(repository.stars == 42)
        #expect(await transport.statuses == [502, 503, 200])
        #expect(clock.pauses == [.seconds(1), .seconds(2)])
    }

    @Test("5xx that persists becomes serverError after the bounded retries")
    func serverErrorPersists() async throws {
        let clock = FakeClock()
        let transport = ReplayTransport([], scripted: Array(repeating: failure(500, "Server Error"), count: 10))
        await #expect(throws: GitHubError.serverError(status: 500, message: "Server Error")) {
            try await client(transport, clock: clock).repository(helloWorld)
        }
        #expect(await transport.log.count == 4)
        #expect(clock.pauses == [.seconds(1), .seconds(2), .seconds(4)])
    }

    @Test("timeouts are retried, then reported as timeout; an unreachable host fails at once")
    func timeoutAndUnreachable() async throws {
        let clock = FakeClock()
        let slow = ReplayTransport([], scripted: Array(repeating: .failure(.timeout), count: 10))
        await #expect(throws: GitHubError.timeout) { try await client(slow, clock: clock).repository(helloWorld) }
        #expect(await slow.log.count == 4)

        let down = ReplayTransport([], scripted: [.failure(.unreachable("connection refused"))])
        await #expect(throws: GitHubError.unreachable("connection refused")) {
            try await client(down, clock: FakeClock()).repository(helloWorld)
        }
        #expect(await down.log.count == 1)
    }

    @Test("a used-up primary limit that resets soon is waited out, then the request goes through")
    func primaryLimitWait() async throws {
        let clock = FakeClock()
        // The recorded search answer, with the limit used up and resetting 30 s from now.
        var exhausted = try Recordings.octokit("search-issues")[0]
        exhausted.headers[.xRateLimitRemaining] = "0"
        exhausted.headers[.xRateLimitReset] = String(Int(clock.start.timeIntervalSince1970) + 30)
        let transport = ReplayTransport(
            try Recordings.octokit("search-issues"),
            scripted: [.success(GitHubResponse(status: .ok, headerFields: exhausted.headers, body: exhausted.body))])
        let github = client(transport, clock: clock)
        let url = await github.url("/search/issues", query: [("q", "sesame repo:octokit-fixture-org/search-issues")])
        _ = try await github.send(GitHubRequest(url: url))
        #expect(await github.rateLimit(for: "search")?.remaining == 0)
        _ = try await github.send(GitHubRequest(url: url))
        #expect(clock.pauses == [.seconds(31)])
        #expect(await github.rateLimit(for: "search")?.remaining == 29)
        #expect(await transport.log.count == 2)
    }

    @Test("a used-up primary limit far from reset fails with the reset time and sends nothing more")
    func primaryLimitTooFar() async throws {
        let clock = FakeClock()
        let reset = Int(clock.start.timeIntervalSince1970) + 3600
        var headers = try Recordings.octokit("get-repository")[0].headers
        headers[.xRateLimitRemaining] = "0"
        headers[.xRateLimitReset] = String(reset)
        let transport = ReplayTransport(
            [], scripted: [failure(403, "API rate limit exceeded for 203.0.113.7.", headers: headers)])
        let github = client(transport, clock: clock)
        let limited = GitHubError.rateLimited(resource: "core", resetsAt: Date(timeIntervalSince1970: Double(reset)))
        await #expect(throws: limited) { try await github.repository(helloWorld) }
        await #expect(throws: limited) { try await github.repository(helloWorld) }
        #expect(await transport.log.count == 1)
        #expect(clock.pauses.isEmpty)
    }

    @Test("a secondary limit's retry-after is honoured; without it the client backs off a minute, doubling")
    func secondaryLimits() async throws {
        let clock = FakeClock()
        let transport = ReplayTransport(
            try Recordings.octokit("get-repository"),
            scripted: [
                failure(403, "You have exceeded a secondary rate limit.", headers: [.retryAfter: "7"]),
                failure(429, "You have exceeded a secondary rate limit."),
                failure(
                    403, "You have exceeded a secondary rate limit. Please wait a few minutes before you try again."),
            ])
        let repository = try await client(transport, clock: clock).repository(helloWorld)
        #expect(repository.githubID == 1000)
        #expect(clock.pauses == [.seconds(7), .seconds(120), .seconds(240)])
        #expect(await transport.statuses == [403, 429, 403, 200])

        let stubborn = ReplayTransport(
            [],
            scripted: Array(repeating: failure(429, "secondary rate limit", headers: [.retryAfter: "5"]), count: 9))
        await #expect(throws: GitHubError.secondaryRateLimited(retryAfter: .seconds(5))) {
            try await client(stubborn, clock: FakeClock()).repository(helloWorld)
        }
        #expect(await stubborn.log.count == 4)
    }

    @Test("a redirect loop stops with tooManyRedirects")
    func redirectLoop() async throws {
        let loop = Result<GitHubResponse, TransportError>.success(
            GitHubResponse(
                status: .movedPermanently, headerFields: [.location: "https://api.github.com/repositories/1"]))
        let transport = ReplayTransport([], scripted: Array(repeating: loop, count: 20))
        await #expect(throws: GitHubError.tooManyRedirects(URL(string: "https://api.github.com/repositories/1")!)) {
            try await client(transport, clock: FakeClock()).repository(helloWorld)
        }
        #expect(await transport.log.count == 6)
    }

    @Test("an unreadable body is invalidResponse, not a crash")
    func invalidBody() async throws {
        let transport = ReplayTransport(
            [], scripted: [.success(GitHubResponse(status: .ok, body: Data("<html>".utf8)))])
        await #expect {
            try await client(transport, clock: FakeClock()).repository(helloWorld)
        } throws: { error in
            guard case .invalidResponse = error as? GitHubError else { return false }
            return true
        }
    }

    @Test("reads Link headers")
    func linkHeader() {
        let link = LinkHeader(
            #"<https://api.github.com/user/240830/starred?page=2>; rel="next", <https://api.github.com/user/240830/starred?page=7>; rel="last""#
        )
        #expect(link.next?.absoluteString == "https://api.github.com/user/240830/starred?page=2")
        #expect(link.last?.query == "page=7")
        #expect(LinkHeader(nil).links.isEmpty)
        #expect(LinkHeader("garbage, <>; rel=").links.isEmpty)
    }
}
