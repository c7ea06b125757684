import Foundation
public import RepoFinderClient
public import RepoFinderCore
import Synchronization

/// An ``AccountService`` that plays a device sign-in: `pendingPolls` polls answer pending, then `outcome`. It keeps
/// whether the device is signed in, as the server would.
public final class FakeAccountService: AccountService {
    private struct World {
        var github: GitHubAccount?
        var polls = 0
        var signOuts: [Bool] = []
        var deleted = false
        var starOnLike = false
        var starred: Set<RepositoryName> = []
        var webSignIns: [String] = []
    }

    /// The state of the browser sign-in this fake begins; the code GitHub "sends back" with it.
    public static let webState = "app.fake-state"
    public static let webCode = "fake-code"
    /// The PKCE verifier the fake's browser sign-ins begin with.
    public static let webVerifier = "fake-verifier-0123456789abcdefghijklmnopqrstuvwxyz"

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

    /// The codes browser sign-ins were completed with.
    public var webSignIns: [String] { world.withLock { $0.webSignIns } }
    /// Whether liking stars on GitHub.
    public var starOnLike: Bool { world.withLock { $0.starOnLike } }

    public func startWebSignIn() async throws(ClientFailure) -> WebSignInStart {
        guard available else { throw .serverTrouble("sign-in is not set up") }
        return WebSignInStart(
            url: URL(string: "https://github.com/login/oauth/authorize?client_id=fake&state=\(Self.webState)")!,
            verifier: Self.webVerifier)
    }

    public func completeWebSignIn(code: String, state: String, verifier: String = webVerifier)
        async throws(ClientFailure) -> WebSignInResult
    {
        world.withLock { $0.webSignIns.append(code) }
        guard state == Self.webState, code == Self.webCode, verifier == Self.webVerifier else {
            throw .rejected("This sign-in was not started here, or was already used; sign in again.")
        }
        world.withLock { $0.github = GitHubAccount(id: 583_231, login: "octocat") }
        return WebSignInResult(login: "octocat", joined: false)
    }

    public func setStarOnLike(_ on: Bool) async throws(ClientFailure) -> AccountInfo {
        try world.withLock { (world: inout World) throws(ClientFailure) in
            guard world.github != nil else { throw .rejected("Sign in with GitHub first.") }
            world.starOnLike = on
            world.github?.starOnLike = on
        }
        return try await account()
    }

    public func exportData() async throws(ClientFailure) -> AccountExport {
        AccountExport(
            document: Data(#"{"format": "repofinder-export-1"}"#.utf8),
            exportedAt: Date(timeIntervalSince1970: 1_795_000_000), interactions: 384, saved: 4, liked: 7, threads: 2)
    }

    public func gitHubStar(_ repository: RepositoryName) async throws(ClientFailure) -> GitHubStarState {
        try world.withLock { (world: inout World) throws(ClientFailure) in
            guard world.github != nil else { throw .rejected("Sign in with GitHub to star repositories there.") }
            return GitHubStarState(starred: world.starred.contains(repository), pending: false)
        }
    }

    public func setGitHubStar(_ repository: RepositoryName, starred: Bool) async throws(ClientFailure)
        -> GitHubStarState
    {
        try world.withLock { (world: inout World) throws(ClientFailure) in
            guard world.github != nil else { throw .rejected("Sign in with GitHub to star repositories there.") }
            if starred { world.starred.insert(repository) } else { world.starred.remove(repository) }
            return GitHubStarState(starred: starred, pending: false)
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
