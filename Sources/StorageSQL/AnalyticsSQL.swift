/// The SQL of ``AnalyticsStore`` both engines share (written with `?` placeholders). Days are `YYYY-MM-DD` text
/// (UTC), which sorts and compares in time order; `label` is "" when an event has none, so it groups plainly.
package enum AnalyticsSQL {
    /// Server-recorded dealt cards are a maintainer's figures, not the operator report's.
    package static let clientEvents = "name <> 'dealt'"

    /// Records one event; returns its sequence number, or nothing when the person sent its id before.
    package static let insertEvent = """
        INSERT INTO analytics_events
            (user_id, client_id, name, platform, at, day, label, value, count, query, repository_id, reason)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (user_id, client_id) DO NOTHING RETURNING seq
        """

    /// One page of a person's events, in the order they were stored (`seq`), after the page before: the export
    /// holds a page, never all of an account's events (schema 18's index keeps each page one range scan).
    package static let eventsOfUserPage = """
        SELECT e.client_id, e.name, e.platform, e.at, e.label, e.value, e.count, e.query, r.owner_login, r.name,
            e.reason, e.seq
        FROM analytics_events e LEFT JOIN repositories r ON r.id = e.repository_id
        WHERE e.user_id = ? AND e.seq > ? ORDER BY e.seq LIMIT ?
        """

    /// Schema 18: an account's events by `seq`, for ``eventsOfUserPage``.
    package static let exportIndex = "CREATE INDEX analytics_events_export ON analytics_events(user_id, seq)"

    /// Deletes at most a batch of the events before a day (the retention sweep repeats it until none is left), so
    /// no one statement holds the database's write lock for long.
    package static let deleteBefore =
        "DELETE FROM analytics_events WHERE seq IN (SELECT seq FROM analytics_events WHERE day < ? LIMIT ?)"

    /// Each person's active days in the window. `day` is how the engine names the column in the window's terms:
    /// SQLite is given `+day`, which keeps it from ranging over the day index and sorting a million rows when a scan
    /// of the covering index in the grouping's order is faster (docs/dashboards.md has the figures).
    package static func activeDays(day: String) -> String {
        """
        SELECT user_id, day FROM analytics_events
        WHERE \(day) >= ? AND \(day) <= ? AND \(clientEvents) GROUP BY user_id, day
        """
    }

    /// The first day ever seen of each person active in the window.
    package static let firstDays = """
        SELECT user_id, MIN(day) FROM analytics_events WHERE \(clientEvents)
        GROUP BY user_id HAVING MAX(day) >= ? AND MIN(day) <= ?
        """

    /// Events per name, label and person in the window (`day` as for ``activeDays(day:)``).
    package static func perPerson(day: String) -> String {
        """
        SELECT name, label, user_id, COUNT(*) FROM analytics_events
        WHERE \(day) >= ? AND \(day) <= ? AND \(clientEvents) GROUP BY name, label, user_id
        """
    }

    /// Events per day, name and label in the window.
    package static let perDay = """
        SELECT day, name, label, COUNT(*) FROM analytics_events
        WHERE day >= ? AND day <= ? AND \(clientEvents) GROUP BY day, name, label
        """

    /// Searches that found nothing in the window, by their text.
    package static let zeroResultQueries = """
        SELECT lower(trim(query)), COUNT(*) FROM analytics_events
        WHERE name = 'search' AND label = 'none' AND query IS NOT NULL AND day >= ? AND day <= ?
        GROUP BY lower(trim(query))
        """

    /// A repository's dealt cards per day in the window: its dealt events and its tallies (the arguments twice: its
    /// id, then the days).
    package static let dealtPerDay = """
        SELECT day, CAST(SUM(n) AS BIGINT) FROM (
            SELECT day, COUNT(*) AS n FROM analytics_events
            WHERE repository_id = ? AND name = 'dealt' AND day >= ? AND day <= ? GROUP BY day
            UNION ALL
            SELECT day, SUM(count) AS n FROM dealt_tallies
            WHERE repository_id = ? AND day >= ? AND day <= ? GROUP BY day
        ) dealt GROUP BY day
        """

    /// A repository's dealt cards by source and reason in the window (the arguments twice, as for ``dealtPerDay``).
    package static let dealtBreakdown = """
        SELECT source, reason, CAST(SUM(n) AS BIGINT) FROM (
            SELECT label AS source, COALESCE(reason, '') AS reason, COUNT(*) AS n FROM analytics_events
            WHERE repository_id = ? AND name = 'dealt' AND day >= ? AND day <= ? GROUP BY label, COALESCE(reason, '')
            UNION ALL
            SELECT source, reason, SUM(count) AS n FROM dealt_tallies
            WHERE repository_id = ? AND day >= ? AND day <= ? GROUP BY source, reason
        ) dealt GROUP BY source, reason
        """

    /// The preferences of each person who liked a repository (its id) between two times, once per person, whose
    /// account was made by a time (``RepositoryActivity/likerCutoff(through:)``).
    package static let likers = """
        SELECT u.user_id, CAST(p.document AS TEXT)
        FROM (SELECT DISTINCT user_id FROM interactions
              WHERE repository_id = ? AND kind = 'like' AND withdrawn_at IS NULL AND at >= ? AND at < ?) u
        JOIN users a ON a.id = u.user_id AND a.created_at <= ?
        LEFT JOIN preferences p ON p.user_id = u.user_id
        """

    /// Interactions a repository (its id) got between two times, per day (`dayOfAt` is the engine's expression of
    /// `at`'s UTC day) and kind; withdrawn ones are not counted.
    package static func interactionsPerDay(dayOfAt: String) -> String {
        """
        SELECT \(dayOfAt), kind, COUNT(*) FROM interactions
        WHERE repository_id = ? AND withdrawn_at IS NULL AND at >= ? AND at < ? GROUP BY \(dayOfAt), kind
        """
    }

    /// Interactions per repository and kind between two times (`ids` is the engine's list of repository ids).
    package static func interactionTotals(ids: String) -> String {
        """
        SELECT repository_id, kind, COUNT(*) FROM interactions
        WHERE repository_id \(ids) AND withdrawn_at IS NULL AND at >= ? AND at < ? GROUP BY repository_id, kind
        """
    }

    /// Dealt cards per repository in the window, from the dealt events and the tallies (`ids` as for
    /// ``interactionTotals(ids:)``; the arguments twice: the ids, then the days).
    package static func dealtTotals(ids: String) -> String {
        """
        SELECT repository_id, CAST(SUM(n) AS BIGINT) FROM (
            SELECT repository_id, COUNT(*) AS n FROM analytics_events
            WHERE repository_id \(ids) AND name = 'dealt' AND day >= ? AND day <= ? GROUP BY repository_id
            UNION ALL
            SELECT repository_id, SUM(count) AS n FROM dealt_tallies
            WHERE repository_id \(ids) AND day >= ? AND day <= ? GROUP BY repository_id
        ) dealt GROUP BY repository_id
        """
    }

    /// Schema 19: the cards the server dealt that count every time (the deck's, Ask's sources), counted per
    /// repository, day, source and reason (`day` as the engine types the events' day; ``DealtTally``). A row per
    /// card cost more than the deal itself at the deck's rate; the maintainer's figures need only the counts.
    package static func tallyTable(day: String, repositoryID: String) -> String {
        """
        CREATE TABLE dealt_tallies (
            repository_id \(repositoryID) NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,
            day \(day) NOT NULL,
            source TEXT NOT NULL,
            reason TEXT NOT NULL,
            count BIGINT NOT NULL,
            PRIMARY KEY (repository_id, day, source, reason)
        )
        """
    }

    /// Adds to a tally (its repository's id, day, source, reason, count).
    package static let addTally = """
        INSERT INTO dealt_tallies (repository_id, day, source, reason, count) VALUES (?, ?, ?, ?, ?)
        ON CONFLICT (repository_id, day, source, reason) DO UPDATE SET count = dealt_tallies.count + excluded.count
        """

    /// The tallies of the days before one (the retention limit); few rows, deleted at once.
    package static let deleteTalliesBefore = "DELETE FROM dealt_tallies WHERE day < ?"

    /// The columns of the table and its indexes, after the engine's `CREATE TABLE analytics_events (seq …,`.
    package static func tableBody(time: String, repositoryID: String, day: String) -> String {
        """
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            client_id TEXT NOT NULL,
            name TEXT NOT NULL,
            platform TEXT NOT NULL,
            at \(time) NOT NULL,
            day \(day) NOT NULL,
            label TEXT NOT NULL DEFAULT '',
            value INTEGER,
            count INTEGER,
            query TEXT,
            repository_id \(repositoryID) REFERENCES repositories(id) ON DELETE SET NULL,
            reason TEXT,
            UNIQUE (user_id, client_id)
        )
        """
    }

    /// The indexes: a person's days (with the name, so the report's scans never read the table), the days' events,
    /// each event's people, a repository's days.
    package static let indexes = [
        "CREATE INDEX analytics_events_person ON analytics_events(user_id, day, name)",
        "CREATE INDEX analytics_events_day ON analytics_events(day, name, label)",
        "CREATE INDEX analytics_events_name ON analytics_events(name, label, user_id, day)",
        "CREATE INDEX analytics_events_repository ON analytics_events(repository_id, day) "
            + "WHERE repository_id IS NOT NULL",
    ]
}
