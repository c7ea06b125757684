public import Foundation
public import RepoFinderCore

/// People: anonymous accounts, their devices' tokens, their GitHub identities and their preferences. One of the roles ``DataStore`` composes;
/// a module that needs only this part takes it alone. Every method is atomic (see ``DataStore``).
public protocol AccountStore: Sendable {
    /// Creates an anonymous account identified by the hash of its bearer token.
    func createUser(tokenHash: String, at date: Date) async throws -> UserAccount

    /// Notes that an account came back: used at `date`, a day or more after it was created. Accounts that never come
    /// back are the ones ``deleteAbandonedAccounts(createdBefore:limit:)`` removes. Throws
    /// ``StorageError/unknownUser(_:)``.
    func markReturned(userID: String, at date: Date) async throws

    /// Deletes (with everything they stored) up to `limit` accounts created before `date` that never came back (see
    /// ``markReturned(userID:at:)``); returns how many.
    func deleteAbandonedAccounts(createdBefore date: Date, limit: Int) async throws -> Int

    /// Deletes the person and every row that is theirs (preferences, interactions, lists, what was dealt, imports):
    /// false when there was no such person.
    func deleteAccount(userID: String) async throws -> Bool

    /// How many rows of each table name the person (`user_id`), for checking that a deleted account left nothing.
    func rowsReferencing(userID: String) async throws -> [String: Int]

    /// The account whose token has this hash, if any (an account has a token per device it is signed in on).
    func user(tokenHash: String) async throws -> UserAccount?

    /// Gives the account another token (a device that signed in). Throws ``StorageError/unknownUser(_:)``.
    func addToken(tokenHash: String, userID: String, at date: Date) async throws

    /// Ends one token (sign out on this device): false when no account had it.
    func deleteToken(tokenHash: String) async throws -> Bool

    /// Ends every token of the account (sign out everywhere); returns how many.
    func deleteTokens(userID: String) async throws -> Int

    /// The GitHub identity the account is linked to, if any.
    func githubIdentity(userID: String) async throws -> GitHubIdentity?

    /// The account linked to this GitHub user (by GitHub's numeric id), if any.
    func account(githubID: Int64) async throws -> String?

    /// Links the account to a GitHub identity, or refreshes it (login, name, sealed token, scopes). A linked account
    /// counts as having come back (it is never cleaned up as abandoned). Throws ``StorageError/unknownUser(_:)``, and
    /// ``StorageError/identityTaken(_:)`` when another account holds that GitHub user.
    func saveGitHubIdentity(_ identity: GitHubIdentity) async throws

    /// Moves everything of `source` into `target` and deletes `source` (its tokens die with it): interactions kept
    /// once by their idempotency ids, Saved and Liked united, preferences kept unless `target` had none, what was
    /// dealt united, finished imports moved. Throws ``StorageError/unknownUser(_:)`` for either.
    func mergeAccount(_ source: String, into target: String) async throws -> AccountMerge

    /// Turns "star on GitHub when I like" on or off for a linked account; false when the account is not linked.
    func setStarOnLike(_ on: Bool, userID: String) async throws -> Bool

    /// A person's preferences; nil until they were first saved. Throws ``StorageError/unknownUser(_:)``.
    func preferences(userID: String) async throws -> UserPreferences?

    /// Replaces a person's preferences. Throws ``StorageError/unknownUser(_:)``.
    func setPreferences(_ preferences: UserPreferences, userID: String) async throws
}
