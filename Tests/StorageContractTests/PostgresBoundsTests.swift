import Foundation
import Storage
import StoragePostgres
import TestSupport
import Testing

/// PostgreSQL bounds the waits of RepoFinder's sessions itself: a statement waiting on a lock past the operation
/// deadline is cancelled by the server, so neither a caller nor a lock waits forever, even where a cancelled task
/// cannot interrupt a query already sent.
@Suite("PostgreSQL bounds its sessions' waits: a statement stuck behind a lock ends soon after the deadline")
struct PostgresBoundsTests {
    @Test(
        "pooled sessions carry a statement and idle-in-transaction bound; a blocked statement is ended by the server",
        .enabled(if: Engine.postgresURL != nil))
    func sessionsAreBounded() async throws {
        guard case .postgres(var settings) = try DatabaseLocation(parsing: try #require(Engine.postgresURL)) else {
            Issue.record("REPOFINDER_TEST_POSTGRES_URL is not a postgres:// URL")
            return
        }
        let base = settings
        let schema = "test_bounds_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased()
        settings.schema = schema
        do {
            try await Self.check(settings)
        } catch {
            try? await PostgresStorage.dropSchema(schema, at: base, deadline: testOperationDeadline)
            throw error
        }
        try await PostgresStorage.dropSchema(schema, at: base, deadline: testOperationDeadline)
    }

    private static func check(_ settings: PostgresSettings) async throws {
        // A short deadline for the store that meets the lock; the one holding it (and checking) has the tests' own.
        let store = try await PostgresStorage.connect(settings, operationDeadline: .seconds(3))
        let holder = try await PostgresStorage.connect(settings, operationDeadline: testOperationDeadline)
        try await store.whileRunning { _ in
            try await holder.whileRunning { _ in
                #expect(try await holder.texts("SHOW statement_timeout") == ["35s"], "the deadline and 5 s")
                #expect(try await holder.texts("SHOW idle_in_transaction_session_timeout") == ["35s"])

                let (held, signal) = AsyncStream<Void>.makeStream()
                async let holding: Void = holder.holdLock(on: "interactions", for: 40) { signal.yield() }
                for await _ in held { break }
                let blocked = "SELECT count(*) FROM interactions -- \(settings.schema ?? "")"
                let start = ContinuousClock.now
                await #expect(throws: StorageError.self) { try await store.execute(blocked) }
                let waited = ContinuousClock.now - start
                // Without the bound the caller waited for the lock (40 s), whatever its deadline.
                #expect(waited < .seconds(20), "answered by the deadline (3 s) or the server's bound (8 s): \(waited)")
                // Past the server's bound, nothing of this store waits on the lock any more, though it is still held.
                try await Task.sleep(until: start + .seconds(12))
                let waiting = try await holder.texts(
                    """
                    SELECT count(*)::text FROM pg_stat_activity
                    WHERE wait_event_type = 'Lock' AND query = '\(blocked)'
                    """)
                #expect(waiting == ["0"])
                try await holding
            }
        }
    }
}
