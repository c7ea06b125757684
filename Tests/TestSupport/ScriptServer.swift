public import Foundation

/// A Python script of `scripts/` serving HTTP on a loopback port: started with its arguments, its first line of
/// output is the port; closing its standard input (``stop()``, or deinit) stops it. For the stand-ins of what the
/// tests cannot reach (GitHub).
public final class ScriptServer: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    /// The server's address, `http://127.0.0.1:PORT`.
    public let baseURL: URL

    /// Starts `scripts/<script>` with `arguments` and waits for its port.
    public init(script: String, arguments: [String]) throws {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["python3", SharedDataFolder.packageRoot.appendingPathComponent("scripts/\(script)").path] + arguments
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
            line += byte
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            process.terminate()
            throw ScriptServerError(description: "scripts/\(script) did not start (is python3 installed?)")
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

/// A script server could not start.
public struct ScriptServerError: Error, CustomStringConvertible {
    public let description: String
}
