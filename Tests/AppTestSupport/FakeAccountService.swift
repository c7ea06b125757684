import Foundation
public import RepoFinderClient
import Synchronization

/// An ``AccountService`` that plays a device sign-in: `pendingPolls` polls answer pending, then `outcome`. It keeps
/// whether the device is signed in, as the server would.
public final class FakeAccountService: AccountService {
    private struct World {
        var github: GitHubAccount?
        var polls = 0
        var signOuts: [Bool] = []
        var deleted = false
    }

    private let world = Mutex(World())
    private let outcome: DeviceSignInProgress.State
    private let pendingPolls: Int
    public let available: Bool

    public init(outcome: DeviceSignInProgress.State = .done, pendingPolls: Int = 2, available: Bool = true) {
        self.outcome = outcome
        self.pendingPolls = pendingPolls
        self.available = available
    }

    /// How often the device asked how its sign-in goes; each sign-out, `everywhere` or not.
    public var polls: Int { world.withLock { $0.polls } }
    public var signOuts: [Bool] { world.withLock { $0.signOuts } }
    /// Whether the account was deleted.
    public var deleted: Bool { world.withLock { $0.deleted } }

    public func account() async throws(ClientFailure) -> AccountInfo {
        AccountInfo(
            id: "account", signInAvailable: available,
            signInUnavailableReason: available ? nil : "Sign-in with GitHub is not set up on this server.",
            github: world.withLock { $0.github })
    }

    public func startDeviceSignIn() async throws(ClientFailure) -> DeviceSignInProgress {
        guard available else { throw .serverTrouble("sign-in is not set up") }
        return progress(.pending)
    }

    public func deviceSignIn(id: String) async throws(ClientFailure) -> DeviceSignInProgress {
        let polls = world.withLock { world in
            world.polls += 1
            return world.polls
        }
        guard polls > pendingPolls else { return progress(.pending) }
        if outcome == .done { world.withLock { $0.github = GitHubAccount(id: 583_231, login: "octocat") } }
        return progress(outcome)
    }

    public func deleteAccount() async throws(ClientFailure) {
        world.withLock { world in
            world.github = nil
            world.deleted = true
        }
    }

    public func signOut(everywhere: Bool) async throws(ClientFailure) {
        world.withLock { world in
            world.github = nil
            world.signOuts.append(everywhere)
        }
    }

    private func progress(_ state: DeviceSignInProgress.State) -> DeviceSignInProgress {
        DeviceSignInProgress(
            id: "device-1", state: state, userCode: "WDJB-MJHT",
            verificationURI: URL(string: "https://github.com/login/device")!,
            expiresAt: Date(timeIntervalSince1970: 1_900_000_000), interval: 5,
            login: state == .done ? "octocat" : nil, joined: state == .done)
    }
}
