/// The star-import statements both engines share (`?` placeholders).
extension SharedSQL {
    /// The columns every read of `star_imports` selects, in the order the engines decode them.
    package static let starImportColumns = """
        id, user_id, login, state, read_count, imported_count, added_count, pages_read, pages_total, failure,
        newest_starred_at, started_at, updated_at, finished_at
        """
    package static let insertStarImport =
        "INSERT INTO star_imports (\(starImportColumns)) VALUES \(placeholders(14))"
    /// Progress and outcome; the last two `?` are the id and the person.
    package static let updateStarImport = """
        UPDATE star_imports SET state = ?, read_count = ?, imported_count = ?, added_count = ?, pages_read = ?,
            pages_total = ?, failure = ?, newest_starred_at = ?, updated_at = ?, finished_at = ?
        WHERE id = ? AND user_id = ?
        """
    package static let runningStarImport =
        "SELECT \(starImportColumns) FROM star_imports WHERE user_id = ? AND state = 'running'"
    /// Marks an interrupted import failed (`?`: the reason, the time, the id).
    package static let failStarImport =
        "UPDATE star_imports SET state = 'failed', failure = ?, finished_at = ? WHERE id = ?"
    package static let starImportByID = "SELECT \(starImportColumns) FROM star_imports WHERE id = ? AND user_id = ?"
    /// A person's imports, newest first (the last 100).
    package static let starImportsOfUser = """
        SELECT \(starImportColumns) FROM star_imports WHERE user_id = ? ORDER BY started_at DESC, id LIMIT 100
        """

    /// What an interrupted import says.
    package static let interruptedImport = "The import was interrupted (the server stopped); start it again."
}
