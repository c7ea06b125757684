import AppFeatures
import AppTestSupport
import Foundation
import Localization
import OfflineStore
import RepoFinderClient
import RepoFinderCore
import SwiftUI
import Testing

@testable import RepoFinderScreens

/// The app's screens in Xcode's accented pseudolanguage and in each language of its String Catalog (the stand-in shows
/// the catalogue's words for the language a test chooses, as an Apple build does for the App Language): in the
/// pseudolanguage every word the screens show is accented, so a word shown plain escaped the catalogue (what the fake
/// service sends, repositories' names and the like, is data and exempt); in each language the words are that
/// language's, not English ones left over.
@Suite("The app's screens in each language (String Catalog on the stand-in)")
@MainActor
struct LanguageScreenTests {
    static let languages = ["en-XA", "es", "de", "ja", "en"]

    /// Every text of the deck, onboarding's steps, Ask and Profile, shown in `language`.
    static func texts(in language: String) async throws -> [String] {
        let chosen = Language(code: language)
        return try await Language.$chosen.withValue(chosen) { try await Self.shown(in: language) }
    }

    /// ``texts(in:)`` once the app core's language is chosen too.
    static func shown(in language: String) async throws -> [String] {
        try await StandInLocalization.$language.withValue(language) {
            let database = try LocalDatabase.inMemory()
            let service = FakeService()
            service.storeInteractions()
            service.onWithdraw { _ in }
            service.onClusters { [] }
            service.onPreferences { UserPreferences(techStack: ["Swift"], onboardingCompleted: true) }
            service.onStats { PersonStats(counts: [:], languages: [], topics: []) }
            Sample.pool(total: 5, into: service)
            var texts: [String] = []
            let deck = DeckViewModel(
                service: service, outbox: Outbox(database: database), cache: CardCache(database: database),
                redealWait: .seconds(60))
            let deckScreen = Screen(DeckScreen(model: deck, router: AppRouter()))
            await deckScreen.appear()
            texts += deckScreen.root.texts + deckScreen.root.all.compactMap { $0.traits["accessibilityLabel"] }
            let onboarding = Screen(
                OnboardingScreen(
                    model: OnboardingViewModel(service: service),
                    account: AccountViewModel(service: FakeAccountService(available: false), deviceData: database)))
            await onboarding.appear()
            texts += onboarding.root.texts
            let chat = FakeChatService(source: Sample.repository(7))
            let threads = ThreadsViewModel(service: chat, timeZone: "UTC")
            let ask = Screen(AskScreen(model: threads, chat: { ChatViewModel(service: chat, threadID: $0) }))
            await ask.appear()
            texts += ask.root.texts
            let profile = Screen(
                ProfileScreen(
                    model: ProfileViewModel(service: service),
                    account: AccountViewModel(service: FakeAccountService(available: false), deviceData: database),
                    editor: { OnboardingViewModel(service: service, revisiting: true) }))
            await profile.appear()
            texts += profile.root.texts
            texts += await maintainer(service, database)
            service.onHome { _ in HomeAndLibraryScreenTests.home(pick: Sample.card(1)) }
            let home = Screen(
                HomeView(
                    model: HomeViewModel(service: service, outbox: Outbox(database: database)), router: AppRouter()))
            await home.appear()
            texts += home.root.texts
            texts += try await libraryExploreAndRepository(service, database)
            return texts.filter { !$0.isEmpty }
        }
    }

    /// Every text of Library (Saved, one row), Explore (a search with a suggestion and a result) and a repository's
    /// screen (facts, similar ones, star history).
    static func libraryExploreAndRepository(_ service: FakeService, _ database: LocalDatabase) async throws -> [String]
    {
        var texts: [String] = []
        service.onList { request in
            HomeAndLibraryScreenTests.page(request.list, request.list == .saved ? [1] : [])
        }
        let cache = ListCache(database: database)
        let outbox = Outbox(database: database)
        let saved = ListViewModel(list: .saved, service: service, cache: cache, outbox: outbox)
        let liked = ListViewModel(list: .liked, service: service, cache: cache, outbox: outbox)
        let router = AppRouter()
        let library = Screen(LibraryScreen(saved: saved, liked: liked, router: router))
        await library.appear()
        texts += library.root.texts
        service.onSearch { _ in
            SearchResultsPage(results: ResultPage(items: [Sample.repository(7)], page: 1, perPage: 20, total: 1))
        }
        service.onSearchSuggestions { _ in [SearchSuggestion(kind: .topic, text: "topic0", count: 3)] }
        service.onTrending { _ in ResultPage(items: [], page: 1, perPage: 20, total: 0) }
        let search = SearchViewModel(service: service, debounce: .zero, suggestionDelay: .zero)
        let trending = TrendingViewModel(service: service)
        let explore = Screen(ExploreScreen(search: search, trending: trending, router: router))
        explore.root.first("SearchField")?.textBinding?.wrappedValue = "vapor"
        await explore.waitUntil("the result shows") { $0.shows("owner7/project-7") }
        texts += explore.root.texts
        service.onRepository { _ in Sample.repository(4) }
        service.onSimilar { _ in [Sample.card(5)] }
        service.onStarHistory { name in
            (0..<4).map { StarSnapshot(repository: name, day: Day(daysSinceEpoch: 20_000 + $0), stars: 100 + $0) }
        }
        let name = Sample.repository(4).repositoryName
        let detail = RepositoryDetailViewModel(name: name, service: service, outbox: outbox)
        let compare = CompareViewModel(service: service, tray: CompareTray(database: database))
        let repository = Screen(RepositoryScreen(model: detail, compare: compare, router: router))
        await repository.appear()
        texts += repository.root.texts
        return texts
    }

    /// Every text of the person's repositories: the list, then one repository's figures.
    static func maintainer(_ service: FakeService, _ database: LocalDatabase) async -> [String] {
        service.onMaintainedRepositories { window in Sample.maintained(window: window) }
        service.onMaintainerDashboard { name, window in Sample.dashboard(name, window: window) }
        let model = MaintainerViewModel(service: service)
        let account = AccountViewModel(service: FakeAccountService(available: false), deviceData: database)
        let list = Screen(MaintainerScreen(model: model, account: account, router: AppRouter()))
        await list.appear()
        let name = Sample.repository(1).repositoryName
        let repository = Screen(MaintainerRepositoryScreen(model: model, name: name))
        await repository.appear()
        return list.root.texts + repository.root.texts
    }

    /// What the fakes send (repositories, reasons, counts, Home's greeting and Ask's questions, which the server
    /// words): data, shown as it is in every language.
    static func isData(_ text: String) -> Bool {
        text.contains("owner") || text.contains("project-") || text.contains("Project number")
            || text.contains("Because of") || text.wholeMatch(of: /[\d\s.,:%★+\-–—·\/]*/) != nil
            // ShareLink's own label is the system's ("Share"), in the device's language, not the app's.
            || [
                "Share", "Swift", "mobile", "topic0", "topic1", "topic2", "Good evening, Ana", "Friday",
                "What is like vapor?",
            ]
            .contains(text)
    }

    @Test("in the pseudolanguage every word shown is from the catalogue")
    func pseudolanguage() async throws {
        let plain = try await Self.texts(in: "en-XA").filter { text in
            !Self.isData(text) && text.contains(/[A-Za-z]{2,}/) && !text.contains(/[åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýž]/)
        }
        #expect(plain.isEmpty, Comment(rawValue: "shown plain, not from the catalogue: \(Set(plain).sorted())"))
    }

    @Test("each language shows its own words, not English ones", arguments: ["es", "de", "ja"])
    func language(_ language: String) async throws {
        let english = Set(try await Self.texts(in: "en").filter { !Self.isData($0) })
        let shown = try await Self.texts(in: language).filter { !Self.isData($0) }
        // Words that are the same in both languages (a brand, "OK") are few; a screen still in English is many.
        let leftOver = Set(shown).intersection(english).filter { $0.contains(/[a-z]{3,}/) && $0 != "GitHub" }
        #expect(shown.count >= english.count / 2, "\(language) showed \(shown.count) texts, English \(english.count)")
        #expect(leftOver.count <= 2, Comment(rawValue: "English left in \(language): \(leftOver.sorted())"))
    }
}
