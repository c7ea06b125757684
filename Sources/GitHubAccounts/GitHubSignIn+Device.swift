public import Foundation
import GitHub
import RepoFinderCore
import Storage

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

/// GitHub's device flow, kept in the store (``DeviceSignInStore``) rather than in one server's memory: whichever server
/// the device asks polls GitHub for it, when the interval since the last poll (by any server) has passed, so a
/// restart or another server loses nothing. GitHub is asked only while the device asks.
extension GitHubSignIn {
    /// How long a sign-in whose server stopped while finishing it waits before another server finishes it.
    static let finishingTakeover: TimeInterval = 30
    static let deviceCodePurpose = "github-device-code"
    static let deviceTokenPurpose = "github-device-token"
    /// Where people type a device code on GitHub (when a stored address could not be read back).
    static let deviceVerificationFallback = URL(string: "https://github.com/login/device")!

    /// Starts a device sign-in for the account: GitHub's code for the person to type. While the account has a live
    /// attempt, answers that one (GitHub is not asked again); beyond ``Configuration/maximumDeviceSignIns`` live
    /// attempts across the servers, throws ``SignInError/busy(retryAfter:)``.
    public func beginDevice(userID: String) async throws(SignInError) -> DeviceSignIn {
        guard !isShutDown else { throw .github(.unreachable("the server is stopping")) }
        if let starting = deviceStarts[userID] { return try await starting.value.get() }
        let start = Task { await self.startDevice(userID: userID) }
        deviceStarts[userID] = start
        let result = await start.value
        deviceStarts[userID] = nil
        return try result.get()
    }

    private func startDevice(userID: String) async -> Result<DeviceSignIn, SignInError> {
        let now = Date()
        let live: [DeviceSignInRecord]
        do {
            try await store.deleteDeviceSignIns(expiredBefore: now - 600)
            live = try await store.liveDeviceSignIns(now: now)
        } catch {
            return .failure(Self.storageError(error))
        }
        if let own = live.last(where: { $0.userID == userID }) { return .success(view(of: own)) }
        guard live.count < configuration.maximumDeviceSignIns else {
            let seconds = live.first.map { Int($0.expiresAt.timeIntervalSince(now).rounded(.up)) } ?? 1
            return .failure(.busy(retryAfter: min(60, max(1, seconds))))
        }
        let code: GitHubDeviceCode
        do {
            code = try await github.requestDeviceCode(app: configuration.app, scope: configuration.scopes)
        } catch {
            switch error {
            case .refused(let code, let description): return .failure(.refused(code, description))
            case .github(let error): return .failure(.github(error))
            }
        }
        let started = Date()
        let interval = max(1, Int(code.interval.secondsDouble))
        let record = DeviceSignInRecord(
            id: UUID().uuidString.lowercased(), userID: userID,
            sealedDeviceCode: configuration.sealer.seal(code.deviceCode, purpose: Self.deviceCodePurpose),
            userCode: code.userCode, verificationURI: code.verificationURI.absoluteString,
            expiresAt: started + code.expiresIn.secondsDouble, interval: interval,
            nextPollAt: started + Double(interval), updatedAt: started)
        do {
            try await store.createDeviceSignIn(record)
        } catch {
            return .failure(Self.storageError(error))
        }
        return .success(view(of: record))
    }

    /// A device sign-in of the account. Asking moves it on: when the interval since the last poll has passed, this
    /// server polls GitHub once (no other server polls meanwhile); once GitHub said yes, it completes the sign-in
    /// (link or merge) and answers the outcome, with the device's new token if it joined another account — once: the
    /// attempt is then over.
    public func deviceStatus(id: String, userID: String) async throws(SignInError) -> DeviceSignIn {
        var record: DeviceSignInRecord
        do {
            guard let stored = try await store.deviceSignIn(id: id), stored.userID == userID else {
                throw SignInError.unknownDevice(id)
            }
            record = stored
            let now = Date()
            if record.state == .pending, record.sealedToken == nil, now >= record.expiresAt {
                record.state = .expired
                record.updatedAt = now
                if try await !store.updateDeviceSignIn(record) { return try await reread(id, userID) }
                record.version += 1
            } else if record.state == .pending, record.sealedToken == nil, now >= record.nextPollAt, !isShutDown {
                // Claimed: this server polls, once; another server asking meanwhile finds the poll taken.
                var claimed = record
                claimed.nextPollAt = now + Double(record.interval)
                claimed.updatedAt = now
                guard try await store.updateDeviceSignIn(claimed) else { return try await reread(id, userID) }
                claimed.version += 1
                record = try await poll(claimed)
            }
        } catch let error as SignInError {
            throw error
        } catch {
            throw Self.storageError(error)
        }
        let finishable =
            record.sealedToken != nil
            && (record.state == .pending
                || (record.state == .finishing
                    && Date().timeIntervalSince(record.updatedAt) > Self.finishingTakeover))
        guard finishable else { return view(of: record) }
        return try await finishDevice(record)
    }

    /// Reads the sign-in again after another server updated it first.
    private func reread(_ id: String, _ userID: String) async throws -> DeviceSignIn {
        guard let stored = try await store.deviceSignIn(id: id), stored.userID == userID else {
            throw SignInError.unknownDevice(id)
        }
        return view(of: stored)
    }

    /// Polls GitHub once for `record` (claimed) and saves what it said.
    private func poll(_ record: DeviceSignInRecord) async throws -> DeviceSignInRecord {
        var record = record
        guard let deviceCode = configuration.sealer.open(record.sealedDeviceCode, purpose: Self.deviceCodePurpose)
        else {
            record.state = .failed
            record.failure = "This sign-in can no longer be read by the server (its key changed); start again."
            return try await save(record)
        }
        do {
            switch try await github.pollDeviceToken(app: configuration.app, deviceCode: deviceCode) {
            case .authorized(let token):
                record.sealedToken = configuration.sealer.seal(
                    ([token.value] + token.scopes).joined(separator: " "), purpose: Self.deviceTokenPurpose)
            case .pending: break
            case .slowDown(let interval):
                record.interval = max(record.interval, Int(interval.secondsDouble))
                record.nextPollAt = Date() + Double(record.interval)
            case .expired: record.state = .expired
            case .denied: record.state = .denied
            }
            record.failures = 0
        } catch {
            // A refusal is final; GitHub out of reach is tried again at the next ask, three times in a row at most.
            record.failures += 1
            if case .refused = error { record.failures = 3 }
            if record.failures >= 3 {
                record.state = .failed
                record.failure = error.description
            }
        }
        return try await save(record)
    }

    /// Saves `record` (read at its version); what the store holds if another server saved first.
    private func save(_ record: DeviceSignInRecord) async throws -> DeviceSignInRecord {
        var record = record
        record.updatedAt = Date()
        if try await store.updateDeviceSignIn(record) {
            record.version += 1
            return record
        }
        return try await store.deviceSignIn(id: record.id) ?? record
    }

    /// Completes an authorized sign-in, if no other server is doing so: links or merges, then forgets the attempt.
    private func finishDevice(_ record: DeviceSignInRecord) async throws(SignInError) -> DeviceSignIn {
        var claimed = record
        claimed.state = .finishing
        claimed.updatedAt = Date()
        let words: String?
        do {
            guard try await store.updateDeviceSignIn(claimed) else {
                return try await reread(record.id, record.userID)
            }
            claimed.version += 1
            words = record.sealedToken.flatMap {
                configuration.sealer.open($0, purpose: Self.deviceTokenPurpose)
            }
        } catch let error as SignInError {
            throw error
        } catch {
            throw Self.storageError(error)
        }
        let parts = words?.split(separator: " ").map(String.init) ?? []
        var view = view(of: record)
        do throws(SignInError) {
            guard let value = parts.first else { throw .invalidCode }
            let outcome = try await finish(
                userID: record.userID, token: GitHubAccessToken(value: value, scopes: Array(parts.dropFirst())))
            view.state = .done
            view.outcome = outcome
        } catch {
            claimed.state = .failed
            claimed.failure = error.description
            claimed.sealedToken = nil
            _ = try? await store.updateDeviceSignIn(claimed)
            throw error
        }
        // Told once: the attempt is over (a merge may have deleted it with the device's account already).
        try? await store.deleteDeviceSignIn(id: record.id)
        return view
    }

    /// What the device is told of `record`.
    private func view(of record: DeviceSignInRecord) -> DeviceSignIn {
        let state: DeviceSignIn.State =
            switch record.state {
            case .pending, .finishing: Date() >= record.expiresAt && record.sealedToken == nil ? .expired : .pending
            case .denied: .denied
            case .expired: .expired
            case .failed: .failed
            }
        return DeviceSignIn(
            id: record.id, state: state, userCode: record.userCode,
            verificationURI: URL(string: record.verificationURI) ?? Self.deviceVerificationFallback,
            expiresAt: record.expiresAt, interval: record.interval, failure: record.failure)
    }

    static func storageError(_ error: any Error) -> SignInError {
        if let error = error as? SignInError { return error }
        if let error = error as? StorageError { return .storage(error) }
        return .storage(.unavailable("\(error)"))
    }

    /// Stops taking new device sign-ins (the server is stopping); those under way stay in the store for the others.
    public func shutdown() async {
        isShutDown = true
    }
}
