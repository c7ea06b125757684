package import Storage

/// SQL both engines share for devices' tokens, GitHub identities and merging accounts. Merge statements take the
/// target account's id first, then the source's.
package enum AccountSQL {
    package static let insertToken = "INSERT INTO account_tokens (token_hash, user_id, created_at) VALUES (?, ?, ?)"
    package static let deleteToken = "DELETE FROM account_tokens WHERE token_hash = ?"
    package static let deleteTokens = "DELETE FROM account_tokens WHERE user_id = ?"

    /// The identity columns, in the order the engines decode them.
    package static let identityColumns =
        "user_id, github_id, login, name, avatar_url, sealed_token, scopes, linked_at, updated_at"
    package static let identityOfUser = "SELECT \(identityColumns) FROM github_identities WHERE user_id = ?"
    package static let accountOfGitHubUser = "SELECT user_id FROM github_identities WHERE github_id = ?"
    /// Inserts or refreshes a link; the first link's time stays.
    package static let upsertIdentity = """
        INSERT INTO github_identities (\(identityColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (user_id) DO UPDATE SET github_id = excluded.github_id, login = excluded.login,
            name = excluded.name, avatar_url = excluded.avatar_url, sealed_token = excluded.sealed_token,
            scopes = excluded.scopes, updated_at = excluded.updated_at
        """
    /// A linked account came back, whenever it was made.
    package static let markLinkedReturned = "UPDATE users SET returned_at = coalesce(returned_at, ?) WHERE id = ?"

    /// Scopes as stored: space-separated.
    package static func scopesText(_ scopes: [String]) -> String { scopes.joined(separator: " ") }
    package static func scopes(_ text: String) -> [String] { text.split(separator: " ").map(String.init) }

    // MARK: Merging

    package static let countInteractions = "SELECT count(*) FROM interactions WHERE user_id = ?"
    /// The source's interactions, oldest first, under the target unless it holds the same idempotency id.
    package static let moveInteractions = """
        INSERT INTO interactions (user_id, client_id, repository_id, kind, at, received_at)
        SELECT ?, client_id, repository_id, kind, at, received_at FROM interactions WHERE user_id = ? ORDER BY seq
        ON CONFLICT (user_id, client_id) DO NOTHING
        """
    package static func uniteList(_ list: RepositoryList) -> String {
        let table = SharedSQL.table(list)
        return """
            INSERT INTO \(table) (user_id, repository_id, added_at)
            SELECT ?, repository_id, added_at FROM \(table) WHERE user_id = ?
            ON CONFLICT (user_id, repository_id) DO NOTHING
            """
    }
    package static let takePreferences = """
        INSERT INTO preferences (user_id, document, updated_at)
        SELECT ?, document, updated_at FROM preferences WHERE user_id = ?
        ON CONFLICT (user_id) DO NOTHING
        """
    /// Finished imports follow the person (a running one stops with the source account).
    package static let moveImports = "UPDATE star_imports SET user_id = ? WHERE user_id = ? AND state <> 'running'"
    /// The target's interaction count as the quota counts it (imported stars do not count).
    package static let recountInteractions = """
        UPDATE users SET interaction_count = (SELECT count(*) FROM interactions WHERE user_id = ? AND kind <> 'star')
        WHERE id = ?
        """
}
