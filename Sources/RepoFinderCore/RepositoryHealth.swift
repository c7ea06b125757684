public import Foundation

/// How alive a repository is, by one rule shared by every face (card, detail, the deck's reasons, the `health`
/// search filter): the last push sets the level, archiving makes it dormant, and a heavy backlog of open issues for
/// the repository's size takes an active one down to quiet.
///
/// - **active**: pushed within ``activeDays`` days, not archived, and no heavy backlog;
/// - **quiet**: pushed within ``quietDays`` days (or active by push but with a heavy backlog);
/// - **dormant**: archived, or not pushed for longer than ``quietDays`` days.
///
/// A heavy backlog is at least ``backlogMinimumIssues`` open issues and at least ``backlogIssuesPerStar`` open issues
/// per star (GitHub counts pull requests as issues). The age of the last push is measured at `now`, so stale data
/// can only make a repository look less active than it is, never more.
public struct RepositoryHealth: Hashable, Sendable {
    /// The three levels, most alive first.
    public enum Level: String, CaseIterable, Codable, Hashable, Sendable {
        case active, quiet, dormant

        /// "Active", "Quiet", "Dormant".
        public var title: String {
            switch self {
            case .active: "Active"
            case .quiet: "Quiet"
            case .dormant: "Dormant"
            }
        }
    }

    /// The level.
    public var level: Level
    /// Days since the last push at the time of assessment, where known.
    public var daysSincePush: Int?
    /// Whether the maintainers archived it.
    public var archived: Bool
    /// Open issues per star, where both are known and stars are positive.
    public var openIssuesPerStar: Double?
    /// Whether the open issues are a heavy backlog for its size.
    public var heavyBacklog: Bool

    /// Pushed within this many days: active.
    public static let activeDays = 30
    /// Pushed within this many days: quiet; longer: dormant.
    public static let quietDays = 365
    /// A heavy backlog has at least this many open issues…
    public static let backlogMinimumIssues = 25
    /// …and at least this many open issues per star.
    public static let backlogIssuesPerStar = 0.25

    /// Assesses `repository` at `now`; nil when nothing is known of its pushes and it is not archived.
    public static func assess(_ repository: Repository, now: Date) -> RepositoryHealth? {
        let days = repository.pushedAt.map { max(0, Int(now.timeIntervalSince($0) / 86_400)) }
        guard
            let level = level(
                pushedAt: repository.pushedAt, archived: repository.archived, openIssues: repository.openIssues,
                stars: repository.stars, now: now)
        else { return nil }
        let perStar = repository.openIssues.flatMap { issues in
            repository.stars > 0 ? Double(issues) / Double(repository.stars) : nil
        }
        return RepositoryHealth(
            level: level, daysSincePush: days, archived: repository.archived, openIssuesPerStar: perStar,
            heavyBacklog: isHeavyBacklog(openIssues: repository.openIssues, stars: repository.stars))
    }

    /// The level alone, from the facts it rests on (for indexes that keep those facts, not repositories); nil when
    /// nothing is known of the pushes and the repository is not archived.
    public static func level(pushedAt: Date?, archived: Bool, openIssues: Int?, stars: Int, now: Date) -> Level? {
        let days = pushedAt.map { max(0, Int(now.timeIntervalSince($0) / 86_400)) }
        if archived { return .dormant }
        guard let days else { return nil }
        if days <= activeDays { return isHeavyBacklog(openIssues: openIssues, stars: stars) ? .quiet : .active }
        return days <= quietDays ? .quiet : .dormant
    }

    /// Whether `openIssues` is a heavy backlog for a repository with `stars` stars.
    public static func isHeavyBacklog(openIssues: Int?, stars: Int) -> Bool {
        guard let openIssues, openIssues >= backlogMinimumIssues else { return false }
        return Double(openIssues) >= backlogIssuesPerStar * Double(max(stars, 0))
    }

    /// The earliest last push that can still be ``Level/active`` or ``Level/quiet`` at `now` (for a database filter
    /// that applies this same rule).
    public static func earliestPush(for level: Level, now: Date) -> Date? {
        switch level {
        case .active: now.addingTimeInterval(-Double(activeDays + 1) * 86_400)
        case .quiet: now.addingTimeInterval(-Double(quietDays + 1) * 86_400)
        case .dormant: nil
        }
    }

    /// One line for a person: "Active — pushed 3 days ago", "Dormant — archived",
    /// "Quiet — pushed 2 days ago, 420 open issues for 900 stars".
    public func summary(openIssues: Int?, stars: Int) -> String {
        // Built in one string, no arrays joined: every card of every deal has one.
        var detail = ""
        if archived {
            detail = "archived"
        } else if let daysSincePush {
            detail = "pushed " + Self.ago(days: daysSincePush)
        }
        if heavyBacklog, let openIssues {
            if !detail.isEmpty { detail += ", " }
            detail += "\(Number.grouped(openIssues)) open issues for \(Number.grouped(stars)) stars"
        }
        return detail.isEmpty ? level.title : level.title + " — " + detail
    }

    /// "today", "yesterday", "3 days ago", "2 months ago", "4 years ago".
    public static func ago(days: Int) -> String {
        switch days {
        case 0: "today"
        case 1: "yesterday"
        case ..<60: "\(days) days ago"
        case ..<730: "\(days / 30) months ago"
        default: "\(days / 365) years ago"
        }
    }
}

extension Repository {
    /// The repository's health at `now` (see ``RepositoryHealth``).
    public func health(now: Date) -> RepositoryHealth? { RepositoryHealth.assess(self, now: now) }
}
