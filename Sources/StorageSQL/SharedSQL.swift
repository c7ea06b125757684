package import Storage

/// A value bound to a `?` placeholder.
package enum SQLValue: Hashable, Sendable {
    case text(String)
    case integer(Int)
}

/// SQL text both engines share. Statements are written with `?` placeholders (PostgreSQL's engine rewrites them
/// as `$n`).
package enum SharedSQL {
    /// The repository columns every read selects, in the order the engines decode them (`r` is `repositories`).
    package static let repositoryColumns = """
        r.id, r.github_id, r.owner_login, r.owner_avatar_url, r.name, r.description, r.language, r.stars, r.forks,
        r.open_issues, r.license_spdx_id, r.license_name, r.created_at, r.updated_at, r.pushed_at, r.archived,
        r.web_url, r.gone_at, r.checked_at
        """

    /// The columns an upsert writes, in the order of ``repositoryValues(_:)``.
    package static let repositoryWriteColumns = [
        "full_name_key", "github_id", "owner_login", "owner_avatar_url", "name", "description", "language", "stars",
        "forks", "open_issues", "license_spdx_id", "license_name", "created_at", "updated_at", "pushed_at",
        "archived", "web_url", "fingerprint",
    ]

    /// The catalog version the search index compares (moved by triggers on its searchable columns: see the v12
    /// migrations).
    package static let catalogVersion = "SELECT version FROM catalog_version WHERE id = 1"

    /// Column index of the first value after the columns listed in ``repositoryColumns``.
    package static let repositoryColumnCount = 19

    /// The order of catalog slices.
    package static let catalogOrder = "r.stars DESC, r.full_name_key"

    /// A table per list.
    package static func table(_ list: RepositoryList) -> String {
        switch list {
        case .saved: "saved_repositories"
        case .liked: "liked_repositories"
        }
    }

    /// `(?, ?, …)` with `count` placeholders.
    package static func placeholders(_ count: Int) -> String {
        "(" + Array(repeating: "?", count: count).joined(separator: ", ") + ")"
    }
}

/// The schema version this build knows (the number of migrations).
package let currentSchemaVersion = 20

extension SharedSQL {
    package static let userExists = "SELECT 1 FROM users WHERE id = ?"
    /// The account of a device's token.
    package static let userByTokenHash = """
        SELECT u.id, u.created_at, u.returned_at FROM account_tokens t JOIN users u ON u.id = t.user_id
        WHERE t.token_hash = ?
        """
    package static let markReturned = "UPDATE users SET returned_at = ? WHERE id = ? AND returned_at IS NULL"
    /// Accounts created before a time that never came back, oldest first (`LIMIT ?`); the `users_abandoned` index
    /// holds exactly these.
    package static let deleteAbandonedAccounts = """
        DELETE FROM users WHERE id IN (
            SELECT id FROM users WHERE returned_at IS NULL AND created_at < ? ORDER BY created_at LIMIT ?)
        """
    /// A person and, through `ON DELETE CASCADE`, every row that names them.
    package static let deleteAccount = "DELETE FROM users WHERE id = ?"
    package static let insertUser = "INSERT INTO users (id, token_hash, created_at) VALUES (?, ?, ?)"
    /// As text in both engines (PostgreSQL keeps it as JSONB).
    package static let preferencesDocument = "SELECT CAST(document AS TEXT) FROM preferences WHERE user_id = ?"

    package static let insertInteraction = """
        INSERT INTO interactions (user_id, client_id, repository_id, kind, at, received_at) VALUES (?, ?, ?, ?, ?, ?)
        ON CONFLICT (user_id, client_id) DO NOTHING RETURNING seq
        """

    /// Records `count` dealt repositories (user, repository id, time per row) in one statement; returns the ids
    /// newly recorded.
    package static func insertServed(count: Int) -> String {
        "INSERT INTO served_repositories (user_id, repository_id, served_at) VALUES "
            + Array(repeating: "(?, ?, ?)", count: count).joined(separator: ", ")
            + " ON CONFLICT (user_id, repository_id) DO NOTHING RETURNING repository_id"
    }

    /// Forgets `count` dealt repositories of one person (user, then the repository ids); returns the ids forgotten.
    package static func deleteServed(count: Int) -> String {
        "DELETE FROM served_repositories WHERE user_id = ? AND repository_id IN ("
            + Array(repeating: "?", count: count).joined(separator: ", ") + ") RETURNING repository_id"
    }

    package static let servedOfUser = """
        SELECT r.full_name_key FROM served_repositories s JOIN repositories r ON r.id = s.repository_id
        WHERE s.user_id = ?
        """

    /// A person's pick of one day, by name.
    package static let dailyPick = """
        SELECT r.owner_login, r.name FROM daily_picks p JOIN repositories r ON r.id = p.repository_id
        WHERE p.user_id = ? AND p.day = ?
        """
    /// A person's picks of one day and the days after it (day, owner, name).
    package static let dailyPicksFrom = """
        SELECT p.day, r.owner_login, r.name FROM daily_picks p JOIN repositories r ON r.id = p.repository_id
        WHERE p.user_id = ? AND p.day >= ?
        """
    /// Keeps a pick unless the day has one (user, day, repository id, time).
    package static let insertDailyPick = """
        INSERT INTO daily_picks (user_id, day, repository_id, picked_at) VALUES (?, ?, ?, ?)
        ON CONFLICT (user_id, day) DO NOTHING
        """
    /// Replaces a person's pick of a day while it is a given repository (new id, time, user, day, old id).
    package static let replaceDailyPick = """
        UPDATE daily_picks SET repository_id = ?, picked_at = ? WHERE user_id = ? AND day = ? AND repository_id = ?
        """
    /// Drops a person's picks before a day.
    package static let pruneDailyPicks = "DELETE FROM daily_picks WHERE user_id = ? AND day < ?"
    /// How many days of picks are kept.
    package static let dailyPicksKept = 60

    package static let everyonesInteractions = """
        SELECT i.user_id, r.full_name_key, i.kind FROM interactions i JOIN repositories r ON r.id = i.repository_id
        WHERE i.withdrawn_at IS NULL ORDER BY i.seq
        """

    /// A person's standing interactions as signals (repository key, kind), in the order of `interactionsOfUser`.
    package static let signalsOfUser = "SELECT r.full_name_key, i.kind \(standingInteractionsOfUser)"

    /// The kind and repository of one of a person's interactions, by client id, and whether it was withdrawn.
    package static let interactionByClientID = """
        SELECT i.kind, r.owner_login, r.name, i.withdrawn_at IS NOT NULL FROM interactions i
        JOIN repositories r ON r.id = i.repository_id WHERE i.user_id = ? AND i.client_id = ?
        """

    /// Marks one of a person's interactions withdrawn (time, user id, client id): kept, no longer counted.
    package static let withdrawInteraction =
        "UPDATE interactions SET withdrawn_at = ? WHERE user_id = ? AND client_id = ?"

    package static let interactionsOfUser =
        "SELECT i.client_id, r.owner_login, r.name, i.kind, i.at \(standingInteractionsOfUser)"

    /// A person's interactions that were not withdrawn, in the order they happened (ties in the order received): one
    /// clause for every read of them, so a session's signals and the full interactions never differ in order.
    private static let standingInteractionsOfUser = """
        FROM interactions i JOIN repositories r ON r.id = i.repository_id
        WHERE i.user_id = ? AND i.withdrawn_at IS NULL ORDER BY i.at, i.seq
        """

    /// A person's quota counters (see `QuotaCounters`): interactions held, and the current 24-hour window's start and
    /// count. Reading them also tells whether the account exists.
    package static let quotaCounters = """
        SELECT interaction_count, quota_window_start, quota_window_count FROM users WHERE id = ?
        """
    package static let setQuotaCounters = """
        UPDATE users SET interaction_count = ?, quota_window_start = ?, quota_window_count = ? WHERE id = ?
        """
    /// One interaction fewer (a withdrawn one).
    package static let decrementInteractionCount = """
        UPDATE users SET interaction_count = CASE WHEN interaction_count > 0 THEN interaction_count - 1 ELSE 0 END
        WHERE id = ?
        """

    /// A person's interactions by kind.
    package static let interactionKinds = """
        SELECT kind, count(*) FROM interactions WHERE user_id = ? AND withdrawn_at IS NULL GROUP BY kind
        """

    /// The list and key of every repository on a person's lists (two `?`: the user id twice).
    package static let listedKeys = """
        SELECT 'saved', r.full_name_key FROM saved_repositories l JOIN repositories r ON r.id = l.repository_id
        WHERE l.user_id = ?
        UNION ALL SELECT 'liked', r.full_name_key FROM liked_repositories l JOIN repositories r ON r.id = l.repository_id
        WHERE l.user_id = ?
        """

    /// The ids of the repositories on a person's lists (two `?`: the user id twice), each once.
    private static let listedRepositoryIDs = """
        SELECT repository_id FROM saved_repositories WHERE user_id = ?
        UNION SELECT repository_id FROM liked_repositories WHERE user_id = ?
        """

    /// Languages of the repositories on a person's lists with how many have each (ties are broken in Swift, where
    /// both engines order names alike).
    package static let listedLanguages = """
        SELECT r.language, count(*) FROM repositories r WHERE r.id IN (\(listedRepositoryIDs))
        AND r.language IS NOT NULL AND r.language <> '' GROUP BY r.language
        """

    /// Topics of the repositories on a person's lists with how many have each.
    package static let listedTopics = """
        SELECT t.topic, count(*) FROM repository_topics t WHERE t.repository_id IN (\(listedRepositoryIDs))
        GROUP BY t.topic
        """

    package static func addToList(_ list: RepositoryList) -> String {
        "INSERT INTO \(table(list)) (user_id, repository_id, added_at) VALUES (?, ?, ?) "
            + "ON CONFLICT (user_id, repository_id) DO NOTHING"
    }

    package static func listCount(_ list: RepositoryList) -> String {
        "SELECT count(*) FROM \(table(list)) WHERE user_id = ?"
    }

    package static func listPage(_ list: RepositoryList) -> String {
        """
        SELECT \(repositoryColumns), l.added_at FROM \(table(list)) l JOIN repositories r ON r.id = l.repository_id
        WHERE l.user_id = ? ORDER BY l.added_at DESC, r.full_name_key LIMIT ? OFFSET ?
        """
    }

    package static func removeFromList(_ list: RepositoryList) -> String {
        "DELETE FROM \(table(list)) WHERE user_id = ? AND repository_id = "
            + "(SELECT id FROM repositories WHERE full_name_key = ?)"
    }

    package static let repositoryByKey = "SELECT \(repositoryColumns) FROM repositories r WHERE r.full_name_key = ?"
    /// The catalog as the recommender loads it: what GitHub still has.
    package static let catalogSlice =
        "SELECT \(repositoryColumns) FROM repositories r WHERE r.gone_at IS NULL ORDER BY \(catalogOrder) LIMIT ? OFFSET ?"
    package static let topicsOrder = "ORDER BY repository_id, position"
    package static let snapshotsOfRepository = """
        SELECT CAST(s.day AS TEXT), s.stars, s.forks FROM star_snapshots s JOIN repositories r ON r.id = s.repository_id
        WHERE r.full_name_key = ? ORDER BY s.day
        """
}

extension Array {
    /// Consecutive slices of at most `size` elements, for batching statements.
    package func chunks(of size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
