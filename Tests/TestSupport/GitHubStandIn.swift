public import Foundation

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
    /// rate limit of `rateLimit` requests an hour, answering each page of stars after `pageDelay` seconds.
    public init(users: [String: Int], rateLimit: Int = 5_000, pageDelay: Double = 0) throws {
        let catalog = SharedDataFolder.url.appendingPathComponent("catalog/repos.jsonl.gz").path
        server = try ScriptServer(
            script: "github-standin.py",
            arguments: ["--catalog", catalog, "--rate-limit", String(rateLimit), "--page-delay", String(pageDelay)]
                + users.sorted { $0.key < $1.key }.flatMap { ["--user", "\($0.key)=\($0.value)"] })
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

    /// Stops the stand-in.
    public func stop() { server.stop() }
}
