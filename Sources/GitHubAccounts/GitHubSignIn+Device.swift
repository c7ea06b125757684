public import Foundation
import GitHub
import RepoFinderCore

/// A device sign-in as the person and their app see it.
public struct DeviceSignIn: Sendable, Equatable {
    public enum State: String, Sendable {
        case pending, done, denied, expired, failed
    }

    public var id: String
    public var state: State
    /// What the person types at ``verificationURI``.
    public var userCode: String
    public var verificationURI: URL
    public var expiresAt: Date
    /// Seconds between GitHub polls (longer after a `slow_down`).
    public var interval: Int
    public var failure: String?
    /// How it ended, once done (the new token only in the answer that completed it).
    public var outcome: SignInOutcome?
}

/// One device sign-in the server is polling GitHub for.
struct DeviceAttempt {
    var userID: String
    var code: GitHubDeviceCode
    var view: DeviceSignIn
    /// GitHub's token once the person authorized; the next status request completes the sign-in with it.
    var authorized: GitHubAccessToken?
    var task: Task<Void, Never>?
}

extension GitHubSignIn {
    /// Starts a device sign-in for the account: GitHub's code for the person to type, and a task that polls GitHub.
    public func beginDevice(userID: String) async throws(SignInError) -> DeviceSignIn {
        guard !isShutDown else { throw .github(.unreachable("the server is stopping")) }
        let code: GitHubDeviceCode
        do {
            code = try await github.requestDeviceCode(app: configuration.app, scope: configuration.scopes)
        } catch {
            switch error {
            case .refused(let code, let description): throw .refused(code, description)
            case .github(let error): throw .github(error)
            }
        }
        let id = UUID().uuidString.lowercased()
        let view = DeviceSignIn(
            id: id, state: .pending, userCode: code.userCode, verificationURI: code.verificationURI,
            expiresAt: Date() + code.expiresIn.secondsDouble, interval: Int(code.interval.secondsDouble))
        devices[id] = DeviceAttempt(userID: userID, code: code, view: view)
        devices[id]?.task = Task { await self.poll(id) }
        return view
    }

    /// A device sign-in of the account; once GitHub said yes, this completes it (link or merge) and carries the
    /// outcome, with the device's new token if it joined another account.
    public func deviceStatus(id: String, userID: String) async throws(SignInError) -> DeviceSignIn {
        guard var attempt = devices[id], attempt.userID == userID else { throw .unknownDevice(id) }
        guard let token = attempt.authorized else { return attempt.view }
        attempt.authorized = nil
        devices[id] = attempt
        do {
            let outcome = try await finish(userID: userID, token: token)
            attempt.view.state = .done
            attempt.view.outcome = outcome
        } catch {
            attempt.view.state = .failed
            attempt.view.failure = error.description
            devices[id] = attempt
            throw error
        }
        // Told once: the attempt is over, and a device that joined another account has a new token now.
        devices[id] = nil
        return attempt.view
    }

    /// Stops every device sign-in's polling (the server is stopping).
    public func shutdown() async {
        isShutDown = true
        let tasks = devices.values.compactMap(\.task)
        for task in tasks { task.cancel() }
        for task in tasks { await task.value }
    }

    /// Polls GitHub for one attempt until the person answers, the code expires, or polling fails for good.
    private func poll(_ id: String) async {
        var failures = 0
        while let attempt = devices[id], attempt.view.state == .pending, attempt.authorized == nil {
            do {
                try await Task.sleep(for: .seconds(attempt.view.interval))
            } catch {
                return
            }
            guard devices[id] != nil else { return }
            if Date() >= attempt.view.expiresAt {
                devices[id]?.view.state = .expired
                break
            }
            do {
                switch try await github.pollDeviceToken(app: configuration.app, deviceCode: attempt.code.deviceCode) {
                case .authorized(let token): devices[id]?.authorized = token
                case .pending: break
                case .slowDown(let interval): devices[id]?.view.interval = Int(interval.secondsDouble)
                case .expired: devices[id]?.view.state = .expired
                case .denied: devices[id]?.view.state = .denied
                }
                failures = 0
            } catch {
                // A refusal is final; GitHub out of reach is tried again, three times in a row at most.
                failures += 1
                if case .refused = error { failures = 3 }
                if failures >= 3 {
                    devices[id]?.view.state = .failed
                    devices[id]?.view.failure = error.description
                }
            }
        }
        devices[id]?.task = nil
        forgetEnded(after: .seconds(600), id)
    }

    /// An ended attempt is kept a while so the device can read how it ended, then forgotten.
    private func forgetEnded(after delay: Duration, _ id: String) {
        Task { [weak self] in
            try? await Task.sleep(for: delay)
            await self?.forget(id)
        }
    }

    private func forget(_ id: String) {
        if let attempt = devices[id], attempt.view.state != .pending { devices[id] = nil }
    }
}
