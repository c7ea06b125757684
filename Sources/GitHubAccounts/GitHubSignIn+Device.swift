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
    /// The task polling GitHub; nil once the attempt ended, or while polling is paused because nobody asks.
    var task: Task<Void, Never>?
    /// When a client last asked for the attempt (started it, started it again, or read its status): GitHub is polled
    /// only within two intervals of it.
    var lastAsked: ContinuousClock.Instant

    /// Whether it is still waiting for the person (and its code has not expired).
    func isLive(at now: Date) -> Bool { view.state == .pending && now < view.expiresAt }
}

extension GitHubSignIn {
    /// Starts a device sign-in for the account: GitHub's code for the person to type, and a task that polls GitHub.
    /// While the account has a live attempt, answers that one (GitHub is not asked again); beyond
    /// ``Configuration/maximumDeviceSignIns`` live attempts server-wide, throws ``SignInError/busy(retryAfter:)``.
    public func beginDevice(userID: String) async throws(SignInError) -> DeviceSignIn {
        guard !isShutDown else { throw .github(.unreachable("the server is stopping")) }
        let now = Date()
        endAbandoned(now: now)
        if let id = devices.first(where: { $0.value.userID == userID && $0.value.isLive(at: now) })?.key,
            let view = asked(id)
        {
            return view
        }
        if let starting = deviceStarts[userID] { return try await starting.value.get() }
        let live = devices.values.count { $0.isLive(at: now) } + deviceStarts.count
        guard live < configuration.maximumDeviceSignIns else { throw .busy(retryAfter: retryAfter(now: now)) }
        let start = Task { await self.startDevice(userID: userID) }
        deviceStarts[userID] = start
        let result = await start.value
        deviceStarts[userID] = nil
        return try result.get()
    }

    /// Asks GitHub for a device code and keeps the attempt, polling.
    private func startDevice(userID: String) async -> Result<DeviceSignIn, SignInError> {
        let code: GitHubDeviceCode
        do {
            code = try await github.requestDeviceCode(app: configuration.app, scope: configuration.scopes)
        } catch {
            switch error {
            case .refused(let code, let description): return .failure(.refused(code, description))
            case .github(let error): return .failure(.github(error))
            }
        }
        guard !isShutDown else { return .failure(.github(.unreachable("the server is stopping"))) }
        let id = UUID().uuidString.lowercased()
        let view = DeviceSignIn(
            id: id, state: .pending, userCode: code.userCode, verificationURI: code.verificationURI,
            expiresAt: Date() + code.expiresIn.secondsDouble, interval: Int(code.interval.secondsDouble))
        devices[id] = DeviceAttempt(userID: userID, code: code, view: view, lastAsked: .now)
        devices[id]?.task = Task { await self.poll(id) }
        return .success(view)
    }

    /// Seconds until a live attempt's code expires at the soonest (a slot is sure to be free then), 1 to 60.
    private func retryAfter(now: Date) -> Int {
        let soonest = devices.values.filter { $0.isLive(at: now) }.map(\.view.expiresAt).min()
        let seconds = soonest.map { Int($0.timeIntervalSince(now).rounded(.up)) } ?? 1
        return min(60, max(1, seconds))
    }

    /// A device sign-in of the account; once GitHub said yes, this completes it (link or merge) and carries the
    /// outcome, with the device's new token if it joined another account. Asking resumes polling GitHub if it had
    /// paused.
    public func deviceStatus(id: String, userID: String) async throws(SignInError) -> DeviceSignIn {
        guard devices[id]?.userID == userID, asked(id) != nil, var attempt = devices[id] else {
            throw .unknownDevice(id)
        }
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

    /// Notes that a client asked for attempt `id` now: a paused attempt polls GitHub again, one whose code expired
    /// meanwhile ends as expired. Its view, or nil when there is no such attempt.
    private func asked(_ id: String) -> DeviceSignIn? {
        guard var attempt = devices[id] else { return nil }
        attempt.lastAsked = .now
        let paused = attempt.view.state == .pending && attempt.authorized == nil && attempt.task == nil
        if paused, Date() >= attempt.view.expiresAt {
            attempt.view.state = .expired
            forgetEnded(after: .seconds(600), id)
        } else if paused, !isShutDown {
            attempt.task = Task { await self.poll(id) }
        }
        devices[id] = attempt
        return attempt.view
    }

    /// Ends the attempts nobody polls for any more whose code has expired (paused, or authorized but never asked
    /// for), so that they neither stay nor count.
    private func endAbandoned(now: Date) {
        for (id, attempt) in devices
        where attempt.view.state == .pending && attempt.task == nil && now >= attempt.view.expiresAt {
            devices[id]?.view.state = .expired
            devices[id]?.authorized = nil
            forgetEnded(after: .seconds(600), id)
        }
    }

    /// Stops every device sign-in's polling (the server is stopping).
    public func shutdown() async {
        isShutDown = true
        let tasks = devices.values.compactMap(\.task)
        for task in tasks { task.cancel() }
        for task in tasks { await task.value }
    }

    /// Polls GitHub for one attempt until the person answers, the code expires, polling fails for good, or nobody
    /// has asked for the attempt for two intervals (then polling pauses until someone asks: ``asked(_:)``).
    private func poll(_ id: String) async {
        var failures = 0
        while let attempt = devices[id], attempt.view.state == .pending, attempt.authorized == nil {
            do {
                try await Task.sleep(for: .seconds(attempt.view.interval))
            } catch {
                return
            }
            guard let current = devices[id] else { return }
            guard current.view.state == .pending else { break }
            if Date() >= current.view.expiresAt {
                devices[id]?.view.state = .expired
                break
            }
            if ContinuousClock.now - current.lastAsked > .seconds(2 * current.view.interval) {
                devices[id]?.task = nil
                return
            }
            do {
                switch try await github.pollDeviceToken(app: configuration.app, deviceCode: current.code.deviceCode) {
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
