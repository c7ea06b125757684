import Foundation
import Logging
import PostgresNIO
import Storage
import Synchronization

/// ``ClusterChannel`` over PostgreSQL's `NOTIFY` and `LISTEN`, on a channel named for the schema (servers of other
/// schemas in the same database hear nothing). Publishing queues the changes and one task sends them through the pool,
/// everything queued meanwhile in one notification; listening holds a connection of its own (``listen(using:)``,
/// run beside the pool), reconnecting after a second when it drops, and then says ``ClusterChange/resynchronize``.
final class PostgresClusterChannel: ClusterChannel {
    private struct State {
        var pending: [ClusterChange] = []
        var sending = false
        var subscribers: [UUID: AsyncStream<ClusterChange>.Continuation] = [:]
    }

    /// This process's mark on what it sends, so that it skips its own notifications.
    let origin = UUID().uuidString.lowercased()
    /// The `LISTEN` channel: `repofinder.<schema>`.
    let name: String
    private let client: PostgresClient
    private let logger: Logger
    private let state = Mutex(State())

    init(schema: String?, client: PostgresClient, logger: Logger) {
        self.name = String("repofinder.\(schema ?? "public")".prefix(63))
        self.client = client
        self.logger = logger
    }

    func publish(_ changes: [ClusterChange]) {
        guard !changes.isEmpty else { return }
        let start = state.withLock { state in
            state.pending += changes
            defer { state.sending = true }
            return !state.sending
        }
        if start { Task { await self.send() } }
    }

    /// Sends what is queued until nothing is.
    private func send() async {
        while true {
            let batch: [ClusterChange] = state.withLock { state in
                defer { state.pending.removeAll(keepingCapacity: true) }
                if state.pending.isEmpty { state.sending = false }
                return state.pending
            }
            guard !batch.isEmpty else { return }
            var unique = Set<ClusterChange>()
            let changes = batch.filter { unique.insert($0).inserted }
            for message in ClusterMessage.encode(changes, origin: origin) {
                do {
                    _ = try await PostgresStorage.withDeadline(.seconds(5)) { [client, logger, name] in
                        try await client.query("SELECT pg_notify(\(name), \(message))", logger: logger).collect()
                    }
                } catch {
                    logger.warning(
                        "could not tell the other servers of a change; they see it at their next refresh",
                        metadata: ["error": "\(PostgresStorage.reason(error))"])
                }
            }
        }
    }

    func changes() -> AsyncStream<ClusterChange> {
        let id = UUID()
        let (stream, continuation) = AsyncStream.makeStream(
            of: ClusterChange.self, bufferingPolicy: .bufferingNewest(10_000))
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        state.withLock { $0.subscribers[id] = continuation }
        return stream
    }

    /// Hands changes to every subscriber.
    private func deliver(_ changes: [ClusterChange]) {
        let subscribers = state.withLock { Array($0.subscribers.values) }
        for subscriber in subscribers {
            for change in changes { subscriber.yield(change) }
        }
    }

    /// Listens until the calling task is cancelled, on a connection of its own made with `configuration`.
    func listen(using configuration: PostgresConnection.Configuration) async {
        var connectionID = 1_000_000
        var wasDown = false
        while !Task.isCancelled {
            connectionID += 1
            do {
                let connection = try await PostgresConnection.connect(
                    configuration: configuration, id: connectionID, logger: logger)
                do {
                    try await connection.listen(on: name) { notifications in
                        if wasDown { deliver([.resynchronize]) }
                        wasDown = false
                        for try await notification in notifications {
                            let (origin, changes) = ClusterMessage.decode(notification.payload)
                            if origin != self.origin { deliver(changes) }
                        }
                    }
                } catch {
                    if !Task.isCancelled {
                        logger.warning(
                            "stopped hearing other servers' changes; reconnecting",
                            metadata: ["error": "\(PostgresStorage.reason(error))"])
                    }
                }
                try? await connection.close()
            } catch {
                if !Task.isCancelled {
                    logger.warning(
                        "cannot listen for other servers' changes; trying again",
                        metadata: ["error": "\(PostgresStorage.reason(error))"])
                }
            }
            wasDown = true
            try? await Task.sleep(for: .seconds(1))
        }
    }
}
