import Foundation
public import Observation
public import OfflineStore
public import RepoFinderClient

/// The device's account: who is signed in with GitHub; signing in with GitHub's device flow (the code to enter, then
/// following the server until the person answers on GitHub); signing out here or everywhere.
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
    }

    public private(set) var state = State.loading
    /// How the last sign-in ended, when it did not sign in (cancelled on GitHub, expired, failed), or that it did.
    public private(set) var notice: String?
    private let service: any AccountService
    /// What the device kept for the person, erased with their account.
    private let deviceData: LocalDatabase?
    private let pollInterval: Duration
    private var following: Task<Void, Never>?

    /// - Parameter pollInterval: how often to ask the server how a device sign-in goes (the server asks GitHub).
    /// - Parameter deviceData: the device's own store, erased when the person deletes their account.
    public init(service: any AccountService, pollInterval: Duration = .seconds(1), deviceData: LocalDatabase? = nil) {
        self.deviceData = deviceData
        self.service = service
        self.pollInterval = pollInterval
    }

    @discardableResult
    public func send(_ event: Event) -> Task<Void, Never> {
        switch event {
        case .appear:
            return Task { await load() }
        case .signIn:
            following?.cancel()
            notice = nil
            let task = Task { await signIn() }
            following = task
            return task
        case .cancelSignIn:
            following?.cancel()
            following = nil
            notice = "Sign-in cancelled."
            return Task { await load() }
        case .deleteAccount:
            return Task {
                do throws(ClientFailure) {
                    try await service.deleteAccount()
                    do {
                        try deviceData?.eraseAll()
                        notice = "Your account and everything kept for it are deleted."
                    } catch {
                        notice = "Your account is deleted; this device could not forget its copy (\(error))."
                    }
                    await load()
                } catch {
                    notice = error.message
                }
            }
        case .signOut(let everywhere):
            return Task {
                do throws(ClientFailure) {
                    try await service.signOut(everywhere: everywhere)
                    notice = everywhere ? "Signed out on every device." : "Signed out on this device."
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

    private func signIn() async {
        do throws(ClientFailure) {
            var progress = try await service.startDeviceSignIn()
            state = .signingIn(progress)
            while progress.state == .pending {
                try? await Task.sleep(for: pollInterval)
                if Task.isCancelled { return }
                progress = try await service.deviceSignIn(id: progress.id)
                if progress.state == .pending { state = .signingIn(progress) }
            }
            notice = progress.summary
            await load()
        } catch {
            if Task.isCancelled { return }
            notice = error.message
            await load()
        }
    }
}
