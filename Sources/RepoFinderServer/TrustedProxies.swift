import Foundation
import HTTPTypes

/// The addresses of reverse proxies whose `X-Forwarded-For` is believed (`LIMITS_TRUSTED_PROXIES`): single addresses
/// or CIDR ranges, IPv4 or IPv6. From anyone else the header is ignored, so a client cannot pick the address its
/// limits count against.
public struct TrustedProxies: Hashable, Sendable {
    /// One range: an address and how many leading bits must match.
    struct Range: Hashable, Sendable {
        var bytes: [UInt8]
        var prefix: Int

        func contains(_ address: [UInt8]) -> Bool {
            guard address.count == bytes.count else { return false }
            var bits = prefix
            for (lhs, rhs) in zip(bytes, address) where bits > 0 {
                let mask: UInt8 = bits >= 8 ? 0xff : ~(0xff >> UInt8(bits))
                guard lhs & mask == rhs & mask else { return false }
                bits -= 8
            }
            return true
        }
    }

    private var ranges: [Range]

    /// No proxy is trusted.
    public static let none = TrustedProxies(ranges: [])

    private init(ranges: [Range]) {
        self.ranges = ranges
    }

    /// Parses a comma-separated list such as `10.0.0.0/8, 127.0.0.1, fd00::/8`.
    public init(parsing text: String) throws(TrustedProxiesError) {
        var ranges: [Range] = []
        for item in text.split(separator: ",") {
            let entry = item.trimmingCharacters(in: .whitespaces)
            guard !entry.isEmpty else { continue }
            let parts = entry.split(separator: "/", maxSplits: 1).map(String.init)
            guard let bytes = Self.bytes(parts[0]) else { throw TrustedProxiesError(entry: entry) }
            let prefix = parts.count == 2 ? Int(parts[1]) : bytes.count * 8
            guard let prefix, (0...bytes.count * 8).contains(prefix) else { throw TrustedProxiesError(entry: entry) }
            ranges.append(Range(bytes: bytes, prefix: prefix))
        }
        self.init(ranges: ranges)
    }

    /// Whether no proxy is trusted.
    public var isEmpty: Bool { ranges.isEmpty }

    /// Whether `address` (text) is one of the trusted proxies.
    func contains(_ address: String) -> Bool {
        guard !ranges.isEmpty, let bytes = Self.bytes(address) else { return false }
        return ranges.contains { $0.contains(bytes) }
    }

    /// The client's address: the peer's, unless the peer is a trusted proxy, in which case the right-most address of
    /// `X-Forwarded-For` that is not itself a trusted proxy (each proxy appends the address it saw).
    func clientAddress(peer: String, forwardedFor: String?) -> String {
        guard let forwardedFor, contains(peer) else { return peer }
        var client = peer
        for hop in forwardedFor.split(separator: ",").reversed() {
            let address = hop.trimmingCharacters(in: .whitespaces)
            guard Self.bytes(address) != nil else { break }
            client = address
            if !contains(address) { break }
        }
        return client
    }

    /// The bytes of an IPv4 (4 bytes) or IPv6 (16 bytes) address in text, or nil.
    static func bytes(_ text: String) -> [UInt8]? {
        text.contains(":") ? ipv6(text) : ipv4(text)
    }

    private static func ipv4(_ text: some StringProtocol) -> [UInt8]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var bytes: [UInt8] = []
        for part in parts {
            guard (1...3).contains(part.count), part.allSatisfy(\.isASCII), let byte = UInt8(part) else { return nil }
            bytes.append(byte)
        }
        return bytes
    }

    private static func ipv6(_ text: String) -> [UInt8]? {
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return nil }
        func groups(_ part: String) -> [UInt8]? {
            guard !part.isEmpty else { return [] }
            var bytes: [UInt8] = []
            let fields = part.split(separator: ":", omittingEmptySubsequences: false)
            for (index, field) in fields.enumerated() {
                if index == fields.count - 1, field.contains(".") {
                    guard let v4 = ipv4(field) else { return nil }
                    bytes += v4
                } else {
                    guard (1...4).contains(field.count), let value = UInt16(field, radix: 16) else { return nil }
                    bytes += [UInt8(value >> 8), UInt8(value & 0xff)]
                }
            }
            return bytes
        }
        guard let head = groups(halves[0]) else { return nil }
        if halves.count == 1 { return head.count == 16 ? head : nil }
        guard let tail = groups(halves[1]), head.count + tail.count <= 14 else { return nil }
        return head + Array(repeating: 0, count: 16 - head.count - tail.count) + tail
    }
}

/// A trusted-proxy entry that is neither an address nor a CIDR range.
public struct TrustedProxiesError: Error, CustomStringConvertible {
    public var entry: String
    public var description: String { "'\(entry)' is not an IP address or a CIDR range such as 10.0.0.0/8." }
}

extension HTTPField.Name {
    /// `X-Forwarded-For`: the client addresses a chain of proxies saw.
    static let xForwardedFor = Self("X-Forwarded-For")!
}
