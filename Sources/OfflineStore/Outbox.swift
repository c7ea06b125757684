public import Foundation
import GRDB
public import RepoFinderClient
public import RepoFinderCore
import Synchronization

/// Interactions on their way to the server. Each is written to the device's database first (``enqueue(_:)``) and sent
/// later (``flush(to:)``), oldest first, in batches, each with its idempotency key: an item leaves the queue only after
/// the server acknowledged it, so a process killed between the two sends it again and the server counts it as a
/// duplicate. Nothing is lost, nothing is stored twice.
///
/// Product analytics events wait in a queue of their own in the same database (``enqueue(_:)``, given an event) and
/// go with the same flush, after the interactions, at most ``eventBatchLimit`` a request, each with its own id: kept
/// while the server cannot be reached, dropped (never retried) when it refuses them as invalid, and never kept at all
/// once the person turned analytics off (``setSharesAnalytics(_:)``).
public actor Outbox {
    private let database: LocalDatabase
    private let batchSize: Int
    private var running: Task<FlushReport, Never>?
    /// The items the running flush has read and may be sending (their sequence numbers): an undo or an unlist must not
    /// take one of them out as "never sent" — the server may already have it — but queue its withdrawal instead. Set
    /// and read inside the database's write transactions, so a flush's read and an undo's check never interleave.
    private let sending = InFlight()

    /// Most analytics events per request.
    public static let eventBatchLimit = 100
    /// Most analytics events kept waiting: past it the oldest go (a device offline for weeks does not fill up).
    public static let maximumQueuedEvents = 1_000

    /// - Parameter batchSize: Most interactions per request (the server takes up to 500); analytics events go at most
    ///   ``eventBatchLimit`` at a time.
    public init(database: LocalDatabase, batchSize: Int = 100) {
        self.database = database
        self.batchSize = min(max(1, batchSize), 500)
    }

    private var eventBatchSize: Int { min(batchSize, Self.eventBatchLimit) }

    /// Queues an interaction (written before this returns; callable from any context without waiting for a flush).
    nonisolated public func enqueue(_ interaction: Interaction) throws {
        try database.writer.write { db in try Self.insert(db, .record, interaction) }
    }

    /// Undoes the like, save or skip queued with this id: removed from the queue if it was not sent yet, else its
    /// withdrawal is queued behind it (the server refuses to withdraw a view or an open, and the flush drops that).
    nonisolated public func undo(_ decision: Interaction) throws -> Undo {
        try database.writer.write { [sending] db in
            let queued = try Int64.fetchAll(
                db, sql: "SELECT seq FROM outbox WHERE client_id = ? AND operation = 'record' AND kind = ?",
                arguments: [decision.id, decision.kind.rawValue])
            if try Self.delete(db, queued, unless: sending) { return .removedBeforeSending }
            try Self.insert(db, .withdraw, decision)
            return .withdrawalQueued
        }
    }

    /// Queues taking `repository` off a list (an unlike or an unsave, at `date`). A like or save of it still queued is
    /// simply taken out instead: the server never hears of either. Returns whether anything is left to send.
    @discardableResult
    nonisolated public func unlist(_ repository: RepositoryName, from list: UserList, at date: Date) throws -> Bool {
        let kind: InteractionKind = list == .liked ? .like : .save
        return try database.writer.write { [sending] db in
            let queued = try Int64.fetchAll(
                db, sql: "SELECT seq FROM outbox WHERE repository = ? AND operation = 'record' AND kind = ?",
                arguments: [repository.fullName, kind.rawValue])
            if try Self.delete(db, queued, unless: sending) { return false }
            let removal = Interaction(id: "unlist", repository: repository, kind: kind, at: date)
            try Self.insert(db, .unlist, removal)
            return true
        }
    }

    /// Everything queued, oldest first.
    nonisolated public func pending() throws -> [OutboxItem] {
        try database.writer.read { db in try Self.items(db, limit: Int.max) }
    }

    // MARK: Analytics events

    /// Queues an analytics event (written before this returns), unless the person turned analytics off on this device:
    /// then nothing is kept. Returns whether it was queued. Past ``maximumQueuedEvents`` the oldest waiting go.
    @discardableResult
    nonisolated public func enqueue(_ event: AnalyticsEvent) throws -> Bool {
        try database.writer.write { db in
            guard try Self.sharesAnalytics(db) else { return false }
            try db.execute(
                sql: """
                    INSERT OR IGNORE INTO analytics_events (id, name, at, platform, label, value, count, query)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    event.id, event.name.rawValue, event.at.timeIntervalSince1970, event.platform.rawValue, event.label,
                    event.value, event.count, event.query,
                ])
            try db.execute(
                sql: "DELETE FROM analytics_events WHERE seq <= (SELECT MAX(seq) FROM analytics_events) - ?",
                arguments: [Self.maximumQueuedEvents])
            return true
        }
    }

    /// The analytics events waiting, oldest first.
    nonisolated public func pendingEvents() throws -> [AnalyticsEvent] {
        try database.writer.read { db in try Self.queuedEvents(db, limit: Int.max).compactMap(\.event) }
    }

    /// How many analytics events wait.
    nonisolated public func pendingEventCount() throws -> Int {
        try database.writer.read { db in try Self.eventCount(db) }
    }

    /// Whether this device sends analytics events: yes until the person turns it off (``setSharesAnalytics(_:)``).
    nonisolated public func sharesAnalytics() throws -> Bool {
        try database.writer.read { db in try Self.sharesAnalytics(db) }
    }

    /// Turns sending analytics events from this device on or off (what the person chose in Settings, or what their
    /// preferences say). Off drops every event still waiting, unsent, and keeps no new one.
    nonisolated public func setSharesAnalytics(_ on: Bool) throws {
        try database.writer.write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO device_settings (key, value) VALUES ('analytics', ?)",
                arguments: [on ? "on" : "off"])
            if !on { try db.execute(sql: "DELETE FROM analytics_events") }
        }
    }

    /// Sends what is queued, oldest first, until the queue is empty or the server cannot take more now. One flush
    /// runs at a time: a call while one runs waits for it, then sends what is left — the running one may have read
    /// the queue before the caller's interaction was in it, so joining it alone could leave that interaction queued.
    public func flush(to service: any RepoFinderService) async -> FlushReport {
        while let earlier = running {
            _ = await earlier.value
            if running == earlier { running = nil }
        }
        let task = Task { await self.send(to: service) }
        running = task
        // Cancelling the caller stops the flush between items (what is left stays queued).
        let report = await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
        if running == task { running = nil }
        return report
    }

    private func send(to service: any RepoFinderService) async -> FlushReport {
        var report = FlushReport()
        do {
            while !Task.isCancelled {
                let items = try await database.writer.write { [batchSize, sending] db in
                    let items = try Self.items(db, limit: batchSize)
                    sending.set(items.map(\.sequence))
                    return items
                }
                defer { sending.set([]) }
                guard let first = items.first else { break }
                if first.operation == .withdraw {
                    try await withdraw(first, service: service, report: &report)
                } else if first.operation == .unlist {
                    try await unlist(first, service: service, report: &report)
                } else {
                    let records = Array(items.prefix { $0.operation == .record })
                    try await record(records, service: service, report: &report)
                }
            }
        } catch let failure as ClientFailure {
            report.stoppedBy = failure
        } catch {
            report.stoppedBy = .serverTrouble("the outbox could not be read: \(error)")
        }
        report.remaining = (try? await database.writer.read { db in try Self.count(db) }) ?? 0
        // Analytics events go once every interaction did (what the person did matters more, and a connection that
        // failed them would fail the events too).
        if report.stoppedBy == nil, !Task.isCancelled { await sendEvents(to: service, report: &report.events) }
        report.events.remaining = (try? await database.writer.read { db in try Self.eventCount(db) }) ?? 0
        return report
    }

    /// Sends the waiting analytics events, oldest first, in batches, until none is left or the server cannot take
    /// more now; drops them all, unsent, when the person turned analytics off.
    private func sendEvents(to service: any RepoFinderService, report: inout FlushReport.Events) async {
        do {
            while !Task.isCancelled {
                let (sharing, queued) = try await database.writer.read { [eventBatchSize] db in
                    (try Self.sharesAnalytics(db), try Self.queuedEvents(db, limit: eventBatchSize))
                }
                guard !queued.isEmpty else { break }
                guard sharing else {
                    report.dropped += try await database.writer.write { db in
                        let count = try Self.eventCount(db)
                        try db.execute(sql: "DELETE FROM analytics_events")
                        return count
                    }
                    break
                }
                // Written by a later version of the app (a name this one does not know): nothing to send.
                let unreadable = queued.filter { $0.event == nil }
                if !unreadable.isEmpty {
                    try await removeEvents(unreadable)
                    report.dropped += unreadable.count
                }
                let readable = queued.filter { $0.event != nil }
                if !readable.isEmpty { try await sendEvents(readable, service: service, report: &report) }
            }
        } catch let failure as ClientFailure {
            report.stoppedBy = failure
        } catch {
            report.stoppedBy = .serverTrouble("the outbox could not be read: \(error)")
        }
    }

    /// Sends a batch of events; if the server refuses it as invalid (a batch is stored whole or not at all), sends its
    /// halves to find the refused events, which are dropped, not retried. Any other failure stops the flush with the
    /// events kept.
    private func sendEvents(_ batch: [QueuedEvent], service: any RepoFinderService, report: inout FlushReport.Events)
        async throws
    {
        do {
            let receipt = try await service.sendEvents(batch.compactMap(\.event))
            try await removeEvents(batch)
            report.accepted += receipt.accepted
            report.duplicates += receipt.duplicates
            report.ignored += receipt.ignored
        } catch ClientFailure.rejected(let reason) {
            guard batch.count > 1 else {
                try await removeEvents(batch)
                report.dropped += 1
                report.lastRefusal = reason
                return
            }
            let half = batch.count / 2
            try await sendEvents(Array(batch[..<half]), service: service, report: &report)
            try await sendEvents(Array(batch[half...]), service: service, report: &report)
        }
    }

    private func removeEvents(_ events: [QueuedEvent]) async throws {
        try await database.writer.write { db in
            for event in events {
                try db.execute(sql: "DELETE FROM analytics_events WHERE seq = ?", arguments: [event.sequence])
            }
        }
    }

    /// Sends a batch; if the server refuses it as a whole (all or nothing), sends its items one by one to find and
    /// drop the refused ones.
    private func record(_ items: [OutboxItem], service: any RepoFinderService, report: inout FlushReport)
        async throws
    {
        do {
            let receipt = try await service.record(items.map(\.interaction))
            try await remove(items)
            report.accepted += receipt.accepted
            report.duplicates += receipt.duplicates
        } catch let failure as ClientFailure where !failure.isTransient {
            guard items.count > 1 else {
                try await remove(items)
                report.dropped.append(.init(item: items[0], reason: failure.message))
                return
            }
            for item in items { try await record([item], service: service, report: &report) }
        }
    }

    private func withdraw(_ item: OutboxItem, service: any RepoFinderService, report: inout FlushReport) async throws {
        do {
            try await service.withdraw(id: item.interaction.id)
            report.withdrawn += 1
        } catch .notFound {
            // Already withdrawn (an acknowledgement lost), or it never reached the server: nothing to undo.
        } catch let failure where !failure.isTransient {
            report.dropped.append(.init(item: item, reason: failure.message))
        }
        try await remove([item])
    }

    private func unlist(_ item: OutboxItem, service: any RepoFinderService, report: inout FlushReport) async throws {
        do {
            try await service.remove(
                item.interaction.repository, from: item.interaction.kind == .like ? .liked : .saved)
            report.unlisted += 1
        } catch .notFound {
            // Not on the list (any more): nothing to take off.
        } catch let failure where !failure.isTransient {
            report.dropped.append(.init(item: item, reason: failure.message))
        }
        try await remove([item])
    }

    private func remove(_ items: [OutboxItem]) async throws {
        try await database.writer.write { db in
            for item in items {
                try db.execute(sql: "DELETE FROM outbox WHERE seq = ?", arguments: [item.sequence])
            }
        }
    }

    /// Deletes the queued items `sequences` when none of them is being sent; whether it did. An item a flush has read
    /// may be on the server already, so it stays, and the caller queues what takes it back.
    private static func delete(_ db: Database, _ sequences: [Int64], unless sending: InFlight) throws -> Bool {
        guard !sequences.isEmpty, sending.none(of: sequences) else { return false }
        for sequence in sequences { try db.execute(sql: "DELETE FROM outbox WHERE seq = ?", arguments: [sequence]) }
        return true
    }

    private static func insert(_ db: Database, _ operation: OutboxItem.Operation, _ interaction: Interaction) throws {
        try db.execute(
            sql: "INSERT INTO outbox (client_id, operation, repository, kind, at) VALUES (?, ?, ?, ?, ?)",
            arguments: [
                interaction.id, operation.rawValue, interaction.repository.fullName, interaction.kind.rawValue,
                interaction.at.timeIntervalSince1970,
            ])
    }

    private static func items(_ db: Database, limit: Int) throws -> [OutboxItem] {
        try Row.fetchAll(
            db, sql: "SELECT seq, client_id, operation, repository, kind, at FROM outbox ORDER BY seq LIMIT ?",
            arguments: [limit]
        ).map { row in
            OutboxItem(
                sequence: row[0], operation: OutboxItem.Operation(rawValue: row[2]) ?? .record,
                interaction: Interaction(
                    id: row[1], repository: try RepositoryName(parsing: row[3]),
                    kind: InteractionKind(rawValue: row[4]) ?? .view, at: Date(timeIntervalSince1970: row[5])))
        }
    }

    private static func count(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM outbox") ?? 0
    }

    private static func eventCount(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM analytics_events") ?? 0
    }

    /// Whether the person shares analytics from this device (yes until they turned it off).
    private static func sharesAnalytics(_ db: Database) throws -> Bool {
        try String.fetchOne(db, sql: "SELECT value FROM device_settings WHERE key = 'analytics'") != "off"
    }

    private static func queuedEvents(_ db: Database, limit: Int) throws -> [QueuedEvent] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT seq, id, name, at, platform, label, value, count, query FROM analytics_events
                ORDER BY seq LIMIT ?
                """,
            arguments: [limit]
        ).map { row in
            let sequence: Int64 = row[0]
            guard let name = AnalyticsEventName(rawValue: row[2]), let platform = AnalyticsPlatform(rawValue: row[4])
            else { return QueuedEvent(sequence: sequence, event: nil) }
            let id: String = row[1]
            let at: Double = row[3]
            let label: String? = row[5]
            let value: Int? = row[6]
            let count: Int? = row[7]
            let query: String? = row[8]
            return QueuedEvent(
                sequence: sequence,
                event: AnalyticsEvent(
                    id: id, name: name, at: Date(timeIntervalSince1970: at), platform: platform, label: label,
                    value: value, count: count, query: query))
        }
    }
}

/// An analytics event in the queue: its position, and the event (nil when this version of the app cannot read it).
private struct QueuedEvent: Sendable {
    var sequence: Int64
    var event: AnalyticsEvent?
}

/// The sequence numbers of the items a flush is sending.
private final class InFlight: Sendable {
    private let sequences = Mutex<Set<Int64>>([])

    func set(_ items: [Int64]) { sequences.withLock { $0 = Set(items) } }

    func none(of items: [Int64]) -> Bool { sequences.withLock { $0.isDisjoint(with: items) } }
}
