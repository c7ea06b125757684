public import Foundation
public import Localization

/// A person's wall clock, from the time zone their device sends: which calendar day it is for them and how to greet
/// them. Today's pick is kept per *local* day, so a person in Honolulu and one in Kiritimati, asking at the same
/// instant, can be on different days.
public struct LocalTime: Hashable, Sendable {
    /// Their time zone.
    public let timeZone: TimeZone
    /// Its name as given (`UTC` when none was).
    public let identifier: String

    /// Longest time zone name accepted (IANA names are far shorter).
    public static let maximumIdentifierLength = 64

    /// UTC.
    public static let utc = LocalTime(zone: TimeZone(identifier: "UTC")!, identifier: "UTC")

    private init(zone: TimeZone, identifier: String) {
        timeZone = zone
        self.identifier = identifier
    }

    /// The clock of an IANA time zone such as `Pacific/Honolulu` (or `UTC`); nil or empty means UTC.
    public init(timeZoneIdentifier identifier: String?) throws(LocalTimeError) {
        let text = (identifier ?? "").trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else {
            self = .utc
            return
        }
        guard text.utf8.count <= Self.maximumIdentifierLength,
            text.unicodeScalars.allSatisfy({
                $0.isASCII && ($0.properties.isAlphabetic || "0123456789/_+-".unicodeScalars.contains($0))
            }),
            let zone = TimeZone(identifier: text)
        else { throw .unknownTimeZone(String(text.prefix(Self.maximumIdentifierLength))) }
        self.init(zone: zone, identifier: text)
    }

    /// The calendar day it is for them at `date`.
    public func day(at date: Date) -> Day {
        Day(containing: date.addingTimeInterval(TimeInterval(timeZone.secondsFromGMT(for: date))))
    }

    /// The hour on their clock at `date`, 0–23.
    public func hour(at date: Date) -> Int {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + timeZone.secondsFromGMT(for: date)
        return ((seconds % 86_400 + 86_400) % 86_400) / 3_600
    }

    /// The part of their day at `date`.
    public func partOfDay(at date: Date) -> PartOfDay { PartOfDay(hour: hour(at: date)) }
}

/// Why a time zone was refused.
public enum LocalTimeError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownTimeZone(String)

    public var description: String {
        switch self {
        case .unknownTimeZone(let text):
            "'\(text)' is not a time zone: send an IANA name such as Europe/Lisbon or America/New_York (or UTC)."
        }
    }
}

/// Morning, afternoon, evening or night on a person's clock, and the greeting that goes with it.
public enum PartOfDay: String, CaseIterable, Sendable {
    /// 05:00–11:59.
    case morning
    /// 12:00–16:59.
    case afternoon
    /// 17:00–22:59.
    case evening
    /// 23:00–04:59.
    case night

    public init(hour: Int) {
        switch hour {
        case 5..<12: self = .morning
        case 12..<17: self = .afternoon
        case 17..<23: self = .evening
        default: self = .night
        }
    }

    /// "Good evening, Ana" — or "Good evening" without a name. At night: "Hello, Ana" (nobody says good night hello).
    /// In `words`' language (the request's by default).
    public func greeting(name: String?, words: Words = Words(Language.current)) -> String {
        guard let name = Self.callingName(name) else { return words.text("facts.greeting.\(rawValue)") }
        return words.text("facts.greeting.named.\(rawValue)", name)
    }

    /// What to call someone: the first word of their name (at most 40 characters), nil when there is none.
    public static func callingName(_ name: String?) -> String? {
        let words = (name ?? "").split(whereSeparator: { $0.isWhitespace || $0.isNewline })
        guard let first = words.first else { return nil }
        let clean = String(
            first.unicodeScalars.filter { $0.properties.generalCategory != .control }.map(Character.init))
        return clean.isEmpty ? nil : String(clean.prefix(40))
    }
}
