/// How far back trending looks: stars gained over the last day, week or month (30 days).
public enum TrendingWindow: String, CaseIterable, Codable, Hashable, Sendable {
    case daily
    case weekly
    case monthly

    /// The window every face shows when none is chosen: the API, the web app, the command line and the app core.
    public static let standard = TrendingWindow.daily

    /// Length of the window in days.
    public var days: Int {
        switch self {
        case .daily: 1
        case .weekly: 7
        case .monthly: 30
        }
    }
}
