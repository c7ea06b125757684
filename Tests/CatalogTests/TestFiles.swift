import Foundation
import TestSupport

/// Temporary files for import tests, removed when the value goes away.
final class TestDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("repofinder-catalog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `bytes` to a file and returns its path.
    func file(_ name: String, _ bytes: [UInt8]) throws -> String {
        let path = url.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    func file(_ name: String, lines: [String]) throws -> String {
        try file(name, Array(lines.joined(separator: "\n").utf8) + [UInt8(ascii: "\n")])
    }

    /// gzip-compresses a file with the system's gzip and returns the new path.
    func gzip(_ path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-kf", path]
        try process.run()
        process.waitUntilExit()
        return path + ".gz"
    }
}

/// One valid line of GitHub repository JSON, in the shape of the shared catalog.
func repositoryLine(_ fullName: String, stars: Int = 10) -> String {
    let owner = fullName.split(separator: "/")[0]
    let name = fullName.split(separator: "/")[1]
    return #"{"id": 1, "name": "\#(name)", "full_name": "\#(fullName)", "owner": {"login": "\#(owner)"}, "#
        + #""language": "Swift", "topics": ["ios"], "stargazers_count": \#(stars), "forks_count": 1, "#
        + #""pushed_at": "2026-07-14T19:25:58Z", "html_url": "https://github.com/\#(fullName)"}"#
}
