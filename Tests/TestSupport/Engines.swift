public import Foundation
public import RepoFinderCore
public import Storage
import StoragePostgres
import StorageSQLite
public import Testing

/// The engines the contract runs against: SQLite in memory and in a WAL file always; PostgreSQL whenever
/// `REPOFINDER_TEST_POSTGRES_URL` is set (CI sets it). With `REPOFINDER_REQUIRE_POSTGRES=1` a missing URL fails.
public enum Engine: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqliteMemory = "SQLite (memory)"
    case sqliteFile = "SQLite (file)"
    case postgres = "PostgreSQL"

    public var testDescription: String { rawValue }

    public static var postgresURL: String? { ProcessInfo.processInfo.environment["REPOFINDER_TEST_POSTGRES_URL"] }

    public static var available: [Engine] {
        let requirePostgres = ProcessInfo.processInfo.environment["REPOFINDER_REQUIRE_POSTGRES"] == "1"
        return allCases.filter { $0 != .postgres || postgresURL != nil || requirePostgres }
    }

    /// A fresh, empty, migrated store that only this test sees, and how to dispose of it.
    public func makeStore() async throws -> TestStore {
        switch self {
        case .sqliteMemory:
            return TestStore(store: try SQLiteStorage(), reopen: nil, cleanup: {})
        case .sqliteFile:
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "repofinder-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let path = directory.appendingPathComponent("test.sqlite").path
            return TestStore(
                store: try SQLiteStorage(path: path), reopen: { try SQLiteStorage(path: path) },
                dump: {
                    // The file and its write-ahead log, as a backup would copy them.
                    ["", "-wal"].compactMap { FileManager.default.contents(atPath: path + $0) }.reduce(Data(), +)
                },
                cleanup: { try? FileManager.default.removeItem(at: directory) })
        case .postgres:
            guard let url = Self.postgresURL else {
                throw StorageError.unavailable(
                    "REPOFINDER_REQUIRE_POSTGRES=1 but REPOFINDER_TEST_POSTGRES_URL is not set")
            }
            guard case .postgres(var settings) = try DatabaseLocation(parsing: url) else {
                throw StorageError.unavailable("REPOFINDER_TEST_POSTGRES_URL is not a postgres:// URL")
            }
            let base = settings
            settings.schema =
                "test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(20).lowercased()
            let isolated = settings
            // A longer deadline than a server's: the whole suite runs at once on two cores, and an operation of a test
            // can wait that long for its turn. (The busy-database test holds its lock past it.)
            return TestStore(
                store: try await PostgresStorage.connect(isolated, operationDeadline: testOperationDeadline),
                reopen: { try await PostgresStorage.connect(isolated, operationDeadline: testOperationDeadline) },
                dump: { try pgDump(url: url, schema: isolated.schema!) },
                cleanup: {
                    try? await PostgresStorage.dropSchema(
                        isolated.schema!, at: base, deadline: testOperationDeadline)
                })
        }
    }
}

/// A store under test.
public struct TestStore: Sendable {
    public let store: any DataStore
    /// Opens the same database again (nil for a private in-memory one).
    public let reopen: (@Sendable () async throws -> any DataStore)?
    public let cleanup: @Sendable () async -> Void
    /// Everything the database holds as a backup would see it: the SQLite file (and its log), or `pg_dump` of the
    /// test's schema; nil for the in-memory engine.
    public let dump: (@Sendable () throws -> Data)?

    public init(
        store: any DataStore, reopen: (@Sendable () async throws -> any DataStore)?,
        dump: (@Sendable () throws -> Data)? = nil, cleanup: @escaping @Sendable () async -> Void
    ) {
        self.store = store
        self.reopen = reopen
        self.dump = dump
        self.cleanup = cleanup
    }
}

/// `pg_dump` of one schema (data and definitions), as text.
func pgDump(url: String, schema: String) throws -> Data {
    let process = Process()
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["pg_dump", "--no-owner", "--schema", schema, "--dbname", url]
    process.standardOutput = output
    try process.run()
    let data = try output.fileHandleForReading.readToEnd() ?? Data()
    process.waitUntilExit()
    guard process.terminationStatus == 0, !data.isEmpty else {
        throw StorageError.unavailable("pg_dump exited with \(process.terminationStatus)")
    }
    return data
}

/// Runs `body` with a fresh store of `engine` (running), then closes and disposes of it. A store `reopen` returns
/// is the test's to run (``DataStore/whileRunning(_:)``) and close.
public func withStore(_ engine: Engine, _ body: (TestStore) async throws -> Void) async throws {
    let test = try await engine.makeStore()
    do {
        try await test.store.whileRunning { _ in try await body(test) }
    } catch {
        try? await test.store.close()
        await test.cleanup()
        throw error
    }
    try await test.store.close()
    await test.cleanup()
}

/// Real-looking repositories for tests.
public enum Fixtures {
    public static let moment = Date(timeIntervalSince1970: 1_784_057_158.25)

    public static func repository(_ fullName: String, stars: Int = 100, topics: [String] = ["swift"]) -> Repository {
        let name = try! RepositoryName(parsing: fullName)
        return Repository(
            githubID: Int64(abs(fullName.utf8.reduce(0) { $0 &* 31 &+ Int($1) } % 1_000_000)),
            owner: RepositoryOwner(login: name.owner), name: name.name,
            description: "A repository called \(name.name)", topics: topics, language: "Swift", stars: stars, forks: 10,
            openIssues: 3, license: RepositoryLicense(spdxID: "MIT", name: "MIT License"), createdAt: moment,
            updatedAt: moment, pushedAt: moment, archived: false)
    }

    public static func name(_ fullName: String) -> RepositoryName { try! RepositoryName(parsing: fullName) }
}

/// How long a PostgreSQL operation of a test store may take.
public let testOperationDeadline = Duration.seconds(30)

/// Makes `test`'s database busy for `seconds` from a second connection of its own: SQLite's write lock (as an import
/// or a backup holds it), PostgreSQL's exclusive lock on `interactions`. Returns once the lock is released. Not for
/// the in-memory engine (nobody else can reach it). `onHeld` is called once the lock is held.
public func holdBusy(
    _ test: TestStore, seconds: Double, onHeld: @escaping @Sendable () -> Void = {}
) async throws {
    guard let reopen = test.reopen else { throw StorageError.unavailable("an in-memory store cannot be made busy") }
    let other = try await reopen()
    try await other.whileRunning { store in
        switch store {
        case let sqlite as SQLiteStorage: try await sqlite.holdWriteLock(for: seconds, onHeld: onHeld)
        case let postgres as PostgresStorage:
            try await postgres.holdLock(on: "interactions", for: seconds, onHeld: onHeld)
        default: break
        }
    }
    try await other.close()
}
