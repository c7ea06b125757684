import Foundation
import RepoFinderCore
import Storage
import Synchronization

/// Who is signed in: bearer tokens checked against the store, recently seen ones cached in memory. Notes when an
/// account comes back a day or more after it was created (accounts that never do are cleaned up).
final class Accounts: Sendable {
    private struct Known {
        var id: String
        var createdAt: Date
        var returned: Bool
        /// When the store last confirmed the token: after ``trustFor`` it is asked again, so a token signed out on
        /// another server stops working here too.
        var checkedAt: Date
    }

    private let store: any AccountStore
    /// Where other servers hear that tokens ended (nil: the store is not shared).
    private let channel: (any ClusterChannel)?
    /// Token hash → account, for tokens seen recently. A deleted account's entry only leads to the store's
    /// `unknownUser`, which answers 401 like an unknown token.
    private let accounts = Mutex<[String: Known]>([:])
    private let maximumCached: Int
    /// How long after its creation a visit counts as coming back.
    static let returnAfter: TimeInterval = 86_400
    /// How long a cached token is trusted without asking the store.
    static let trustFor: TimeInterval = 30

    init(store: any AccountStore, channel: (any ClusterChannel)? = nil, maximumCached: Int = 100_000) {
        self.store = store
        self.channel = channel
        self.maximumCached = maximumCached
    }

    /// Creates an account and returns its id and token (the token is not kept).
    func createAccount(at date: Date) async throws -> (id: String, token: String) {
        let token = BearerToken.make()
        let account = try await store.createUser(tokenHash: BearerToken.hash(token), at: date)
        return (account.id, token)
    }

    /// The id of the person whose bearer token this request carries; 401 without one, with a malformed one (refused
    /// without a lookup) or with a forged one.
    func authenticate(now: Date = Date()) async throws -> String {
        guard let token = RequestIdentity.current.token else {
            throw APIError.unauthorized(APIError.text("error.token.missing"))
        }
        guard BearerToken.isWellFormed(token) else {
            throw APIError.unauthorized(APIError.text("error.token.invalid"))
        }
        let hash = BearerToken.hash(token)
        let cached = accounts.withLock { $0[hash] }.flatMap {
            now.timeIntervalSince($0.checkedAt) < Self.trustFor ? $0 : nil
        }
        var account: Known
        if let cached {
            account = cached
        } else {
            guard let stored = try await store.user(tokenHash: hash) else {
                _ = accounts.withLock { $0.removeValue(forKey: hash) }
                throw APIError.unauthorized(APIError.text("error.token.invalid"))
            }
            account = Known(
                id: stored.id, createdAt: stored.createdAt, returned: stored.returnedAt != nil, checkedAt: now)
        }
        var changed = cached == nil
        if !account.returned, now.timeIntervalSince(account.createdAt) >= Self.returnAfter {
            try await store.markReturned(userID: account.id, at: now)
            account.returned = true
            changed = true
        }
        if changed {
            accounts.withLock { accounts in
                if accounts.count >= maximumCached { accounts.removeAll(keepingCapacity: true) }
                accounts[hash] = account
            }
        }
        return account.id
    }

    /// Forgets the account of this request's token (it was just deleted), so the token is refused at once here and,
    /// through the cluster channel, on the other servers.
    func forgetCurrent() {
        guard let token = RequestIdentity.current.token else { return }
        let hash = BearerToken.hash(token)
        let known = accounts.withLock { $0.removeValue(forKey: hash) }
        if let known { channel?.publish([.tokensEnded(userID: known.id)]) }
    }

    /// Forgets every cached token of these accounts (merged away, or signed out everywhere), here and on the other
    /// servers.
    func forget(userIDs: Set<String>) {
        forgetHere(userIDs: userIDs)
        channel?.publish(userIDs.sorted().map { .tokensEnded(userID: $0) })
    }

    /// Forgets every cached token of these accounts on this server only (another server ended them).
    func forgetHere(userIDs: Set<String>) {
        accounts.withLock { accounts in accounts = accounts.filter { !userIDs.contains($0.value.id) } }
    }

    /// Forgets every cached token: each is checked with the store again at its next request.
    func forgetAll() {
        accounts.withLock { $0.removeAll(keepingCapacity: true) }
    }

    /// A new token for an existing account (a device that signed in to it); only its hash is stored.
    func addDevice(userID: String, at date: Date = Date()) async throws -> String {
        let token = BearerToken.make()
        try await store.addToken(tokenHash: BearerToken.hash(token), userID: userID, at: date)
        return token
    }

    /// Ends this request's token, or every token of its account: they are refused at once on this server, and on
    /// others as soon as the cluster channel tells them (within ``trustFor`` at worst).
    func signOut(userID: String, everywhere: Bool) async throws {
        if everywhere {
            _ = try await store.deleteTokens(userID: userID)
            forget(userIDs: [userID])
        } else if let token = RequestIdentity.current.token {
            _ = try await store.deleteToken(tokenHash: BearerToken.hash(token))
            forgetCurrent()
            channel?.publish([.tokensEnded(userID: userID)])
        }
    }
}
