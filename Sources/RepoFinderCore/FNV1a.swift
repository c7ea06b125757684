/// 64-bit FNV-1a: a small digest that is the same in every process (unlike `Hasher`), for change detection, ETags
/// and file names. Not for security.
public struct FNV1a: Sendable {
    /// The digest so far.
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    /// Adds one byte.
    public mutating func add(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }

    /// Adds bytes in order.
    public mutating func add(_ bytes: some Sequence<UInt8>) {
        for byte in bytes { add(byte) }
    }

    /// The digest of a text's UTF-8 bytes.
    public static func digest(_ text: String) -> UInt64 {
        var digest = FNV1a()
        digest.add(text.utf8)
        return digest.value
    }

    /// The digest as 16 hex digits.
    public var hex: String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }
}
