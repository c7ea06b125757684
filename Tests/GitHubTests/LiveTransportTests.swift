import Foundation
import GitHub
import GitHubLive
import RepoFinderCore
import TestSupport
import Testing

/// The AsyncHTTPClient transport over real sockets, against the replay server and a closed port.
@Suite("live transport on loopback")
struct LiveTransportTests {
    @Test(
        "the client over the live transport reads, revalidates with a real 304, follows a real 301 and 7 pages of Link")
    func clientOverHTTP() async throws {
        let server = try GitHubReplayServer()
        defer { server.stop() }
        let transport = LiveGitHubTransport()
        let github = GitHubClient(configuration: GitHubConfiguration(baseURL: server.baseURL), transport: transport)
        let name = try RepositoryName(parsing: "sigmavirus24/github3.py")
        let first = try await github.repository(name)
        let again = try await github.repository(name)
        #expect(first.stars == 744 && again == first)
        #expect(await github.statistics.notModified == 1)
        #expect(await github.rateLimit(for: "core")?.limit == 60)
        let moved = try await github.repository(RepositoryName(parsing: "github3py/github3.py"))
        #expect(moved.fullName == "github3py/github3py")
        let starred = try await github.starredRepositories(of: "sigmavirus24")
        #expect(starred.count == 616)
        try await transport.shutdown()
    }

    @Test("a slow answer is a timeout; a closed port is unreachable at once")
    func failures() async throws {
        let server = try GitHubReplayServer()
        defer { server.stop() }
        let transport = LiveGitHubTransport()
        // The server answers after 120 s. (AsyncHTTPClient cancels at the deadline through a Task, so while other
        // suites keep the cooperative threads busy the timeout lands late: 17–20 s in a full run on 2 cores. Still
        // long before the answer.)
        let slow = GitHubRequest(url: URL(string: server.baseURL.absoluteString + "/slow?seconds=120")!)
        await #expect(throws: TransportError.timeout) {
            try await transport.send(slow, timeout: .milliseconds(300))
        }
        // Refused, not timed out: the error says which (a refusal within the deadline is `unreachable`, a deadline
        // reached is `timeout`), so no wall-clock bound is needed (one failed at 10.27 s against 10 s on a loaded CI).
        await #expect {
            try await transport.send(GitHubRequest(url: URL(string: "http://127.0.0.1:1/")!), timeout: .seconds(30))
        } throws: { error in
            guard case .unreachable(let detail) = error as? TransportError else { return false }
            return detail == "127.0.0.1:1: connection refused"
        }
        try await transport.shutdown()
    }
}
