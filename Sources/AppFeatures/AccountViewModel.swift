public import Foundation
import Localization
public import Observation
public import OfflineStore
public import RepoFinderClient
import RepoFinderCore

/// The device's account: who is signed in with GitHub; signing in through a browser sheet (GitHub's consent page, back
/// to the app) or with GitHub's device flow (the code to enter, then following the server until the person answers on
/// GitHub); starring on GitHub when liking; downloading and deleting the account's data; signing out here or
/// everywhere.
@Observable @MainActor
public final class AccountViewModel {
    public enum State: Hashable, Sendable {
        case loading
        /// Not signed in; `canSignIn` is false when the server does not offer it (`reason` says why).
        case signedOut(canSignIn: Bool, reason: String?)
        /// Waiting for the person to enter the code on GitHub.
        case signingIn(DeviceSignInProgress)
        case signedIn(GitHubAccount)
        case failed(String)
    }

    public enum Event: Hashable, Sendable {
        case appear
        case signIn
        case cancelSignIn
        case signOut(everywhere: Bool)
        /// Deletes the account and everything kept for it, on the server and on this device.
        case deleteAccount
        /// Turns starring on GitHub when liking on or off.
        case setStarOnLike(Bool)
        /// Downloads everything the server keeps for the account into a file (``exported``).
        case export
    }

    /// The account's data, downloaded into a file the person can share or keep.
    public struct ExportedFile: Hashable, Sendable {
        /// The JSON file on the device.
        public var url: URL
        /// "Downloaded: 384 interactions, 4 saved, 7 liked, 2 Ask threads."
        public var summary: String
    }

    public private(set) var state = State.loading
    /// How the last sign-in ended, when it did not sign in (cancelled on GitHub, expired, failed), or that it did.
    public private(set) var notice: String?
    /// The last download of the account's data.
    public private(set) var exported: ExportedFile?
    private let service: any AccountService
    /// Where downloads of the account's data are written.
    private let exportDirectory: URL
    /// What the device kept for the person, erased with their account.
    private let deviceData: LocalDatabase?
    private let pollInterval: Duration
    private let analytics: AnalyticsRecorder
    private var following: Task<Void, Never>?

    /// - Parameter pollInterval: how often to ask the server how a device sign-in goes (the server asks GitHub).
    /// - Parameter deviceData: the device's own store, erased when the person deletes their account.
    /// - Parameter exportDirectory: where a download of the account's data is written (the temporary folder).
    /// - Parameter analytics: where a GitHub sign-in's start and end go.
    public init(
        service: any AccountService, pollInterval: Duration = .seconds(1), deviceData: LocalDatabase? = nil,
        exportDirectory: URL = FileManager.default.temporaryDirectory, analytics: AnalyticsRecorder = .disabled
    ) {
        self.analytics = analytics
        self.deviceData = deviceData
        self.exportDirectory = exportDirectory
        self.service = service
        self.pollInterval = pollInterval
    }

    @discardableResult
    public func send(_ event: Event) -> Task<Void, Never> {
        switch event {
        case .appear:
            return Task { await load() }
        case .signIn:
            return follow { await self.signIn() }
        case .cancelSignIn:
            following?.cancel()
            following = nil
            notice = Words(Language.device).text("app.account.sign-in-cancelled")
            return Task { await load() }
        case .deleteAccount:
            return Task {
                do throws(ClientFailure) {
                    try await service.deleteAccount()
                    do {
                        try deviceData?.eraseAll()
                        notice = Words(Language.device).text("app.account.deleted")
                    } catch {
                        notice = Words(Language.device).text("app.account.deleted-copy-kept", "\(error)")
                    }
                    await load()
                } catch {
                    notice = error.message
                }
            }
        case .setStarOnLike(let on):
            return Task {
                do throws(ClientFailure) {
                    let account = try await service.setStarOnLike(on)
                    if let github = account.github { state = .signedIn(github) }
                } catch {
                    notice = error.message
                }
            }
        case .export:
            return Task { await export() }
        case .signOut(let everywhere):
            return Task {
                do throws(ClientFailure) {
                    try await service.signOut(everywhere: everywhere)
                    notice =
                        everywhere
                        ? Words(Language.device).text("app.account.signed-out.everywhere")
                        : Words(Language.device).text("app.account.signed-out.here")
                    await load()
                } catch {
                    state = .failed(error.message)
                }
            }
        }
    }

    private func load() async {
        do throws(ClientFailure) {
            let account = try await service.account()
            if let github = account.github {
                state = .signedIn(github)
            } else {
                state = .signedOut(canSignIn: account.signInAvailable, reason: account.signInUnavailableReason)
            }
        } catch {
            state = .failed(error.message)
        }
    }

    /// Signs in through a browser sheet: `authenticate` shows GitHub's consent page and answers the address it came
    /// back to (the app's `repoverse://auth/github/callback`), or throws when the person closed it.
    @discardableResult
    public func signInInBrowser(authenticate: @escaping @MainActor (URL) async throws -> URL) -> Task<Void, Never> {
        follow { await self.signInInBrowser(authenticate) }
    }

    /// Starts a sign-in in place of any under way (cancelling it), with the last one's notice cleared.
    private func follow(_ signIn: @escaping @MainActor () async -> Void) -> Task<Void, Never> {
        following?.cancel()
        notice = nil
        let task = Task { await signIn() }
        following = task
        return task
    }

    private func signInInBrowser(_ authenticate: @MainActor (URL) async throws -> URL) async {
        analytics.track(.signInStarted)
        do throws(ClientFailure) {
            let started = try await service.startWebSignIn()
            let back: URL
            do {
                back = try await authenticate(started.url)
            } catch {
                notice = Words(Language.device).text("app.account.sign-in-closed")
                return
            }
            guard let answer = AppSignInReturn(appURL: back) else {
                notice = Words(Language.device).text("app.account.answer-lost")
                return
            }
            guard let code = answer.code else {
                let words = Words(Language.device)
                if answer.error == "access_denied" {
                    notice = words.text("app.account.cancelled-on-github")
                } else if let reason = answer.errorDescription ?? answer.error {
                    notice = words.text("app.account.refused", reason)
                } else {
                    notice = words.text("app.account.refused-unexplained")
                }
                return
            }
            let result = try await service.completeWebSignIn(
                code: code, state: answer.state, verifier: started.verifier)
            analytics.track(.signInFinished)
            notice = Self.signedIn(result.login, joined: result.joined)
            await load()
        } catch {
            notice = error.message
            await load()
        }
    }

    private func export() async {
        do throws(ClientFailure) {
            let data = try await service.exportData()
            let day = data.exportedAt.formatted(.iso8601.year().month().day())
            let url = exportDirectory.appendingPathComponent("repofinder-export-\(day).json")
            do {
                try data.document.write(to: url, options: .atomic)
            } catch {
                notice = Words(Language.device).text("app.account.download-unwritten", "\(error)")
                return
            }
            let summary = Words(Language.device).text(
                "app.account.downloaded", data.interactions, data.saved, data.liked, data.threads)
            exported = ExportedFile(url: url, summary: summary)
        } catch {
            notice = error.message
        }
    }

    private func signIn() async {
        analytics.track(.signInStarted)
        do throws(ClientFailure) {
            var progress = try await service.startDeviceSignIn()
            state = .signingIn(progress)
            while progress.state == .pending {
                try? await Task.sleep(for: pollInterval)
                if Task.isCancelled { return }
                progress = try await service.deviceSignIn(id: progress.id)
                if progress.state == .pending { state = .signingIn(progress) }
            }
            if progress.state == .done { analytics.track(.signInFinished) }
            notice = Self.ended(progress)
            await load()
        } catch {
            if Task.isCancelled { return }
            notice = error.message
            await load()
        }
    }

    /// What to tell the person when a device sign-in is no longer pending (or, while it is, what to do).
    private static func ended(_ progress: DeviceSignInProgress) -> String {
        let words = Words(Language.device)
        switch progress.state {
        case .pending:
            return words.text("app.account.enter-code", progress.verificationURI.absoluteString, progress.userCode)
        case .done:
            return signedIn(progress.login, joined: progress.joined)
        case .denied:
            return words.text("app.account.cancelled-on-github")
        case .expired:
            return words.text("app.account.code-expired")
        case .failed:
            return progress.failure.map { words.text("app.account.sign-in-failed", $0) }
                ?? words.text("app.account.sign-in-failed-unasked")
        }
    }

    /// "Signed in as octocat on GitHub.", and that this device joined that account when it did.
    private static func signedIn(_ login: String?, joined: Bool) -> String {
        let words = Words(Language.device)
        guard let login else {
            return joined
                ? words.text("app.account.signed-in-unnamed-joined") : words.text("app.account.signed-in-unnamed")
        }
        return joined ? words.text("app.account.signed-in-joined", login) : words.text("app.account.signed-in", login)
    }
}
