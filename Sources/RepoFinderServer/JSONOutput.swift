import Foundation
import RepoFinderAPI
import RepoFinderCore

/// JSON text written straight into bytes, for the answer the server gives most often (the deck), where Foundation's
/// `JSONEncoder` (which builds a tree of values before it writes one) cost more than the work behind the answer.
/// Keys are written as given (they must not need escaping); strings are escaped as RFC 8259 requires, with `/` and
/// non-ASCII characters left as they are (like the generated server's encoder with `.withoutEscapingSlashes`).
struct JSONOutput {
    private(set) var bytes: [UInt8] = []
    /// Whether the innermost object or array has no member yet (so the next one needs no comma).
    private var atStart = true

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    mutating func beginObject() { open(UInt8(ascii: "{")) }

    mutating func endObject() { close(UInt8(ascii: "}")) }

    mutating func beginArray() { open(UInt8(ascii: "[")) }

    mutating func endArray() { close(UInt8(ascii: "]")) }

    private mutating func open(_ bracket: UInt8) {
        bytes.append(bracket)
        atStart = true
    }

    private mutating func close(_ bracket: UInt8) {
        bytes.append(bracket)
        atStart = false
    }

    /// Starts the next element of an array (a comma unless it is the first).
    mutating func element() {
        if !atStart { bytes.append(UInt8(ascii: ",")) }
        atStart = true
    }

    /// Starts the next member of an object: its key, then a value must follow.
    mutating func key(_ key: StaticString) {
        if !atStart { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
        atStart = true
    }

    /// Starts the next member of an object whose key is data (escaped as any string).
    mutating func key(dynamic key: String) {
        if !atStart { bytes.append(UInt8(ascii: ",")) }
        string(key)
        bytes.append(UInt8(ascii: ":"))
        atStart = true
    }

    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { appendEscaped($0) }
        atStart = false
    }

    mutating func integer(_ value: some BinaryInteger) {
        bytes.append(contentsOf: String(value).utf8)
        atStart = false
    }

    /// A finite number as JSON writes it (the shortest text that reads back the same).
    mutating func number(_ value: Double) {
        bytes.append(contentsOf: (value.isFinite ? "\(value)" : "null").utf8)
        atStart = false
    }

    mutating func bool(_ value: Bool) {
        raw(value ? "true" : "false")
    }

    /// Text that is already JSON (a literal, a number).
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
        atStart = false
    }

    /// JSON written before, ending inside an object with at least one member (as ``EncodedRepositories`` keeps).
    mutating func raw(_ json: ArraySlice<UInt8>) {
        bytes.append(contentsOf: json)
        atStart = false
    }

    /// A member with a string value, left out when the value is nil.
    mutating func member(_ name: StaticString, _ value: String?) {
        guard let value else { return }
        key(name)
        string(value)
    }

    /// A member with a whole-number value, left out when the value is nil.
    mutating func member(_ name: StaticString, _ value: (some BinaryInteger)?) {
        guard let value else { return }
        key(name)
        integer(value)
    }

    /// A member with a date value, left out when the value is nil.
    mutating func member(_ name: StaticString, date value: Date?) {
        guard let value else { return }
        key(name)
        date(value)
    }

    mutating func strings(_ values: [String]) {
        beginArray()
        for value in values {
            element()
            string(value)
        }
        endArray()
    }

    /// A date as RFC 3339 text, the way ``LenientDateTranscoder`` writes it: whole seconds in UTC
    /// ("2026-11-22T10:00:00Z"), with milliseconds only when there are any.
    mutating func date(_ date: Date) {
        let interval = date.timeIntervalSince1970
        guard interval.rounded() == interval, let seconds = Int(exactly: interval) else {
            string((try? LenientDateTranscoder().encode(date)) ?? "")
            return
        }
        let (days, secondOfDay) = seconds.quotientAndRemainderFlooring(dividingBy: 86_400)
        let (year, month, day) = Day(daysSinceEpoch: days).components
        guard (0...9999).contains(year) else {
            string((try? LenientDateTranscoder().encode(date)) ?? "")
            return
        }
        bytes.append(UInt8(ascii: "\""))
        digits(year, count: 4)
        bytes.append(UInt8(ascii: "-"))
        digits(month, count: 2)
        bytes.append(UInt8(ascii: "-"))
        digits(day, count: 2)
        bytes.append(UInt8(ascii: "T"))
        digits(secondOfDay / 3600, count: 2)
        bytes.append(UInt8(ascii: ":"))
        digits(secondOfDay / 60 % 60, count: 2)
        bytes.append(UInt8(ascii: ":"))
        digits(secondOfDay % 60, count: 2)
        bytes.append(contentsOf: [UInt8(ascii: "Z"), UInt8(ascii: "\"")])
        atStart = false
    }

    private mutating func digits(_ value: Int, count: Int) {
        var divisor = 1
        for _ in 1..<count { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    private static let hex = Array("0123456789abcdef".utf8)

    private mutating func appendEscaped(_ text: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        var runStart = 0
        for (position, byte) in text.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<position]))
            runStart = position + 1
            bytes.append(UInt8(ascii: "\\"))
            switch byte {
            case 0x22: bytes.append(UInt8(ascii: "\""))
            case 0x5C: bytes.append(UInt8(ascii: "\\"))
            case 0x0A: bytes.append(UInt8(ascii: "n"))
            case 0x0D: bytes.append(UInt8(ascii: "r"))
            case 0x09: bytes.append(UInt8(ascii: "t"))
            case 0x08: bytes.append(UInt8(ascii: "b"))
            case 0x0C: bytes.append(UInt8(ascii: "f"))
            default:
                bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                bytes.append(Self.hex[Int(byte >> 4)])
                bytes.append(Self.hex[Int(byte & 0xF)])
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart...]))
        bytes.append(UInt8(ascii: "\""))
    }
}

extension Int {
    fileprivate func quotientAndRemainderFlooring(dividingBy divisor: Int) -> (Int, Int) {
        let (quotient, remainder) = quotientAndRemainder(dividingBy: divisor)
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }
}
