import Foundation
import GRDB
import StorageSQL

/// Versioned migrations of the SQLite schema. Append new migrations; never edit a shipped one.
enum SQLiteSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: catalog, star snapshots, users, preferences, interactions, lists") { db in
            try db.execute(sql: version1)
        }
        migrator.registerMigration("v2: full-text search") { db in
            try db.execute(sql: version2)
        }
        migrator.registerMigration("v3: a language facet in the full-text index, a narrow index for filtered sorts") {
            db in
            try db.execute(sql: version3)
        }
        migrator.registerMigration("v4: repositories dealt to each person") { db in
            try db.execute(sql: version4)
        }
        migrator.registerMigration("v5: what was dealt, as one set per person") { db in
            try db.execute(sql: version5)
            var ids: [String: [Int64]] = [:]
            let rows = try Row.fetchCursor(db, sql: "SELECT user_id, repository_id FROM served_repositories")
            while let row = try rows.next() { ids[row[0], default: []].append(row[1]) }
            let now = Date().sqliteText
            for (userID, served) in ids {
                try db.execute(
                    sql: "INSERT INTO served_sets (user_id, repository_ids, updated_at) VALUES (?, ?, ?)",
                    arguments: [userID, Data(DealtSet.encode(served)), now])
            }
            try db.execute(sql: "DROP TABLE served_repositories")
        }
        migrator.registerMigration("v6: accounts that came back, quota counts, a clean integrity check") { db in
            try db.execute(sql: version6)
        }
        migrator.registerMigration("v7: imported GitHub stars, star imports") { db in
            try db.execute(sql: version7)
        }
        migrator.registerMigration("v8: a token per signed-in device, GitHub identities") { db in
            try db.execute(sql: version8)
        }
        migrator.registerMigration("v9: a living catalog: checked and gone repositories, renames, scheduled refreshes")
        {
            db in
            try db.execute(sql: version9)
        }
        migrator.registerMigration("v10: today's pick per person and local day") { db in
            try db.execute(sql: version10)
        }
        migrator.registerMigration("v11: interactions withdrawn by undo, kept in the record") { db in
            try db.execute(sql: version11)
        }
        migrator.registerMigration("v12: a catalog version for the search index") { db in
            try db.execute(sql: version12)
        }
        migrator.registerMigration("v13: Ask threads, their messages, questions asked per month") { db in
            try db.execute(sql: version13)
        }
        migrator.registerMigration("v14: Ask threads read a page at a time") { db in
            try db.execute(sql: version14)
        }
        migrator.registerMigration("v15: leases on work that runs once across servers") { db in
            try db.execute(sql: version15)
        }
        migrator.registerMigration("v16: device sign-ins under way, shared by the servers") { db in
            try db.execute(sql: version16)
        }
        migrator.registerMigration("v17: product analytics events, dealt cards for maintainers") { db in
            try db.execute(sql: version17)
        }
        migrator.registerMigration("v18: an account's events read a page at a time") { db in
            try db.execute(sql: AnalyticsSQL.exportIndex)
        }
        migrator.registerMigration("v19: the cards dealt every time, counted per repository and day") { db in
            try db.execute(sql: AnalyticsSQL.tallyTable(day: "TEXT", repositoryID: "INTEGER") + " WITHOUT ROWID")
        }
        migrator.registerMigration("v20: curated lists and where they place repositories") { db in
            for statement in SharedSQL.curatedListTables(time: "TEXT", text: "TEXT") { try db.execute(sql: statement) }
        }
        return migrator
    }

    /// Product analytics events (``AnalyticsStore``), and the cards the server dealt, for the dashboards.
    static let version17 =
        "CREATE TABLE analytics_events (\n    seq INTEGER PRIMARY KEY AUTOINCREMENT,\n"
        + AnalyticsSQL.tableBody(time: "TEXT", repositoryID: "INTEGER", day: "TEXT") + ";\n"
        + AnalyticsSQL.indexes.map { $0 + ";\n" }.joined()

    /// Device sign-ins under way (``DeviceSignInStore``): a restart loses none.
    static let version16 = """
        CREATE TABLE device_sign_ins (
            id TEXT PRIMARY KEY,
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            device_code TEXT NOT NULL,
            user_code TEXT NOT NULL,
            verification_uri TEXT NOT NULL,
            expires_at TEXT NOT NULL,
            poll_interval INTEGER NOT NULL,
            state TEXT NOT NULL,
            failure TEXT,
            token TEXT,
            next_poll_at TEXT NOT NULL,
            failures INTEGER NOT NULL,
            updated_at TEXT NOT NULL,
            version INTEGER NOT NULL
        );
        CREATE INDEX device_sign_ins_live ON device_sign_ins(state, expires_at);
        CREATE INDEX device_sign_ins_user ON device_sign_ins(user_id);
        """

    /// Who runs each job that must run once across servers, until when (``JobLeaseStore``).
    static let version15 = """
        CREATE TABLE job_leases (job TEXT PRIMARY KEY, holder TEXT NOT NULL, expires_at TEXT NOT NULL) WITHOUT ROWID;
        """

    /// A person's threads in list order (``AskSQL/threadsPage``): a page, and the next after a cursor, read from the
    /// index instead of sorting all the person's threads for each page. It also serves counting them.
    static let version14 = """
        DROP INDEX ask_threads_user;
        CREATE INDEX ask_threads_list ON ask_threads(user_id, archived, pinned DESC, updated_at DESC, id);
        """

    /// A number every change to a searchable column of the catalog moves (from any process), so the in-memory search
    /// index knows when to rebuild. The full-text index and its narrow cover index go: search ranks in memory.
    /// Ask: a person's threads, their messages (`seq` keeps the order of two written in the same millisecond), and
    /// how many questions each person asked per month.
    static let version13 = """
        CREATE TABLE ask_threads (
            id TEXT PRIMARY KEY,
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            title TEXT NOT NULL,
            preview TEXT NOT NULL,
            pinned INTEGER NOT NULL DEFAULT 0,
            archived INTEGER NOT NULL DEFAULT 0,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        );
        CREATE INDEX ask_threads_user ON ask_threads(user_id, updated_at);
        CREATE INDEX ask_threads_untouched ON ask_threads(pinned, updated_at);
        CREATE TABLE ask_messages (
            seq INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            thread_id TEXT NOT NULL REFERENCES ask_threads(id) ON DELETE CASCADE,
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            role TEXT NOT NULL,
            text TEXT NOT NULL,
            tools TEXT NOT NULL,
            sources TEXT NOT NULL,
            stopped INTEGER NOT NULL DEFAULT 0,
            notice TEXT,
            created_at TEXT NOT NULL
        );
        CREATE INDEX ask_messages_thread ON ask_messages(thread_id, created_at);
        CREATE INDEX ask_messages_user ON ask_messages(user_id);
        CREATE TABLE ask_quota (
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            month TEXT NOT NULL,
            questions INTEGER NOT NULL,
            PRIMARY KEY (user_id, month)
        ) WITHOUT ROWID;
        """

    static let version12 = """
        DROP TABLE repository_search;
        DROP INDEX repositories_search_cover;
        CREATE TABLE catalog_version (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL);
        INSERT INTO catalog_version (id, version) VALUES (1, 0);
        CREATE TRIGGER catalog_version_insert AFTER INSERT ON repositories
        BEGIN UPDATE catalog_version SET version = version + 1; END;
        CREATE TRIGGER catalog_version_delete AFTER DELETE ON repositories
        BEGIN UPDATE catalog_version SET version = version + 1; END;
        CREATE TRIGGER catalog_version_update AFTER UPDATE OF
            full_name_key, owner_login, name, description, language, stars, forks, open_issues, pushed_at,
            archived, gone_at, checked_at, fingerprint
            ON repositories
        BEGIN UPDATE catalog_version SET version = version + 1; END;
        """

    /// A like, save or skip taken back stays in the record, marked with when.
    static let version11 = "ALTER TABLE interactions ADD COLUMN withdrawn_at TEXT"

    /// One pick per person and local day (`YYYY-MM-DD`), kept so every device shows the same one that day.
    static let version10 = """
        CREATE TABLE daily_picks (
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            day TEXT NOT NULL,
            repository_id INTEGER NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,
            picked_at TEXT NOT NULL,
            PRIMARY KEY (user_id, day)
        ) WITHOUT ROWID;
        """

    /// When GitHub last confirmed each repository (a refresh goes stalest first) and when it stopped having one; old
    /// names of renamed repositories; one row per scheduled refresh period (the database elects its runner).
    static let version9 = """
        ALTER TABLE repositories ADD COLUMN checked_at TEXT;
        ALTER TABLE repositories ADD COLUMN gone_at TEXT;
        CREATE INDEX repositories_checked ON repositories(checked_at);
        CREATE TABLE repository_renames (
            old_key TEXT PRIMARY KEY,
            repository_id INTEGER NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,
            renamed_at TEXT NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX repository_renames_repository ON repository_renames(repository_id);
        CREATE TABLE catalog_refreshes (
            slot TEXT PRIMARY KEY,
            runner TEXT NOT NULL,
            state TEXT NOT NULL CHECK (state IN ('running', 'finished', 'partial')),
            started_at TEXT NOT NULL,
            heartbeat_at TEXT NOT NULL,
            finished_at TEXT,
            summary TEXT NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX catalog_refreshes_started ON catalog_refreshes(started_at);
        """

    /// An account has a token per device it is signed in on (the one it was made with is the first; `users.token_hash`
    /// keeps that first hash only as history: tokens are looked up here), and may be linked to one GitHub identity
    /// (one account per GitHub user), whose access token is kept sealed; stars and unstars GitHub has not taken yet wait
    /// in a queue.
    static let version8 = """
        CREATE TABLE account_tokens (
            token_hash TEXT PRIMARY KEY,
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            created_at TEXT NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX account_tokens_user ON account_tokens(user_id);
        INSERT INTO account_tokens (token_hash, user_id, created_at) SELECT token_hash, id, created_at FROM users;

        CREATE TABLE github_identities (
            user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
            github_id INTEGER NOT NULL UNIQUE,
            login TEXT NOT NULL,
            name TEXT,
            avatar_url TEXT,
            sealed_token TEXT NOT NULL,
            scopes TEXT NOT NULL,
            star_on_like INTEGER NOT NULL DEFAULT 0,
            linked_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        );

        CREATE TABLE github_star_queue (
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            full_name_key TEXT NOT NULL,
            full_name TEXT NOT NULL,
            action TEXT NOT NULL CHECK (action IN ('star', 'unstar')),
            attempts INTEGER NOT NULL DEFAULT 0,
            next_attempt_at TEXT NOT NULL,
            last_error TEXT,
            created_at TEXT NOT NULL,
            PRIMARY KEY (user_id, full_name_key)
        ) WITHOUT ROWID;
        CREATE INDEX github_star_queue_due ON github_star_queue(next_attempt_at);
        """

    /// Interactions may be `star` (imported from GitHub): SQLite cannot change a CHECK in place, so the table is
    /// rebuilt with the same rows, sequence numbers and indexes. Star imports are kept per person, with at most one
    /// running.
    static let version7 = """
        CREATE TABLE interactions_v7 (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            client_id TEXT NOT NULL,
            repository_id INTEGER NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,
            kind TEXT NOT NULL CHECK (kind IN ('like', 'save', 'skip', 'view', 'open', 'star')),
            at TEXT NOT NULL,
            received_at TEXT NOT NULL,
            UNIQUE (user_id, client_id)
        );
        INSERT INTO interactions_v7 (seq, user_id, client_id, repository_id, kind, at, received_at)
            SELECT seq, user_id, client_id, repository_id, kind, at, received_at FROM interactions;
        DROP TABLE interactions;
        ALTER TABLE interactions_v7 RENAME TO interactions;
        CREATE INDEX interactions_user_at ON interactions(user_id, at, seq);
        CREATE INDEX interactions_repository ON interactions(repository_id);

        CREATE TABLE star_imports (
            id TEXT PRIMARY KEY,
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            login TEXT NOT NULL,
            state TEXT NOT NULL CHECK (state IN ('running', 'done', 'failed')),
            read_count INTEGER NOT NULL DEFAULT 0,
            imported_count INTEGER NOT NULL DEFAULT 0,
            added_count INTEGER NOT NULL DEFAULT 0,
            pages_read INTEGER NOT NULL DEFAULT 0,
            pages_total INTEGER,
            failure TEXT,
            newest_starred_at TEXT,
            started_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            finished_at TEXT
        );
        CREATE INDEX star_imports_user ON star_imports(user_id, started_at);
        CREATE UNIQUE INDEX star_imports_running ON star_imports(user_id) WHERE state = 'running';
        """

    /// Accounts note when they first came back (those that never did are cleaned up; the partial index holds them)
    /// and keep their quota counters (`QuotaCounters`); `repository_topics` is rebuilt with its key columns first:
    /// `PRAGMA integrity_check` misreads a `WITHOUT ROWID` table whose key skips a column (it reported every
    /// `position` as NULL).
    static let version6 = """
        ALTER TABLE users ADD COLUMN returned_at TEXT;
        ALTER TABLE users ADD COLUMN interaction_count INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE users ADD COLUMN quota_window_start TEXT;
        ALTER TABLE users ADD COLUMN quota_window_count INTEGER NOT NULL DEFAULT 0;
        UPDATE users SET interaction_count = (SELECT count(*) FROM interactions i WHERE i.user_id = users.id);
        CREATE INDEX users_abandoned ON users(created_at) WHERE returned_at IS NULL;

        CREATE TABLE repository_topics_v6 (
            repository_id INTEGER NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,
            topic TEXT NOT NULL,
            position INTEGER NOT NULL,
            PRIMARY KEY (repository_id, topic)
        ) WITHOUT ROWID;
        INSERT INTO repository_topics_v6 (repository_id, topic, position)
            SELECT repository_id, topic, position FROM repository_topics;
        DROP TABLE repository_topics;
        ALTER TABLE repository_topics_v6 RENAME TO repository_topics;
        CREATE INDEX repository_topics_topic ON repository_topics(topic);
        """

    /// What the deck dealt to each person, as a ``DealtSet``.
    static let version5 = """
        CREATE TABLE served_sets (
            user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
            repository_ids BLOB NOT NULL,
            updated_at TEXT NOT NULL
        );
        """

    /// What the deck dealt to whom, so a person is never dealt the same card twice (one row per card until v5).
    static let version4 = """
        CREATE TABLE served_repositories (
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            repository_id INTEGER NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,
            served_at TEXT NOT NULL,
            PRIMARY KEY (user_id, repository_id)
        ) WITHOUT ROWID;
        """

    static let version1 = """
        CREATE TABLE repositories (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            full_name_key TEXT NOT NULL UNIQUE,
            github_id INTEGER,
            owner_login TEXT NOT NULL,
            owner_avatar_url TEXT,
            name TEXT NOT NULL,
            description TEXT,
            language TEXT,
            stars INTEGER NOT NULL CHECK (stars >= 0),
            forks INTEGER CHECK (forks >= 0),
            open_issues INTEGER CHECK (open_issues >= 0),
            license_spdx_id TEXT,
            license_name TEXT,
            created_at TEXT,
            updated_at TEXT,
            pushed_at TEXT,
            archived INTEGER NOT NULL DEFAULT 0,
            web_url TEXT NOT NULL,
            fingerprint INTEGER NOT NULL
        );
        CREATE INDEX repositories_github_id ON repositories(github_id);
        CREATE INDEX repositories_language_stars ON repositories(language, stars DESC);
        CREATE INDEX repositories_stars ON repositories(stars DESC, full_name_key);

        CREATE TABLE repository_topics (
            repository_id INTEGER NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            topic TEXT NOT NULL,
            PRIMARY KEY (repository_id, topic)
        ) WITHOUT ROWID;
        CREATE INDEX repository_topics_topic ON repository_topics(topic);

        CREATE TABLE star_snapshots (
            repository_id INTEGER NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,
            day TEXT NOT NULL,
            stars INTEGER NOT NULL CHECK (stars >= 0),
            forks INTEGER CHECK (forks >= 0),
            PRIMARY KEY (repository_id, day)
        ) WITHOUT ROWID;
        CREATE INDEX star_snapshots_day ON star_snapshots(day);

        CREATE TABLE users (
            id TEXT PRIMARY KEY,
            token_hash TEXT NOT NULL UNIQUE,
            created_at TEXT NOT NULL
        );

        CREATE TABLE preferences (
            user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
            document TEXT NOT NULL,
            updated_at TEXT NOT NULL
        );

        CREATE TABLE interactions (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            client_id TEXT NOT NULL,
            repository_id INTEGER NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,
            kind TEXT NOT NULL CHECK (kind IN ('like', 'save', 'skip', 'view', 'open')),
            at TEXT NOT NULL,
            received_at TEXT NOT NULL,
            UNIQUE (user_id, client_id)
        );
        CREATE INDEX interactions_user_at ON interactions(user_id, at, seq);
        CREATE INDEX interactions_repository ON interactions(repository_id);

        """ + ["saved_repositories", "liked_repositories"].map(listTable).joined()

    /// Full-text search: FTS5 over the same tokens PostgreSQL indexed (letters and digits); version 12 dropped it.
    static let version2 = """
        CREATE VIRTUAL TABLE repository_search USING fts5(
            names, topics, description, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
        );
        INSERT INTO repository_search (rowid, names, topics, description)
        SELECT r.id, r.owner_login || ' ' || r.name,
            coalesce((SELECT group_concat(t.topic, ' ') FROM repository_topics t WHERE t.repository_id = r.id), ''),
            coalesce(r.description, '')
        FROM repositories r;
        CREATE INDEX repositories_language_key ON repositories(lower(language), stars DESC, full_name_key);
        CREATE INDEX repositories_language_forks
            ON repositories(lower(language), coalesce(forks, 0) DESC, stars DESC, full_name_key);
        """

    /// The full-text index gains a `facets` column of exact tokens, for now the language (`l` and the hex of its
    /// lowercased bytes), so a language filter narrows the match inside FTS5 instead of visiting every
    /// match's row; and a narrow index over what filters and sorts read lets a broad match be filtered and ordered
    /// without the wide rows.
    static let version3 = """
        DROP TABLE repository_search;
        CREATE VIRTUAL TABLE repository_search USING fts5(
            names, topics, description, facets, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4'
        );
        INSERT INTO repository_search (rowid, names, topics, description, facets)
        SELECT r.id, r.owner_login || ' ' || r.name,
            coalesce((SELECT group_concat(t.topic, ' ') FROM repository_topics t WHERE t.repository_id = r.id), ''),
            coalesce(r.description, ''),
            CASE WHEN r.language IS NULL OR r.language = '' THEN '' ELSE 'l' || hex(lower(r.language)) END
        FROM repositories r;
        CREATE INDEX repositories_search_cover ON repositories(id, stars, pushed_at, forks, full_name_key);
        """

    /// A person's list of repositories (saved or liked): one row per repository, with when it was added.
    private static func listTable(_ table: String) -> String {
        """
        CREATE TABLE \(table) (
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            repository_id INTEGER NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,
            added_at TEXT NOT NULL,
            PRIMARY KEY (user_id, repository_id)
        ) WITHOUT ROWID;
        CREATE INDEX \(table)_recent ON \(table)(user_id, added_at DESC);

        """
    }
}
