/// How far back trending looks: stars gained over the last day, week or month (30 days).
public enum TrendingWindow: String, CaseIterable, Codable, Hashable, Sendable {
    case daily
    case weekly
    case monthly

    /// Length of the window in days.
    public var days: Int {
        switch self {
        case .daily: 1
        case .weekly: 7
        case .monthly: 30
        }
    }
}
