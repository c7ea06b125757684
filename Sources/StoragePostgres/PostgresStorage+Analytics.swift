import Foundation
import PostgresNIO
public import RepoFinderCore
public import Storage
import StorageSQL

extension PostgresStorage {
    public func recordEvents(_ events: [AnalyticsEvent], userID: String) async throws -> EventReceipt {
        try await transaction { connection in
            try await requireUser(userID, on: connection)
            return try await insertEvents(events, userID: userID, on: connection)
        }
    }

    public func recordDealt(_ batch: DealtBatch) async throws {
        guard !batch.isEmpty else { return }
        try await transaction { connection in
            if !batch.tallies.isEmpty {
                let ids = try await repositoryIDs(
                    Array(Set(batch.tallies.map(\.key.repository.key))), on: connection)
                let known = batch.tallies.compactMap { tally in ids[tally.key.repository.key].map { (tally, $0) } }
                // One statement for the batch, the tallies summed per row first (an upsert may not touch a row twice).
                _ = try await query(
                    """
                    INSERT INTO dealt_tallies (repository_id, day, source, reason, count)
                    SELECT repository_id, day, source, reason, SUM(count)
                    FROM UNNEST(?::bigint[], ?::text[], ?::text[], ?::text[], ?::bigint[])
                        AS t(repository_id, day, source, reason, count)
                    GROUP BY repository_id, day, source, reason
                    ON CONFLICT (repository_id, day, source, reason)
                    DO UPDATE SET count = dealt_tallies.count + excluded.count
                    """,
                    [
                        known.map(\.1), known.map(\.0.key.day.description), known.map(\.0.key.source.rawValue),
                        known.map(\.0.key.reason), known.map(\.0.count),
                    ], on: connection)
            }
            for (userID, events) in batch.events {
                guard try await !query(SharedSQL.userExists, [userID], on: connection).isEmpty else { continue }
                _ = try await insertEvents(events, userID: userID, on: connection)
            }
        }
    }

    /// Inserts a person's events (an id they sent before is a duplicate) on the caller's connection.
    private func insertEvents(_ events: [AnalyticsEvent], userID: String, on connection: PostgresConnection)
        async throws -> EventReceipt
    {
        let named = Array(Set(events.compactMap { $0.repository?.key }))
        let ids = named.isEmpty ? [:] : try await repositoryIDs(named, on: connection)
        // One statement for the batch; the arrays cannot hold NULL, so absent values travel as -1 or "" and are
        // turned back into NULL. An id sent twice in the batch is stored once, the first time.
        let inserted = try await query(
            """
            INSERT INTO analytics_events
                (user_id, client_id, name, platform, at, day, label, value, count, query, repository_id, reason)
            SELECT ?, t.client_id, t.name, t.platform, t.at, t.day, t.label, NULLIF(t.value, -1),
                NULLIF(t.count, -1), NULLIF(t.query, ''), NULLIF(t.repository_id, -1), NULLIF(t.reason, '')
            FROM UNNEST(?::text[], ?::text[], ?::text[], ?::timestamptz[], ?::text[], ?::text[], ?::bigint[],
                ?::bigint[], ?::text[], ?::bigint[], ?::text[])
                WITH ORDINALITY AS t(client_id, name, platform, at, day, label, value, count, query,
                    repository_id, reason, position)
            ORDER BY t.position
            ON CONFLICT (user_id, client_id) DO NOTHING RETURNING seq
            """,
            [
                userID, events.map(\.id), events.map(\.name.rawValue), events.map(\.platform.rawValue),
                events.map(\.at.roundedToMilliseconds), events.map(\.day.description),
                events.map { $0.label ?? "" }, events.map { $0.value ?? -1 }, events.map { $0.count ?? -1 },
                events.map { $0.query ?? "" },
                events.map { event in event.repository.flatMap { ids[$0.key] } ?? -1 },
                events.map { $0.reason ?? "" },
            ], on: connection)
        return EventReceipt(accepted: inserted.count, duplicates: events.count - inserted.count)
    }

    public func events(userID: String, after cursor: Int64?, limit: Int) async throws -> EventPage {
        try await requireUser(userID)
        var last: Int64?
        let rows = try await query(AnalyticsSQL.eventsOfUserPage, [userID, cursor ?? 0, limit])
        let events = try rows.compactMap { row -> AnalyticsEvent? in
            last = try row.value(11, as: Int64.self)
            guard let name = AnalyticsEventName(rawValue: try row.value(1)),
                let platform = AnalyticsPlatform(rawValue: try row.value(2)), let at = try row.date(3)
            else { return nil }
            let label: String = try row.value(4)
            let owner: String? = try row.value(8)
            let repository: String? = try row.value(9)
            return AnalyticsEvent(
                id: try row.value(0), name: name, at: at, platform: platform, label: label.isEmpty ? nil : label,
                value: try row.value(5), count: try row.value(6), query: try row.value(7),
                repository: owner.flatMap { owner in repository.flatMap { try? RepositoryName(owner: owner, name: $0) }
                },
                reason: try row.value(10))
        }
        return EventPage(events: events, next: rows.count < limit ? nil : last)
    }

    public func deleteEvents(before day: Day, limit: Int) async throws -> Int {
        let deleted = try await query(AnalyticsSQL.deleteBefore + " RETURNING 1", [day.description, limit]).count
        _ = try await query(AnalyticsSQL.deleteTalliesBefore, [day.description])
        return deleted
    }

    public func analyticsTallies(from: Day, through: Day) async throws -> AnalyticsTallies {
        let window: [any PostgresBindable] = [from.description, through.description]
        var tallies = AnalyticsTallies()
        for row in try await query(AnalyticsSQL.activeDays(day: "day"), window) {
            tallies.addPersonDay(try row.value(0), try row.value(1))
        }
        for row in try await query(AnalyticsSQL.firstDays, window) {
            tallies.addFirstDay(try row.value(0), try row.value(1))
        }
        for row in try await query(AnalyticsSQL.perPerson(day: "day"), window) {
            tallies.addPersonCount(try row.value(0), try row.value(1), try row.value(2), try row.value(3))
        }
        for row in try await query(AnalyticsSQL.perDay, window) {
            tallies.addDayCount(try row.value(0), try row.value(1), try row.value(2), try row.value(3))
        }
        for row in try await query(AnalyticsSQL.zeroResultQueries, window) {
            tallies.zeroResultQueries[try row.value(0), default: 0] += try row.value(1, as: Int.self)
        }
        return tallies
    }

    public func repositoryActivity(_ name: RepositoryName, from: Day, through: Day) async throws
        -> RepositoryActivity?
    {
        try await transaction { connection in
            guard let id = try await repositoryIDs([name.key], on: connection)[name.key] else { return nil }
            let window: [any PostgresBindable] = [id, from.description, through.description]
            let days = window + window
            let times: [any PostgresBindable] = [id, from.start, through.adding(days: 1).start]
            var activity = RepositoryActivity()
            for row in try await query(AnalyticsSQL.dealtPerDay, days, on: connection) {
                activity.addDealt(try row.value(0), try row.value(1))
            }
            for row in try await query(AnalyticsSQL.dealtBreakdown, days, on: connection) {
                activity.addBreakdown(try row.value(0), try row.value(1), try row.value(2))
            }
            let perDay = AnalyticsSQL.interactionsPerDay(dayOfAt: Self.utcDay)
            for row in try await query(perDay, times, on: connection) {
                activity.addInteractions(try row.value(0), try row.value(1), try row.value(2))
            }
            let cutoff = RepositoryActivity.likerCutoff(through: through)
            for row in try await query(AnalyticsSQL.likers, times + [cutoff], on: connection) {
                let document: String? = try row.value(1)
                activity.likers.append(document.flatMap { try? PreferencesDocument.decode($0) })
            }
            return activity
        }
    }

    public func activityTotals(_ names: [RepositoryName], from: Day, through: Day) async throws
        -> [String: DailyActivity]
    {
        try await transaction { connection in
            var totals: [String: DailyActivity] = [:]
            let ids = try await repositoryIDs(names.map(\.key), on: connection)
            let keys = Dictionary(ids.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
            let list = "= ANY(?::bigint[])"
            for row in try await query(
                AnalyticsSQL.interactionTotals(ids: list),
                [Array(keys.keys), from.start, through.adding(days: 1).start], on: connection)
            {
                guard let key = keys[try row.value(0)], let kind = InteractionKind(rawValue: try row.value(1))
                else { continue }
                totals[key, default: DailyActivity()].add(try row.value(2), of: kind)
            }
            for row in try await query(
                AnalyticsSQL.dealtTotals(ids: list),
                [
                    Array(keys.keys), from.description, through.description, Array(keys.keys), from.description,
                    through.description,
                ], on: connection)
            {
                guard let key = keys[try row.value(0)] else { continue }
                totals[key, default: DailyActivity()].dealt += try row.value(1)
            }
            return totals
        }
    }

    /// The UTC day of `at`, as `YYYY-MM-DD`.
    static let utcDay = "to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD')"
}
