import Storage

/// The curated lists a catalog follows and what they place where, shared by both engines (`?` placeholders). A
/// heading path is kept as its names joined by ``headingSeparator`` (the parser keeps control characters out of
/// names). Placements name repositories by key and are not tied to the catalog's rows: a list places many
/// repositories the catalog does not have yet, and one it gains later finds its placements waiting.
extension SharedSQL {
    /// Joins a heading path's names in a stored row.
    package static let headingSeparator: Character = "\u{1F}"

    /// The tables (schema version 20); `time` is each engine's timestamp type, `text` its text type that compares
    /// byte by byte (so both engines order headings alike).
    package static func curatedListTables(time: String, text: String) -> [String] {
        [
            """
            CREATE TABLE curated_lists (
                id \(text) PRIMARY KEY,
                etag TEXT,
                read_at \(time) NOT NULL,
                placements INTEGER NOT NULL
            )
            """,
            """
            CREATE TABLE list_placements (
                list_id \(text) NOT NULL REFERENCES curated_lists(id) ON DELETE CASCADE,
                repository_key TEXT NOT NULL,
                heading \(text) NOT NULL,
                position INTEGER NOT NULL,
                PRIMARY KEY (list_id, heading, repository_key)
            )
            """,
            "CREATE INDEX list_placements_repository ON list_placements(repository_key)",
        ]
    }

    package static let upsertCuratedList = """
        INSERT INTO curated_lists (id, etag, read_at, placements) VALUES (?, ?, ?, ?)
        ON CONFLICT (id) DO UPDATE SET etag = excluded.etag, read_at = excluded.read_at,
            placements = excluded.placements
        """

    package static let deleteListPlacements = "DELETE FROM list_placements WHERE list_id = ?"

    package static let insertListPlacement =
        "INSERT INTO list_placements (list_id, repository_key, heading, position) VALUES (?, ?, ?, ?) "
        + "ON CONFLICT DO NOTHING"

    /// Counts a list's placements into its row: list id, list id.
    package static let countListPlacements =
        "UPDATE curated_lists SET placements = (SELECT COUNT(*) FROM list_placements WHERE list_id = ?) WHERE id = ?"

    package static let curatedLists = "SELECT id, etag, read_at, placements FROM curated_lists ORDER BY id"

    /// Where lists place a repository: under its key, or under a name it had before a rename.
    package static let listingsOfRepository = """
        SELECT list_id, heading FROM list_placements
        WHERE repository_key = ? OR repository_key IN (
            SELECT r.old_key FROM repository_renames r JOIN repositories p ON p.id = r.repository_id
            WHERE p.full_name_key = ?)
        GROUP BY list_id, heading
        ORDER BY list_id, heading
        """

    /// Every placement, a name the repository had before a rename read as its current key.
    package static let allCuratedListEntries = """
        SELECT l.list_id, l.heading, COALESCE(p.full_name_key, l.repository_key)
        FROM list_placements l
        LEFT JOIN repository_renames r ON r.old_key = l.repository_key
        LEFT JOIN repositories p ON p.id = r.repository_id
        ORDER BY l.list_id, l.heading, l.position
        """

    /// A list's placements under a heading or below it (list id, the heading's text, then the bounds of the texts
    /// below it: the text and a separator, and the text and the character after the separator), read as
    /// ``allCuratedListEntries`` reads them. The bounds keep to the primary key's order: both engines compare these
    /// texts byte by byte.
    package static let curatedListSection = """
        SELECT l.list_id, l.heading, COALESCE(p.full_name_key, l.repository_key)
        FROM list_placements l
        LEFT JOIN repository_renames r ON r.old_key = l.repository_key
        LEFT JOIN repositories p ON p.id = r.repository_id
        WHERE l.list_id = ? AND (l.heading = ? OR (l.heading >= ? AND l.heading < ?))
        ORDER BY l.heading, l.position
        """

    /// ``curatedListSection``'s arguments after the list id.
    package static func sectionBounds(_ heading: [String]) -> [String] {
        let text = headingText(heading)
        let after = Character(Unicode.Scalar(headingSeparator.unicodeScalars.first!.value + 1)!)
        return [text, text + String(headingSeparator), text + String(after)]
    }

    /// Moves the catalog version (a list read changes what the search index knows).
    package static let bumpCatalogVersion = "UPDATE catalog_version SET version = version + 1 WHERE id = 1"

    /// A stored heading path.
    package static func headingText(_ heading: [String]) -> String {
        heading.joined(separator: String(headingSeparator))
    }

    /// A heading path from its stored text.
    package static func heading(_ text: String) -> [String] {
        text.split(separator: headingSeparator, omittingEmptySubsequences: false).map(String.init)
    }
}
