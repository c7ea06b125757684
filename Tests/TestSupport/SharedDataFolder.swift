public import Foundation

/// Where the shared real data lives: `../shared/data` beside the package (where CI puts it), or
/// `REPOFINDER_SHARED_DATA`.
public enum SharedDataFolder {
    /// The package's root folder.
    public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The shared data folder.
    public static var url: URL {
        if let override = ProcessInfo.processInfo.environment["REPOFINDER_SHARED_DATA"] {
            return URL(fileURLWithPath: override)
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/data")
    }

    /// The path of a file in it, for example `catalog/repos.jsonl.gz`; a missing file is a failure that says where
    /// it was looked for and what to do (a test fails with it; nothing is skipped).
    public static func file(_ relativePath: String) throws(SharedDataMissing) -> String {
        let path = url.appendingPathComponent(relativePath).path
        guard FileManager.default.fileExists(atPath: path) else {
            throw SharedDataMissing(
                description: "The shared data file \(relativePath) is not in \(url.path) (CI puts shared/ beside the "
                    + "clone); set REPOFINDER_SHARED_DATA to the shared data folder.")
        }
        return path
    }
}

/// The shared data is not where the tests look for it.
public struct SharedDataMissing: Error, CustomStringConvertible {
    public let description: String
}
