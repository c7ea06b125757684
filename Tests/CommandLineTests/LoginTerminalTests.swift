import Foundation
import TestSupport
import Testing

/// `repofinder login` through a pseudo-terminal against a real server process that signs people in with the stand-in
/// GitHub (device flow): the code shown, the person's answer on GitHub, and the outcome.
@Suite("repofinder login (the device flow in a pseudo-terminal)")
struct LoginTerminalTests {
    @Test("shows the code; approved signs the device in (the deck says who), denied and expired say so and exit 1")
    func deviceFlow() async throws {
        let standIn = try GitHubStandIn(users: ["ada": 0], deviceInterval: 1)
        defer { standIn.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("repofinder-login-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try await ServerProcessTests().makeDatabase(in: directory)
        let key = Data((0..<32).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        let server = try ServerProcessTests.ServerProcess(
            database: database, directory: directory,
            environment: [
                "GITHUB_API_URL": standIn.baseURL.absoluteString, "GITHUB_URL": standIn.baseURL.absoluteString,
                "GITHUB_CLIENT_ID": GitHubStandIn.clientID, "GITHUB_CLIENT_SECRET": GitHubStandIn.clientSecret,
                "GITHUB_TOKEN_KEY": key,
            ])
        try await server.waitUntilListening()
        defer { server.process.terminate() }

        for (action, expected, status) in [
            ("deny", "Sign-in was cancelled on GitHub; nothing changed.", Int32(1)),
            ("expire", "The code expired before it was entered; sign in again for a new one.", 1),
            ("approve", "Signed in as ada on GitHub.", 0),
        ] {
            let state = directory.appendingPathComponent("state-\(action)")
            let (login, terminal) = try launch(["login"], server: server.url, state: state)
            let code = try await terminal.wait(for: "enter the code: [A-F0-9]{4}-[A-F0-9]{4}")
            #expect(terminal.text.contains("\(standIn.baseURL.absoluteString)/login/device"))
            try await standIn.device(String(code.suffix(9)), login: "ada", action: action)
            _ = try await terminal.wait(for: NSRegularExpression.escapedPattern(for: expected))
            #expect(try await DiscoverTerminalTests().exitStatus(login) == status, "\(action): \(terminal.text)")
        }

        // The signed-in device's deck says who it is.
        let state = directory.appendingPathComponent("state-approve")
        let (deck, terminal) = try launch(["discover", "--no-color"], server: server.url, state: state)
        _ = try await terminal.wait(for: "Signed in as ada on GitHub")
        terminal.type("q")
        #expect(try await DiscoverTerminalTests().exitStatus(deck) == 0)
        // And logging out ends it.
        let logout = try await CommandLineTests().run([
            "logout", "--server", server.url.absoluteString, "--state", state.path,
        ])
        #expect(logout.status == 0)
        #expect(logout.output.contains("Signed out on this device."))
    }

    /// Starts `repofinder ARGUMENTS --server … --state …` on a new pseudo-terminal.
    func launch(_ arguments: [String], server: URL, state: URL) throws -> (
        Process, DiscoverTerminalTests.PseudoTerminal
    ) {
        let terminal = try DiscoverTerminalTests.PseudoTerminal()
        let handle = FileHandle(forUpdatingAtPath: terminal.terminalPath)!
        let process = Process()
        process.executableURL = CommandLineTests.binary
        process.arguments = arguments + ["--server", server.absoluteString, "--state", state.path]
        process.standardInput = handle
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        return (process, terminal)
    }
}
