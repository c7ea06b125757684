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

    /// The path of a file in it, for example `catalog/repos.jsonl.gz`.
    public static func path(_ relativePath: String) -> String {
        url.appendingPathComponent(relativePath).path
    }
}
