import GRDB

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
        return migrator
    }

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

    /// Full-text search: FTS5 over the same tokens PostgreSQL indexes (letters and digits; see `SearchTerms`).
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
