import AppFeatures
import AppTestSupport
import Foundation
import OfflineStore
import RepoFinderClient
import RepoFinderCore
import Synchronization
import Testing

@Suite("Screen view models (fake service)")
@MainActor
struct ScreenViewModelTests {
    let service = FakeService()

    nonisolated static let clusters = [
        ClusterSummary(id: "mobile", name: "Mobile", size: 10),
        ClusterSummary(id: "web-frontend", name: "Web", size: 8),
        ClusterSummary(id: "systems", name: "Systems", size: 5),
    ]

    @Test("onboarding: every field of the preferences, in the shared step order, checked, saved with onboarding done")
    func onboarding() async throws {
        service.onClusters { Self.clusters }
        service.onPreferences { UserPreferences(techStack: ["Swift"]) }
        let saved = Mutex<UserPreferences?>(nil)
        service.onSavePreferences { preferences in
            saved.withLock { $0 = preferences }
            return preferences
        }
        let model = OnboardingViewModel(service: service)
        await model.send(.appear).value
        #expect(model.state == .editing(.stars))
        model.send(.next)
        #expect(model.state == .editing(.about))
        #expect(model.draft.techStack == ["Swift"])
        model.send(.setName("  Ada "))
        model.send(.setProjectType(String(repeating: "p", count: 81)))
        #expect(model.problem?.contains("too long") == true)
        model.send(.setProjectType("mobile app"))
        model.send(.next)
        #expect(model.state == .editing(.stack))
        model.send(.addTech("  swift "))
        model.send(.addTech("SwiftUI"))
        model.send(.addTech(String(repeating: "x", count: 41)))
        #expect(model.problem?.contains("too long") == true)
        #expect(model.draft.techStack == ["Swift", "SwiftUI"])
        model.send(.next)
        #expect(model.state == .editing(.interests))
        model.send(.addInterest("ios"))
        model.send(.addInterest("IOS"))
        model.send(.addInterest("testing"))
        model.send(.removeInterest("testing"))
        #expect(model.draft.interests == ["ios"])
        model.send(.back)
        #expect(model.state == .editing(.stack))
        model.send(.next)
        model.send(.next)
        model.send(.setExperience(.intermediate))
        model.send(.next)
        model.send(.toggleGoal(.exploring))
        model.send(.next)
        #expect(model.state == .editing(.areas))
        model.send(.choosePrimary("nonsense"))
        #expect(model.problem == "'nonsense' is not one of the areas.")
        model.send(.choosePrimary("mobile"))
        model.send(.toggleSecondary("systems"))
        model.send(.toggleSecondary("mobile"))
        #expect(model.draft.secondaryClusters == ["systems"], "the primary is not also secondary")
        await model.send(.next).value
        #expect(model.state == .finished)
        let stored = try #require(saved.withLock { $0 })
        #expect(stored.name == "Ada")
        #expect(stored.projectType == "mobile app")
        #expect(stored.interests == ["ios"])
        #expect(stored.primaryCluster == "mobile")
        #expect(stored.experienceLevel == .intermediate)
        #expect(stored.goals == [.exploring])
        #expect(stored.onboardingCompleted)
    }

    @Test(
        "onboarding starts from GitHub stars if asked: a login checked, the import followed to its end, failures said")
    func onboardingStars() async throws {
        service.onClusters { Self.clusters }
        service.onPreferences { UserPreferences() }
        let polls = Mutex(0)
        service.onImportGitHubStars { login throws(ClientFailure) in
            guard login == "octocat" else {
                throw .rejected("GitHub has no user named '\(login)'. Check the spelling.")
            }
            return StarImportProgress(id: "i1", login: "octocat", state: .running)
        }
        service.onStarImport { id in
            let count = polls.withLock { count in
                count += 1
                return count
            }
            return count < 3
                ? StarImportProgress(
                    id: id, login: "octocat", state: .running, read: count * 100, pagesRead: count, pagesTotal: 3)
                : StarImportProgress(
                    id: id, login: "octocat", state: .done, read: 250, imported: 250, added: 12, pagesRead: 3,
                    pagesTotal: 3)
        }
        let model = OnboardingViewModel(service: service, pollInterval: .zero)
        await model.send(.appear).value
        #expect(model.state == .editing(.stars))
        await model.send(.importStars).value
        #expect(model.problem == "Type a GitHub username first.")
        model.send(.setGitHubLogin(" bad login "))
        await model.send(.importStars).value
        #expect(model.problem?.hasPrefix("'bad login' is not a GitHub login") == true)
        #expect(service.count("importGitHubStars") == 0)
        model.send(.setGitHubLogin("nobody"))
        await model.send(.importStars).value
        #expect(
            model.problem == ClientFailure.rejected("GitHub has no user named 'nobody'. Check the spelling.").message)
        model.send(.setGitHubLogin("octocat"))
        await model.send(.importStars).value
        #expect(model.problem == nil)
        #expect(service.count("starImport") == 3)
        let done = try #require(model.starImport)
        #expect(done.state == .done && done.imported == 250 && done.fraction == 1)
        #expect(done.summary == "Imported 250 stars from octocat (12 new to RepoFinder).")
        model.send(.next)
        #expect(model.state == .editing(.about))
    }

    @Test("onboarding: a failed save keeps the draft and retry saves it; skip saves what was chosen")
    func onboardingFailure() async throws {
        service.onClusters { Self.clusters }
        service.onPreferences { UserPreferences() }
        service.onSavePreferences { _ throws(ClientFailure) in throw .serverTrouble("HTTP 503") }
        let model = OnboardingViewModel(service: service)
        await model.send(.appear).value
        model.send(.choosePrimary("systems"))
        await model.send(.skip).value
        #expect(model.state == .failed(ClientFailure.serverTrouble("HTTP 503").message))
        service.onSavePreferences { $0 }
        await model.send(.retry).value
        #expect(model.state == .finished)
        #expect(model.draft.primaryCluster == "systems")
        #expect(model.draft.onboardingCompleted)
    }

    @Test("trending: loads, pages on scroll until the end, filters start over, failures are shown")
    func trending() async throws {
        service.onTrending { request in
            let items = request.page <= 2 ? (0..<20).map { (request.page - 1) * 20 + $0 } : Array(40..<45)
            return ResultPage(
                items: items.map {
                    TrendingEntry(
                        rank: $0 + 1, repository: Sample.repository($0, language: request.language ?? "Swift"),
                        starsGained: 100 - $0)
                }, page: request.page, perPage: 20)
        }
        let model = TrendingViewModel(service: service)
        #expect(model.window == .daily, "the same default window as the API, the web app and the command line")
        await model.send(.appear).value
        #expect(model.state == .loaded)
        #expect(model.items.count == 20)
        await model.send(.loadMore).value
        await model.send(.loadMore).value
        #expect(model.items.count == 45)
        await model.send(.loadMore).value
        #expect(service.count("trending") == 3, "no page after a short one")
        await model.send(.setLanguage("Rust")).value
        #expect(model.language == "Rust")
        #expect(model.items.count == 20)
        #expect(model.items.allSatisfy { $0.repository.language == "Rust" })
        await model.send(.setWindow(.monthly)).value
        #expect(model.window == .monthly)
        service.onTrending { _ throws(ClientFailure) in throw .rateLimited(retryAfter: 9) }
        await model.send(.refresh).value
        #expect(model.state == .failed(ClientFailure.rateLimited(retryAfter: 9).message))
    }

    @Test("search: typing is debounced into one request, older answers are dropped, results page on scroll")
    func search() async throws {
        let asked = Mutex<[String]>([])
        service.onSearch { request in
            asked.withLock { $0.append("\(request.query)#\(request.page)") }
            let base = (request.page - 1) * 20
            return SearchResultsPage(
                results: ResultPage(
                    items: (base..<base + 20).map { Sample.repository($0) }, page: request.page, perPage: 20, total: 30
                ))
        }
        service.onSearchSuggestions { _ in [] }
        let model = SearchViewModel(service: service, debounce: .milliseconds(50))
        model.send(.queryChanged("s"))
        model.send(.queryChanged("sw"))
        await model.send(.queryChanged("swift")).value
        #expect(asked.withLock { $0 } == ["swift#1"])
        #expect(model.state == .loaded)
        #expect(model.total == 30)
        await model.send(.loadMore).value
        #expect(model.results.count == 40)
        await model.send(.loadMore).value
        #expect(asked.withLock { $0 }.count == 2, "30 results: no third page")
        await model.send(.queryChanged("   ")).value
        #expect(model.state == .idle)
        #expect(model.results.isEmpty)
        service.onSearch { request in
            SearchResultsPage(results: ResultPage(items: [], page: request.page, perPage: 20, total: 0))
        }
        await model.send(.queryChanged("zzzz")).value
        #expect(model.state == .empty)
    }

    @Test("search: suggestions while typing, a chosen topic or language, marked words and Did you mean")
    func searchSuggestionsAndCorrections() async throws {
        let asked = Mutex<[String]>([])
        service.onSearchSuggestions { text in
            asked.withLock { $0.append(text) }
            return [
                SearchSuggestion(kind: .language, text: "Kotlin", count: 900),
                SearchSuggestion(kind: .topic, text: "kubernetes-operator", count: 40),
                SearchSuggestion(kind: .repository, text: "kubernetes/kubernetes", count: 110_000),
            ]
        }
        let requests = Mutex<[SearchRequest]>([])
        service.onSearch { request in
            requests.withLock { $0.append(request) }
            let correction = request.query == "kuberntes" ? "kubernetes" : nil
            return SearchResultsPage(
                results: ResultPage(items: [Sample.repository(1)], page: request.page, perPage: 20, total: 1),
                highlights: ["kubernetes"], didYouMean: correction)
        }
        let model = SearchViewModel(service: service, debounce: .milliseconds(80), suggestionDelay: .milliseconds(5))
        model.send(.queryChanged("k"))
        await model.send(.queryChanged("ku")).value
        #expect(asked.withLock { $0 } == ["ku"], "older words are not asked about")
        #expect(model.suggestions.map(\.text) == ["Kotlin", "kubernetes-operator", "kubernetes/kubernetes"])
        await model.send(.dismissSuggestions).value
        #expect(model.suggestions.isEmpty)

        // A topic searches for its words.
        await model.send(.chooseSuggestion(SearchSuggestion(kind: .topic, text: "kubernetes-operator", count: 40)))
            .value
        #expect(model.query == "kubernetes operator")
        #expect(requests.withLock { $0.last?.query } == "kubernetes operator")
        #expect(model.highlights == ["kubernetes"])
        // A language filters by it, the words cleared: the language alone is browsed.
        await model.send(.chooseSuggestion(SearchSuggestion(kind: .language, text: "Kotlin", count: 900))).value
        #expect(model.query.isEmpty && model.language == "Kotlin")
        let browsed = requests.withLock { $0.last }
        #expect(browsed?.query == "" && browsed?.language == "Kotlin")

        // An unknown word: the correction is offered, and taken.
        await model.send(.queryChanged("kuberntes")).value
        #expect(model.didYouMean == "kubernetes")
        await model.send(.acceptCorrection).value
        #expect(model.query == "kubernetes" && model.didYouMean == nil)
        #expect(requests.withLock { $0.last?.query } == "kubernetes")

        // A failing suggestion request offers nothing; the search goes on.
        service.onSearchSuggestions { _ throws(ClientFailure) in throw .noConnection }
        await model.send(.queryChanged("rust")).value
        #expect(model.suggestions.isEmpty)
        #expect(model.state == .loaded)
    }

    @Test("saved list: loads, removes at once, puts back with the reason when the server refuses")
    func lists() async throws {
        let entries = (0..<3).map {
            ListEntry(repository: Sample.repository($0), addedAt: Date(timeIntervalSince1970: 0))
        }
        service.onList { request in
            #expect(request.list == .saved)
            return ResultPage(items: entries, page: request.page, perPage: request.perPage, total: 3)
        }
        service.onRemove { _ in }
        let model = ListViewModel(list: .saved, service: service)
        await model.send(.appear).value
        #expect(model.items.count == 3)
        await model.send(.remove(entries[1].repository.repositoryName)).value
        #expect(model.items.map(\.id) == [entries[0].id, entries[2].id])
        service.onRemove { _ throws(ClientFailure) in throw .noConnection }
        await model.send(.remove(entries[0].repository.repositoryName)).value
        #expect(model.items.map(\.id) == [entries[0].id, entries[2].id], "put back where it was")
        #expect(model.notice?.contains("still on your saved list") == true)
    }

    @Test("detail: loads the repository and similar ones, records a view once, like and save through the outbox")
    func detail() async throws {
        service.storeInteractions()
        let repository = Sample.repository(7)
        service.onRepository { _ in repository }
        service.onSimilar { _ in [Sample.card(8), Sample.card(9)] }
        service.onStarHistory { name in
            (0..<3).map { StarSnapshot(repository: name, day: Day(daysSinceEpoch: 20_000 + $0), stars: 10 * $0) }
        }
        let model = RepositoryDetailViewModel(
            name: repository.repositoryName, service: service, outbox: Outbox(database: try .inMemory()))
        await model.send(.appear).value
        #expect(model.state == .loaded(repository))
        #expect(model.similar.count == 2)
        #expect(model.history.map(\.stars) == [0, 10, 20])
        await model.send(.like).value
        await model.send(.like).value
        await model.send(.open).value
        await model.send(.retry).value
        #expect(model.opened == repository.webURL)
        #expect(service.recorded.map(\.kind) == [.view, .like, .open])

        service.onRepository { _ throws(ClientFailure) in throw .notFound("owner7/project-7 is not in the catalog.") }
        await model.send(.retry).value
        #expect(model.state == .failed("owner7/project-7 is not in the catalog."))
    }

    @Test("profile: preferences and statistics together; a failure says why")
    func profile() async throws {
        let preferences = UserPreferences(primaryCluster: "mobile", techStack: ["Swift"], goals: [.contributing])
        let stats = PersonStats(counts: [.like: 3], languages: [.init(name: "Swift", count: 3)], topics: [])
        service.onPreferences { preferences }
        service.onStats { stats }
        let model = ProfileViewModel(service: service)
        await model.send(.appear).value
        #expect(model.state == .loaded(preferences: preferences, stats: stats))
        #expect(ProfileViewModel.describe(preferences).contains("Works with: Swift"))
        service.onStats { _ throws(ClientFailure) in throw .signedOut }
        await model.send(.refresh).value
        #expect(model.state == .failed(ClientFailure.signedOut.message))
    }

    @Test("router: repoverse:// links and web paths become navigation state; a bad link says why")
    func router() {
        let router = AppRouter()
        #expect(router.state.tab == .home, "the app opens on Home")
        router.send(.open("repoverse://repo/apple/swift"))
        #expect(router.state.tab == .explore)
        #expect(router.state.path == [.repository(try! RepositoryName(parsing: "apple/swift"))])
        router.send(.open("repoverse://compare?repos=apple/swift,rust-lang/rust"))
        #expect(
            router.state.path == [.compare(["apple/swift", "rust-lang/rust"].map { try! RepositoryName(parsing: $0) })])
        router.send(.open("repoverse://lists?list=avelino%2Fawesome-go&heading=Messaging"))
        #expect(router.state.tab == .explore)
        #expect(router.state.path == [.listSection(list: "avelino/awesome-go", heading: ["Messaging"])])
        router.send(.open("/"))
        #expect(router.state.tab == .home)
        router.send(.open("/discover"))
        #expect(router.state.tab == .discover)
        router.send(.open("repoverse://trending?language=Rust&since=monthly"))
        #expect(router.state.tab == .explore)
        #expect(router.state.explore == .trending)
        #expect(router.state.trending == .init(language: "Rust", window: .monthly))
        #expect(router.state.path.isEmpty)
        router.send(.open("/search?q=swift%20ui"))
        #expect(router.state.tab == .explore)
        #expect(router.state.explore == .search)
        #expect(router.state.searchQuery == "swift ui")
        router.send(.open("repoverse://liked"))
        #expect(router.state.tab == .library)
        #expect(router.state.list == .liked)
        router.send(.open("https://example.com/x"))
        #expect(router.linkProblem != nil)
        #expect(router.state.tab == .library, "a bad link changes nothing")
        router.send(.select(.ask))
        router.send(.push(.repository(try! RepositoryName(parsing: "vapor/vapor"))))
        router.send(.pop)
        #expect(router.state.tab == .ask)
        #expect(router.state.path.isEmpty)
        router.send(.open("repoverse://profile"))
        #expect(router.state.tab == .home)
        #expect(router.state.path == [.profile], "Profile is pushed on Home")
        router.send(.setPath([]))
        #expect(router.state.path.isEmpty, "the back button's change of path is kept")
    }
}
