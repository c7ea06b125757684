import Foundation
import TestSupport
import Testing

/// `repofinder import-stars` against a real server process pointed at the stand-in GitHub.
@Suite("repofinder import-stars (a real server, the stand-in GitHub)")
struct ImportStarsCommandTests {
    @Test("imports with its progress, again adds nothing, and says why a login cannot be imported")
    func importStars() async throws {
        let standIn = try GitHubStandIn(users: ["octo-stars": 250])
        defer { standIn.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("repofinder-stars-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // A small catalog of its own (an empty database would load the 42,184-repository starter catalog first).
        let database = try await ServerProcessTests().makeDatabase(in: directory)
        let server = try ServerProcessTests.ServerProcess(
            database: database, directory: directory,
            environment: ["GITHUB_API_URL": standIn.baseURL.absoluteString])
        try await server.waitUntilListening()
        let command = CommandLineTests()
        let state = directory.appendingPathComponent("state").path
        let common = ["--server", server.url.absoluteString, "--state", state]

        let first = try await command.run(["import-stars", "octo-stars"] + common)
        #expect(first.status == 0, "\(first.errors)")
        let lines = first.output.split(separator: "\n")
        #expect(lines.first?.hasPrefix("Reading octo-stars’s stars") == true)
        #expect(lines.last == "Imported 250 stars from octo-stars (250 new to RepoFinder).")
        let again = try await command.run(["import-stars", "octo-stars"] + common)
        #expect(again.output.split(separator: "\n").last == "No new stars from octo-stars since the last import.")

        let invalid = try await command.run(["import-stars", "not-a-login-"] + common)
        #expect(invalid.status == 64)
        #expect(invalid.errors.contains("'not-a-login-' is not a GitHub login"))
        let unknown = try await command.run(["import-stars", "nobody-here"] + common)
        #expect(unknown.status == 1)
        #expect(unknown.errors.contains("GitHub has no user named 'nobody-here'. Check the spelling."))
        #expect(await server.terminate() == 0)
    }
}
