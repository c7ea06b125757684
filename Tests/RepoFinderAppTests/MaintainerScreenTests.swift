import AppFeatures
import AppTestSupport
import Foundation
import OfflineStore
import RepoFinderClient
import RepoFinderCore
import SwiftUI
import Testing

@testable import RepoFinderScreens

@Suite("Your repositories on the SwiftUI stand-in (fakes)")
@MainActor
struct MaintainerScreenTests {
    let database: LocalDatabase
    let service = FakeService()
    let router = AppRouter()

    init() throws {
        database = try .inMemory()
        service.onClusters { [ClusterSummary(id: "mobile", name: "Mobile", size: 10)] }
    }

    func account() -> AccountViewModel {
        AccountViewModel(service: FakeAccountService(available: false), deviceData: database)
    }

    @Test("the list: who, each repository's figures; a row pushes its figures; the window through the picker")
    func list() async throws {
        service.onMaintainedRepositories { window in Sample.maintained(window: window) }
        let model = MaintainerViewModel(service: service)
        let screen = Screen(MaintainerScreen(model: model, account: account(), router: router))
        #expect(screen.root.first("ProgressView") != nil)
        await screen.appear()
        let list = try #require(model.repositories)
        #expect(screen.root.shows(MaintainerFacts.who(list)))
        #expect(screen.root.shows("owner1/project-1"))
        for line in MaintainerFacts.row(list.repositories[0]) { #expect(screen.root.shows(line.value)) }
        screen.tap("owner1/project-1")
        #expect(router.state.path == [.maintainerRepository(Sample.repository(1).repositoryName)])
        let picker = screen.root.first("Picker", Copy.daysCounted)
        picker?.selection?.set(AnyHashable(MaintainerWindow.week))
        await screen.waitUntil("the week's list") { _ in model.repositories?.window == .week }
    }

    @Test("not signed in with GitHub: said so, with the account's sign-in and Try again; none of theirs: said so")
    func signedOutAndEmpty() async {
        service.onMaintainedRepositories { _ throws(ClientFailure) in
            throw .forbidden("Sign in with GitHub first.", code: "not_signed_in")
        }
        let model = MaintainerViewModel(service: service)
        let screen = Screen(MaintainerScreen(model: model, account: account(), router: router))
        await screen.appear()
        #expect(screen.root.first("ContentUnavailableView", Copy.maintainerSignIn) != nil)
        #expect(screen.root.shows("Sign in with GitHub first."))
        service.onMaintainedRepositories { window in Sample.maintained(0, window: window) }
        screen.tap(Copy.retry)
        await screen.waitUntil("the empty list") { $0.shows(MaintainerFacts.emptyList) }
    }

    @Test("a repository: totals, like rate, the days charted, reasons, likers, stars, ranks; the CSV to share")
    func repository() async throws {
        let name = Sample.repository(1).repositoryName
        service.onMaintainerDashboard { name, window in Sample.dashboard(name, window: window) }
        service.onMaintainerDashboardCSV { _, _ in "day,dealt,likes,saves,skips,opens\n" }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let model = MaintainerViewModel(service: service, exportDirectory: directory)
        let screen = Screen(MaintainerRepositoryScreen(model: model, name: name))
        await screen.appear()
        let facts = try #require(model.facts)
        #expect(screen.root.first("Section", facts.range) != nil)
        for line in facts.totals + facts.reasons + facts.sources { #expect(screen.root.shows(line.label)) }
        for sentence in facts.likeRate + facts.trending + [facts.likers] { #expect(screen.root.shows(sentence)) }
        #expect(screen.root.every("Chart").count == 3, "times dealt, likes and stars")
        #expect(screen.root.first("Chart")?.every("LineMark").count == MaintainerWindow.standard.days)
        screen.tap(Copy.downloadCSV)
        await screen.waitUntil("the CSV to share") { $0.first("ShareLink") != nil }
        #expect(model.exported?.fileName == "owner1-project-1-30d.csv")
    }
}
