public import Foundation
import Synchronization

/// Where the device keeps its bearer token: the keychain in an Apple app, a private file for the terminal, memory in
/// tests.
public protocol TokenStore: Sendable {
    /// The stored token, if any.
    func token() throws -> String?
    /// Stores a token, or removes it (nil).
    func setToken(_ token: String?) throws
}

/// A token kept in memory only (tests, previews).
public final class MemoryTokenStore: TokenStore {
    private let stored: Mutex<String?>

    public init(token: String? = nil) { stored = Mutex(token) }

    public func token() -> String? { stored.withLock { $0 } }

    public func setToken(_ token: String?) { stored.withLock { $0 = token } }
}

/// A token kept in a file only its owner can read (mode 0600), created with its folder on first write.
public struct FileTokenStore: TokenStore {
    public let file: URL

    public init(file: URL) { self.file = file }

    public func token() throws -> String? {
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        let text = try String(contentsOf: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    public func setToken(_ token: String?) throws {
        guard let token else {
            if FileManager.default.fileExists(atPath: file.path) { try FileManager.default.removeItem(at: file) }
            return
        }
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        _ = FileManager.default.createFile(
            atPath: file.path, contents: Data(token.utf8), attributes: [.posixPermissions: 0o600])
    }
}
