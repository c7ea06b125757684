import Storage

/// The statements that keep the catalog current, shared by both engines (`?` placeholders).
extension SharedSQL {
    package static let catalogRefreshColumns = "slot, runner, state, started_at, heartbeat_at, finished_at, summary"

    /// Claims a period (slot, runner, started, heartbeat, summary, the stale-before time and the retry-before time): a
    /// new period, one whose runner stopped reporting, or one that stopped early a while ago. Returns the slot when
    /// claimed.
    package static let claimCatalogRefresh = """
        INSERT INTO catalog_refreshes (slot, runner, state, started_at, heartbeat_at, finished_at, summary)
        VALUES (?, ?, 'running', ?, ?, NULL, ?)
        ON CONFLICT (slot) DO UPDATE SET runner = excluded.runner, state = 'running',
            started_at = excluded.started_at, heartbeat_at = excluded.heartbeat_at, finished_at = NULL,
            summary = excluded.summary
        WHERE (catalog_refreshes.state = 'running' AND catalog_refreshes.heartbeat_at < ?)
            OR (catalog_refreshes.state = 'partial' AND catalog_refreshes.heartbeat_at < ?)
        RETURNING slot
        """

    /// Job, holder, until; then now. A row back: the holder holds the lease (``JobLeaseStore``).
    package static let claimJob = """
        INSERT INTO job_leases (job, holder, expires_at) VALUES (?, ?, ?)
        ON CONFLICT (job) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
        WHERE job_leases.holder = excluded.holder OR job_leases.expires_at < ?
        RETURNING job
        """

    /// State, heartbeat, finished, summary; then the slot and the runner that must still hold it.
    package static let saveCatalogRefresh = """
        UPDATE catalog_refreshes SET state = ?, heartbeat_at = ?, finished_at = ?, summary = ?
        WHERE slot = ? AND runner = ?
        """

    package static let catalogRefreshes =
        "SELECT \(catalogRefreshColumns) FROM catalog_refreshes ORDER BY started_at DESC, slot DESC LIMIT ?"

    /// Never checked first, then checked longest ago (the checked-before time, the limit).
    package static let repositoriesToCheck = """
        SELECT owner_login, name FROM repositories
        WHERE gone_at IS NULL AND (checked_at IS NULL OR checked_at < ?)
        ORDER BY checked_at IS NOT NULL, checked_at, id LIMIT ?
        """

    package static let currentName = """
        SELECT r.owner_login, r.name FROM repository_renames n JOIN repositories r ON r.id = n.repository_id
        WHERE n.old_key = ?
        """

    package static let repositoryIDByKey = "SELECT id FROM repositories WHERE full_name_key = ?"

    /// Gives a record its new name (key, owner, name, id); the zero fingerprint makes the upsert that follows
    /// rewrite every fact and the search index.
    package static let moveRepository =
        "UPDATE repositories SET full_name_key = ?, owner_login = ?, name = ?, fingerprint = 0 WHERE id = ?"

    /// Moves what names record `old` (second `?`) to record `new` (first `?`) before `old` is deleted; `new`'s rows win
    /// where both have one.
    package static let mergeRepositoryRows =
        [
            """
            INSERT INTO star_snapshots (repository_id, day, stars, forks)
            SELECT ?, day, stars, forks FROM star_snapshots WHERE repository_id = ? ON CONFLICT DO NOTHING
            """,
            "UPDATE interactions SET repository_id = ? WHERE repository_id = ?",
            "UPDATE repository_renames SET repository_id = ? WHERE repository_id = ?",
        ]
        + [RepositoryList.saved, .liked].map { list in
            """
            INSERT INTO \(table(list)) (user_id, repository_id, added_at)
            SELECT user_id, ?, added_at FROM \(table(list)) WHERE repository_id = ? ON CONFLICT DO NOTHING
            """
        }

    package static let deleteRepositoryByID = "DELETE FROM repositories WHERE id = ?"

    /// The old key, the record's id, the time.
    package static let recordRename = """
        INSERT INTO repository_renames (old_key, repository_id, renamed_at) VALUES (?, ?, ?)
        ON CONFLICT (old_key) DO UPDATE SET repository_id = excluded.repository_id, renamed_at = excluded.renamed_at
        """

    /// A name in use again is no longer an old name.
    package static let forgetRename = "DELETE FROM repository_renames WHERE old_key = ?"
}
