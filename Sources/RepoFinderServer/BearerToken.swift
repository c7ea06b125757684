import Crypto
import Foundation

/// Bearer tokens: 256 random bits, URL-safe base64; only their SHA-256 is stored.
enum BearerToken {
    /// A new token.
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Whether `token` has the shape of one ``make()`` returns (43 URL-safe base64 characters): anything else is
    /// refused without a lookup, a hash or a rate-limit bucket.
    static func isWellFormed(_ token: String) -> Bool {
        let utf8 = token.utf8
        return utf8.count == 43
            && utf8.allSatisfy { byte in
                (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                    || byte == 0x2D || byte == 0x5F
            }
    }

    /// The hex SHA-256 of a token, as the store keeps it.
    static func hash(_ token: String) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for byte in SHA256.hash(data: Data(token.utf8)) {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: hex, as: UTF8.self)
    }
}
