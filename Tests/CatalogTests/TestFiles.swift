import Foundation

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

/// The shared real data: `../shared/data` beside the package (where CI puts it), or `REPOFINDER_SHARED_DATA`.
enum SharedData {
    static let root: URL = {
        if let override = ProcessInfo.processInfo.environment["REPOFINDER_SHARED_DATA"] {
            return URL(fileURLWithPath: override)
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/data")
    }()

    /// The path of a shared file, or a clear failure saying where it was looked for.
    static func file(_ relativePath: String) throws -> String {
        let path = root.appendingPathComponent(relativePath).path
        guard FileManager.default.fileExists(atPath: path) else {
            throw SharedDataMissing(
                description: "The shared data is not at \(path) (CI puts shared/ beside the clone); "
                    + "set REPOFINDER_SHARED_DATA to the shared data folder.")
        }
        return path
    }

    static var catalog: String { get throws { try file("catalog/repos.jsonl.gz") } }
}

struct SharedDataMissing: Error, CustomStringConvertible {
    let description: String
}

/// One valid line of GitHub repository JSON, in the shape of the shared catalog.
func repositoryLine(_ fullName: String, stars: Int = 10) -> String {
    let owner = fullName.split(separator: "/")[0]
    let name = fullName.split(separator: "/")[1]
    return #"{"id": 1, "name": "\#(name)", "full_name": "\#(fullName)", "owner": {"login": "\#(owner)"}, "#
        + #""language": "Swift", "topics": ["ios"], "stargazers_count": \#(stars), "forks_count": 1, "#
        + #""pushed_at": "2026-07-14T19:25:58Z", "html_url": "https://github.com/\#(fullName)"}"#
}
