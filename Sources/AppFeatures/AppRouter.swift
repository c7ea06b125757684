import Foundation
import Localization
public import Observation
public import RepoFinderCore

/// The app's tabs: at most five fit a phone's tab bar. Home, the deck, Explore (search and trending), the Library
/// (saved and liked) and Ask; Profile is pushed from Home's toolbar (the web app shows it there too).
public enum AppTab: String, CaseIterable, Hashable, Sendable {
    case home, discover, explore, library, ask
}

/// A screen pushed on top of a tab.
public enum Destination: Hashable, Sendable {
    case repository(RepositoryName)
    /// 2–4 repositories side by side.
    case compare([RepositoryName])
    /// An area's best repositories (a cluster id).
    case area(String)
    /// A curated list's heading (the list's id, the heading path outermost first).
    case listSection(list: String, heading: [String])
    /// The person's profile and settings.
    case profile
    /// The person's repositories in RepoFinder (for someone signed in with GitHub), pushed from Profile.
    case maintainer
    /// How one of the person's repositories fared (pushed from ``maintainer``).
    case maintainerRepository(RepositoryName)
}

/// Where the app is: a tab, what is pushed on it, and what a link asked that tab's screen to show.
public struct NavigationState: Hashable, Sendable {
    public var tab: AppTab = .home
    public var path: [Destination] = []
    /// The trending filter a link asked for.
    public var trending: TrendingFilter?
    /// The words a search link carried.
    public var searchQuery: String?
    /// The deck filter a discover link named (the deck applies it and keeps it for the person).
    public var deckFilter: DeckFilter?
    /// Which list the Library shows.
    public var list: ListChoice = .saved
    /// Which half of Explore shows.
    public var explore: ExploreChoice = .search

    public init() {}

    /// The saved or liked list.
    public enum ListChoice: String, Hashable, Sendable { case saved, liked }

    /// Search or trending.
    public enum ExploreChoice: String, Hashable, Sendable { case search, trending }

    /// A language (or every language) and a window.
    public struct TrendingFilter: Hashable, Sendable {
        public var language: String?
        public var window: TrendingWindow

        public init(language: String?, window: TrendingWindow) {
            self.language = language
            self.window = window
        }
    }
}

/// Turns `repoverse://` links (and web paths such as `/r/apple/swift`) into navigation state, and keeps that state
/// for the app's navigation views to follow.
@Observable @MainActor
public final class AppRouter {
    public enum Event: Hashable, Sendable {
        /// A link from outside (a deep link, a pasted web path).
        case open(String)
        case select(AppTab)
        case push(Destination)
        case pop
        /// The navigation view's own change of the path (a back swipe, the back button).
        case setPath([Destination])
        /// Asks a question in a new thread (Home's suggestions): opens the Ask tab, which takes ``question``.
        case ask(String)
    }

    /// Longest question a suggestion may hand to Ask.
    public static let maximumQuestionLength = 500

    public private(set) var state = NavigationState()
    /// Why the last link could not be opened (what a good link looks like).
    public private(set) var linkProblem: String?
    /// A question waiting for the Ask tab to ask it in a new thread (``takeQuestion()``).
    public private(set) var question: String?

    public init() {}

    public func send(_ event: Event) {
        switch event {
        case .open(let link):
            do {
                state = Self.navigation(for: try Route(link: link))
                linkProblem = nil
            } catch {
                linkProblem = Words(Language.device).linkProblem(error)
            }
        case .select(let tab):
            state.tab = tab
            state.path = []
        case .push(let destination):
            state.path.append(destination)
        case .pop:
            _ = state.path.popLast()
        case .setPath(let path):
            state.path = path
        case .ask(let text):
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { return }
            question = String(trimmed.prefix(Self.maximumQuestionLength))
            state.tab = .ask
            state.path = []
        }
    }

    /// The question waiting for the Ask tab, once: asking it is the taker's.
    public func takeQuestion() -> String? {
        defer { question = nil }
        return question
    }

    /// The navigation state a route leads to.
    public static func navigation(for route: Route) -> NavigationState {
        var state = NavigationState()
        switch route {
        case .home:
            state.tab = .home
        case .discover(let filter):
            state.tab = .discover
            state.deckFilter = filter
        case .repository(let name):
            state.tab = .explore
            state.path = [.repository(name)]
        case .compare(let names):
            state.tab = .explore
            state.path = [.compare(names)]
        case .trending(let language, let since):
            state.tab = .explore
            state.explore = .trending
            state.trending = .init(language: language, window: since)
        case .search(let query):
            state.tab = .explore
            state.explore = .search
            state.searchQuery = query
        case .saved:
            state.tab = .library
            state.list = .saved
        case .liked:
            state.tab = .library
            state.list = .liked
        case .profile:
            state.tab = .home
            state.path = [.profile]
        case .area(let id):
            state.tab = .explore
            state.path = [.area(id)]
        case .list(let list, let heading):
            state.tab = .explore
            state.path = [.listSection(list: list, heading: heading)]
        }
        return state
    }
}
