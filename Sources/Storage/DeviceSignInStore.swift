public import Foundation

/// A device sign-in under way (GitHub's device flow), kept in the database so that any server sharing it answers the
/// polling device, and a server's restart loses nothing: GitHub is polled by whichever server the device asks, at most
/// once per interval across them all (``DeviceSignInStore/updateDeviceSignIn(_:)`` is a compare-and-set).
public struct DeviceSignInRecord: Sendable, Equatable {
    /// What stage it is at.
    public enum State: String, Sendable {
        /// Waiting for the person (or, with ``DeviceSignInRecord/sealedToken``, for a server to finish it).
        case pending
        /// A server is linking or merging the account with the token (a stale one is taken over).
        case finishing
        case denied, expired, failed
    }

    public var id: String
    /// The account of the device that started it.
    public var userID: String
    /// GitHub's device code, sealed: whoever holds it can collect the token.
    public var sealedDeviceCode: String
    /// What the person types at ``verificationURI``.
    public var userCode: String
    public var verificationURI: String
    public var expiresAt: Date
    /// Seconds between two polls of GitHub (longer after a `slow_down`).
    public var interval: Int
    public var state: State
    /// Why it failed (said to the person).
    public var failure: String?
    /// GitHub's token once the person authorized, sealed with its scopes.
    public var sealedToken: String?
    /// GitHub may be polled again from this time.
    public var nextPollAt: Date
    /// Polls in a row that could not reach GitHub.
    public var failures: Int
    public var updatedAt: Date
    /// Moves by one with every update.
    public var version: Int

    public init(
        id: String, userID: String, sealedDeviceCode: String, userCode: String, verificationURI: String,
        expiresAt: Date, interval: Int, state: State = .pending, failure: String? = nil, sealedToken: String? = nil,
        nextPollAt: Date, failures: Int = 0, updatedAt: Date, version: Int = 1
    ) {
        self.id = id
        self.userID = userID
        self.sealedDeviceCode = sealedDeviceCode
        self.userCode = userCode
        self.verificationURI = verificationURI
        self.expiresAt = expiresAt
        self.interval = interval
        self.state = state
        self.failure = failure
        self.sealedToken = sealedToken
        self.nextPollAt = nextPollAt
        self.failures = failures
        self.updatedAt = updatedAt
        self.version = version
    }
}

/// Device sign-ins under way (``DeviceSignInRecord``). One of the roles ``DataStore`` composes. An account's
/// deletion deletes its sign-ins.
public protocol DeviceSignInStore: Sendable {
    /// Stores a new sign-in (its version as given, normally 1).
    func createDeviceSignIn(_ record: DeviceSignInRecord) async throws

    /// The sign-in with this id, or nil.
    func deviceSignIn(id: String) async throws -> DeviceSignInRecord?

    /// Saves `record` only if the stored one is still at `record.version` (nobody updated it since it was read),
    /// moving the version on by one: true when saved. A sign-in that is gone is not saved.
    func updateDeviceSignIn(_ record: DeviceSignInRecord) async throws -> Bool

    /// Pending sign-ins whose code has not expired at `now`, soonest to expire first (the server-wide cap counts
    /// them; an account's live one is answered again).
    func liveDeviceSignIns(now: Date) async throws -> [DeviceSignInRecord]

    /// Deletes one sign-in (it is over and was told).
    func deleteDeviceSignIn(id: String) async throws

    /// Deletes sign-ins whose code expired before `date`; how many.
    @discardableResult
    func deleteDeviceSignIns(expiredBefore date: Date) async throws -> Int
}
