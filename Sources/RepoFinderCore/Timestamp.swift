public import Foundation

/// Fast, strict ISO 8601 timestamps as GitHub writes them (`2026-07-14T19:25:58Z`), also accepting
/// fractional seconds and `±HH:MM` offsets.
public enum Timestamp {
    /// Parses an ISO 8601 date-time; nil if it is not one.
    public static func parse(_ text: some StringProtocol) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, let day = Day(String(decoding: bytes[0..<10], as: UTF8.self)),
            bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            let hour = Day.digits(bytes[11..<13]), hour < 24,
            let minute = Day.digits(bytes[14..<16]), minute < 60,
            let second = Day.digits(bytes[17..<19]), second < 61
        else { return nil }
        var index = 19
        var fraction = 0.0
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            var scale = 0.1
            let start = index
            while index < bytes.count, let digit = Day.digits(bytes[index..<index + 1]) {
                fraction += Double(digit) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        guard index < bytes.count else { return nil }
        var offsetSeconds = 0
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard index + 1 == bytes.count else { return nil }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard index + 6 == bytes.count, bytes[index + 3] == UInt8(ascii: ":"),
                let hours = Day.digits(bytes[index + 1..<index + 3]), hours < 24,
                let minutes = Day.digits(bytes[index + 4..<index + 6]), minutes < 60
            else { return nil }
            offsetSeconds = (hours * 3600 + minutes * 60) * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
        default:
            return nil
        }
        let seconds = day.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// Formats as `YYYY-MM-DDTHH:MM:SSZ`, or with milliseconds when the date has them; `sortable` always writes
    /// the milliseconds, so that the text of two moments sorts as the moments do (`05Z` sorts after `05.120Z`).
    public static func format(_ date: Date, sortable: Bool = false) -> String {
        let totalMilliseconds = Int(date.millisecondsSince1970)
        let milliseconds = ((totalMilliseconds % 1000) + 1000) % 1000
        let seconds = (totalMilliseconds - milliseconds) / 1000
        let secondOfDay = ((seconds % 86_400) + 86_400) % 86_400
        let day = Day(daysSinceEpoch: (seconds - secondOfDay) / 86_400)
        let time =
            "\(Day.pad(secondOfDay / 3600, 2)):\(Day.pad(secondOfDay / 60 % 60, 2)):\(Day.pad(secondOfDay % 60, 2))"
        let fraction = milliseconds == 0 && !sortable ? "" : ".\(Day.pad(milliseconds, 3))"
        return "\(day)T\(time)\(fraction)Z"
    }
}

extension Day {
    /// Midnight UTC at the start of this day.
    public var startDate: Date { Date(timeIntervalSince1970: Double(daysSinceEpoch) * 86_400) }

    /// The UTC day a moment falls on.
    public init(containing date: Date) {
        self.init(daysSinceEpoch: Int((date.timeIntervalSince1970 / 86_400).rounded(.down)))
    }
}

extension Date {
    /// Milliseconds since 1970, rounded to the nearest: the precision RepoFinder stores.
    public var millisecondsSince1970: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }

    /// This date at millisecond precision.
    public var roundedToMilliseconds: Date { Date(timeIntervalSince1970: Double(millisecondsSince1970) / 1000) }
}
