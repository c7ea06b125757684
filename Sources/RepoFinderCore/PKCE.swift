import Crypto
import Foundation

/// Proof Key for Code Exchange (RFC 7636), S256: a verifier of 43–128 unreserved characters, and its challenge, the
/// unpadded base64url SHA-256 of it (43 characters). An app makes and keeps its own (RFC 8252); the server makes one
/// for a web page's sign-in.
public enum PKCE {
    /// The characters a verifier may hold: `A–Z a–z 0–9 - . _ ~`.
    static func isUnreserved(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || "-._~".contains(character))
    }

    /// A new random verifier (32 random bytes, base64url: 43 characters).
    public static func makeVerifier() -> String {
        base64URL(SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) })
    }

    /// The S256 challenge of `verifier`.
    public static func challenge(of verifier: String) -> String {
        base64URL(Data(SHA256.hash(data: Data(verifier.utf8))))
    }

    /// Unpadded base64url (RFC 4648 § 5).
    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Whether `text` is a well-formed verifier.
    public static func isVerifier(_ text: String) -> Bool {
        (43...128).contains(text.count) && text.allSatisfy(isUnreserved)
    }

    /// Whether `text` is a well-formed S256 challenge: 43 base64url characters.
    public static func isChallenge(_ text: String) -> Bool {
        text.count == 43 && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }
}
