import Crypto
public import Foundation

/// Seals secrets the server keeps (people's GitHub tokens, sign-in states) with AES-GCM under the server's key
/// (`GITHUB_TOKEN_KEY`: 32 random bytes in base64). A `purpose` is bound in as authenticated data, so a sealed token
/// cannot be passed off as a sealed state.
public struct SecretSealer: Sendable {
    private let key: SymmetricKey

    /// The key from its base64 text; nil unless it is 32 bytes.
    public init?(base64Key: String) {
        guard let data = Data(base64Encoded: base64Key.trimmingCharacters(in: .whitespacesAndNewlines)),
            data.count == 32
        else { return nil }
        key = SymmetricKey(data: data)
    }

    /// A sealer with a new random key (tests).
    public init() {
        key = SymmetricKey(size: .bits256)
    }

    /// `text` sealed: URL-safe base64 (no padding) of nonce, ciphertext and tag.
    public func seal(_ text: String, purpose: String) -> String {
        // A fresh random nonce; sealing only fails for nonces of a wrong size, which this never makes.
        let box = try! AES.GCM.seal(Data(text.utf8), using: key, authenticating: Data(purpose.utf8))
        return Self.urlSafe(box.combined!)
    }

    /// What `sealed` holds, or nil when it was not sealed by this key for this purpose (or was changed).
    public func open(_ sealed: String, purpose: String) -> String? {
        guard let data = Self.data(urlSafe: sealed), let box = try? AES.GCM.SealedBox(combined: data),
            let plain = try? AES.GCM.open(box, using: key, authenticating: Data(purpose.utf8))
        else { return nil }
        return String(data: plain, encoding: .utf8)
    }

    /// The base64url form of `data` (RFC 4648 §5, no padding).
    public static func urlSafe(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    private static func data(urlSafe text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
