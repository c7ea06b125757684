import AppFeatures
import AppTestSupport
import Foundation
import OfflineStore
import RepoFinderClient
import RepoFinderCore
import Testing

@MainActor
@Suite("The account view model: device sign-in with GitHub, sign out")
struct AccountViewModelTests {
    @Test("signing in shows the code, follows the server until GitHub says yes, then shows who is signed in")
    func signIn() async throws {
        let service = FakeAccountService(outcome: .done, pendingPolls: 2)
        let model = AccountViewModel(service: service, pollInterval: .zero)
        await model.send(.appear).value
        #expect(model.state == .signedOut(canSignIn: true, reason: nil))
        let signingIn = model.send(.signIn)
        await signingIn.value
        #expect(service.polls == 3)
        #expect(model.state == .signedIn(GitHubAccount(id: 583_231, login: "octocat")))
        #expect(
            model.notice
                == "Signed in as octocat on GitHub. This device now shares that account (what it did here came along).")
        await model.send(.signOut(everywhere: true)).value
        #expect(service.signOuts == [true])
        #expect(model.state == .signedOut(canSignIn: true, reason: nil))
        #expect(model.notice == "Signed out on every device.")
    }

    @Test(
        "a code denied on GitHub or expired leaves the device signed out, and says why",
        arguments: [
            (DeviceSignInProgress.State.denied, "Sign-in was cancelled on GitHub; nothing changed."),
            (.expired, "The code expired before it was entered; sign in again for a new one."),
        ])
    func notSignedIn(outcome: DeviceSignInProgress.State, notice: String) async throws {
        let model = AccountViewModel(
            service: FakeAccountService(outcome: outcome, pendingPolls: 1), pollInterval: .zero)
        await model.send(.signIn).value
        #expect(model.state == .signedOut(canSignIn: true, reason: nil))
        #expect(model.notice == notice)
    }

    @Test("a server without sign-in says so, and offers no sign-in")
    func unavailable() async throws {
        let model = AccountViewModel(service: FakeAccountService(available: false))
        await model.send(.appear).value
        #expect(
            model.state == .signedOut(canSignIn: false, reason: "Sign-in with GitHub is not set up on this server."))
    }
}

extension AccountViewModelTests {
    @Test("deleting the account: the server is told, the device forgets what it kept, and the screen says so")
    func deleteAccount() async throws {
        let service = FakeAccountService(available: true)
        let database = try LocalDatabase.inMemory()
        try Outbox(database: database).enqueue(
            Interaction(id: "i1", repository: try RepositoryName(parsing: "a/b"), kind: .like, at: Date()))
        try CardCache(database: database).keep([Sample.card(1)])
        let model = AccountViewModel(service: service, deviceData: database)
        await model.send(.appear).value
        await model.send(.deleteAccount).value
        #expect(service.deleted)
        #expect(try Outbox(database: database).pending().isEmpty)
        #expect(try CardCache(database: database).cards().isEmpty)
        #expect(model.notice == "Your account and everything kept for it are deleted.")
    }
}
