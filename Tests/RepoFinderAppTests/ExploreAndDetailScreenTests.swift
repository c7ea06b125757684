import AppFeatures
import AppTestSupport
import Foundation
import OfflineStore
import RepoFinderClient
import RepoFinderCore
import SwiftUI
import Synchronization
import Testing

@testable import RepoFinderScreens

@Suite("Explore, repository and Compare screens on the SwiftUI stand-in (fake service)")
@MainActor
struct ExploreAndDetailScreenTests {
    let database: LocalDatabase
    let service = FakeService()
    let router = AppRouter()

    init() throws {
        database = try .inMemory()
        service.storeInteractions()
    }

    @Test("Explore: typing searches (with suggestions), results open their repository; nothing found says so")
    func search() async {
        service.onSearch { request in
            let found = request.query == "vapor" ? [Sample.repository(7)] : []
            return SearchResultsPage(results: ResultPage(items: found, page: 1, perPage: 20, total: found.count))
        }
        service.onSearchSuggestions { _ in [SearchSuggestion(kind: .topic, text: "server-side", count: 3)] }
        service.onTrending { _ in ResultPage(items: [], page: 1, perPage: 20, total: 0) }
        let search = SearchViewModel(service: service, debounce: .zero, suggestionDelay: .zero)
        let trending = TrendingViewModel(service: service)
        let screen = Screen(ExploreScreen(search: search, trending: trending, router: router))
        let field = screen.root.first("SearchField", Copy.searchPrompt)
        #expect(field != nil)
        field?.textBinding?.wrappedValue = "vapor"
        await screen.waitUntil("the result shows") { $0.shows("owner7/project-7") }
        await screen.waitUntil("the suggestion shows") {
            $0.all.flatMap(\.suggestions).contains { $0.text == "server-side" }
        }
        screen.tap("owner7/project-7")
        #expect(router.state.path == [.repository(Sample.repository(7).repositoryName)])
        screen.root.first("SearchField")?.textBinding?.wrappedValue = "nothing at all"
        await screen.waitUntil("no results") { $0.first("ContentUnavailableView", Copy.noResults) != nil }
    }

    @Test("Explore: trending by window through the picker and by language as typed, rows from the server")
    func trending() async {
        service.onTrending { request in
            ResultPage(
                items: [
                    TrendingEntry(
                        rank: 1,
                        repository: Sample.repository(
                            request.language == "Rust" ? 10 : request.window == .monthly ? 9 : 8),
                        starsGained: 900)
                ],
                page: 1, perPage: 20, total: 1)
        }
        let search = SearchViewModel(service: service, debounce: .zero, suggestionDelay: .zero)
        let trending = TrendingViewModel(service: service)
        router.send(.open("repoverse://trending"))
        let screen = Screen(ExploreScreen(search: search, trending: trending, router: router))
        await screen.appear()
        #expect(screen.root.shows("owner8/project-8"))
        let window = screen.root.every("Picker").first { $0.text == Copy.trending }
        window?.selection?.set(AnyHashable(TrendingWindow.monthly))
        await screen.waitUntil("the monthly list shows") { $0.shows("owner9/project-9") }
        let field = { screen.root.first("TextField", Copy.anyLanguage)?.textBinding }
        for typed in ["R", "Ru", "Rust", "Rust "] { field()?.wrappedValue = typed }
        await screen.waitUntil("Rust's list shows") { $0.shows("owner10/project-10") }
        #expect(trending.language == "Rust")
        #expect(field()?.wrappedValue == "Rust ", "the field keeps what was typed")
    }

    @Test("Repository: loading, facts, like and save, Compare tray, GitHub in the app's Safari view, share")
    func repository() async {
        service.onRepository { _ in Sample.repository(4) }
        service.onSimilar { _ in [Sample.card(5)] }
        service.onStarHistory { name in
            (0..<4).map { StarSnapshot(repository: name, day: Day(daysSinceEpoch: 20_000 + $0), stars: 100 + $0) }
        }
        let name = Sample.repository(4).repositoryName
        let detail = RepositoryDetailViewModel(name: name, service: service, outbox: Outbox(database: database))
        let compare = CompareViewModel(service: service, tray: CompareTray(database: database))
        let screen = Screen(RepositoryScreen(model: detail, compare: compare, router: router))
        #expect(screen.root.first("ProgressView") != nil)
        await screen.appear()
        #expect(screen.root.shows("Project number 4"))
        #expect(screen.root.first("Section", Copy.similar)?.shows("owner5/project-5") == true)
        #expect(screen.root.first("Section", Copy.starHistory)?.first("Chart")?.children.count == 4)
        #expect(screen.root.first("ShareLink")?.traits["item"] == Sample.repository(4).webURL.absoluteString)
        screen.tap(Copy.like)
        screen.tap(Copy.save)
        #expect(screen.root.button(Copy.unlike) != nil)
        #expect(screen.root.button(Copy.unsave) != nil)
        screen.tap(Copy.compareAdd)
        #expect(compare.tray == [name])
        #expect(screen.root.button(Copy.compareRemove) != nil)
        screen.tap(Copy.openOnGitHub)
        #expect(
            screen.root.all.flatMap(\.sheets).first?.first("SafariView")?.traits["url"]
                == Sample.repository(4).webURL.absoluteString)
        await detail.send(.retry).value
        await screen.waitUntil("the view, like, save and open recorded") { _ in service.recorded.count == 4 }
        #expect(Set(service.recorded.map(\.kind)) == [.view, .like, .save, .open])
    }

    @Test("Repository: a failure says why; Try again loads")
    func repositoryFailure() async {
        service.onRepository { _ throws(ClientFailure) in throw .notFound("No such repository.") }
        service.onSimilar { _ in [] }
        service.onStarHistory { _ in [] }
        let detail = RepositoryDetailViewModel(
            name: Sample.repository(4).repositoryName, service: service, outbox: Outbox(database: database))
        let compare = CompareViewModel(service: service, tray: CompareTray(database: database))
        let screen = Screen(RepositoryScreen(model: detail, compare: compare, router: router))
        await screen.appear()
        #expect(screen.root.first("ContentUnavailableView", Copy.failed) != nil)
        service.onRepository { _ in Sample.repository(4) }
        screen.tap(Copy.retry)
        await screen.waitUntil("the repository loads") { $0.shows("Project number 4") }
    }

    @Test("Compare: each repository's facts and its star history as a line chart")
    func compare() async {
        let names = [Sample.repository(1).repositoryName, Sample.repository(2).repositoryName]
        service.onCompare { names in
            let entries = names.enumerated().map { index, name in
                ComparedRepository(
                    repository: Sample.repository(index + 1),
                    history: (0..<3).map {
                        StarSnapshot(repository: name, day: Day(daysSinceEpoch: 20_000 + $0), stars: 100 * $0)
                    },
                    likedHere: 0)
            }
            return RepositoryComparison(comparison: Comparison(entries, now: Date()), fits: [nil, nil], deepLink: "")
        }
        let model = CompareViewModel(service: service, tray: CompareTray(database: database))
        let screen = Screen(CompareScreen(model: model, names: names, router: router))
        await screen.appear()
        let charts = screen.root.every("Chart")
        #expect(charts.count == 2)
        #expect(charts.first?.children.map(\.text) == ["Day=0 Stars=0", "Day=1 Stars=100", "Day=2 Stars=200"])
    }
}

extension ExploreAndDetailScreenTests {
    @Test("Areas: Explore lists them, largest first; an area shows its best repositories, a failure says why")
    func areas() async {
        service.onTrending { _ in ResultPage(items: [], page: 1, perPage: 20, total: 0) }
        service.onClusters {
            [ClusterSummary(id: "web", name: "Web", size: 3), ClusterSummary(id: "mobile", name: "Mobile", size: 9)]
        }
        let search = SearchViewModel(service: service, debounce: .zero, suggestionDelay: .zero)
        let trending = TrendingViewModel(service: service)
        let areas = AreasViewModel(service: service)
        router.send(.open("repoverse://trending"))
        let screen = Screen(ExploreScreen(search: search, trending: trending, areas: areas, router: router))
        await screen.appear()
        let section = screen.root.first("Section", Copy.areas)
        #expect(section?.every("Button").map(\.text) == ["Mobile", "Web"])
        screen.tap("Mobile")
        #expect(router.state.path == [.area("mobile")])

        service.onArea { id in
            AreaPage(area: ClusterSummary(id: id, name: "Mobile", size: 9), repositories: [Sample.repository(3)])
        }
        let area = AreaViewModel(id: "mobile", service: service)
        let areaScreen = Screen(AreaScreen(model: area, router: router))
        await areaScreen.appear()
        #expect(areaScreen.root.shows("owner3/project-3"))
        areaScreen.tap("owner3/project-3")
        #expect(router.state.path.last == .repository(Sample.repository(3).repositoryName))

        service.onArea { _ throws(ClientFailure) in throw .notFound("No area nowhere.") }
        let missing = AreaViewModel(id: "nowhere", service: service)
        let missingScreen = Screen(AreaScreen(model: missing, router: router))
        await missingScreen.appear()
        #expect(missingScreen.root.first("ContentUnavailableView", Copy.failed) != nil)
        #expect(missingScreen.root.button(Copy.retry) != nil)
    }

    @Test(
        "Repository: the curated lists that place it; a heading opens its screen, its headings below and repositories")
    func curatedLists() async throws {
        service.onRepository { _ in Sample.repository(4) }
        service.onSimilar { _ in [] }
        service.onStarHistory { _ in [] }
        let name = Sample.repository(4).repositoryName
        let list = try CuratedListSource(id: "vinta/awesome-python")
        service.setListings([RepositoryListing(list: list, heading: ["Web", "Frameworks"])], of: name)
        let detail = RepositoryDetailViewModel(name: name, service: service, outbox: Outbox(database: database))
        let compare = CompareViewModel(service: service, tray: CompareTray(database: database))
        let screen = Screen(RepositoryScreen(model: detail, compare: compare, router: router))
        await screen.appear()
        let section = try #require(screen.root.first("Section", Copy.curatedLists))
        #expect(section.shows("Web › Frameworks") && section.shows("vinta/awesome-python"))
        screen.tap("Web › Frameworks")
        #expect(router.state.path.last == .listSection(list: "vinta/awesome-python", heading: ["Web", "Frameworks"]))

        service.onListSection { ask in
            ListSectionPage(
                list: ask.list, listURL: "https://github.com/vinta/awesome-python", heading: ask.heading,
                subheadings: [.init(name: "Micro", count: 2)], listed: 5,
                repositories: [Sample.repository(3), Sample.repository(4)])
        }
        let model = ListSectionViewModel(
            list: "vinta/awesome-python", heading: ["Web", "Frameworks"], service: service)
        let sectionScreen = Screen(ListSectionScreen(model: model, router: router))
        await sectionScreen.appear()
        #expect(sectionScreen.root.shows("Frameworks"))
        #expect(sectionScreen.root.shows("The list places 5 repositories here."))
        #expect(sectionScreen.root.first("Section", Copy.headingsBelow)?.shows("2 repositories") == true)
        #expect(sectionScreen.root.shows("owner3/project-3") && sectionScreen.root.shows("owner4/project-4"))
        sectionScreen.tap("Micro")
        #expect(
            router.state.path.last
                == .listSection(list: "vinta/awesome-python", heading: ["Web", "Frameworks", "Micro"]))
        sectionScreen.tap("owner3/project-3")
        #expect(router.state.path.last == .repository(Sample.repository(3).repositoryName))
        sectionScreen.tap(Copy.openListOnGitHub)
        #expect(
            sectionScreen.root.all.flatMap(\.sheets).first?.first("SafariView")?.traits["url"]
                == "https://github.com/vinta/awesome-python")

        service.onListSection { _ throws(ClientFailure) in throw .notFound("Nothing there.") }
        let missing = Screen(
            ListSectionScreen(
                model: ListSectionViewModel(list: "a/b", heading: ["X"], service: service), router: router))
        await missing.appear()
        #expect(missing.root.first("ContentUnavailableView", Copy.failed) != nil)
    }

    @Test("A list's heading: past a dozen the headings below wait behind a button; more repositories page by page")
    func listSectionPages() async throws {
        let service = FakeService()
        let router = AppRouter()
        let asked = Mutex<[Int]>([])
        service.onListSection { ask in
            asked.withLock { $0.append(ask.page) }
            let first = (ask.page - 1) * ask.limit + 1
            return ListSectionPage(
                list: ask.list, listURL: "https://github.com/a/b", heading: ask.heading,
                subheadings: (1...20).map { .init(name: "Below \($0)", count: $0) }, listed: 160, inCatalog: 150,
                repositories: (first..<min(first + ask.limit, 151)).map { Sample.repository($0) })
        }
        let model = ListSectionViewModel(list: "a/b", heading: ["X"], service: service)
        let screen = Screen(ListSectionScreen(model: model, router: router))
        await screen.appear()
        #expect(screen.root.shows("Below 12") && !screen.root.shows("Below 13"))
        screen.tap(Copy.showAllHeadings(20))
        #expect(screen.root.shows("Below 20"))
        #expect(screen.root.shows("owner100/project-100") && !screen.root.shows("owner101/project-101"))
        screen.tap(Copy.showMoreRepositories(50))
        await screen.waitUntil("the second page") { $0.shows("owner150/project-150") }
        #expect(screen.root.button(Copy.showMoreRepositories(0)) == nil)
        #expect(model.loadMore() == nil)
        #expect(asked.withLock { $0 } == [1, 2])
    }
}
