import Foundation
import GRDB
public import RepoFinderCore
public import Storage
import StorageSQL

extension SQLiteStorage {
    public func recordEvents(_ events: [AnalyticsEvent], userID: String) async throws -> EventReceipt {
        try await write { db in
            try Self.requireUser(db, userID)
            return try Self.insertEvents(db, events, userID: userID)
        }
    }

    public func recordDealt(_ batch: DealtBatch) async throws {
        guard !batch.isEmpty else { return }
        try await write { db in
            let ids = try Self.repositoryIDs(db, keys: Array(Set(batch.tallies.map(\.key.repository.key))))
            let add = try db.cachedStatement(sql: AnalyticsSQL.addTally)
            for tally in batch.tallies {
                guard let id = ids[tally.key.repository.key] else { continue }
                try add.execute(arguments: [
                    id, tally.key.day.description, tally.key.source.rawValue, tally.key.reason, tally.count,
                ])
            }
            let exists = try db.cachedStatement(sql: SharedSQL.userExists)
            for (userID, events) in batch.events where try Bool.fetchOne(exists, arguments: [userID]) != nil {
                _ = try Self.insertEvents(db, events, userID: userID)
            }
        }
    }

    /// Inserts a person's events (an id they sent before is a duplicate), within the caller's transaction.
    private static func insertEvents(_ db: Database, _ events: [AnalyticsEvent], userID: String) throws
        -> EventReceipt
    {
        let named = Array(Set(events.compactMap { $0.repository?.key }))
        let ids = named.isEmpty ? [:] : try repositoryIDs(db, keys: named)
        let insert = try db.cachedStatement(sql: AnalyticsSQL.insertEvent)
        var accepted = 0
        for event in events {
            let inserted = try Int64.fetchOne(
                insert,
                arguments: [
                    userID, event.id, event.name.rawValue, event.platform.rawValue, event.at.sqliteText,
                    event.day.description, event.label ?? "", event.value, event.count, event.query,
                    event.repository.flatMap { ids[$0.key] }, event.reason,
                ])
            if inserted != nil { accepted += 1 }
        }
        return EventReceipt(accepted: accepted, duplicates: events.count - accepted)
    }

    public func events(userID: String, after cursor: Int64?, limit: Int) async throws -> EventPage {
        try await read { db in
            try Self.requireUser(db, userID)
            var last: Int64?
            let rows = try Row.fetchAll(
                db.cachedStatement(sql: AnalyticsSQL.eventsOfUserPage), arguments: [userID, cursor ?? 0, limit])
            let events = rows.compactMap { row -> AnalyticsEvent? in
                last = row[11]
                guard let name = AnalyticsEventName(rawValue: row[1]),
                    let platform = AnalyticsPlatform(rawValue: row[2]), let at = row.date(3)
                else { return nil }
                let label: String = row[4]
                let owner: String? = row[8]
                let repository: String? = row[9]
                return AnalyticsEvent(
                    id: row[0], name: name, at: at, platform: platform, label: label.isEmpty ? nil : label,
                    value: row[5], count: row[6], query: row[7],
                    repository: owner.flatMap { owner in
                        repository.flatMap { try? RepositoryName(owner: owner, name: $0) }
                    },
                    reason: row[10])
            }
            return EventPage(events: events, next: rows.count < limit ? nil : last)
        }
    }

    public func deleteEvents(before day: Day, limit: Int) async throws -> Int {
        try await write { db in
            try db.execute(sql: AnalyticsSQL.deleteBefore, arguments: [day.description, limit])
            let deleted = db.changesCount
            try db.execute(sql: AnalyticsSQL.deleteTalliesBefore, arguments: [day.description])
            return deleted
        }
    }

    public func analyticsTallies(from: Day, through: Day) async throws -> AnalyticsTallies {
        try await read { db in
            let window: StatementArguments = [from.description, through.description]
            var tallies = AnalyticsTallies()
            for row in try Row.fetchAll(db, sql: AnalyticsSQL.activeDays(day: "+day"), arguments: window) {
                tallies.addPersonDay(row[0], row[1])
            }
            for row in try Row.fetchAll(db, sql: AnalyticsSQL.firstDays, arguments: window) {
                tallies.addFirstDay(row[0], row[1])
            }
            for row in try Row.fetchAll(db, sql: AnalyticsSQL.perPerson(day: "+day"), arguments: window) {
                tallies.addPersonCount(row[0], row[1], row[2], row[3])
            }
            for row in try Row.fetchAll(db, sql: AnalyticsSQL.perDay, arguments: window) {
                tallies.addDayCount(row[0], row[1], row[2], row[3])
            }
            for row in try Row.fetchAll(db, sql: AnalyticsSQL.zeroResultQueries, arguments: window) {
                tallies.zeroResultQueries[row[0], default: 0] += row[1]
            }
            return tallies
        }
    }

    public func repositoryActivity(_ name: RepositoryName, from: Day, through: Day) async throws
        -> RepositoryActivity?
    {
        try await read { db -> RepositoryActivity? in
            guard let id = try Self.repositoryIDs(db, keys: [name.key])[name.key] else { return nil }
            let days: StatementArguments = [
                id, from.description, through.description, id, from.description, through.description,
            ]
            let times: StatementArguments = [id, from.start.sqliteText, through.adding(days: 1).start.sqliteText]
            var activity = RepositoryActivity()
            for row in try Row.fetchAll(db, sql: AnalyticsSQL.dealtPerDay, arguments: days) {
                activity.addDealt(row[0], row[1])
            }
            for row in try Row.fetchAll(db, sql: AnalyticsSQL.dealtBreakdown, arguments: days) {
                activity.addBreakdown(row[0], row[1], row[2])
            }
            let perDay = AnalyticsSQL.interactionsPerDay(dayOfAt: "substr(at, 1, 10)")
            for row in try Row.fetchAll(db, sql: perDay, arguments: times) {
                activity.addInteractions(row[0], row[1], row[2])
            }
            let cutoff = RepositoryActivity.likerCutoff(through: through).sqliteText
            for row in try Row.fetchAll(db, sql: AnalyticsSQL.likers, arguments: times + [cutoff]) {
                activity.likers.append((row[1] as String?).flatMap { try? PreferencesDocument.decode($0) })
            }
            return activity
        }
    }

    public func activityTotals(_ names: [RepositoryName], from: Day, through: Day) async throws
        -> [String: DailyActivity]
    {
        try await read { db in
            var totals: [String: DailyActivity] = [:]
            let ids = try Self.repositoryIDs(db, keys: names.map(\.key))
            let keys = Dictionary(ids.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
            for chunk in Array(keys.keys).chunks(of: 500) {
                let list = "IN " + SharedSQL.placeholders(chunk.count)
                let times =
                    StatementArguments(chunk) + [from.start.sqliteText, through.adding(days: 1).start.sqliteText]
                for row in try Row.fetchAll(db, sql: AnalyticsSQL.interactionTotals(ids: list), arguments: times) {
                    guard let key = keys[row[0]], let kind = InteractionKind(rawValue: row[1]) else { continue }
                    totals[key, default: DailyActivity()].add(row[2], of: kind)
                }
                let window = StatementArguments(chunk) + [from.description, through.description]
                let days = window + window
                for row in try Row.fetchAll(db, sql: AnalyticsSQL.dealtTotals(ids: list), arguments: days) {
                    guard let key = keys[row[0]] else { continue }
                    totals[key, default: DailyActivity()].dealt += row[1]
                }
            }
            return totals
        }
    }
}
