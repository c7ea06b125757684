import AppFeatures
import AppTestSupport
import Foundation
import OfflineStore
import RepoFinderClient
import RepoFinderCore
import SwiftUI
import Testing

@testable import RepoFinderScreens

/// The GitHub parts of Profile and of a repository's screen on the SwiftUI stand-in (fakes): the browser sheet's
/// sign-in, star on like, downloading the data, the repository's health and its star on GitHub.
@Suite("Profile's GitHub account and the repository's star on the SwiftUI stand-in (fakes)")
@MainActor
struct AccountScreenTests {
    let database: LocalDatabase
    let service = FakeService()
    let accounts = FakeAccountService()

    init() throws {
        database = try .inMemory()
        service.storeInteractions()
        service.onPreferences { UserPreferences(techStack: ["Swift"]) }
        service.onStats { PersonStats(counts: [:], languages: [], topics: []) }
    }

    func profile(_ browser: (@MainActor (URL, String) async throws -> URL)?) -> (Screen, AccountViewModel) {
        let account = AccountViewModel(service: accounts)
        let profile = ProfileViewModel(service: service)
        return (Screen(ProfileScreen(model: profile, account: account), browser: browser), account)
    }

    @Test("Sign in with GitHub opens GitHub's page in the browser sheet, for the app's scheme; its answer signs in")
    func browserSignIn() async throws {
        var asked: [(String?, String)] = []
        let (screen, _) = profile { url, scheme in
            asked.append((url.host, scheme))
            return AppSignInReturn(code: FakeAccountService.webCode, state: FakeAccountService.webState).appURL
        }
        await screen.appear()
        #expect(screen.root.button(Copy.signInWithCode) != nil, "the device flow stays on offer")
        screen.tap(Copy.signIn)
        await screen.waitUntil("signed in as octocat") { $0.shows("octocat") }
        #expect(asked.map(\.0) == ["github.com"] && asked.map(\.1) == ["repoverse"])
        #expect(screen.root.shows("Signed in as octocat on GitHub."))
        #expect(screen.root.button(Copy.signIn) == nil)

        // Star on GitHub when I like: off, switched on.
        #expect(screen.root.first("Toggle", Copy.starOnLike)?.traits["isOn"] == "false")
        screen.root.first("Toggle", Copy.starOnLike)?.action?()
        await screen.waitUntil("switched on") { $0.first("Toggle", Copy.starOnLike)?.traits["isOn"] == "true" }
        #expect(accounts.starOnLike)
    }

    @Test("a sheet closed before GitHub answered changes nothing and says so")
    func closedSheet() async throws {
        let (screen, _) = profile(nil)
        await screen.appear()
        screen.tap(Copy.signIn)
        await screen.waitUntil("the notice") {
            $0.shows("The sign-in page was closed before GitHub answered; nothing changed.")
        }
        #expect(screen.root.button(Copy.signIn) != nil)
        #expect(accounts.webSignIns.isEmpty)
    }

    @Test("Download my data: what the file holds, and a way to share it")
    func download() async throws {
        let (screen, account) = profile(nil)
        await screen.appear()
        #expect(screen.root.first("ShareLink") == nil)
        screen.tap(Copy.downloadData)
        await screen.waitUntil("the summary") {
            $0.shows("Downloaded: 384 interactions, 4 saved, 7 liked, 2 Ask threads.")
        }
        let file = try #require(account.exported?.url)
        #expect(screen.root.first("ShareLink")?.traits["item"]?.contains(file.lastPathComponent) == true)
        try? FileManager.default.removeItem(at: file)
    }

    @Test("Repository: its health in words; Star on GitHub for a person signed in with GitHub, and back")
    func repositoryStar() async throws {
        let repository = {
            var repository = Sample.repository(4)
            repository.pushedAt = Date().addingTimeInterval(-3 * 86_400)
            repository.archived = false
            repository.openIssues = 1
            return repository
        }()
        service.onRepository { _ in repository }
        service.onSimilar { _ in [] }
        service.onStarHistory { _ in [] }
        _ = try await accounts.completeWebSignIn(code: FakeAccountService.webCode, state: FakeAccountService.webState)
        let detail = RepositoryDetailViewModel(
            name: repository.repositoryName, service: service, outbox: Outbox(database: database), account: accounts)
        let compare = CompareViewModel(service: service, tray: CompareTray(database: database))
        let screen = Screen(RepositoryScreen(model: detail, compare: compare, router: AppRouter()))
        await screen.appear()
        #expect(screen.root.first("Label", "Active — pushed 3 days ago") != nil, "\(screen.root.outline())")
        screen.tap(Copy.starOnGitHub)
        await screen.waitUntil("starred") { $0.button(Copy.unstarOnGitHub) != nil }
        #expect(try await accounts.gitHubStar(repository.repositoryName).starred == true)
        screen.tap(Copy.unstarOnGitHub)
        await screen.waitUntil("unstarred") { $0.button(Copy.starOnGitHub) != nil }
    }
}
