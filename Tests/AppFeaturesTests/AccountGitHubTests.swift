import AppFeatures
import AppTestSupport
import Foundation
import OfflineStore
import RepoFinderClient
import RepoFinderCore
import Testing

/// Signing in through a browser sheet, starring on GitHub when liking, downloading the account's data, and the star on
/// the repository screen (a fake account service).
@MainActor
@Suite("The account with GitHub: browser sign-in, star on like, download, the repository's star")
struct AccountGitHubTests {
    /// The address the browser sheet closes on, for what GitHub answered.
    static func back(_ answer: AppSignInReturn) -> URL { answer.appURL }

    @Test("the browser sheet's answer signs in: the sheet is shown GitHub's page, the code and state complete it")
    func browserSignIn() async throws {
        let service = FakeAccountService()
        let model = AccountViewModel(service: service)
        await model.send(.appear).value
        var shown: [URL] = []
        await model.signInInBrowser { url in
            shown.append(url)
            return Self.back(AppSignInReturn(code: FakeAccountService.webCode, state: FakeAccountService.webState))
        }.value
        #expect(shown.map(\.host) == ["github.com"])
        #expect(service.webSignIns == [FakeAccountService.webCode])
        #expect(model.state == .signedIn(GitHubAccount(id: 583_231, login: "octocat")))
        #expect(model.notice == "Signed in as octocat on GitHub.")
    }

    @Test(
        "a closed sheet, a cancelled consent, or an answer that is not the app's leaves the device signed out and says so",
        arguments: [
            ("closed", "The sign-in page was closed before GitHub answered; nothing changed."),
            ("denied", "Sign-in was cancelled on GitHub; nothing changed."),
            ("elsewhere", "GitHub's answer did not come back to the app; sign in again."),
            ("stale", "This sign-in was not started here, or was already used; sign in again."),
        ])
    func browserSignInFails(how: String, notice: String) async throws {
        let service = FakeAccountService()
        let model = AccountViewModel(service: service)
        await model.send(.appear).value
        await model.signInInBrowser { _ in
            switch how {
            case "closed": throw CancellationError()
            case "denied":
                return Self.back(
                    AppSignInReturn(code: nil, state: FakeAccountService.webState, error: "access_denied"))
            case "elsewhere": return URL(string: "repoverse://discover")!
            default: return Self.back(AppSignInReturn(code: "old", state: FakeAccountService.webState))
            }
        }.value
        #expect(model.state == .signedOut(canSignIn: true, reason: nil))
        #expect(model.notice == notice)
    }

    @Test("star on like: switched on and off for a signed-in person; refused (and said) for anyone else")
    func starOnLike() async throws {
        let service = FakeAccountService()
        let model = AccountViewModel(service: service)
        await model.send(.setStarOnLike(true)).value
        #expect(model.notice == "Sign in with GitHub first.")
        await model.signInInBrowser { _ in
            Self.back(AppSignInReturn(code: FakeAccountService.webCode, state: FakeAccountService.webState))
        }.value
        await model.send(.setStarOnLike(true)).value
        #expect(service.starOnLike)
        #expect(model.state == .signedIn(GitHubAccount(id: 583_231, login: "octocat", starOnLike: true)))
        await model.send(.setStarOnLike(false)).value
        #expect(!service.starOnLike)
    }

    @Test("download my data: the server's document in a dated JSON file, and what it holds in words")
    func export() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let model = AccountViewModel(service: FakeAccountService(), exportDirectory: folder)
        await model.send(.export).value
        let exported = try #require(model.exported)
        #expect(exported.url.lastPathComponent == "repofinder-export-2026-11-18.json")
        #expect(try Data(contentsOf: exported.url) == Data(#"{"format": "repofinder-export-1"}"#.utf8))
        #expect(exported.summary == "Downloaded: 384 interactions, 4 saved, 7 liked, 2 Ask threads.")
    }

    @Test("the repository's star on GitHub: offered only when signed in with GitHub, and toggles")
    func repositoryStar() async throws {
        let service = FakeService()
        let repository = Sample.repository(7)
        service.onRepository { _ in repository }
        service.onSimilar { _ in [] }
        service.onStarHistory { _ in [] }
        service.storeInteractions()
        let account = FakeAccountService()
        let outbox = Outbox(database: try .inMemory())
        let anonymous = RepositoryDetailViewModel(
            name: repository.repositoryName, service: service, outbox: outbox, account: account)
        await anonymous.send(.appear).value
        #expect(anonymous.gitHubStar == nil, "no star for a person not signed in with GitHub")

        _ = try await account.completeWebSignIn(code: FakeAccountService.webCode, state: FakeAccountService.webState)
        let model = RepositoryDetailViewModel(
            name: repository.repositoryName, service: service, outbox: outbox, account: account)
        await model.send(.appear).value
        #expect(model.gitHubStar == GitHubStarState(starred: false, pending: false))
        await model.send(.toggleGitHubStar).value
        #expect(model.gitHubStar?.starred == true)
        #expect(try await account.gitHubStar(repository.repositoryName).starred == true)
        await model.send(.toggleGitHubStar).value
        #expect(model.gitHubStar?.starred == false)
    }

    @Test("the repository's health in words: active, quiet with a heavy backlog, dormant when archived")
    func health() throws {
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        var repository = Sample.repository(3)
        repository.archived = false
        repository.pushedAt = now.addingTimeInterval(-3 * 86_400)
        repository.openIssues = 2
        #expect(RepositoryFacts(repository, now: now).health == "Active — pushed 3 days ago")
        repository.stars = 100
        repository.openIssues = 420
        #expect(
            RepositoryFacts(repository, now: now).health == "Quiet — pushed 3 days ago, 420 open issues for 100 stars")
        repository.archived = true
        #expect(RepositoryFacts(repository, now: now).health?.hasPrefix("Dormant — archived") == true)
        repository.archived = false
        repository.pushedAt = nil
        #expect(RepositoryFacts(repository, now: now).health == nil)
    }
}

@MainActor
@Suite("Handing a question to Ask, and the Ask slot's quota")
struct AskHandOverTests {
    @Test("a question opens the Ask tab, trimmed and at most 500 characters, and is taken once; a blank one is not")
    func handOver() {
        let router = AppRouter()
        router.send(.push(.profile))
        router.send(.ask("   "))
        #expect(router.question == nil && router.state.tab != .ask)
        router.send(.ask("  a lightweight web framework for Swift \n"))
        #expect(router.state.tab == .ask && router.state.path.isEmpty)
        #expect(router.takeQuestion() == "a lightweight web framework for Swift")
        #expect(router.takeQuestion() == nil)
        router.send(.ask(String(repeating: "a", count: 600)))
        #expect(router.takeQuestion()?.count == AppRouter.maximumQuestionLength)
    }

    @Test("the quota in words: plural, singular, none counted")
    func quotaLine() {
        #expect(AskSlot(suggestedQuestions: [], remainingQuestions: 12).quotaLine == "12 questions left this month")
        #expect(AskSlot(suggestedQuestions: [], remainingQuestions: 1).quotaLine == "1 question left this month")
        #expect(AskSlot(suggestedQuestions: [], remainingQuestions: nil).quotaLine == nil)
    }
}
