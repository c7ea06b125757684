public import Foundation

/// Renders how long ago something happened, the way a person says it: "just now", "5 minutes ago",
/// "yesterday", "3 days ago", "2 months ago", "1 year ago".
public enum RelativeTime {
    /// Describes `date` as seen at `now`. Dates in the future read "just now".
    public static func describe(_ date: Date, now: Date) -> String {
        let seconds = Int(now.timeIntervalSince(date))
        let minute = 60
        let hour = 60 * minute
        let day = 24 * hour
        switch seconds {
        case ..<minute: return "just now"
        case ..<hour: return plural(seconds / minute, "minute")
        case ..<day: return plural(seconds / hour, "hour")
        case ..<(2 * day): return "yesterday"
        case ..<(30 * day): return plural(seconds / day, "day")
        case ..<(365 * day): return plural(max(1, seconds / (30 * day)), "month")
        default: return plural(seconds / (365 * day), "year")
        }
    }

    private static func plural(_ count: Int, _ unit: String) -> String {
        count == 1 ? "1 \(unit) ago" : "\(count) \(unit)s ago"
    }
}

extension Repository {
    /// When it was last pushed to, "3 days ago"; falls back to the last update, then creation; nil if none known.
    public func lastUpdatedDescription(now: Date = Date()) -> String? {
        guard let date = pushedAt ?? updatedAt ?? createdAt else { return nil }
        return RelativeTime.describe(date, now: now)
    }
}
