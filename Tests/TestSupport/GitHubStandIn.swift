public import Foundation
import RepoFinderCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `scripts/github-standin.py` on a loopback port: a separate process answering GitHub's documented REST requests
/// (users, star listings with `starred_at`, `Link` pages, ETags, rate-limit headers) with repositories of the shared
/// catalog. Stopped by ``stop()`` or on deinit.
public final class GitHubStandIn: Sendable {
    private let server: ScriptServer
    /// The API's address, `http://127.0.0.1:PORT` (GitHub's `https://api.github.com`).
    public var baseURL: URL { server.baseURL }

    /// Starts a stand-in whose users have the given numbers of public stars (`["octo-stars": 250]`), with a core
    /// rate limit of `rateLimit` requests an hour, answering each page of stars after `pageDelay` seconds; serving
    /// the curated lists of the folder `lists` (laid out like `../shared/data/awesome`) through the contents API.
    public init(
        users: [String: Int], rateLimit: Int = 5_000, pageDelay: Double = 0, deviceInterval: Int = 1,
        deviceExpires: Int = 900, graphQLLimit: Int = 5_000, lists: URL? = nil
    ) throws {
        let catalog = SharedDataFolder.url.appendingPathComponent("catalog/repos.jsonl.gz").path
        server = try ScriptServer(
            script: "github-standin.py",
            arguments: [
                "--catalog", catalog, "--rate-limit", String(rateLimit), "--page-delay", String(pageDelay),
                "--client-id", Self.clientID, "--client-secret", Self.clientSecret,
                "--device-interval", String(deviceInterval), "--device-expires", String(deviceExpires),
                "--graphql-limit", String(graphQLLimit),
            ] + users.sorted { $0.key < $1.key }.flatMap { ["--user", "\($0.key)=\($0.value)"] }
                + (lists.map { ["--lists", $0.path] } ?? []))
    }

    /// The OAuth app the stand-in knows.
    public static let clientID = "Iv1.standin0client"
    public static let clientSecret = "standin-secret-0123456789abcdef"

    /// What a person does on the consent page at `authorizeURL` (signed in to GitHub as `login`): Authorize, or
    /// Cancel. Returns where GitHub sends the browser back (`redirect_uri?code=…&state=…`).
    public func consent(_ authorizeURL: URL, login: String, allow: Bool = true) async throws -> URL {
        var fields = (URLComponents(url: authorizeURL, resolvingAgainstBaseURL: false)?.queryItems ?? [])
            .map { ($0.name, $0.value ?? "") }
        fields += [("login", login), ("decision", allow ? "allow" : "deny")]
        var request = URLRequest(url: baseURL.appendingPathComponent("login/oauth/authorize"))
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(
            fields.map { "\(PercentEncoding.encode($0.0))=\(PercentEncoding.encode($0.1))" }.joined(separator: "&").utf8
        )
        return try await Self.location(of: request)
    }

    /// Where a browser goes next from `url`: the `Location` of its answer (which must redirect), not followed.
    public static func redirect(from url: URL) async throws -> URL {
        try await location(of: URLRequest(url: url))
    }

    /// The `Location` that `request` is answered with, not followed.
    static func location(of request: URLRequest) async throws -> URL {
        let session = URLSession(configuration: .ephemeral, delegate: NoRedirects(), delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let (_, response) = try await session.data(for: request)
        guard let location = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Location"),
            let next = URL(string: location)
        else { throw ScriptServerError(description: "\(request.url?.absoluteString ?? "a page") did not redirect") }
        return next
    }

    /// Acts on a device code as the person would on `/login/device`: `approve` (as `login`), `deny`, or `expire`.
    public func device(_ userCode: String, login: String = "", action: String) async throws {
        let body = try JSONSerialization.data(withJSONObject: ["user_code": userCode, "login": login, "action": action])
        _ = try await post("_standin/device", body)
    }

    /// Changes the scopes of `login`'s tokens, as if they authorized the app again with these.
    public func grantScopes(_ scope: String, to login: String) async throws {
        _ = try await post(
            "_standin/scopes", try JSONSerialization.data(withJSONObject: ["login": login, "scope": scope]))
    }

    /// Every live GitHub token the stand-in issued, by login (the tests grep databases for them).
    public func tokens() async throws -> [String: [String]] {
        let (data, _) = try await URLSession.shared.data(from: baseURL.appendingPathComponent("_standin/tokens"))
        return try JSONSerialization.jsonObject(with: data) as? [String: [String]] ?? [:]
    }

    /// The repositories `login` starred through the API.
    public func starredNames(_ login: String) async throws -> [String] {
        let address = baseURL.appendingPathComponent("_standin/users/\(login)/starred-names")
        let (data, _) = try await URLSession.shared.data(from: address)
        return try JSONSerialization.jsonObject(with: data) as? [String] ?? []
    }

    /// Makes `login` a member of these organisations (what `GET /user/orgs` lists for them).
    public func setOrganisations(_ login: String, _ organisations: [String]) async throws {
        _ = try await post(
            "_standin/users/\(login)/orgs", try JSONSerialization.data(withJSONObject: ["orgs": organisations]))
    }

    private func post(_ path: String, _ body: Data) async throws -> Data {
        var request = URLRequest(url: baseURL.appendingPathComponent(path))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = body
        return try await URLSession.shared.data(for: request).0
    }

    /// How many requests the stand-in has answered (and zeroes the count when `reset`).
    public func requestCount(reset: Bool = false) async throws -> Int {
        let url = baseURL.appendingPathComponent("_standin/requests")
        let address = reset ? URL(string: url.absoluteString + "?reset=1")! : url
        let (data, _) = try await URLSession.shared.data(from: address)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return object?["requests"] as? Int ?? -1
    }

    /// Stars `count` more repositories for `login`, starred now.
    public func star(_ count: Int, for login: String) async throws {
        var request = URLRequest(url: baseURL.appendingPathComponent("_standin/users/\(login)/stars"))
        request.httpMethod = "POST"
        request.httpBody = Data(#"{"count": \#(count)}"#.utf8)
        _ = try await URLSession.shared.data(for: request)
    }

    /// Adds a repository to GitHub (a REST repository object: `full_name`, `stargazers_count`, …).
    public func addRepository(_ fields: [String: Any]) async throws {
        _ = try await post("_standin/repos", try JSONSerialization.data(withJSONObject: fields))
    }

    /// Renames a repository on GitHub (its old name answers 301 from now on).
    public func rename(_ from: String, to: String) async throws {
        _ = try await post(
            "_standin/repos/rename", try JSONSerialization.data(withJSONObject: ["from": from, "to": to]))
    }

    /// Deletes a repository from GitHub (404 from now on).
    public func delete(_ name: String) async throws {
        _ = try await post("_standin/repos/delete", try JSONSerialization.data(withJSONObject: ["name": name]))
    }

    /// Changes the file of the curated list `id` (`owner/repo`, or `owner/repo/path` for a list in another file) to
    /// `text`, as a curator's commit would.
    public func setList(_ id: String, text: String) async throws {
        _ = try await post("_standin/lists", try JSONSerialization.data(withJSONObject: ["list": id, "text": text]))
    }

    /// Adds `stars` stars to every repository.
    public func grow(stars: Int) async throws {
        _ = try await post("_standin/repos/grow", try JSONSerialization.data(withJSONObject: ["stars": stars]))
    }

    /// Stops the stand-in.
    public func stop() { server.stop() }
}

/// Keeps a redirect's answer instead of following it.
private final class NoRedirects: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
