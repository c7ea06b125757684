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

@Suite("Home and Library screens on the SwiftUI stand-in (fake service)")
@MainActor
struct HomeAndLibraryScreenTests {
    let database: LocalDatabase
    let service = FakeService()
    let router = AppRouter()

    init() throws {
        database = try .inMemory()
        service.storeInteractions()
    }

    nonisolated static func home(pick: Card?) -> HomeScreen {
        HomeScreen(
            greeting: "Good evening, Ana", day: "Friday", onboarded: true, pick: pick, pickDecision: nil,
            pickMessage: nil, movers: [TrendingEntry(rank: 1, repository: Sample.repository(3), starsGained: 420)],
            moverLanguages: ["Swift"], moversNote: nil, recentSaves: [], savedCount: 0,
            ask: AskSlot(suggestedQuestions: ["What is like vapor?"], remainingQuestions: 5))
    }

    @Test("Home: loading, then the greeting, today's pick with Like / Save / Skip, movers and the Ask slot")
    func home() async {
        service.onHome { _ in Self.home(pick: Sample.card(1)) }
        let model = HomeViewModel(service: service, outbox: Outbox(database: database))
        let screen = Screen(HomeView(model: model, router: router))
        #expect(screen.root.first("ProgressView") != nil)
        await screen.appear()
        #expect(screen.root.shows("Good evening, Ana"))
        #expect(screen.root.first("Section", Copy.today)?.shows("owner1/project-1") == true)
        #expect(screen.root.first("Section", Copy.movers)?.shows("owner3/project-3") == true)
        #expect(screen.root.first("Section", Copy.askSlot)?.button("What is like vapor?") != nil)
        #expect(screen.root.first("Section", Copy.askSlot)?.shows("5 questions left this month") == true)
        screen.tap(Copy.like)
        await screen.waitUntil("the pick's buttons go once decided") { $0.button(Copy.save) == nil }
        _ = await Outbox(database: database).flush(to: service)
        #expect(service.recorded.map(\.kind) == [.like])
        screen.tap("owner3/project-3")
        #expect(router.state.path == [.repository(Sample.repository(3).repositoryName)])
        screen.tap("What is like vapor?")
        #expect(router.state.tab == .ask)
        #expect(router.question == "What is like vapor?", "the Ask tab takes it")
    }

    @Test("Ask takes a question handed over from Home: a new thread, the question asked, its answer streamed")
    func askHandedOver() async {
        let chat = FakeChatService(source: Sample.repository(7))
        router.send(.ask("  What is like vapor?  "))
        let screen = Screen(
            AskScreen(
                model: ThreadsViewModel(service: chat, timeZone: "UTC"),
                chat: { ChatViewModel(service: chat, threadID: $0) }, router: router))
        await screen.appear()
        let sheet = { screen.refresh().all.flatMap(\.sheets).first }
        await screen.waitUntil("the question asked in the sheet") { _ in sheet()?.shows("What is like vapor?") == true }
        await screen.waitUntil("its answer") { _ in sheet()?.button(Copy.stop) == nil }
        #expect(router.question == nil, "taken once")
        await screen.appear()
        #expect(screen.root.all.flatMap(\.sheets).count <= 1)
    }

    @Test("Home: the toolbar opens Profile; pull to refresh asks again; a failure says why and Try again reloads")
    func homeToolbarAndFailure() async {
        let fail = Mutex(true)
        service.onHome { _ throws(ClientFailure) in
            if fail.withLock({ $0 }) { throw .serverTrouble("The server is restarting.") }
            return Self.home(pick: nil)
        }
        let model = HomeViewModel(service: service, outbox: Outbox(database: database))
        let screen = Screen(HomeView(model: model, router: router))
        await screen.appear()
        #expect(screen.root.first("ContentUnavailableView", Copy.homeFailed) != nil)
        #expect(screen.root.shows(ClientFailure.serverTrouble("The server is restarting.").message))
        fail.withLock { $0 = false }
        screen.tap(Copy.retry)
        await screen.waitUntil("Home loads after Try again") { $0.shows("Good evening, Ana") }
        let list = screen.root.all.first { $0.refresh != nil }
        await list?.refresh?()
        #expect(service.count("home") == 3)
        let profile = screen.root.all.flatMap(\.toolbar).first { $0.kind == "Button" }
        profile?.action?()
        #expect(router.state.path == [.profile])
    }

    func lists() -> (saved: ListViewModel, liked: ListViewModel) {
        let outbox = Outbox(database: database)
        let cache = ListCache(database: database)
        return (
            ListViewModel(list: .saved, service: service, cache: cache, outbox: outbox),
            ListViewModel(list: .liked, service: service, cache: cache, outbox: outbox)
        )
    }

    nonisolated static func page(_ list: UserList, _ numbers: [Int]) -> ResultPage<ListEntry> {
        ResultPage(
            items: numbers.map {
                ListEntry(repository: Sample.repository($0), addedAt: Date(timeIntervalSince1970: 0))
            },
            page: 1, perPage: 20, total: numbers.count)
    }

    @Test("Library: Saved rows, removed by swiping; Liked through the picker; an empty list says so")
    func library() async {
        let saved = Mutex([1, 2])
        service.onList { request in
            request.list == .saved ? Self.page(.saved, saved.withLock { $0 }) : Self.page(.liked, [])
        }
        service.onRemove { name, _ in saved.withLock { $0.removeAll { "owner\($0)" == name.owner } } }
        let (savedModel, likedModel) = lists()
        let screen = Screen(LibraryScreen(saved: savedModel, liked: likedModel, router: router))
        #expect(screen.root.first("ProgressView") != nil)
        await screen.appear()
        #expect(screen.root.shows("owner1/project-1"))
        #expect(screen.root.shows("owner2/project-2"))
        let row = screen.root.every("Button").first { $0.tag == AnyHashable(Sample.repository(1).id) }
        let remove = row?.swipeActions.first { $0.text == Copy.remove }
        #expect(remove?.traits["role"] == "destructive")
        remove?.action?()
        await screen.waitUntil("the removed row leaves") { !$0.shows("owner1/project-1") }
        #expect(screen.root.shows("owner2/project-2"))
        await savedModel.send(.refresh).value
        #expect(saved.withLock { $0 } == [2], "the server was told")
        let picker = screen.root.first("Picker")
        picker?.selection?.set(AnyHashable(NavigationState.ListChoice.liked))
        screen.refresh()
        #expect(router.state.list == .liked)
        #expect(screen.root.first("ContentUnavailableView", Copy.listEmpty) != nil)
    }

    @Test("Library: offline, the copy kept on the device shows with a note; a failure with nothing kept says why")
    func libraryOffline() async throws {
        service.onList { request in Self.page(request.list, [5]) }
        let (savedModel, likedModel) = lists()
        await savedModel.send(.appear).value
        service.onList { _ throws(ClientFailure) in throw .noConnection }
        let offlineSaved = ListViewModel(list: .saved, service: service, cache: ListCache(database: database))
        let screen = Screen(LibraryScreen(saved: offlineSaved, liked: likedModel, router: router))
        await screen.appear()
        #expect(screen.root.shows(Copy.offline))
        #expect(screen.root.shows("owner5/project-5"))
        router.send(.open("repoverse://liked"))
        screen.refresh()
        #expect(screen.root.first("ContentUnavailableView", Copy.listFailed) != nil)
        #expect(screen.root.button(Copy.retry) != nil)
    }
}
