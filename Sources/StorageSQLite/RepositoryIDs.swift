import GRDB
import Storage
import StorageSQL
import Synchronization

/// The row ids of repositories by ``RepoFinderCore/RepositoryName/key``, for recording the cards the server deals
/// without looking every name up again. A repository's row keeps its id for good (rows are updated by key, never
/// deleted), so the whole catalog's ids are read once, at first use (about 3 MB for 42,000 repositories: loaded at
/// once, the server's memory does not creep up as people reach further into the catalog); repositories added later
/// are looked up when first met.
final class RepositoryIDs: Sendable {
    private struct Known {
        var ids: [String: Int64] = [:]
        var loaded = false
    }

    private let known = Mutex(Known())

    /// The ids of the repositories with these keys; keys without a repository are left out.
    func ids(forKeys keys: [String], _ db: Database) throws -> [String: Int64] {
        if !known.withLock({ $0.loaded }) {
            var all: [String: Int64] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT full_name_key, id FROM repositories") { all[row[0]] = row[1] }
            known.withLock { known in
                known.ids.merge(all) { old, _ in old }
                known.loaded = true
            }
        }
        var found: [String: Int64] = [:]
        var missing: [String] = []
        known.withLock { known in
            for key in keys {
                if let id = known.ids[key] { found[key] = id } else { missing.append(key) }
            }
        }
        guard !missing.isEmpty else { return found }
        var read: [String: Int64] = [:]
        for chunk in missing.chunks(of: 500) {
            let statement = try db.cachedStatement(
                sql: "SELECT full_name_key, id FROM repositories WHERE full_name_key IN "
                    + SharedSQL.placeholders(chunk.count))
            for row in try Row.fetchAll(statement, arguments: StatementArguments(chunk)) { read[row[0]] = row[1] }
        }
        known.withLock { $0.ids.merge(read) { old, _ in old } }
        return found.merging(read) { old, _ in old }
    }
}
