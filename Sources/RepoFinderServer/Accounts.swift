import Foundation
import RepoFinderCore
import Storage
import Synchronization

/// Who is signed in: bearer tokens checked against the store, recently seen ones cached in memory.
final class Accounts: Sendable {
    private let store: any DataStore
    /// Token hash → user id, for tokens seen recently (accounts are never deleted, so entries never go stale).
    private let accounts = Mutex<[String: String]>([:])
    private let maximumCached: Int

    init(store: any DataStore, maximumCached: Int = 100_000) {
        self.store = store
        self.maximumCached = maximumCached
    }

    /// Creates an account and returns its id and token (the token is not kept).
    func createAccount(at date: Date) async throws -> (id: String, token: String) {
        let token = BearerToken.make()
        let account = try await store.createUser(tokenHash: BearerToken.hash(token), at: date)
        return (account.id, token)
    }

    /// The id of the person whose bearer token this request carries; 401 without one or with a forged one.
    func authenticate() async throws -> String {
        guard let token = RequestIdentity.current.token else {
            throw APIError.unauthorized("Sign in: send 'Authorization: Bearer <token>' (POST /v1/users makes one).")
        }
        let hash = BearerToken.hash(token)
        if let id = accounts.withLock({ $0[hash] }) { return id }
        guard let account = try await store.user(tokenHash: hash) else {
            throw APIError.unauthorized("This token is not valid; create an account with POST /v1/users.")
        }
        accounts.withLock { accounts in
            if accounts.count >= maximumCached { accounts.removeAll(keepingCapacity: true) }
            accounts[hash] = account.id
        }
        return account.id
    }
}
