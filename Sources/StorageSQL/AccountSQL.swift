package import Storage

/// SQL both engines share for devices' tokens, GitHub identities and merging accounts. Merge statements take the
/// target account's id first, then the source's.
package enum AccountSQL {
    package static let insertToken = "INSERT INTO account_tokens (token_hash, user_id, created_at) VALUES (?, ?, ?)"
    package static let deleteToken = "DELETE FROM account_tokens WHERE token_hash = ?"
    package static let deleteTokens = "DELETE FROM account_tokens WHERE user_id = ?"

    /// The identity columns, in the order the engines decode them.
    package static let identityColumns =
        "user_id, github_id, login, name, avatar_url, sealed_token, scopes, star_on_like, linked_at, updated_at"
    package static let identityOfUser = "SELECT \(identityColumns) FROM github_identities WHERE user_id = ?"
    package static let accountOfGitHubUser = "SELECT user_id FROM github_identities WHERE github_id = ?"
    /// Inserts or refreshes a link; the first link's time stays.
    package static let upsertIdentity = """
        INSERT INTO github_identities (\(identityColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (user_id) DO UPDATE SET github_id = excluded.github_id, login = excluded.login,
            name = excluded.name, avatar_url = excluded.avatar_url, sealed_token = excluded.sealed_token,
            scopes = excluded.scopes, updated_at = excluded.updated_at
        """
    package static let setStarOnLike = "UPDATE github_identities SET star_on_like = ? WHERE user_id = ?"
    /// A linked account came back, whenever it was made.
    package static let markLinkedReturned = "UPDATE users SET returned_at = coalesce(returned_at, ?) WHERE id = ?"

    /// Scopes as stored: space-separated.
    package static func scopesText(_ scopes: [String]) -> String { scopes.joined(separator: " ") }
    package static func scopes(_ text: String) -> [String] { text.split(separator: " ").map(String.init) }

    // MARK: Merging

    package static let countInteractions = "SELECT count(*) FROM interactions WHERE user_id = ?"
    /// The source's interactions, oldest first, under the target unless it holds the same idempotency id.
    package static let moveInteractions = """
        INSERT INTO interactions (user_id, client_id, repository_id, kind, at, received_at, withdrawn_at)
        SELECT ?, client_id, repository_id, kind, at, received_at, withdrawn_at FROM interactions WHERE user_id = ?
        ORDER BY seq
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
    /// Stars waiting for GitHub follow the person (the target's own wish for a repository wins).
    package static let moveStarChanges = """
        INSERT INTO github_star_queue (user_id, \(starChangeFields))
        SELECT ?, \(starChangeFields) FROM github_star_queue WHERE user_id = ?
        ON CONFLICT (user_id, full_name_key) DO NOTHING
        """
    /// The target's interaction count as the quota counts it (imported stars do not count).
    package static let recountInteractions = """
        UPDATE users SET interaction_count = (
            SELECT count(*) FROM interactions WHERE user_id = ? AND kind <> 'star' AND withdrawn_at IS NULL)
        WHERE id = ?
        """

    // MARK: Stars waiting for GitHub

    /// A queued change's columns but its person's.
    static let starChangeFields =
        "full_name_key, full_name, action, attempts, next_attempt_at, last_error, created_at"
    /// The columns a queued change is written with (`user_id` first).
    package static let starChangeWriteColumns = "user_id, " + starChangeFields
    /// The columns a queued change is read with, in the order the engines decode them.
    package static let starChangeColumns =
        "user_id, full_name, action, attempts, next_attempt_at, last_error, created_at"
    package static let queueStarChange = """
        INSERT INTO github_star_queue (\(starChangeWriteColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (user_id, full_name_key) DO UPDATE SET full_name = excluded.full_name, action = excluded.action,
            attempts = excluded.attempts, next_attempt_at = excluded.next_attempt_at,
            last_error = excluded.last_error, created_at = excluded.created_at
        """
    package static let pendingStarChange =
        "SELECT \(starChangeColumns) FROM github_star_queue WHERE user_id = ? AND full_name_key = ?"
    package static let pendingStarChanges =
        "SELECT \(starChangeColumns) FROM github_star_queue WHERE user_id = ? ORDER BY created_at, full_name_key"
    /// Due changes in turns: every account's oldest due change before anyone's second (so one account's many
    /// refused changes never hold up another's), each turn oldest first.
    package static let dueStarChanges = """
        SELECT \(starChangeColumns) FROM (
            SELECT \(starChangeColumns), full_name_key, ROW_NUMBER() OVER (
                PARTITION BY user_id ORDER BY next_attempt_at, full_name_key) AS turn
            FROM github_star_queue WHERE next_attempt_at <= ?
        ) AS due
        ORDER BY turn, next_attempt_at, user_id, full_name_key LIMIT ?
        """
    /// The same wish: person, repository, action and when it was made.
    private static let sameWish = "user_id = ? AND full_name_key = ? AND action = ? AND created_at = ?"
    package static let completeStarChange = "DELETE FROM github_star_queue WHERE \(sameWish)"
    package static let deferStarChange =
        "UPDATE github_star_queue SET attempts = ?, next_attempt_at = ?, last_error = ? WHERE \(sameWish)"
}
