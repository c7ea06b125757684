import AppFeatures
import AppTestSupport
import Foundation
import OfflineStore
import RepoFinderClient
import RepoFinderCore
import Synchronization
import Testing

@Suite("Your repositories: the list, one repository's figures, the window, the CSV (fake service)")
@MainActor
struct MaintainerViewModelTests {
    let service = FakeService()
    let name = Sample.repository(1).repositoryName

    init() {
        service.onClusters { [ClusterSummary(id: "mobile", name: "Mobile", size: 10)] }
    }

    @Test("loading, then the list; one chosen loads its figures, worded with its area's name")
    func loaded() async throws {
        service.onMaintainedRepositories { window in Sample.maintained(window: window) }
        service.onMaintainerDashboard { name, window in Sample.dashboard(name, window: window) }
        let model = MaintainerViewModel(service: service)
        #expect(model.state == .loading)
        await model.send(.appear).value
        guard case .loaded(let list) = model.state else {
            Issue.record("not loaded: \(model.state)")
            return
        }
        #expect(list.repositories.map(\.repository) == [name, Sample.repository(2).repositoryName])
        #expect(model.detail == .unselected)
        await model.send(.appear).value
        #expect(service.count("maintainedRepositories") == 1, "appearing again keeps the list")
        await model.send(.select(name)).value
        guard case .loaded(let detail) = model.detail else {
            Issue.record("no figures: \(model.detail)")
            return
        }
        #expect(detail.repository == name)
        let facts = try #require(model.facts)
        #expect(facts.days.count == MaintainerWindow.standard.days)
        #expect(facts.likeRate.first?.contains("Mobile") == true, "the area by its name: \(facts.likeRate)")
        #expect(facts.totals.count == 6)
        #expect(facts.likerGroups.map(\.lines.count) == [1, 1, 1])
        #expect(facts.starsCaption != nil && facts.noStars == nil)
        #expect(facts.trending.count == 2)
        model.send(.deselect)
        #expect(model.detail == .unselected && model.selected == nil)
    }

    @Test("not signed in with GitHub (403 not_signed_in): said so; Try again once signed in loads the list")
    func signedOut() async {
        let signedIn = Mutex(false)
        service.onMaintainedRepositories { window throws(ClientFailure) in
            guard signedIn.withLock({ $0 }) else {
                throw .forbidden("Sign in with GitHub first.", code: "not_signed_in")
            }
            return Sample.maintained(window: window)
        }
        let model = MaintainerViewModel(service: service)
        await model.send(.appear).value
        #expect(model.state == .signedOut("Sign in with GitHub first."))
        signedIn.withLock { $0 = true }
        await model.send(.retry).value
        #expect(model.repositories?.repositories.count == 2)
    }

    @Test("none of the catalog's repositories is theirs: empty, with who they are signed in as")
    func empty() async {
        service.onMaintainedRepositories { window in Sample.maintained(0, window: window, login: "ada") }
        let model = MaintainerViewModel(service: service)
        await model.send(.appear).value
        guard case .empty(let list) = model.state else {
            Issue.record("not empty: \(model.state)")
            return
        }
        #expect(list.login == "ada")
        #expect(MaintainerFacts.who(list).contains("ada"))
    }

    @Test("failed: the reason, and Try again; a repository not theirs (403 not_maintainer) fails only its figures")
    func failed() async {
        let down = Mutex(true)
        service.onMaintainedRepositories { window throws(ClientFailure) in
            if down.withLock({ $0 }) { throw .serverTrouble("HTTP 503") }
            return Sample.maintained(window: window)
        }
        service.onMaintainerDashboard { _ throws(ClientFailure) in
            throw .forbidden("owner1/project-1 is not a repository of ada.", code: "not_maintainer")
        }
        let model = MaintainerViewModel(service: service)
        await model.send(.appear).value
        #expect(model.state == .failed(ClientFailure.serverTrouble("HTTP 503").message))
        down.withLock { $0 = false }
        await model.send(.retry).value
        #expect(model.repositories != nil)
        await model.send(.select(name)).value
        #expect(model.detail == .failed(name, "owner1/project-1 is not a repository of ada."))
        #expect(model.repositories != nil, "the list stays")
    }

    @Test("another window loads the list and the chosen repository again, over that window")
    func window() async {
        let asked = Mutex<[String]>([])
        service.onMaintainedRepositories { window in
            asked.withLock { $0.append("list \(window.days)") }
            return Sample.maintained(window: window)
        }
        service.onMaintainerDashboard { name, window in
            asked.withLock { $0.append("\(name) \(window.days)") }
            return Sample.dashboard(name, window: window)
        }
        let model = MaintainerViewModel(service: service)
        await model.send(.appear).value
        await model.send(.select(name)).value
        await model.send(.setWindow(.quarter)).value
        #expect(model.window == .quarter)
        #expect(asked.withLock { $0 } == ["list 30", "owner1/project-1 30", "list 90", "owner1/project-1 90"])
        #expect(model.facts?.days.count == 90)
        await model.send(.setWindow(.quarter)).value
        #expect(asked.withLock { $0 }.count == 4, "the same window asks nothing")
    }

    @Test("the CSV: written as owner-name-30d.csv to share; a failure says why")
    func csv() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = "day,dealt,likes,saves,skips,opens\n2024-10-04,4,1,0,1,0\n"
        service.onMaintainedRepositories { window in Sample.maintained(window: window) }
        service.onMaintainerDashboard { name, window in Sample.dashboard(name, window: window) }
        service.onMaintainerDashboardCSV { _, _ in text }
        let model = MaintainerViewModel(service: service, exportDirectory: directory)
        await model.send(.appear).value
        await model.send(.exportCSV).value
        #expect(model.exported == nil, "nothing chosen, nothing to export")
        await model.send(.select(name)).value
        await model.send(.exportCSV).value
        let exported = try #require(model.exported)
        #expect(exported.fileName == "owner1-project-1-30d.csv")
        #expect(exported.url.lastPathComponent == "owner1-project-1-30d.csv")
        #expect(try String(contentsOf: exported.url, encoding: .utf8) == text)
        #expect(model.notice?.contains("owner1-project-1-30d.csv") == true)
        service.onMaintainerDashboardCSV { _ throws(ClientFailure) in throw .noConnection }
        await model.send(.setWindow(.week)).value
        #expect(model.exported == nil, "another window: the file was of the other")
        await model.send(.exportCSV).value
        #expect(model.exported == nil)
        #expect(model.notice?.contains(ClientFailure.noConnection.message) == true)
    }

    @Test("the screen view is recorded each time the screen appears")
    func screenView() async throws {
        service.onMaintainedRepositories { window in Sample.maintained(window: window) }
        let outbox = Outbox(database: try .inMemory())
        let model = MaintainerViewModel(service: service, analytics: AnalyticsRecorder(outbox: outbox))
        await model.send(.appear).value
        let events = try outbox.pendingEvents()
        #expect(events.map(\.name) == [.screenView])
        #expect(events.first?.label == "maintainer")
        #expect(events.first?.platform == .ios)
    }
}
