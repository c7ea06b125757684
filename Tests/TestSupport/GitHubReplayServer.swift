public import Foundation

/// `scripts/github-replay-server.py` running on a loopback port: the recorded github3.py answers over real HTTP,
/// for tests of the live transport and of `repofinder sync` end to end. Stopped by ``stop()`` or on deinit.
public final class GitHubReplayServer: Sendable {
    /// The package's root folder.
    public static var packageRoot: URL { SharedDataFolder.packageRoot }

    /// `../shared/data` beside the package, or `REPOFINDER_SHARED_DATA`.
    public static var sharedData: URL { SharedDataFolder.url }

    private let server: ScriptServer
    /// The server's address, `http://127.0.0.1:PORT`.
    public var baseURL: URL { server.baseURL }

    public init() throws {
        server = try ScriptServer(
            script: "github-replay-server.py", arguments: [Self.sharedData.appendingPathComponent("github-api").path])
    }

    /// Stops the server.
    public func stop() { server.stop() }
}
