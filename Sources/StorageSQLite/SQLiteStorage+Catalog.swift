import Foundation
import GRDB
public import RepoFinderCore
import SearchIndex
public import Storage
import StorageSQL

extension SQLiteStorage {
    public func upsertRepositories(_ repositories: [Repository]) async throws -> UpsertCounts {
        guard !repositories.isEmpty else { return UpsertCounts() }
        defer { searchIndex.invalidate() }
        return try await write { db in try Self.upsert(db, repositories) }
    }

    /// Inserts and updates repositories (their topics too) inside a write.
    static func upsert(_ db: Database, _ repositories: [Repository]) throws -> UpsertCounts {
        let stored = try Self.storedFingerprints(db, keys: repositories.map(\.id))
        let plan = UpsertPlan(rows: repositories, stored: stored, key: \.id, fingerprint: \.storageFingerprint)
        let columns = SharedSQL.repositoryWriteColumns
        let insert = try db.cachedStatement(
            sql: "INSERT INTO repositories (\(columns.joined(separator: ", "))) VALUES "
                + SharedSQL.placeholders(columns.count) + " RETURNING id"
        )
        let update = try db.cachedStatement(
            sql: "UPDATE repositories SET " + columns.dropFirst().map { "\($0) = ?" }.joined(separator: ", ")
                + " WHERE full_name_key = ? RETURNING id"
        )
        let deleteTopics = try db.cachedStatement(sql: "DELETE FROM repository_topics WHERE repository_id = ?")
        let insertTopic = try db.cachedStatement(
            sql: "INSERT INTO repository_topics (repository_id, position, topic) VALUES (?, ?, ?)"
        )
        let writes = plan.inserts.map { ($0, true) } + plan.updates.map { ($0, false) }
        for (repository, isNew) in writes {
            let values = Self.values(of: repository)
            let id: Int64
            if isNew {
                id = try Int64.fetchOne(insert, arguments: StatementArguments(values))!
            } else {
                id = try Int64.fetchOne(
                    update, arguments: StatementArguments(Array(values.dropFirst()) + [values[0]]))!
                try deleteTopics.execute(arguments: [id])
            }
            for (position, topic) in repository.topics.enumerated() {
                try insertTopic.execute(arguments: [id, position, topic])
            }
        }
        return plan.counts
    }

    public func repository(named name: RepositoryName) async throws -> Repository? {
        try await read { db in
            try Self.decode(
                db, rows: Row.fetchAll(db.cachedStatement(sql: SharedSQL.repositoryByKey), arguments: [name.key])
            ).first
        }
    }

    public func repositories(offset: Int, limit: Int) async throws -> [Repository] {
        try await read { db in
            try Self.decode(
                db,
                rows: Row.fetchAll(
                    db.cachedStatement(sql: SharedSQL.catalogSlice), arguments: [max(0, limit), max(0, offset)]))
        }
    }

    public func catalogVersion() async throws -> Int64 {
        try await read { db in try Int64.fetchOne(db.cachedStatement(sql: SharedSQL.catalogVersion)) ?? 0 }
    }

    public func catalogAge() async throws -> CatalogAge {
        try await read { db in
            let total = try Int.fetchOne(db, sql: "SELECT count(*) FROM repositories") ?? 0
            var perDay: [Day: Int] = [:]
            for row in try Row.fetchAll(db, sql: SharedSQL.pushDays(day: "substr(pushed_at, 1, 10)")) {
                if let day = Day(row[0] as String) { perDay[day] = row[1] }
            }
            return CatalogAge(pushesPerDay: perDay, repositories: total)
        }
    }

    public func snapshotCoverage() async throws -> ClosedRange<Day>? {
        try await read { db in try Self.snapshotCoverage(db) }
    }

    static func snapshotCoverage(_ db: Database) throws -> ClosedRange<Day>? {
        guard
            let first = try String.fetchOne(db, sql: "SELECT CAST(min(day) AS TEXT) FROM star_snapshots")
                .flatMap(Day.init)
        else { return nil }
        let counts = try Row.fetchAll(db.cachedStatement(sql: SharedSQL.latestDayCounts)).compactMap { row in
            Day(row[0] as String).map { (day: $0, snapshots: row[1] as Int) }
        }
        return TrendingQuery.completeDay(counts).map { first...$0 }
    }

    public func trending(_ query: TrendingQuery) async throws -> TrendingList {
        try await read { db in
            let coverage = try Self.snapshotCoverage(db)
            guard let coverage else { return TrendingList(start: nil, end: nil, entries: [], coverage: nil) }
            let (start, end) = query.window(latest: coverage.upperBound)
            let rows = try Row.fetchAll(
                db.cachedStatement(sql: SharedSQL.trending(day: "?", language: query.hasLanguage)),
                arguments: Self.arguments(SharedSQL.trendingArguments(query, start: start, end: end)))
            let repositories = try Self.decode(db, rows: rows)
            let candidates = zip(repositories, rows).map { repository, row in
                TrendingCandidate(
                    id: row[0], repository: repository, stars: row[SharedSQL.repositoryColumnCount],
                    gained: row[SharedSQL.repositoryColumnCount + 1])
            }
            var histories: [Int64: [StarSnapshot]] = [:]
            if !candidates.isEmpty {
                let names = Dictionary(uniqueKeysWithValues: candidates.map { ($0.id, $0.repository.repositoryName) })
                let list = "[" + candidates.map { String($0.id) }.joined(separator: ",") + "]"
                let statement = try db.cachedStatement(
                    sql: SharedSQL.histories(ids: "IN (SELECT value FROM json_each(?))", day: "?"))
                let arguments: StatementArguments = [
                    list, TrendingQuery.historyStart(start).description, end.description,
                ]
                for row in try Row.fetchAll(statement, arguments: arguments) {
                    let id: Int64 = row[0]
                    guard let name = names[id], let day = Day(row[1] as String) else { continue }
                    histories[id, default: []].append(StarSnapshot(repository: name, day: day, stars: row[2]))
                }
            }
            let entries = query.entries(candidates, histories: histories, window: start...end)
            return TrendingList(start: start, end: end, entries: entries, coverage: coverage)
        }
    }

    static func arguments(_ values: [SQLValue]) -> StatementArguments {
        StatementArguments(
            values.map { value -> any DatabaseValueConvertible in
                switch value {
                case .text(let text): text
                case .integer(let number): number
                }
            })
    }

    public func upsertStarSnapshots(_ snapshots: [StarSnapshot]) async throws -> SnapshotUpsertResult {
        guard !snapshots.isEmpty else { return SnapshotUpsertResult(counts: UpsertCounts(), unknownRepositories: []) }
        return try await write { db in
            let ids = try Self.repositoryIDs(db, keys: Array(Set(snapshots.map(\.repository.key))))
            let known = snapshots.filter { ids[$0.repository.key] != nil }
            let unknown = Set(snapshots.filter { ids[$0.repository.key] == nil }.map(\.repository))
            // The batch travels as one JSON array of [id, day, stars, forks] rows, read back by json_each: one lookup
            // and one insert statement per batch instead of two per row (a fresh starter load of 380,776 counts spent
            // 12 s of a debug build's 57 s in per-row lookups and inserts).
            let rows = Self.snapshotRowsJSON(known, ids: ids)
            var stored: [String: Int64] = [:]
            let byKey = Dictionary(known.map { ("\(ids[$0.repository.key]!)@\($0.day)", $0) }) { $1 }
            let existing = try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT s.repository_id, s.day, s.stars, s.forks FROM star_snapshots s
                        JOIN json_each(?) k ON s.repository_id = json_extract(k.value, '$[0]')
                        AND s.day = json_extract(k.value, '$[1]')
                        """), arguments: [rows])
            for row in existing {
                let id: Int64 = row[0]
                let day: String = row[1]
                guard let incoming = byKey["\(id)@\(day)"] else { continue }
                let current = StarSnapshot(
                    repository: incoming.repository, day: incoming.day, stars: row[2], forks: row[3])
                stored[current.storageKey] = current.storageFingerprint
            }
            let plan = UpsertPlan(rows: known, stored: stored, key: \.storageKey, fingerprint: \.storageFingerprint)
            let changed = plan.inserts + plan.updates
            if !changed.isEmpty {
                try db.cachedStatement(
                    sql: """
                        INSERT INTO star_snapshots (repository_id, day, stars, forks)
                        SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'),
                        json_extract(value, '$[3]') FROM json_each(?) WHERE true
                        ON CONFLICT (repository_id, day) DO UPDATE SET stars = excluded.stars, forks = excluded.forks
                        """
                ).execute(arguments: [changed.count == known.count ? rows : Self.snapshotRowsJSON(changed, ids: ids)])
            }
            return SnapshotUpsertResult(counts: plan.counts, unknownRepositories: unknown)
        }
    }

    public func starSnapshots(of name: RepositoryName) async throws -> [StarSnapshot] {
        try await read { db in
            try Row.fetchAll(db.cachedStatement(sql: SharedSQL.snapshotsOfRepository), arguments: [name.key]).compactMap
            { row in
                Day(row[0] as String).map { StarSnapshot(repository: name, day: $0, stars: row[1], forks: row[2]) }
            }
        }
    }

    /// Star counts as one JSON array of `[repository id, day, stars, forks]` rows (forks null when unknown), for
    /// `json_each`. Days and numbers need no escaping.
    private static func snapshotRowsJSON(_ snapshots: [StarSnapshot], ids: [String: Int64]) -> String {
        var json = "["
        json.reserveCapacity(snapshots.count * 36)
        for (index, snapshot) in snapshots.enumerated() {
            if index > 0 { json += "," }
            json += "[\(ids[snapshot.repository.key]!),\"\(snapshot.day)\",\(snapshot.stars),"
            json += snapshot.forks.map(String.init) ?? "null"
            json += "]"
        }
        return json + "]"
    }

    // MARK: - Helpers shared by the SQLite engine's files

    /// Decodes rows that start with ``SharedSQL/repositoryColumns``, loading their topics.
    static func decode(_ db: Database, rows: [Row]) throws -> [Repository] {
        let ids: [Int64] = rows.map { $0[0] }
        var topics: [Int64: [String]] = [:]
        if !ids.isEmpty {
            // One cached statement for any number of ids: they travel as one JSON array.
            let statement = try db.cachedStatement(
                sql: "SELECT repository_id, topic FROM repository_topics WHERE repository_id IN "
                    + "(SELECT value FROM json_each(?)) " + SharedSQL.topicsOrder)
            let list = "[" + ids.map(String.init).joined(separator: ",") + "]"
            for row in try Row.fetchAll(statement, arguments: [list]) {
                topics[row[0], default: []].append(row[1])
            }
        }
        return rows.map { row in
            let avatar: String? = row[3]
            let spdx: String? = row[10]
            let licenseName: String? = row[11]
            return Repository(
                githubID: row[1], owner: RepositoryOwner(login: row[2], avatarURL: avatar.flatMap(URL.init(string:))),
                name: row[4], description: row[5], topics: topics[row[0]] ?? [], language: row[6], stars: row[7],
                forks: row[8], openIssues: row[9],
                license: licenseName.map { RepositoryLicense(spdxID: spdx, name: $0) },
                createdAt: row.date(12), updatedAt: row.date(13), pushedAt: row.date(14), archived: row[15],
                webURL: URL(string: row[16]), goneAt: row.date(17),
                checkedAt: row.date(18))
        }
    }

    /// Internal ids of the repositories with these keys (missing keys are absent from the result).
    static func repositoryIDs(_ db: Database, keys: [String]) throws -> [String: Int64] {
        try integerColumn("id", db, keys: keys)
    }

    private static func storedFingerprints(_ db: Database, keys: [String]) throws -> [String: Int64] {
        try integerColumn("fingerprint", db, keys: keys)
    }

    private static func integerColumn(_ column: String, _ db: Database, keys: [String]) throws -> [String: Int64] {
        var values: [String: Int64] = [:]
        for chunk in keys.chunks(of: 500) {
            let sql =
                "SELECT full_name_key, \(column) FROM repositories WHERE full_name_key IN "
                + SharedSQL.placeholders(chunk.count)
            for row in try Row.fetchAll(db, sql: sql, arguments: StatementArguments(chunk)) { values[row[0]] = row[1] }
        }
        return values
    }

    private static func values(of repository: Repository) -> [(any DatabaseValueConvertible)?] {
        [
            repository.id, repository.githubID, repository.owner.login, repository.owner.avatarURL?.absoluteString,
            repository.name, repository.description, repository.language, repository.stars, repository.forks,
            repository.openIssues, repository.license?.spdxID, repository.license?.name,
            repository.createdAt?.sqliteText, repository.updatedAt?.sqliteText, repository.pushedAt?.sqliteText,
            repository.archived, repository.webURL.absoluteString, repository.storageFingerprint,
        ]
    }
}
