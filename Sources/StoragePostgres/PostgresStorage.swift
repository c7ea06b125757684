public import Foundation
public import Logging
import PostgresNIO
import RepoFinderCore
public import SearchIndex
public import Storage
import StorageSQL

/// The engine for scale: PostgreSQL through PostgresNIO's connection pool. Any number of RepoFinder processes can
/// share one database; migrations run once, under an advisory lock. The pool works while ``run()`` runs: as a
/// service of the server's service group, or around a command or a test (``DataStore/whileRunning(_:)``).
public final class PostgresStorage: SearchIndexedStore {
    let client: PostgresClient
    let logger: Logger
    /// How long one operation may wait for PostgreSQL (a connection, then its queries) before it fails with
    /// ``StorageError/unavailable(_:)``: while PostgreSQL is down, the pool would otherwise keep requests waiting for
    /// a connection until its circuit breaker trips.
    let operationDeadline: Duration
    /// The catalog's search index, rebuilt when the catalog version moves (this server's writes or another's).
    public let searchIndex = SearchIndexCache()
    /// How servers sharing this database tell each other of changes.
    let channel: PostgresClusterChannel
    /// How the channel's listening connection connects.
    private let listening: PostgresConnection.Configuration

    private init(
        client: PostgresClient, logger: Logger, operationDeadline: Duration, schema: String?,
        listening: PostgresConnection.Configuration
    ) {
        self.client = client
        self.logger = logger
        self.operationDeadline = operationDeadline
        self.channel = PostgresClusterChannel(schema: schema, client: client, logger: logger)
        self.listening = listening
    }

    public var clusterChannel: (any ClusterChannel)? { channel }

    /// Connects (failing within seconds, with the server's own reason, if it cannot be reached or refuses the login),
    /// creates the schema named in the settings if needed, migrates, and makes the connection pool (which works
    /// while ``run()`` runs).
    /// - Parameters:
    ///   - logger: PostgresNIO's logs go here, at its level (by default: errors only).
    ///   - operationDeadline: how long one operation may take (tests on a loaded machine give it longer).
    public static func connect(
        _ settings: PostgresSettings, logger: Logger? = nil, operationDeadline: Duration = defaultOperationDeadline
    ) async throws -> PostgresStorage {
        let logger =
            logger
            ?? {
                var logger = Logger(label: "repofinder.postgres")
                logger.logLevel = .error
                return logger
            }()
        let tls: PostgresConnection.Configuration.TLS =
            settings.requireTLS ? .require(try .init(configuration: .makeClientConfiguration())) : .disable
        var single = PostgresConnection.Configuration(
            host: settings.host, port: settings.port, username: settings.username, password: settings.password,
            database: settings.database, tls: tls)
        single.options.connectTimeout = .seconds(5)
        if let schema = settings.schema { single.options.additionalStartupParameters = [("search_path", schema)] }
        do {
            let connection = try await PostgresConnection.connect(configuration: single, id: 0, logger: logger)
            do {
                if let schema = settings.schema {
                    try await connection.query(
                        PostgresQuery(unsafeSQL: "CREATE SCHEMA IF NOT EXISTS \"\(schema)\""), logger: logger)
                }
                try await migrate(on: connection, logger: logger)
                try await connection.close()
            } catch {
                try? await connection.close()
                throw error
            }
        } catch let error as StorageError {
            throw error
        } catch {
            throw StorageError.unavailable(
                "Could not use PostgreSQL at \(settings): \(Self.reason(error)). "
                    + "Is the server running and reachable, and do the role, password and database exist?")
        }
        var pooled = PostgresClient.Configuration(
            host: settings.host, port: settings.port, username: settings.username, password: settings.password,
            database: settings.database,
            tls: settings.requireTLS ? .require(.makeClientConfiguration()) : .disable)
        pooled.options.connectTimeout = .seconds(5)
        pooled.options.maximumConnections = settings.poolSize
        pooled.options.additionalStartupParameters =
            single.options.additionalStartupParameters + sessionBounds(operationDeadline)
        return PostgresStorage(
            client: PostgresClient(configuration: pooled, backgroundLogger: logger), logger: logger,
            operationDeadline: operationDeadline, schema: settings.schema, listening: single)
    }

    /// PostgreSQL's own bounds on a pooled session, a little past `operationDeadline`: a statement (a lock wait
    /// included) is cancelled by the server, and a session left idle inside a transaction is ended, so no caller and
    /// no lock ever waits forever, even where a cancelled task cannot interrupt a query already sent. (Migrations use a
    /// connection of their own, without these bounds: they may wait for another server's migration.)
    static func sessionBounds(_ operationDeadline: Duration) -> [(String, String)] {
        let milliseconds = String(operationDeadline.components.seconds * 1000 + 5000)
        return [("statement_timeout", milliseconds), ("idle_in_transaction_session_timeout", milliseconds)]
    }

    private static func migrate(on connection: PostgresConnection, logger: Logger) async throws {
        do {
            try await connection.withTransaction(logger: logger) { connection in
                try await applyMigrations(on: connection, logger: logger)
            }
        } catch let error as PostgresTransactionError {
            throw unwrapped(error)
        }
    }

    private static func applyMigrations(on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query(
            "SELECT pg_advisory_xact_lock(hashtext('repofinder-migrations:' || current_schema()))", logger: logger)
        try await connection.query(
            """
            CREATE TABLE IF NOT EXISTS schema_migrations (
                version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())
            """, logger: logger)
        var applied = 0
        for try await (version, ) in try await connection.query(
            "SELECT coalesce(max(version), 0) FROM schema_migrations", logger: logger
        ).decode((Int.self)) {
            applied = version
        }
        guard applied <= currentSchemaVersion else {
            throw StorageError.schemaTooNew(found: applied, supported: currentSchemaVersion)
        }
        for migration in PostgresSchema.migrations where migration.version > applied {
            for statement in migration.sql {
                try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
            }
            try await connection.query(
                "INSERT INTO schema_migrations (version, name) VALUES (\(migration.version), \(migration.name))",
                logger: logger)
        }
    }

    public func statistics() async throws -> StoreStatistics {
        let rows = try await client.query(
            """
            SELECT (SELECT count(*) FROM repositories), (SELECT count(DISTINCT topic) FROM repository_topics),
                (SELECT count(*) FROM star_snapshots), (SELECT min(day)::text FROM star_snapshots),
                (SELECT max(day)::text FROM star_snapshots), (SELECT count(*) FROM users),
                (SELECT count(*) FROM interactions), (SELECT max(version) FROM schema_migrations)
            """, logger: logger)
        for try await (repositories, topics, snapshots, first, last, users, interactions, version) in rows.decode(
            (Int, Int, Int, String?, String?, Int, Int, Int).self)
        {
            return StoreStatistics(
                repositories: repositories, topics: topics, starSnapshots: snapshots,
                firstSnapshotDay: first.flatMap(Day.init), lastSnapshotDay: last.flatMap(Day.init), users: users,
                interactions: interactions, schemaVersion: version)
        }
        throw StorageError.unavailable("PostgreSQL returned no statistics.")
    }

    public var dealtCardsRecording: DealtCardsRecording { .atOnce }

    public func ping() async throws {
        try await Self.withDeadline(Self.pingDeadline) { [client, logger] in
            do {
                for try await _ in try await client.query("SELECT 1", logger: logger) {}
            } catch {
                throw StorageError.unavailable("PostgreSQL does not answer: \(Self.reason(error)).")
            }
        }
    }

    /// Runs the connection pool, the cluster channel's listening connection and the shared rate limits' upkeep, until
    /// the calling task is cancelled.
    public func run() async throws {
        await withDiscardingTaskGroup { group in
            group.addTask { [client] in await client.run() }
            group.addTask { [channel, listening] in await channel.listen(using: listening) }
            group.addTask { await self.forgetFullBuckets() }
        }
    }

    /// Nothing to do: the pool closes its connections when ``run()`` is cancelled.
    public func close() async throws {}

    // MARK: - Helpers shared by the PostgreSQL engine's files

    /// The servers' ``operationDeadline``.
    public static let defaultOperationDeadline = Duration.seconds(10)
    /// How long a readiness check waits.
    static let pingDeadline = Duration.seconds(3)

    /// Runs `body` in a transaction, within ``operationDeadline``. An error `body` throws comes out as itself
    /// (PostgresNIO would wrap it), so both engines throw the same ``StorageError``s; PostgreSQL's and the pool's
    /// own errors come out as ``StorageError/unavailable(_:)``.
    func transaction<T: Sendable>(_ body: @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        // The deadline's task group waits for its tasks, so `body` never outlives this call.
        try await withoutActuallyEscaping(body) { body in
            try await Self.withDeadline(operationDeadline) { [client, logger] in
                do {
                    return try await client.withTransaction(logger: logger) { connection in try await body(connection) }
                } catch let error as PostgresTransactionError {
                    throw Self.mapped(Self.unwrapped(error))
                } catch {
                    throw Self.mapped(error)
                }
            }
        }
    }

    private static func unwrapped(_ error: PostgresTransactionError) -> any Error {
        error.closureError ?? error.beginError ?? error.commitError ?? error
    }

    /// Our own errors unchanged; PostgreSQL's (`PSQLError`) and the pool's as ``StorageError/unavailable(_:)`` with
    /// the server's own words (never the query or where in the code it failed).
    static func mapped(_ error: any Error) -> any Error {
        switch error {
        case is StorageError, is CancellationError: error
        default: StorageError.unavailable("PostgreSQL: \(reason(error)).")
        }
    }

    /// Runs `body`, failing with ``StorageError/busy(_:)`` (and cancelling it) once `limit` has passed.
    static func withDeadline<T: Sendable>(_ limit: Duration, _ body: @escaping @Sendable () async throws -> T)
        async throws -> T
    {
        try await withThrowingTaskGroup(of: DeadlineOutcome<T>.self) { group in
            group.addTask { .done(try await body()) }
            group.addTask {
                try await Task.sleep(for: limit)
                return .timedOut
            }
            defer { group.cancelAll() }
            switch try await group.next() {
            case .done(let value): return value
            case .timedOut, nil:
                throw StorageError.busy("PostgreSQL did not answer within \(limit.components.seconds) s.")
            }
        }
    }

    /// Runs a query written with `?` placeholders, binding `values` in order.
    @discardableResult
    func query(
        _ sql: String, _ values: [any PostgresBindable], on connection: PostgresConnection? = nil
    ) async throws -> [PostgresRandomAccessRow] {
        var bindings = PostgresBindings(capacity: values.count)
        for value in values { try value.bind(into: &bindings) }
        let query = PostgresQuery(unsafeSQL: SharedSQL.postgresPlaceholders(sql), binds: bindings)
        if let connection {
            // Inside a transaction, which has its deadline.
            do {
                return try await connection.query(query, logger: logger).collect().map { $0.makeRandomAccess() }
            } catch {
                throw Self.mapped(error)
            }
        }
        return try await Self.withDeadline(operationDeadline) { [client, logger] in
            do {
                return try await client.query(query, logger: logger).collect().map { $0.makeRandomAccess() }
            } catch {
                throw Self.mapped(error)
            }
        }
    }

    static func reason(_ error: any Error) -> String {
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] { return message }
            if let underlying = error.underlying { return String(describing: underlying) }
            return "\(error.code)"
        }
        if let error = error as? StorageError { return error.description }
        // The pool's errors and others: their type and case, never a source path or query.
        return "\(type(of: error)).\(String(describing: error).prefix(while: { $0 != "(" && $0 != "\n" }))"
    }
}

/// How a race between an operation and its deadline ended.
private enum DeadlineOutcome<T: Sendable>: Sendable {
    case done(T)
    case timedOut
}

/// A value that can be bound to a query parameter (nil binds NULL).
protocol PostgresBindable {
    func bind(into bindings: inout PostgresBindings) throws
}

extension String: PostgresBindable {
    func bind(into bindings: inout PostgresBindings) { bindings.append(self) }
}
extension Int: PostgresBindable {
    func bind(into bindings: inout PostgresBindings) { bindings.append(self) }
}
extension Int64: PostgresBindable {
    func bind(into bindings: inout PostgresBindings) { bindings.append(self) }
}
extension Double: PostgresBindable {
    func bind(into bindings: inout PostgresBindings) { bindings.append(self) }
}
extension Bool: PostgresBindable {
    func bind(into bindings: inout PostgresBindings) { bindings.append(self) }
}
extension Date: PostgresBindable {
    func bind(into bindings: inout PostgresBindings) { bindings.append(self) }
}
extension Array: PostgresBindable where Element: PostgresArrayEncodable {
    func bind(into bindings: inout PostgresBindings) throws { try bindings.append(self) }
}
extension Optional: PostgresBindable where Wrapped: PostgresBindable {
    func bind(into bindings: inout PostgresBindings) throws {
        if let self { try self.bind(into: &bindings) } else { bindings.appendNull() }
    }
}

extension PostgresRandomAccessRow {
    /// Decodes column `index`.
    func value<T: PostgresDecodable>(_ index: Int, as type: T.Type = T.self) throws -> T {
        try self[index].decode(T.self)
    }

    /// A timestamp, rounded to the millisecond both engines keep.
    func date(_ index: Int) throws -> Date? {
        try self[index].decode(Date?.self)?.roundedToMilliseconds
    }
}

extension PostgresStorage {
    /// Runs one statement (for administration and tests, never with user input).
    package func execute(_ sql: String) async throws {
        try await query(sql, [])
    }

    /// The first column of `sql`'s rows as text (for administration and tests, never with user input).
    package func texts(_ sql: String) async throws -> [String] {
        try await query(sql, []).map { try $0.value(0, as: String.self) }
    }
}

extension SQLValue {
    var bindable: any PostgresBindable {
        switch self {
        case .text(let text): text
        case .integer(let number): number
        }
    }
}

extension PostgresStorage {
    /// Holds an exclusive lock on `table` for `seconds` (for tests of what other clients see: `busy` once the
    /// operation deadline has passed). Runs outside ``operationDeadline``.
    package func holdLock(
        on table: String, for seconds: Double, onHeld: @escaping @Sendable () -> Void = {}
    ) async throws {
        try await client.withTransaction(logger: logger) { connection in
            // Past the pool's statement bound on purpose: other clients are to see the lock outlast their deadline.
            try await connection.query("SET LOCAL statement_timeout = 0", logger: logger)
            try await connection.query(
                PostgresQuery(unsafeSQL: "LOCK TABLE \(table) IN ACCESS EXCLUSIVE MODE"), logger: logger)
            onHeld()
            try await connection.query(PostgresQuery(unsafeSQL: "SELECT pg_sleep(\(seconds))"), logger: logger)
        }
    }
}

extension PostgresStorage {
    /// Drops `schema` and everything in it over a connection of its own (no pool, no migration of the default
    /// schema), within `deadline` on PostgreSQL's side: for tests, which each work in a schema of their own.
    package static func dropSchema(_ schema: String, at settings: PostgresSettings, deadline: Duration) async throws {
        var configuration = PostgresConnection.Configuration(
            host: settings.host, port: settings.port, username: settings.username, password: settings.password,
            database: settings.database,
            tls: settings.requireTLS ? .require(try .init(configuration: .makeClientConfiguration())) : .disable)
        configuration.options.connectTimeout = .seconds(5)
        configuration.options.additionalStartupParameters = sessionBounds(deadline)
        let logger = Logger(label: "repofinder.postgres.drop-schema")
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
        do {
            try await connection.query(
                PostgresQuery(unsafeSQL: "DROP SCHEMA IF EXISTS \"\(schema)\" CASCADE"), logger: logger)
        } catch {
            try? await connection.close()
            throw mapped(error)
        }
        try await connection.close()
    }
}
