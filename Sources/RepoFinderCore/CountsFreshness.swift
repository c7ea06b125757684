public import Foundation
import Localization

/// Honest dates: numbers (star counts, trending gains) are labelled with the day they are from once that day is more
/// than ``staleAfterDays`` days old, so no screen claims a freshness the data lacks.
public enum CountsFreshness {
    /// Numbers up to this many days old are shown without a date.
    public static let staleAfterDays = 2

    /// Whether numbers from `day` need their date said, seen at `now`.
    public static func isStale(_ day: Day, now: Date) -> Bool {
        Day(containing: now).daysSinceEpoch - day.daysSinceEpoch > staleAfterDays
    }

    /// "Numbers from 22 Aug 2026" when numbers from `day` are stale at `now`; nil while they are fresh.
    public static func note(for day: Day, now: Date) -> String? {
        note(for: day, now: now, words: Words(Language.current))
    }

    /// The label a card puts beside a repository's star count: "as of 22 Aug 2026" when GitHub last confirmed the
    /// counts more than ``staleAfterDays`` days ago, "count not checked on GitHub" when it never did here, nil when fresh.
    public static func countLabel(checkedAt: Date?, now: Date) -> String? {
        guard let checkedAt else { return "count not checked on GitHub" }
        let day = Day(containing: checkedAt)
        return isStale(day, now: now) ? "as of \(day.spoken)" : nil
    }
}

extension Day {
    /// "22 Aug 2026".
    public var spoken: String {
        let (year, month, day) = components
        return "\(day) \(Self.monthNames[month - 1]) \(year)"
    }

    /// "Aug 2026".
    public var monthAndYear: String {
        let (year, month, _) = components
        return "\(Self.monthNames[month - 1]) \(year)"
    }

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}
