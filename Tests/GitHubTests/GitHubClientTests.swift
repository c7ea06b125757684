import Foundation
import GitHub
import GitHubTestSupport
import HTTPTypes
import RepoFinderCore
import Testing

/// A client over a replay of recordings, with a fake clock; the token is the octokit fixtures' placeholder.
private func client(
    _ transport: ReplayTransport, clock: FakeClock = FakeClock(),
    token: String? = "0000000000000000000000000000000000000001"
) -> GitHubClient {
    GitHubClient(
        configuration: GitHubConfiguration(token: token), transport: transport, sleep: clock.sleeper,
        now: { clock.now })
}

@Suite("GitHub client replaying recorded responses")
struct GitHubClientReplayTests {
    @Test("searches repositories and keeps the search rate limit it was told")
    func search() async throws {
        let transport = ReplayTransport(try Recordings.github3py("GitHub_search_repositories"))
        let github = client(transport, token: nil)
        let page = try await github.searchRepositories("github3 language:python", perPage: 100)
        #expect(page.totalCount == 8)
        #expect(page.repositories.count == 8 && page.skipped.isEmpty)
        #expect(page.repositories.first?.fullName == "sigmavirus24/github3.py")
        #expect(!page.hasNextPage)
        let sent = try #require(await transport.requests.first)
        #expect(ReplayTransport.queryItems(sent.url) == ["q=github3 language:python", "per_page=100"])
        #expect(sent.headerFields[.authorization] == nil)
        #expect(sent.headerFields[.userAgent] == "RepoFinder")
        let limit = try #require(await github.rateLimit(for: "search"))
        #expect(limit.limit == 10 && limit.remaining == 8)
    }

    @Test("gets a repository with the token, then revalidates it with If-None-Match: a 304 reuses the body")
    func repositoryAndETag() async throws {
        let transport = ReplayTransport(try Recordings.octokit("get-repository"))
        let github = client(transport)
        let name = try RepositoryName(parsing: "octokit-fixture-org/hello-world")
        let first = try await github.repository(name)
        #expect(first.githubID == 1000 && first.stars == 42)
        #expect(first.topics == ["fixtures", "hello", "hello-world"])
        let again = try await github.repository(name)
        #expect(again == first)
        let requests = await transport.requests
        #expect(
            requests.map { $0.headerFields[.authorization] }
                == Array(repeating: "Bearer 0000000000000000000000000000000000000001", count: 2))
        #expect(requests[0].headerFields[.ifNoneMatch] == nil)
        #expect(requests[1].headerFields[.ifNoneMatch] == #""00000000000000000000000000000000""#)
        #expect(await transport.statuses == [200, 304])
        #expect(await github.statistics.notModified == 1)
    }

    @Test("follows all 7 pages of a user's stars through Link, with starred_at; a second pass is all 304s")
    func starredPagination() async throws {
        let transport = ReplayTransport(try Recordings.github3py("User_starred_repositories"))
        let github = client(transport, token: nil)
        let starred = try await github.starredRepositories(of: "sigmavirus24")
        #expect(starred.count == 616)
        #expect(starred.first?.repository.fullName == "sigmavirus24/github3.py")
        #expect(starred.first?.starredAt == Timestamp.parse("2018-01-04T22:57:12Z"))
        #expect(starred.allSatisfy { $0.starredAt != nil })
        let requests = await transport.requests
        #expect(requests.count == 7)
        #expect(requests.allSatisfy { $0.headerFields[.accept] == "application/vnd.github.star+json" })
        #expect(requests.last?.url.query?.contains("page=7") == true)

        let again = try await github.starredRepositories(of: "sigmavirus24")
        let same = again == starred
        #expect(same)
        #expect(await transport.statuses.suffix(7) == Array(repeating: 304, count: 7))
        #expect(await github.statistics == GitHubClient.Counters(requests: 14, notModified: 7, waited: .zero))
    }

    @Test("pages through octokit's paginate-issues (5 pages of 3) by rel=next alone")
    func issuesPagination() async throws {
        let transport = ReplayTransport(try Recordings.octokit("paginate-issues"))
        let github = client(transport)
        let first = await github.url("/repos/octokit-fixture-org/paginate-issues/issues", query: [("per_page", "3")])
        let pages = try await github.pages(from: first)
        let counts = try pages.map { try JSONSerialization.jsonObject(with: $0.body) as? [Any] ?? [] }.map(\.count)
        #expect(counts == [3, 3, 3, 3, 1])
        #expect(
            await transport.requests.map { $0.url.path }.dropFirst().allSatisfy { $0 == "/repositories/1000/issues" })
    }

    @Test("follows a renamed repository's 301 to its new name")
    func renamedRepository() async throws {
        let transport = ReplayTransport(try Recordings.octokit("rename-repository"))
        let github = client(transport)
        let renamed = try await github.repository(RepositoryName(parsing: "octokit-fixture-org/rename-repository"))
        #expect(renamed.fullName == "octokit-fixture-org/rename-repository-newname")
        #expect(await transport.statuses == [301, 200])
        #expect(await transport.requests.last?.url.absoluteString == "https://api.github.com/repositories/1000")

        let license = ReplayTransport(try Recordings.github3py("Repository_license"))
        let moved = try await client(license, token: nil).repository(RepositoryName(parsing: "github3py/github3.py"))
        #expect(moved.fullName == "github3py/github3py")
        #expect(await license.statuses == [301, 200])
    }

    @Test("repeats a write along a 307 with its method and body")
    func temporaryRedirectKeepsMethod() async throws {
        let transport = ReplayTransport(try Recordings.octokit("rename-repository"))
        let github = client(transport)
        let url = await github.url("/repos/octokit-fixture-org/rename-repository")
        _ = try await github.send(GitHubRequest(method: .patch, url: url, body: Data(#"{"name":"x"}"#.utf8)))
        _ = try await github.send(GitHubRequest(url: url))
        let body = Data(#"{"name":"rename-repository-newname","description":"test description"}"#.utf8)
        let response = try await github.send(GitHubRequest(method: .patch, url: url, body: body))
        #expect(response.status == 200)
        let log = await transport.log
        #expect(log.map(\.status) == [200, 301, 200, 307, 200])
        #expect(log[4].request.method == .patch && log[4].request.body == body)
        #expect(log[4].request.url.path == "/repositories/1000")
    }

    @Test("drops the token when a redirect leaves the API host")
    func crossHostRedirect() async throws {
        let transport = ReplayTransport(try Recordings.octokit("get-archive"))
        let github = client(transport)
        _ = try await github.send(GitHubRequest(url: github.url("/repos/octokit-fixture-org/get-archive/tarball/main")))
        let requests = await transport.requests
        #expect(requests.map { $0.url.host } == ["api.github.com", "codeload.github.com"])
        #expect(requests[0].headerFields[.authorization] != nil && requests[1].headerFields[.authorization] == nil)
    }

    @Test("reads topics and a base64 README")
    func topicsAndReadme() async throws {
        let topics = ReplayTransport(try Recordings.github3py("Repository_topics"))
        #expect(
            try await client(topics, token: nil).topics(of: RepositoryName(parsing: "jacquerie/flask-shell-bpython"))
                == ["flask", "bpython", "python"])
        let readme = ReplayTransport(try Recordings.github3py("Repository_readme"))
        let file = try await client(readme, token: nil).readme(of: RepositoryName(parsing: "sigmavirus24/github3.py"))
        #expect(file.name == "README.rst")
        #expect(file.text.hasPrefix(".. image::"))
        #expect(file.text.contains("github3.py"))
    }
}
