import Foundation
import GitHub
import GitHubLive
import GitHubTestSupport
import HTTPTypes
import TestSupport
import Testing

/// The stand-in GitHub (`scripts/github-standin.py`) checked against GitHub's recorded answers: the same fields, the
/// same header forms, the same conditional-request manners. Tests of star imports rely on it answering as GitHub does.
@Suite("The stand-in GitHub answers like the recorded GitHub")
struct StandInTests {
    static func get(
        _ transport: LiveGitHubTransport, _ url: URL, accept: String = "application/vnd.github+json",
        headers extra: HTTPFields = [:]
    ) async throws -> GitHubResponse {
        var fields = extra
        fields[.accept] = accept
        return try await transport.send(GitHubRequest(url: url, headerFields: fields), timeout: .seconds(10))
    }

    static func keys(_ object: Any?) -> Set<String> { Set((object as? [String: Any])?.keys.map { $0 } ?? []) }

    static func json(_ data: Data) throws -> Any { try JSONSerialization.jsonObject(with: data) }

    @Test("a star listing: items of starred_at and repo, Link pages, a weak ETag, 304, rate-limit headers")
    func starListing() async throws {
        let standIn = try GitHubStandIn(users: ["octo-stars": 250])
        defer { standIn.stop() }
        let transport = LiveGitHubTransport()
        let recorded = try Recordings.github3py("User_starred_repositories").first { $0.url.path.hasSuffix("/starred") }
        let real = try #require(recorded)
        let realRepositoryKeys = Self.keys((try Self.json(real.body) as? [[String: Any]])?.first?["repo"])
            .union(Self.keys(try Self.json(try #require(Recordings.octokit("get-repository").last).body)))

        let url = URL(string: standIn.baseURL.absoluteString + "/users/octo-stars/starred?per_page=100")!
        let page = try await Self.get(transport, url, accept: "application/vnd.github.star+json")
        #expect(page.status == 200)
        let items = try #require(try Self.json(page.body) as? [[String: Any]])
        let realItems = try #require(try Self.json(real.body) as? [[String: Any]])
        #expect(items.count == 100)
        #expect(Set(items[0].keys) == Set(realItems[0].keys))
        // Every field the stand-in sends is one GitHub sends.
        let extra = Self.keys(items[0]["repo"]).subtracting(realRepositoryKeys)
        #expect(extra.isEmpty, "fields GitHub does not send: \(extra.sorted())")
        // Times as GitHub writes them, newest first.
        let times = items.compactMap { $0["starred_at"] as? String }
        #expect(times.count == 100 && times == times.sorted(by: >))
        #expect(times[0].wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/) != nil)
        #expect((realItems[0]["starred_at"] as? String)?.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/) != nil)

        // Link: the same relations and form as the recording's first page.
        let links = LinkHeader(page.headerFields[.link])
        let realLinks = LinkHeader(real.headers[.link])
        #expect(Set(links.links.keys) == Set(realLinks.links.keys))
        #expect(links.next?.query?.contains("page=2") == true && links.last?.query?.contains("page=3") == true)
        #expect(links.next?.host == "127.0.0.1")
        // ETag: weak, like GitHub's; the same request with it is a 304 with no body.
        let etag = try #require(page.headerFields[.eTag])
        #expect(etag.hasPrefix("W/\"") && real.headers[.eTag]?.hasPrefix("W/\"") == true)
        let again = try await Self.get(
            transport, url, accept: "application/vnd.github.star+json", headers: [.ifNoneMatch: etag])
        #expect(again.status == 304 && again.body.isEmpty)
        // Rate-limit headers: every one GitHub sends.
        for name in [HTTPField.Name.xRateLimitLimit, .xRateLimitRemaining, .xRateLimitReset] {
            #expect(page.headerFields[name] != nil && real.headers[name] != nil, "\(name)")
        }
        // The last page has no next.
        let last = try await Self.get(transport, try #require(links.last), accept: "application/vnd.github.star+json")
        #expect(LinkHeader(last.headerFields[.link]).next == nil)
        #expect((try Self.json(last.body) as? [Any])?.count == 50)
        try await transport.shutdown()
    }

    @Test("a user, an unknown user, and a used-up rate limit, as GitHub answers them")
    func usersAndLimits() async throws {
        let standIn = try GitHubStandIn(users: ["octo-stars": 5], rateLimit: 2)
        defer { standIn.stop() }
        let transport = LiveGitHubTransport()
        let realUser = try #require(Recordings.github3py("GitHub_user_with_id").first)
        let user = try await Self.get(transport, standIn.baseURL.appendingPathComponent("users/octo-stars"))
        #expect(user.status == 200)
        // The 2017 recording of a user, and the 2022 one of an owner (which adds `node_id`).
        let realOwner =
            (try Self.json(try #require(Recordings.octokit("get-repository").last).body) as? [String: Any])?[
                "owner"]
        let realKeys = Self.keys(try Self.json(realUser.body)).union(Self.keys(realOwner))
        let extra = Self.keys(try Self.json(user.body)).subtracting(realKeys)
        #expect(extra.isEmpty, "fields GitHub does not send: \(extra.sorted())")

        let unknown = try await Self.get(transport, standIn.baseURL.appendingPathComponent("users/nobody-here"))
        #expect(unknown.status == 404)
        #expect((try Self.json(unknown.body) as? [String: Any])?["message"] as? String == "Not Found")
        #expect(unknown.headerFields[.xRateLimitRemaining] == "0")

        let limited = try await Self.get(transport, standIn.baseURL.appendingPathComponent("users/octo-stars"))
        #expect(limited.status == 403)
        #expect(limited.headerFields[.xRateLimitRemaining] == "0")
        let message = (try Self.json(limited.body) as? [String: Any])?["message"] as? String
        #expect(message?.hasPrefix("API rate limit exceeded") == true)
        // The client reads it as GitHub's primary limit, used up until the reset.
        let client = GitHubClient(
            configuration: GitHubConfiguration(baseURL: standIn.baseURL, maximumWait: .seconds(1)), transport: transport
        )
        await #expect {
            try await client.user(login: "octo-stars")
        } throws: { error in
            if case GitHubError.rateLimited(let resource, _) = error { return resource == "core" }
            return false
        }
        try await transport.shutdown()
    }

    @Test("a list's file: GitHub's contents object (the recorded README's fields), raw bytes, weak ETags, 304, 404")
    func contents() async throws {
        let folder = SharedDataFolder.url.appendingPathComponent("awesome")
        let standIn = try GitHubStandIn(users: [:], lists: folder)
        defer { standIn.stop() }
        let transport = LiveGitHubTransport()
        let recorded = try #require(
            try Recordings.github3py("Repository_readme").first { $0.url.path.hasSuffix("/readme") })
        let real = try #require(try Self.json(recorded.body) as? [String: Any])
        let readme = URL(string: standIn.baseURL.absoluteString + "/repos/avelino/awesome-go/readme")!
        let copy = try Data(contentsOf: folder.appendingPathComponent("lists/avelino+awesome-go.md"))

        // The JSON object: the fields GitHub sends, the file in base64 lines of 60 characters as GitHub writes them.
        let object = try await Self.get(transport, readme)
        #expect(object.status == 200)
        let fields = try #require(try Self.json(object.body) as? [String: Any])
        #expect(Set(fields.keys) == Set(real.keys))
        #expect(Self.keys(fields["_links"]) == Self.keys(real["_links"]))
        #expect(fields["type"] as? String == real["type"] as? String && fields["encoding"] as? String == "base64")
        let content = try #require(fields["content"] as? String)
        let realContent = try #require(real["content"] as? String)
        #expect(content.split(separator: "\n").first?.count == realContent.split(separator: "\n").first?.count)
        #expect(Data(base64Encoded: content, options: .ignoreUnknownCharacters) == copy)
        #expect(fields["size"] as? Int == copy.count)

        // The raw media type: the bytes themselves, with a weak ETag of their own; that ETag again is a 304.
        let raw = try await Self.get(transport, readme, accept: GitHubClient.rawMediaType)
        #expect(raw.status == 200 && raw.body == copy)
        let etag = try #require(raw.headerFields[.eTag])
        #expect(etag.hasPrefix("W/\"") && recorded.headers[.eTag]?.hasPrefix("W/\"") == true)
        #expect(etag != object.headerFields[.eTag])
        let again = try await Self.get(
            transport, readme, accept: GitHubClient.rawMediaType, headers: [.ifNoneMatch: etag])
        #expect(again.status == 304 && again.body.isEmpty)

        // A list in another file, by its path; a file the repository does not have is GitHub's 404.
        let base = standIn.baseURL.absoluteString + "/repos/jaywcjlove/awesome-mac/contents/"
        let file = try await Self.get(
            transport, URL(string: base + "command-line-apps.md")!, accept: "application/vnd.github.raw+json")
        #expect(file.status == 200 && file.body.count > 1_000)
        let missing = try await Self.get(transport, URL(string: base + "nothing.md")!)
        #expect(missing.status == 404)
        #expect(
            Set((try Self.json(missing.body) as? [String: Any])?.keys.map { $0 } ?? []).isSuperset(of: [
                "message", "documentation_url",
            ]))
    }
}
