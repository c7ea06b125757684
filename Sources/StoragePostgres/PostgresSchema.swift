import StorageSQL

/// Versioned migrations of the PostgreSQL schema, applied in order under an advisory lock so that many servers
/// starting at once migrate exactly once. Append new migrations; never edit a shipped one.
enum PostgresSchema {
    static let migrations: [(version: Int, name: String, sql: [String])] = [
        (1, "catalog, star snapshots, users, preferences, interactions, lists", version1),
        (2, "full-text search", version2),
        // SQLite's v3 rebuilt its full-text index; PostgreSQL's tsvector needed nothing. Recorded so both engines
        // report the same schema version.
        (3, "language in SQLite's full-text index (nothing to change here)", []),
        (4, "repositories dealt to each person", version4),
        // SQLite's v5 keeps what was dealt as one set per person. PostgreSQL keeps a row per card: its primary key
        // is what lets several servers decide together which cards are new. Recorded so both engines report the
        // same schema version.
        (5, "what was dealt, as one set per person in SQLite (nothing to change here)", []),
        (6, "accounts that came back, quota counts", version6),
        (7, "imported GitHub stars, star imports", version7),
        (8, "a token per signed-in device, GitHub identities", version8),
        (9, "a living catalog: checked and gone repositories, renames, scheduled refreshes", version9),
        (10, "today's pick per person and local day", version10),
        (11, "interactions withdrawn by undo, kept in the record", version11),
        (12, "a catalog version for the search index", version12),
        (13, "Ask threads, their messages, questions asked per month", version13),
        (14, "Ask threads read a page at a time", version14),
        (15, "leases on work that runs once across servers", version15),
        (16, "device sign-ins under way and rate limits, shared by the servers", version16),
        (17, "product analytics events, dealt cards for maintainers", version17),
        (18, "an account's events read a page at a time", [AnalyticsSQL.exportIndex]),
        (
            19, "the cards dealt every time, counted per repository and day",
            [AnalyticsSQL.tallyTable(day: "TEXT COLLATE \"C\"", repositoryID: "BIGINT")]
        ),
        (
            20, "curated lists and where they place repositories",
            SharedSQL.curatedListTables(time: "TIMESTAMPTZ", text: "TEXT COLLATE \"C\"")
        ),
    ]

    /// Product analytics events (``AnalyticsStore``), and the cards the server dealt, for the dashboards. Days compare
    /// as bytes (`COLLATE "C"`), the order of `YYYY-MM-DD`.
    static let version17 =
        [
            "CREATE TABLE analytics_events (\n    seq BIGSERIAL PRIMARY KEY,\n"
                + AnalyticsSQL.tableBody(time: "TIMESTAMPTZ", repositoryID: "BIGINT", day: "TEXT COLLATE \"C\"")
        ] + AnalyticsSQL.indexes

    /// Device sign-ins under way (``DeviceSignInStore``): any server answers the polling device. Rate-limit buckets
    /// (``SharedRateLimits``): each key's theoretical arrival time, in seconds since 1970 by the database's clock; not
    /// written to the log (a crash forgets them, which only gives clients a full bucket).
    static let version16 = [
        "CREATE UNLOGGED TABLE rate_limits (key TEXT PRIMARY KEY, tat DOUBLE PRECISION NOT NULL)",
        """
        CREATE TABLE device_sign_ins (
            id TEXT PRIMARY KEY,
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            device_code TEXT NOT NULL,
            user_code TEXT NOT NULL,
            verification_uri TEXT NOT NULL,
            expires_at TIMESTAMPTZ NOT NULL,
            poll_interval INTEGER NOT NULL,
            state TEXT NOT NULL,
            failure TEXT,
            token TEXT,
            next_poll_at TIMESTAMPTZ NOT NULL,
            failures INTEGER NOT NULL,
            updated_at TIMESTAMPTZ NOT NULL,
            version INTEGER NOT NULL
        )
        """,
        "CREATE INDEX device_sign_ins_live ON device_sign_ins(state, expires_at)",
        "CREATE INDEX device_sign_ins_user ON device_sign_ins(user_id)",
    ]

    /// Who runs each job that must run once across servers, until when (``JobLeaseStore``).
    static let version15 = [
        "CREATE TABLE job_leases (job TEXT PRIMARY KEY, holder TEXT NOT NULL, expires_at TIMESTAMPTZ NOT NULL)"
    ]

    /// A person's threads in list order (`AskSQL.threadsPage`): a page, and the next after a cursor, read from the
    /// index instead of sorting all the person's threads for each page. It also serves counting them.
    static let version14 = [
        "DROP INDEX IF EXISTS ask_threads_user",
        "CREATE INDEX ask_threads_list ON ask_threads(user_id, archived, pinned DESC, updated_at DESC, id)",
    ]

    /// Ask: a person's threads, their messages (`seq` keeps the order of two written in the same millisecond), and
    /// how many questions each person asked per month.
    static let version13 = [
        """
        CREATE TABLE ask_threads (
            id TEXT PRIMARY KEY,
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            title TEXT NOT NULL,
            preview TEXT NOT NULL,
            pinned BOOLEAN NOT NULL DEFAULT FALSE,
            archived BOOLEAN NOT NULL DEFAULT FALSE,
            created_at TIMESTAMPTZ NOT NULL,
            updated_at TIMESTAMPTZ NOT NULL
        )
        """,
        "CREATE INDEX ask_threads_user ON ask_threads(user_id, updated_at)",
        "CREATE INDEX ask_threads_untouched ON ask_threads(pinned, updated_at)",
        """
        CREATE TABLE ask_messages (
            seq BIGSERIAL PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            thread_id TEXT NOT NULL REFERENCES ask_threads(id) ON DELETE CASCADE,
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            role TEXT NOT NULL,
            text TEXT NOT NULL,
            tools TEXT NOT NULL,
            sources TEXT NOT NULL,
            stopped BOOLEAN NOT NULL DEFAULT FALSE,
            notice TEXT,
            created_at TIMESTAMPTZ NOT NULL
        )
        """,
        "CREATE INDEX ask_messages_thread ON ask_messages(thread_id, created_at)",
        "CREATE INDEX ask_messages_user ON ask_messages(user_id)",
        """
        CREATE TABLE ask_quota (
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            month TEXT NOT NULL,
            questions INTEGER NOT NULL,
            PRIMARY KEY (user_id, month)
        )
        """,
    ]

    /// A number every change to a searchable column of the catalog moves (from any server), so each server's
    /// in-memory search index knows when to rebuild. Once per statement: an import of thousands of rows moves it
    /// once. The tsvector and its index go: search ranks in memory.
    static let version12 = [
        "DROP INDEX repositories_search",
        "ALTER TABLE repositories DROP COLUMN search_vector",
        "CREATE TABLE catalog_version (id INTEGER PRIMARY KEY CHECK (id = 1), version BIGINT NOT NULL)",
        "INSERT INTO catalog_version (id, version) VALUES (1, 0)",
        """
        CREATE FUNCTION bump_catalog_version() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN UPDATE catalog_version SET version = version + 1; RETURN NULL; END $$
        """,
        """
        CREATE TRIGGER catalog_version_change AFTER INSERT OR DELETE OR UPDATE OF
            full_name_key, owner_login, name, description, language, stars, forks, open_issues, pushed_at,
            archived, gone_at, checked_at, fingerprint
        ON repositories FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version()
        """,
    ]

    /// A like, save or skip taken back stays in the record, marked with when.
    static let version11 = ["ALTER TABLE interactions ADD COLUMN withdrawn_at TIMESTAMPTZ"]

    /// One pick per person and local day (`YYYY-MM-DD`), kept so every device shows the same one that day.
    static let version10 = [
        """
        CREATE TABLE daily_picks (
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            day TEXT NOT NULL,
            repository_id BIGINT NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,
            picked_at TIMESTAMPTZ NOT NULL,
            PRIMARY KEY (user_id, day)
        )
        """
    ]

    /// When GitHub last confirmed each repository (a refresh goes stalest first) and when it stopped having one; old
    /// names of renamed repositories; one row per scheduled refresh period (the database elects its runner).
    static let version9 = [
        "ALTER TABLE repositories ADD COLUMN checked_at TIMESTAMPTZ",
        "ALTER TABLE repositories ADD COLUMN gone_at TIMESTAMPTZ",
        "CREATE INDEX repositories_checked ON repositories(checked_at)",
        """
        CREATE TABLE repository_renames (
            old_key TEXT PRIMARY KEY,
            repository_id BIGINT NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,
            renamed_at TIMESTAMPTZ NOT NULL
        )
        """,
        "CREATE INDEX repository_renames_repository ON repository_renames(repository_id)",
        """
        CREATE TABLE catalog_refreshes (
            slot TEXT PRIMARY KEY,
            runner TEXT NOT NULL,
            state TEXT NOT NULL CHECK (state IN ('running', 'finished', 'partial')),
            started_at TIMESTAMPTZ NOT NULL,
            heartbeat_at TIMESTAMPTZ NOT NULL,
            finished_at TIMESTAMPTZ,
            summary TEXT NOT NULL
        )
        """,
        "CREATE INDEX catalog_refreshes_started ON catalog_refreshes(started_at)",
    ]

    /// An account has a token per device it is signed in on (`users.token_hash` keeps the first only as history), and
    /// may be linked to one GitHub identity (one account per GitHub user), whose access token is kept sealed; stars and
    /// unstars GitHub has not taken yet wait in a queue.
    static let version8 = [
        """
        CREATE TABLE account_tokens (
            token_hash TEXT PRIMARY KEY,
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            created_at TIMESTAMPTZ NOT NULL
        )
        """,
        "CREATE INDEX account_tokens_user ON account_tokens(user_id)",
        "INSERT INTO account_tokens (token_hash, user_id, created_at) SELECT token_hash, id, created_at FROM users",
        """
        CREATE TABLE github_identities (
            user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
            github_id BIGINT NOT NULL UNIQUE,
            login TEXT NOT NULL,
            name TEXT,
            avatar_url TEXT,
            sealed_token TEXT NOT NULL,
            scopes TEXT NOT NULL,
            star_on_like BOOLEAN NOT NULL DEFAULT FALSE,
            linked_at TIMESTAMPTZ NOT NULL,
            updated_at TIMESTAMPTZ NOT NULL
        )
        """,
        """
        CREATE TABLE github_star_queue (
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            full_name_key TEXT NOT NULL,
            full_name TEXT NOT NULL,
            action TEXT NOT NULL CHECK (action IN ('star', 'unstar')),
            attempts BIGINT NOT NULL DEFAULT 0,
            next_attempt_at TIMESTAMPTZ NOT NULL,
            last_error TEXT,
            created_at TIMESTAMPTZ NOT NULL,
            PRIMARY KEY (user_id, full_name_key)
        )
        """,
        "CREATE INDEX github_star_queue_due ON github_star_queue(next_attempt_at)",
    ]

    /// Interactions may be `star` (imported from GitHub); star imports are kept per person, with at most one running.
    static let version7 = [
        "ALTER TABLE interactions DROP CONSTRAINT interactions_kind_check",
        """
        ALTER TABLE interactions ADD CONSTRAINT interactions_kind_check
            CHECK (kind IN ('like', 'save', 'skip', 'view', 'open', 'star'))
        """,
        """
        CREATE TABLE star_imports (
            id TEXT PRIMARY KEY,
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            login TEXT NOT NULL,
            state TEXT NOT NULL CHECK (state IN ('running', 'done', 'failed')),
            read_count BIGINT NOT NULL DEFAULT 0,
            imported_count BIGINT NOT NULL DEFAULT 0,
            added_count BIGINT NOT NULL DEFAULT 0,
            pages_read BIGINT NOT NULL DEFAULT 0,
            pages_total BIGINT,
            failure TEXT,
            newest_starred_at TIMESTAMPTZ,
            started_at TIMESTAMPTZ NOT NULL,
            updated_at TIMESTAMPTZ NOT NULL,
            finished_at TIMESTAMPTZ
        )
        """,
        "CREATE INDEX star_imports_user ON star_imports(user_id, started_at)",
        "CREATE UNIQUE INDEX star_imports_running ON star_imports(user_id) WHERE state = 'running'",
    ]

    /// Accounts note when they first came back (those that never did are cleaned up; the partial index holds them)
    /// and keep their quota counters (`QuotaCounters`).
    static let version6 = [
        "ALTER TABLE users ADD COLUMN returned_at TIMESTAMPTZ",
        "ALTER TABLE users ADD COLUMN interaction_count BIGINT NOT NULL DEFAULT 0",
        "ALTER TABLE users ADD COLUMN quota_window_start TIMESTAMPTZ",
        "ALTER TABLE users ADD COLUMN quota_window_count BIGINT NOT NULL DEFAULT 0",
        "UPDATE users SET interaction_count = (SELECT count(*) FROM interactions i WHERE i.user_id = users.id)",
        "CREATE INDEX users_abandoned ON users(created_at) WHERE returned_at IS NULL",
    ]

    /// What the deck dealt to whom, so a person is never dealt the same card twice.
    static let version4 = [
        """
        CREATE TABLE served_repositories (
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            repository_id BIGINT NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,
            served_at TIMESTAMPTZ NOT NULL,
            PRIMARY KEY (user_id, repository_id)
        )
        """
    ]

    /// Full-text search: a tsvector over the same tokens SQLite's FTS5 indexes (letters and digits, lowercased),
    /// weighted name (A) > topics (B) > description (C).
    static let version2 = [
        "ALTER TABLE repositories ADD COLUMN search_vector tsvector NOT NULL DEFAULT ''::tsvector",
        searchVectorUpdate + " WHERE TRUE",
        "CREATE INDEX repositories_search ON repositories USING GIN (search_vector)",
        "CREATE INDEX repositories_language_key ON repositories (lower(language), stars DESC, full_name_key)",
        """
        CREATE INDEX repositories_language_forks
            ON repositories (lower(language), coalesce(forks, 0) DESC, stars DESC, full_name_key)
        """,
    ]

    /// Recomputes the search vector of the repositories selected by a following `WHERE` (version 2 only: version 12
    /// dropped the vector).
    static let searchVectorUpdate = """
        UPDATE repositories r SET search_vector =
            setweight(to_tsvector('simple', \(tokens("r.owner_login || ' ' || r.name"))), 'A')
            || setweight(to_tsvector('simple', \(tokens(
                "(SELECT string_agg(t.topic, ' ') FROM repository_topics t WHERE t.repository_id = r.id)"))), 'B')
            || setweight(to_tsvector('simple', \(tokens("r.description"))), 'C')
        """

    /// SQL turning a text expression into space-separated lowercase letter-and-digit runs.
    private static func tokens(_ expression: String) -> String {
        "regexp_replace(lower(coalesce(\(expression), '')), '[^[:alnum:]]+', ' ', 'g')"
    }

    static let version1 =
        [
            """
            CREATE TABLE repositories (
                id BIGSERIAL PRIMARY KEY,
                full_name_key TEXT NOT NULL UNIQUE,
                github_id BIGINT,
                owner_login TEXT NOT NULL,
                owner_avatar_url TEXT,
                name TEXT NOT NULL,
                description TEXT,
                language TEXT,
                stars BIGINT NOT NULL CHECK (stars >= 0),
                forks BIGINT CHECK (forks >= 0),
                open_issues BIGINT CHECK (open_issues >= 0),
                license_spdx_id TEXT,
                license_name TEXT,
                created_at TIMESTAMPTZ,
                updated_at TIMESTAMPTZ,
                pushed_at TIMESTAMPTZ,
                archived BOOLEAN NOT NULL DEFAULT FALSE,
                web_url TEXT NOT NULL,
                fingerprint BIGINT NOT NULL
            )
            """,
            "CREATE INDEX repositories_github_id ON repositories(github_id)",
            "CREATE INDEX repositories_language_stars ON repositories(language, stars DESC)",
            "CREATE INDEX repositories_stars ON repositories(stars DESC, full_name_key)",
            """
            CREATE TABLE repository_topics (
                repository_id BIGINT NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                topic TEXT NOT NULL,
                PRIMARY KEY (repository_id, topic)
            )
            """,
            "CREATE INDEX repository_topics_topic ON repository_topics(topic)",
            """
            CREATE TABLE star_snapshots (
                repository_id BIGINT NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,
                day DATE NOT NULL,
                stars BIGINT NOT NULL CHECK (stars >= 0),
                forks BIGINT CHECK (forks >= 0),
                PRIMARY KEY (repository_id, day)
            )
            """,
            "CREATE INDEX star_snapshots_day ON star_snapshots(day)",
            """
            CREATE TABLE users (
                id TEXT PRIMARY KEY,
                token_hash TEXT NOT NULL UNIQUE,
                created_at TIMESTAMPTZ NOT NULL
            )
            """,
            """
            CREATE TABLE preferences (
                user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
                document JSONB NOT NULL,
                updated_at TIMESTAMPTZ NOT NULL
            )
            """,
            """
            CREATE TABLE interactions (
                seq BIGSERIAL PRIMARY KEY,
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                client_id TEXT NOT NULL,
                repository_id BIGINT NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,
                kind TEXT NOT NULL CHECK (kind IN ('like', 'save', 'skip', 'view', 'open')),
                at TIMESTAMPTZ NOT NULL,
                received_at TIMESTAMPTZ NOT NULL,
                UNIQUE (user_id, client_id)
            )
            """,
            "CREATE INDEX interactions_user_at ON interactions(user_id, at, seq)",
            "CREATE INDEX interactions_repository ON interactions(repository_id)",
        ]
        + ["saved_repositories", "liked_repositories"].flatMap { table in
            [
                """
                CREATE TABLE \(table) (
                    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    repository_id BIGINT NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,
                    added_at TIMESTAMPTZ NOT NULL,
                    PRIMARY KEY (user_id, repository_id)
                )
                """,
                "CREATE INDEX \(table)_recent ON \(table)(user_id, added_at DESC)",
            ]
        }
}
