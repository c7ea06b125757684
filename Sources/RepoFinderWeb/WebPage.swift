import Foundation
import RepoFinderCore

/// The screens of the web app, each one server-rendered page that its script then brings to life.
enum Screen: String, CaseIterable, Sendable {
    case discover, onboarding, trending, search, saved, liked, profile, repository, notFound = "not-found", offline
    case signIn = "sign-in"

    var title: String {
        switch self {
        case .discover: "Discover"
        case .onboarding: "Welcome"
        case .trending: "Trending"
        case .search: "Search"
        case .saved: "Saved"
        case .liked: "Liked"
        case .profile: "Profile"
        case .repository: "Repository"
        case .notFound: "Not found"
        case .offline: "Offline"
        case .signIn: "Signing in"
        }
    }
}

/// One entry of the navigation bar.
struct NavItem: Sendable {
    let href: String
    let label: String
    /// An SVG path (24×24 viewBox) for the icon.
    let icon: String
    let current: Bool

    static let destinations: [(screen: Screen, href: String, icon: String)] = [
        (.discover, "/", "M4 6h12v14H4zM8 2h12v14"),
        (.trending, "/trending", "M3 17l6-6 4 4 8-8M15 7h6v6"),
        (.search, "/search", "M10 4a6 6 0 1 0 0 12 6 6 0 0 0 0-12zM14.5 14.5L20 20"),
        (.saved, "/saved", "M6 3h12v18l-6-4-6 4z"),
        (.liked, "/liked", "M12 20s-7-4.5-7-10a4 4 0 0 1 7-2.5A4 4 0 0 1 19 10c0 5.5-7 10-7 10z"),
        (.profile, "/profile", "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0"),
    ]

    static func bar(current: Screen) -> [NavItem] {
        destinations.map {
            NavItem(href: $0.href, label: $0.screen.title, icon: $0.icon, current: $0.screen == current)
        }
    }
}

/// A choice in a group of radio buttons or a select.
struct Option: Sendable {
    let value: String
    let label: String
    let selected: Bool
}

/// What every page template is rendered with.
struct PageModel: Sendable {
    let title: String
    let screen: String
    let nav: [NavItem]
    /// The search text (Search) or nil.
    var query: String?
    /// The language filter (Trending, Search).
    var language: String?
    /// Trending windows, one selected.
    var windows: [Option] = []
    /// Trending shows repositories whose gain is an unusual burst (marked).
    var showBursts = false
    /// Search health filters, one selected.
    var healthLevels: [Option] = []
    /// Search orders, one selected.
    var sorts: [Option] = []
    /// The repository of a detail page.
    var repository: RepositoryView?
    /// A sentence for the person (not found, bad link).
    var message: String?
    /// The heading of a page that has nothing to show, when "Nothing here" would be wrong (nothing could be asked).
    var emptyHeading: String?

    init(screen: Screen, title: String? = nil) {
        self.title = title ?? screen.title
        self.screen = screen.rawValue
        self.nav = NavItem.bar(current: screen)
    }
}

/// A repository as the detail page shows it: every fact the catalog has, worded for a person.
struct RepositoryView: Sendable {
    let fullName: String
    let owner: String
    let name: String
    let initial: String
    let avatar: String
    let description: String?
    let topics: [String]
    let hasTopics: Bool
    let stars: String
    let forks: String?
    let openIssues: String?
    let language: String?
    let license: String?
    let updated: String?
    let created: String?
    let archived: Bool
    let url: String
    let deepLink: String
    /// "active", "quiet" or "dormant" (a CSS class), and its title and sentence.
    let health: String?
    let healthTitle: String?
    let healthSummary: String?
    /// Beside the stars: "as of 22 Aug 2026" or "count undated"; nil when fresh.
    let countsNote: String?
    /// "Numbers from 22 Aug 2026" when the newest daily count is more than two days old.
    let numbersNote: String?
    /// When GitHub stopped having it ("22 Aug 2026").
    let gone: String?
    /// The star history, when there are at least two days of counts.
    let chart: StarChart?

    init(_ repository: Repository, history: [StarSnapshot] = [], now: Date) {
        fullName = repository.fullName
        owner = repository.owner.login
        name = repository.name
        initial = String(repository.owner.login.prefix(1)).uppercased()
        avatar = repository.owner.displayAvatarAddress + (repository.owner.avatarURL == nil ? "?s=96" : "")
        description = repository.description.flatMap { $0.isEmpty ? nil : $0 }
        topics = repository.topics
        hasTopics = !repository.topics.isEmpty
        stars = Number.grouped(repository.stars)
        forks = repository.forks.map(Number.grouped)
        openIssues = repository.openIssues.map(Number.grouped)
        language = repository.language
        license = repository.license.map { $0.spdxID ?? $0.name }
        updated = repository.lastUpdatedDescription(now: now)
        created = repository.createdAt.map { Day(containing: $0).monthAndYear }
        archived = repository.archived
        url = repository.webURL.absoluteString
        deepLink = Route.repository(repository.repositoryName).deepLink
        let health = repository.health(now: now)
        self.health = health?.level.rawValue
        healthTitle = health?.level.title
        healthSummary = health?.summary(openIssues: repository.openIssues, stars: repository.stars)
        countsNote = CountsFreshness.countLabel(checkedAt: repository.checkedAt, now: now)
        let newest = [history.last?.day, repository.checkedAt.map(Day.init(containing:))].compactMap { $0 }.max()
        numbersNote = newest.flatMap { CountsFreshness.note(for: $0, now: now) }
        gone = repository.goneAt.map { Day(containing: $0).spoken }
        chart = StarChart(history)
    }
}
