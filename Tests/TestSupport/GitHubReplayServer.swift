public import Foundation

/// `scripts/github-replay-server.py` running on a loopback port: the recorded github3.py answers over real HTTP,
/// for tests of the live transport and of `repofinder sync` end to end. Stopped by ``stop()`` or on deinit.
public final class GitHubReplayServer: @unchecked Sendable {
    /// The package's root folder.
    public static var packageRoot: URL { SharedDataFolder.packageRoot }

    /// `../shared/data` beside the package, or `REPOFINDER_SHARED_DATA`.
    public static var sharedData: URL { SharedDataFolder.url }

    private let process = Process()
    private let input = Pipe()
    /// The server's address, `http://127.0.0.1:PORT`.
    public let baseURL: URL

    public init() throws {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", Self.packageRoot.appendingPathComponent("scripts/github-replay-server.py").path,
            Self.sharedData.appendingPathComponent("github-api").path,
        ]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
            line += byte
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            process.terminate()
            throw ReplayServerError(description: "the replay server did not start (is python3 installed?)")
        }
        baseURL = URL(string: "http://127.0.0.1:\(port)")!
    }

    /// Stops the server.
    public func stop() {
        guard process.isRunning else { return }
        try? input.fileHandleForWriting.close()
        process.terminate()
        process.waitUntilExit()
    }

    deinit { stop() }
}

/// The replay server could not start.
public struct ReplayServerError: Error, CustomStringConvertible {
    public let description: String
}
