import Foundation
import Localization
import RepoFinderCore

/// The screens of the web app, each one server-rendered page that its script then brings to life.
enum Screen: String, CaseIterable, Sendable {
    case home, discover, onboarding, trending, search, saved, liked, profile, repository, compare, area, ask
    /// A curated list's heading as a page (`/lists?list=…&heading=…`).
    case list
    /// A maintainer's repositories in RepoFinder (signed in with GitHub), and the operator's report.
    case maintainer, admin
    case notFound = "not-found", offline
    case signIn = "sign-in"

    /// The screen's title in `words`' language (`page.title.<screen>`).
    func title(_ words: Words) -> String { words.text("page.title.\(rawValue)") }
}

/// One entry of the navigation bar (or of a section's tabs).
struct NavItem: Sendable {
    let href: String
    let label: String
    /// An SVG path (24×24 viewBox) for the icon (empty for a section's tabs).
    let icon: String
    let current: Bool

    /// The bar's places: at most five fit a phone. Home, the deck, Explore (Search and Trending), the Library (Saved
    /// and Liked), and Ask. Profile sits in the top bar.
    /// `label` names the key of its words (`page.nav.<label>`).
    static let destinations: [(label: String, href: String, screens: Set<Screen>, icon: String)] = [
        ("home", "/", [.home], "M3 11l9-8 9 8M5 10v10h5v-6h4v6h5V10"),
        ("deck", "/discover", [.discover, .onboarding], "M4 6h12v14H4zM8 2h12v14"),
        (
            "explore", "/search", [.search, .trending, .repository, .compare, .area, .list],
            "M10 4a6 6 0 1 0 0 12 6 6 0 0 0 0-12zM14.5 14.5L20 20"
        ),
        ("library", "/saved", [.saved, .liked], "M6 3h12v18l-6-4-6 4z"),
        ("ask", "/ask", [.ask], "M4 5h16v11H9l-5 4z"),
    ]

    /// The profile's icon (top bar).
    static let profileIcon = "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0"

    static func bar(current: Screen, words: Words) -> [NavItem] {
        destinations.map {
            NavItem(
                href: $0.href, label: words.text("page.nav.\($0.label)"), icon: $0.icon,
                current: $0.screens.contains(current))
        }
    }

    /// The tabs inside a section: Search | Trending in Explore, Saved | Liked in the Library; none elsewhere.
    static func sectionTabs(current: Screen, words: Words) -> [NavItem] {
        let tabs: [(Screen, String)] =
            switch current {
            case .search, .trending: [(.search, "/search"), (.trending, "/trending")]
            case .saved, .liked: [(.saved, "/saved"), (.liked, "/liked")]
            default: []
            }
        return tabs.map { NavItem(href: $1, label: $0.title(words), icon: "", current: $0 == current) }
    }
}

/// A choice in a group of radio buttons or a select.
struct Option: Sendable {
    let value: String
    let label: String
    let selected: Bool
}

/// A page the not-found page offers: "Did you mean Trending?".
struct Suggestion: Sendable {
    let href: String
    let label: String
}

/// What every page template is rendered with.
struct PageModel: Sendable {
    var title: String
    let screen: String
    /// The page's language (`<html lang>`, the scripts' messages file).
    let lang: String
    /// The catalogue's words in that language, looked up by key: `{{t.page.nav.home}}`.
    let t: PageWords
    let nav: [NavItem]
    /// The section's tabs (Explore, Library), empty elsewhere.
    let sectionTabs: [NavItem]
    /// The section's name, for the tabs' label.
    let section: String?
    /// Whether this is the profile (the top bar's link is current).
    let isProfile: Bool
    let profileIcon = NavItem.profileIcon
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
    /// Compare's table and chart.
    var comparison: ComparisonView?
    /// A sentence for the person (not found, bad link).
    var message: String?
    /// The screen an unknown address most likely meant (the not-found page offers it first).
    var suggestion: Suggestion?
    /// The area (cluster id) an area page shows; nil on the list of areas.
    var areaID: String?
    /// The curated list's heading a list page shows.
    var listSection: ListSectionView?
    /// The heading of a page that has nothing to show, when "Nothing here" would be wrong (nothing could be asked).
    var emptyHeading: String?
    /// The sign-in page of an app's sign-in: the `repoverse://` address the person may go on to.
    var appReturn: String?

    init(screen: Screen, words: Words, title: String? = nil) {
        self.title = title ?? screen.title(words)
        self.screen = screen.rawValue
        self.lang = words.language.code
        self.t = PageWords(words: words)
        self.nav = NavItem.bar(current: screen, words: words)
        let tabs = NavItem.sectionTabs(current: screen, words: words)
        self.sectionTabs = tabs
        self.section = NavItem.destinations.first { !tabs.isEmpty && $0.screens.contains(screen) }
            .map { words.text("page.nav.\($0.label)") }
        self.isProfile = screen == .profile
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
    /// Beside the stars: "as of 22 Aug 2026" or "count not checked on GitHub"; nil when fresh.
    let countsNote: String?
    /// "Numbers from 22 Aug 2026" when the newest daily count is more than two days old.
    let numbersNote: String?
    /// When GitHub stopped having it ("22 Aug 2026").
    let gone: String?
    /// The star history, when there are at least two days of counts.
    let chart: StarChart?
    /// "An alternative to Moment.js, in its own words.", when it says what it replaces.
    let replaces: String?
    /// Where curated lists place it.
    let listings: [ListingView]
    let hasListings: Bool
    /// Whether there is anything the community says of it.
    let hasCommunity: Bool

    init(
        _ repository: Repository, history: [StarSnapshot] = [], community: WebApp.Community = .init(), now: Date,
        words: Words
    ) {
        fullName = repository.fullName
        owner = repository.owner.login
        name = repository.name
        initial = String(repository.owner.login.prefix(1)).uppercased()
        avatar = repository.owner.displayAvatarAddress + (repository.owner.avatarURL == nil ? "?s=96" : "")
        description = repository.description.flatMap { $0.isEmpty ? nil : $0 }
        topics = repository.topics
        hasTopics = !repository.topics.isEmpty
        stars = words.number(repository.stars)
        forks = repository.forks.map(words.number)
        openIssues = repository.openIssues.map(words.number)
        language = repository.language
        license = repository.license.map { $0.spdxID ?? $0.name }
        let activity = ActivityFacts(repository, now: now)
        let worded = activity.worded(repository, words: words)
        updated = worded.lastUpdated
        created = repository.createdAt.map { Day(containing: $0).monthAndYear(words) }
        archived = repository.archived
        url = repository.webURL.absoluteString
        deepLink = Route.repository(repository.repositoryName).deepLink
        self.health = activity.health?.level.rawValue
        healthTitle = worded.healthTitle
        healthSummary = worded.healthSummary
        countsNote = CountsFreshness.countLabel(checkedAt: repository.checkedAt, now: now, words: words)
        let newest = [history.last?.day, repository.checkedAt.map(Day.init(containing:))].compactMap { $0 }.max()
        numbersNote = newest.flatMap {
            CountsFreshness.isStale($0, now: now) ? words.text("page.repository.numbers-note", $0.spoken(words)) : nil
        }
        gone = repository.goneAt.map { words.text("page.repository.gone", Day(containing: $0).spoken(words)) }
        chart = StarChart(history, words: words)
        replaces =
            community.replaces.isEmpty
            ? nil : words.text("page.repository.replaces", words.list(community.replaces))
        listings = community.listings.map(ListingView.init)
        hasListings = !listings.isEmpty
        hasCommunity = replaces != nil || hasListings
    }
}

/// A curated list's heading as its page's head shows it before the script reads the section: the list (a link to it
/// on GitHub), the headings above (each a link to its own page), and the heading's name.
struct ListSectionView: Sendable {
    struct Crumb: Sendable {
        let name: String
        let href: String
    }

    let list: String
    let listURL: String
    let parents: [Crumb]
    let name: String
    /// The path as the script sends it, one heading per line.
    let headingLines: String

    /// The view of `heading` in `list`, nil when either is missing or not a list's id (the page is not found).
    init?(list id: String, heading: [String]) {
        guard CuratedListSection.isAddress(list: id, heading: heading), let list = try? CuratedListSource(id: id)
        else { return nil }
        self.list = list.id
        listURL = list.webAddress
        parents = heading.indices.dropLast().map { end in
            Crumb(name: heading[end], href: Self.href(list: list.id, heading: Array(heading[...end])))
        }
        name = heading[heading.count - 1]
        headingLines = heading.joined(separator: "\n")
    }

    /// The page's address of a list's heading.
    static func href(list: String, heading: [String]) -> String {
        let allowed = CharacterSet.urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&=+#?/"))
        func encoded(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: allowed) ?? "" }
        return "/lists?list=\(encoded(list))" + heading.map { "&heading=\(encoded($0))" }.joined()
    }
}

/// A curated list's placement of a repository as the detail page shows it: the list (a link to it on GitHub) and
/// the heading path, as the curators wrote them.
struct ListingView: Sendable {
    let list: String
    let listURL: String
    let heading: String
    /// Its heading's page in RepoFinder.
    let headingURL: String

    init(_ listing: RepositoryListing) {
        list = listing.list.id
        listURL = listing.list.webAddress
        heading = listing.heading.joined(separator: " › ")
        headingURL = ListSectionView.href(list: listing.list.id, heading: listing.heading)
    }
}
