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

@Suite("Ask, Profile, onboarding and the root on the SwiftUI stand-in (fakes)")
@MainActor
struct AskProfileRootScreenTests {
    let database: LocalDatabase
    let service = FakeService()
    let router = AppRouter()

    init() throws {
        database = try .inMemory()
        service.storeInteractions()
    }

    @Test("Ask: no threads says so; threads grouped by day, pinned by swiping; a new question streams its answer")
    func ask() async {
        let chat = FakeChatService(source: Sample.repository(7))
        let threads = ThreadsViewModel(service: chat, timeZone: "UTC")
        let screen = Screen(AskScreen(model: threads, chat: { ChatViewModel(service: chat, threadID: $0) }))
        #expect(screen.root.first("ProgressView") != nil)
        await screen.appear()
        #expect(screen.root.first("ContentUnavailableView", Copy.noThreads) != nil)
        #expect(threads.quotaLine.map(screen.root.shows) == true)
        let new = screen.root.all.flatMap(\.toolbar).first { $0.kind == "Button" }
        new?.action?()
        await screen.waitUntil("the chat opens in a sheet") { $0.all.contains { !$0.sheets.isEmpty } }
        let sheet = screen.root.all.flatMap(\.sheets).first
        let field = sheet?.first("TextField", Copy.newQuestion)
        field?.textBinding?.wrappedValue = "what is like vapor?"
        screen.refresh()
        screen.root.all.flatMap(\.sheets).first?.button(Copy.send)?.action?()
        await screen.waitUntil("the streamed answer and its source show") { root in
            let chat = root.all.flatMap(\.sheets).first
            return chat?.shows("Try owner7/project-7.") == true && chat?.shows("owner7/project-7") == true
        }
        await threads.send(.appear).value
        screen.refresh()
        #expect(screen.root.first("Section", "Today")?.button("New question") != nil)
        let row = screen.root.first("Section", "Today")?.button("New question")
        row?.swipeActions.first { $0.text == Copy.pin }?.action?()
        await screen.waitUntil("the pin reached the service") { _ in chat.changed == ["pin t1 true"] }
    }

    @Test(
        "Profile: preferences and counts; sign-in with a code shows it, then the account; sign out everywhere asks first"
    )
    func profile() async {
        service.onPreferences { UserPreferences(techStack: ["Swift"]) }
        service.onStats {
            PersonStats(counts: [.like: 3, .save: 1], languages: [.init(name: "Swift", count: 3)], topics: [])
        }
        let accounts = FakeAccountService(outcome: .done, pendingPolls: 10)
        let profile = ProfileViewModel(service: service)
        let account = AccountViewModel(service: accounts, pollInterval: .milliseconds(20))
        let screen = Screen(ProfileScreen(model: profile, account: account, server: "http://127.0.0.1:8080"))
        #expect(screen.root.first("ProgressView") != nil)
        #expect(screen.root.first("Section", Copy.server)?.shows("http://127.0.0.1:8080") == true)
        await screen.appear()
        for line in ProfileViewModel.summarize(PersonStats(counts: [.like: 3, .save: 1], languages: [], topics: [])) {
            #expect(screen.root.shows(line), "\(line)")
        }
        screen.tap(Copy.signInWithCode)
        await screen.waitUntil("the code to enter shows") { $0.shows(Copy.enterCode) }
        await screen.waitUntil("signed in") { $0.button(Copy.signOutEverywhere) != nil }
        screen.tap(Copy.signOutEverywhere)
        let dialog = screen.root.all.flatMap(\.dialogs).first
        #expect(dialog?.text == Copy.signOutEverywhere)
        dialog?.button(Copy.signOutEverywhere)?.action?()
        await screen.waitUntil("signed out everywhere") { _ in accounts.signOuts == [true] }
    }

    @Test("Profile: a failure says why; Try again loads")
    func profileFailure() async {
        service.onPreferences { () throws(ClientFailure) in throw .serverTrouble("Down for a minute.") }
        service.onStats { PersonStats(counts: [:], languages: [], topics: []) }
        let profile = ProfileViewModel(service: service)
        let account = AccountViewModel(service: FakeAccountService(available: false))
        let screen = Screen(ProfileScreen(model: profile, account: account))
        await screen.appear()
        #expect(screen.root.shows(ClientFailure.serverTrouble("Down for a minute.").message))
        #expect(screen.root.button(Copy.signIn) == nil, "no sign-in when the server offers none")
        service.onPreferences { UserPreferences() }
        screen.tap(Copy.retry)
        await screen.waitUntil("the profile loads") { $0.button(Copy.retry) == nil && $0.first("ProgressView") == nil }
    }

    @Test("first run: onboarding's steps with Next and Skip; finished, the five tabs; a link opens its tab")
    func root() async throws {
        service.onClusters { [] }
        service.onPreferences { UserPreferences() }
        service.onSavePreferences { $0 }
        let chat = FakeChatService(source: Sample.repository(7))
        let model = AppModel(
            services: AppServices(
                service: service, chat: chat, account: FakeAccountService(available: false), database: database))
        let screen = Screen(RootView(model: model))
        await screen.appear()
        let step = try #require(OnboardingStep.allCases.first)
        #expect(screen.root.shows(step.title))
        screen.tap(Copy.skipOnboarding)
        await screen.waitUntil("onboarding done, the tabs show") { $0.first("TabView") != nil }
        let tabs = try #require(screen.root.first("TabView"))
        #expect(
            tabs.children.compactMap(\.tabItem?.text) == [
                Copy.homeTab, Copy.deckTab, Copy.exploreTab, Copy.libraryTab, Copy.askTab,
            ])
        #expect(tabs.children.map(\.tag) == AppTab.allCases.map { AnyHashable($0) })
        let handler = try #require(screen.root.all.first { !$0.openURLHandlers.isEmpty })
        handler.openURLHandlers[0](URL(string: "repoverse://liked")!)
        screen.refresh()
        #expect(screen.root.first("TabView")?.traits["selection"] == "library")
        #expect(router.state.tab == .home, "the screen's own router moved, not another")
        #expect(model.router.state.list == .liked)
        handler.openURLHandlers[0](URL(string: "repoverse://r/vapor/vapor")!)
        screen.refresh()
        #expect(screen.root.first("Pushed")?.text == "repository(vapor/vapor)")
        #expect(screen.root.every("Pushed").count == 1, "only the tab on screen pushes it")
        let explore = screen.root.first("TabView")?.children.first { $0.tag == AnyHashable(AppTab.explore) }
        #expect(explore?.first("Pushed") != nil)
    }
}

extension AskProfileRootScreenTests {
    @Test(
        "Profile: Edit preferences walks the steps again and saves; Delete asks first, then erases the account and the device's copy"
    )
    func editAndDelete() async throws {
        let stored = Mutex<UserPreferences>(UserPreferences(techStack: ["Swift"], onboardingCompleted: true))
        service.onPreferences { stored.withLock { $0 } }
        service.onSavePreferences { preferences in
            stored.withLock { $0 = preferences }
            return preferences
        }
        service.onClusters { [] }
        service.onStats { PersonStats(counts: [:], languages: [], topics: []) }
        let accounts = FakeAccountService(available: false)
        let outbox = Outbox(database: database)
        try outbox.enqueue(
            Interaction(id: "i1", repository: Sample.repository(1).repositoryName, kind: .like, at: Date()))
        let profile = ProfileViewModel(service: service)
        let account = AccountViewModel(service: accounts, deviceData: database)
        let screen = Screen(
            ProfileScreen(
                model: profile, account: account,
                editor: { OnboardingViewModel(service: self.service, revisiting: true) }))
        await screen.appear()
        screen.tap(Copy.editPreferences)
        await screen.appear()
        let sheet = { screen.root.all.flatMap(\.sheets).first }
        await screen.waitUntil("the first step in the sheet") { _ in sheet()?.shows(OnboardingStep.stars.title) == true
        }
        for _ in OnboardingStep.allCases { sheet()?.button(Copy.next)?.action?(); screen.refresh() }
        await screen.waitUntil("saved, with Done") { _ in sheet()?.button(Copy.done) != nil }
        sheet()?.button(Copy.done)?.action?()
        screen.refresh()
        #expect(screen.root.all.allSatisfy { $0.sheets.isEmpty })
        #expect(service.count("savePreferences") == 1)

        screen.tap(Copy.deleteAccount)
        let dialog = screen.root.all.flatMap(\.dialogs).first
        #expect(dialog?.text == Copy.deleteAccountQuestion)
        dialog?.button(Copy.deleteAccount)?.action?()
        await screen.waitUntil("the account deleted") { _ in accounts.deleted }
        await screen.waitUntil("the device's copy erased") { _ in (try? outbox.pending().isEmpty) == true }
    }
}
