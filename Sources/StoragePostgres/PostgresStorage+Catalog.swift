import Foundation
import PostgresNIO
public import RepoFinderCore
import SearchIndex
public import Storage
import StorageSQL

extension PostgresStorage {
    public func upsertRepositories(_ repositories: [Repository]) async throws -> UpsertCounts {
        guard !repositories.isEmpty else { return UpsertCounts() }
        defer { searchIndex.invalidate() }
        return try await transaction { connection in try await upsert(repositories, on: connection) }
    }

    /// Inserts and updates repositories (their topics too) inside a transaction.
    func upsert(_ repositories: [Repository], on connection: PostgresConnection) async throws -> UpsertCounts {
        var stored: [String: Int64] = [:]
        for row in try await query(
            "SELECT full_name_key, fingerprint FROM repositories WHERE full_name_key = ANY(?)",
            [repositories.map(\.id)], on: connection)
        {
            stored[try row.value(0)] = try row.value(1)
        }
        let plan = UpsertPlan(rows: repositories, stored: stored, key: \.id, fingerprint: \.storageFingerprint)
        let changed = plan.inserts + plan.updates
        let columns = SharedSQL.repositoryWriteColumns
        for chunk in changed.chunks(of: 500) {
            let sql =
                "INSERT INTO repositories (\(columns.joined(separator: ", "))) VALUES "
                + Array(repeating: SharedSQL.placeholders(columns.count), count: chunk.count).joined(
                    separator: ", ")
                + " ON CONFLICT (full_name_key) DO UPDATE SET "
                + columns.dropFirst().map { "\($0) = EXCLUDED.\($0)" }.joined(separator: ", ")
                + " RETURNING id, full_name_key"
            var ids: [String: Int64] = [:]
            for row in try await query(sql, chunk.flatMap(Self.values(of:)), on: connection) {
                ids[try row.value(1)] = try row.value(0)
            }
            let repositoryIDs = chunk.map { ids[$0.id]! }
            try await query(
                "DELETE FROM repository_topics WHERE repository_id = ANY(?)", [repositoryIDs], on: connection)
            var topicRepository: [Int64] = []
            var topicPosition: [Int64] = []
            var topicName: [String] = []
            for (repository, id) in zip(chunk, repositoryIDs) {
                for (position, topic) in repository.topics.enumerated() {
                    topicRepository.append(id)
                    topicPosition.append(Int64(position))
                    topicName.append(topic)
                }
            }
            if !topicName.isEmpty {
                try await query(
                    "INSERT INTO repository_topics (repository_id, position, topic) "
                        + "SELECT * FROM UNNEST(?::bigint[], ?::bigint[], ?::text[])",
                    [topicRepository, topicPosition, topicName], on: connection)
            }
        }
        return plan.counts
    }

    public func repository(named name: RepositoryName) async throws -> Repository? {
        try await decode(query(SharedSQL.repositoryByKey, [name.key])).first
    }

    public func repositories(offset: Int, limit: Int) async throws -> [Repository] {
        try await decode(query(SharedSQL.catalogSlice, [max(0, limit), max(0, offset)]))
    }

    public func catalogVersion() async throws -> Int64 {
        try await query(SharedSQL.catalogVersion, []).first?.value(0) ?? 0
    }

    public func catalogAge() async throws -> CatalogAge {
        let total = try await self.query("SELECT count(*) FROM repositories", []).first?.value(0, as: Int.self) ?? 0
        var perDay: [Day: Int] = [:]
        let days = SharedSQL.pushDays(day: "to_char(pushed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')")
        for row in try await self.query(days, []) {
            if let day = Day(try row.value(0, as: String.self)) { perDay[day] = try row.value(1, as: Int.self) }
        }
        return CatalogAge(pushesPerDay: perDay, repositories: total)
    }

    public func snapshotCoverage() async throws -> ClosedRange<Day>? {
        let bounds = try await self.query(SharedSQL.snapshotCoverage, []).first
        guard let first = try bounds?.value(0, as: String?.self).flatMap(Day.init) else { return nil }
        var counts: [(day: Day, snapshots: Int)] = []
        for row in try await self.query(SharedSQL.latestDayCounts, []) {
            if let day = Day(try row.value(0, as: String.self)) { counts.append((day, try row.value(1, as: Int.self))) }
        }
        return TrendingQuery.completeDay(counts).map { first...$0 }
    }

    public func trending(_ query: TrendingQuery) async throws -> TrendingList {
        guard let coverage = try await snapshotCoverage() else {
            return TrendingList(start: nil, end: nil, entries: [], coverage: nil)
        }
        let (first, last) = (coverage.lowerBound, coverage.upperBound)
        let (start, end) = query.window(latest: last)
        let rows = try await self.query(
            SharedSQL.trending(day: "CAST(? AS DATE)", language: query.hasLanguage),
            SharedSQL.trendingArguments(query, start: start, end: end).map(\.bindable))
        let repositories = try await decode(rows)
        let candidates = try zip(repositories, rows).map { repository, row in
            TrendingCandidate(
                id: try row.value(0), repository: repository,
                stars: try row.value(SharedSQL.repositoryColumnCount),
                gained: try row.value(SharedSQL.repositoryColumnCount + 1))
        }
        var histories: [Int64: [StarSnapshot]] = [:]
        if !candidates.isEmpty {
            let names = Dictionary(uniqueKeysWithValues: candidates.map { ($0.id, $0.repository.repositoryName) })
            let sql = SharedSQL.histories(ids: "= ANY(?)", day: "CAST(? AS DATE)")
            let arguments: [any PostgresBindable] = [
                candidates.map(\.id), TrendingQuery.historyStart(start).description, end.description,
            ]
            for row in try await self.query(sql, arguments) {
                let id: Int64 = try row.value(0)
                guard let name = names[id], let day = Day(try row.value(1, as: String.self)) else { continue }
                histories[id, default: []].append(StarSnapshot(repository: name, day: day, stars: try row.value(2)))
            }
        }
        let entries = query.entries(candidates, histories: histories, window: start...end)
        return TrendingList(start: start, end: end, entries: entries, coverage: first...last)
    }

    public func upsertStarSnapshots(_ snapshots: [StarSnapshot]) async throws -> SnapshotUpsertResult {
        guard !snapshots.isEmpty else { return SnapshotUpsertResult(counts: UpsertCounts(), unknownRepositories: []) }
        return try await transaction { connection in
            let ids = try await repositoryIDs(Array(Set(snapshots.map(\.repository.key))), on: connection)
            let known = snapshots.filter { ids[$0.repository.key] != nil }
            let unknown = Set(snapshots.filter { ids[$0.repository.key] == nil }.map(\.repository))
            var stored: [String: Int64] = [:]
            let keyOf = Dictionary(known.map { ("\(ids[$0.repository.key]!)@\($0.day)", $0) }, uniquingKeysWith: { $1 })
            for row in try await query(
                """
                SELECT s.repository_id, s.day::text, s.stars, s.forks FROM star_snapshots s
                JOIN UNNEST(?::bigint[], ?::text[]::date[]) AS k(repository_id, day)
                ON s.repository_id = k.repository_id AND s.day = k.day
                """, [known.map { ids[$0.repository.key]! }, known.map(\.day.description)], on: connection)
            {
                let id: Int64 = try row.value(0)
                let day: String = try row.value(1)
                guard let incoming = keyOf["\(id)@\(day)"] else { continue }
                let existing = StarSnapshot(
                    repository: incoming.repository, day: incoming.day, stars: try row.value(2), forks: try row.value(3)
                )
                stored[existing.storageKey] = existing.storageFingerprint
            }
            let plan = UpsertPlan(rows: known, stored: stored, key: \.storageKey, fingerprint: \.storageFingerprint)
            for chunk in (plan.inserts + plan.updates).chunks(of: 5000) {
                // Forks are never negative, so -1 stands for "unknown" inside the arrays.
                try await query(
                    """
                    INSERT INTO star_snapshots (repository_id, day, stars, forks)
                    SELECT r, d::date, s, NULLIF(f, -1) FROM UNNEST(?::bigint[], ?::text[], ?::bigint[], ?::bigint[]) AS t(r, d, s, f)
                    ON CONFLICT (repository_id, day) DO UPDATE SET stars = EXCLUDED.stars, forks = EXCLUDED.forks
                    """,
                    [
                        chunk.map { ids[$0.repository.key]! }, chunk.map(\.day.description), chunk.map(\.stars),
                        chunk.map { $0.forks ?? -1 },
                    ], on: connection)
            }
            return SnapshotUpsertResult(counts: plan.counts, unknownRepositories: unknown)
        }
    }

    public func starSnapshots(of name: RepositoryName) async throws -> [StarSnapshot] {
        try await query(
            SharedSQL.snapshotsOfRepository, [name.key]
        )
        .compactMap { row in
            guard let day = Day(try row.value(0, as: String.self)) else { return nil }
            return StarSnapshot(repository: name, day: day, stars: try row.value(1), forks: try row.value(2))
        }
    }

    // MARK: - Helpers shared by the PostgreSQL engine's files

    /// Decodes rows that start with ``SharedSQL/repositoryColumns``, loading their topics.
    func decode(_ rows: [PostgresRandomAccessRow], on connection: PostgresConnection? = nil) async throws
        -> [Repository]
    {
        let ids: [Int64] = try rows.map { try $0.value(0) }
        var topics: [Int64: [String]] = [:]
        if !ids.isEmpty {
            for row in try await query(
                "SELECT repository_id, topic FROM repository_topics WHERE repository_id = ANY(?) "
                    + SharedSQL.topicsOrder,
                [ids], on: connection)
            {
                topics[try row.value(0), default: []].append(try row.value(1))
            }
        }
        return try rows.map { row in
            let spdx: String? = try row.value(10)
            let licenseName: String? = try row.value(11)
            return Repository(
                githubID: try row.value(1),
                owner: RepositoryOwner(
                    login: try row.value(2), avatarURL: try row.value(3, as: String?.self).flatMap(URL.init(string:))),
                name: try row.value(4), description: try row.value(5), topics: topics[try row.value(0)] ?? [],
                language: try row.value(6), stars: try row.value(7), forks: try row.value(8),
                openIssues: try row.value(9),
                license: licenseName.map { RepositoryLicense(spdxID: spdx, name: $0) },
                createdAt: try row.date(12), updatedAt: try row.date(13), pushedAt: try row.date(14),
                archived: try row.value(15), webURL: URL(string: try row.value(16)), goneAt: try row.date(17),
                checkedAt: try row.date(18))
        }
    }

    /// Internal ids of the repositories with these keys (missing keys are absent from the result).
    func repositoryIDs(_ keys: [String], on connection: PostgresConnection) async throws -> [String: Int64] {
        var ids: [String: Int64] = [:]
        for row in try await query(
            "SELECT full_name_key, id FROM repositories WHERE full_name_key = ANY(?)", [keys], on: connection)
        {
            ids[try row.value(0)] = try row.value(1)
        }
        return ids
    }

    private static func values(of repository: Repository) -> [any PostgresBindable] {
        [
            repository.id, repository.githubID, repository.owner.login, repository.owner.avatarURL?.absoluteString,
            repository.name, repository.description, repository.language, repository.stars, repository.forks,
            repository.openIssues, repository.license?.spdxID, repository.license?.name,
            repository.createdAt?.roundedToMilliseconds, repository.updatedAt?.roundedToMilliseconds,
            repository.pushedAt?.roundedToMilliseconds, repository.archived, repository.webURL.absoluteString,
            repository.storageFingerprint,
        ]
    }
}
