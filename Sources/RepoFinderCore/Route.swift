/// A place in RepoFinder that a link can point at. Every route has a deep link (`repoverse://…`) and a web
/// path (`/r/owner/name`, `/trending?…`); both parse back to the same route.
public enum Route: Hashable, Sendable {
    /// A repository's detail page.
    case repository(RepositoryName)
    /// Trending repositories, optionally for one language.
    case trending(language: String?, since: TrendingWindow)
    /// Search results for a query.
    case search(query: String)
    /// The saved list.
    case saved
    /// The liked list.
    case liked
    /// The swipe deck, narrowed by `filter` when the link names one (languages, areas, stars, health).
    case discover(DeckFilter? = nil)
    /// Preferences and stats.
    case profile
    /// Home: the greeting, today's pick, what moves in the person's languages.
    case home
    /// 2–4 repositories side by side (``CompareRequest`` checks the list).
    case compare([RepositoryName])
    /// An area (a topic cluster, by id such as `developer-tools`): its best repositories, and a deck of it.
    case area(String)
    /// A curated list's heading (the list's id, the heading path outermost first): what the list places there.
    case list(list: String, heading: [String])

    /// The URL scheme of deep links.
    public static let scheme = "repoverse"
    /// Longest search query a link may carry.
    public static let maximumQueryLength = 256
    /// Longest language name a link may carry.
    public static let maximumLanguageLength = 64
    /// Longest link accepted at all.
    public static let maximumLinkLength = 2048
}

/// Why a link is not a RepoFinder route. Each message says what was wrong and what a good link looks like.
public enum RouteError: Error, Equatable, Sendable, CustomStringConvertible {
    case empty
    case tooLong(Int)
    case wrongScheme(String)
    case unknownDestination(String)
    case missingRepository
    case invalidRepository(RepositoryNameError)
    case unexpectedPath(String)
    case invalidWindow(String)
    case invalidLanguage(String)
    case missingQuery
    case queryTooLong(Int)
    case badEncoding(String)
    case invalidComparison(CompareError)
    /// A discover link's `stars` is not a number.
    case invalidStars(String)
    /// A discover link's `health` is not one to narrow to.
    case invalidHealth(String)
    case invalidFilter(DeckFilterError)
    case invalidArea(String)
    /// A list link without a list id, without a heading, or beyond the bounds of ``CuratedListSection``.
    case invalidListSection

    public var description: String {
        switch self {
        case .empty:
            "The link is empty. Try repoverse://discover."
        case .tooLong(let length):
            "The link is \(length) characters long; links are at most \(Route.maximumLinkLength)."
        case .wrongScheme(let link):
            "'\(link)' is not a RepoFinder link: links start with repoverse:// (or are web paths such as /r/apple/swift)."
        case .unknownDestination(let destination):
            "'\(destination)' is not a RepoFinder screen. Known: home, repo, trending, search, compare, saved, liked, discover, profile, area, lists."
        case .missingRepository:
            "A repository link needs an owner and a name, for example repoverse://repo/apple/swift."
        case .invalidRepository(let error):
            "\(error)."
        case .unexpectedPath(let path):
            "Unexpected '\(path)' in the link: this screen takes no further path."
        case .invalidWindow(let value):
            "'\(value)' is not a trending window: use since=daily, weekly or monthly."
        case .invalidLanguage(let value):
            "'\(value)' is not a language name: at most \(Route.maximumLanguageLength) printable characters."
        case .missingQuery:
            "A search link needs a query, for example repoverse://search?q=swift."
        case .queryTooLong(let length):
            "The search query is \(length) characters long; at most \(Route.maximumQueryLength)."
        case .badEncoding(let text):
            "'\(text)' is not correctly percent-encoded (or not UTF-8)."
        case .invalidComparison(let error):
            error.description
        case .invalidStars(let text):
            "'\(text)' is not a number of stars: use stars=1000."
        case .invalidHealth(let text):
            "'\(text)' is not a health to narrow to: use health=active or health=quiet."
        case .invalidFilter(let error):
            error.description
        case .invalidArea(let text):
            text.isEmpty
                ? "An area link needs an area, for example repoverse://area/developer-tools."
                : "'\(text)' is not an area id: lowercase letters, digits and hyphens, such as developer-tools."
        case .invalidListSection:
            "A list link names a list and its heading, for example "
                + "repoverse://lists?list=avelino/awesome-go&heading=Messaging (one heading= a level, at most "
                + "\(CuratedListSection.maximumLevels) of \(CuratedListSection.maximumNameLength) characters)."
        }
    }
}
