import Foundation

/// Where the data lives, parsed from `--database`: a SQLite file path (the default), `:memory:`, or a
/// `postgres://user:password@host:port/database?schema=NAME&sslmode=disable|require` URL.
public enum DatabaseLocation: Hashable, Sendable, CustomStringConvertible {
    /// A SQLite database file (created if missing), opened in WAL mode.
    case sqliteFile(path: String)
    /// A private in-memory SQLite database, gone when closed (for tests).
    case sqliteInMemory
    /// A PostgreSQL database.
    case postgres(PostgresSettings)

    /// The embedded default: `./repofinder.sqlite`.
    public static let defaultPath = "repofinder.sqlite"

    /// Parses a database URL or a file path.
    public init(parsing text: String) throws(DatabaseLocationError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw .empty }
        let lower = trimmed.lowercased()
        if lower == ":memory:" || lower == "sqlite::memory:" || lower == "sqlite://:memory:" {
            self = .sqliteInMemory
        } else if lower.hasPrefix("postgres://") || lower.hasPrefix("postgresql://") {
            self = .postgres(try PostgresSettings(url: trimmed))
        } else if lower.hasPrefix("sqlite://") {
            let path = String(trimmed.dropFirst("sqlite://".count))
            guard !path.isEmpty else { throw .missingPath(trimmed) }
            self = .sqliteFile(path: path)
        } else if lower.hasPrefix("sqlite:") {
            self = .sqliteFile(path: String(trimmed.dropFirst("sqlite:".count)))
        } else if let schemeEnd = trimmed.range(of: "://") {
            throw .unsupportedScheme(String(trimmed[..<schemeEnd.lowerBound]))
        } else {
            self = .sqliteFile(path: trimmed)
        }
    }

    /// A description safe to print: no password.
    public var description: String {
        switch self {
        case .sqliteFile(let path): "SQLite file \(path)"
        case .sqliteInMemory: "SQLite in memory"
        case .postgres(let settings): "PostgreSQL \(settings)"
        }
    }
}

/// Connection settings for PostgreSQL, read from a URL.
public struct PostgresSettings: Hashable, Sendable, CustomStringConvertible {
    public var host: String
    public var port: Int
    public var username: String
    public var password: String?
    public var database: String
    /// A schema to keep RepoFinder's tables in (created if missing); nil uses the server's default (`public`).
    public var schema: String?
    /// Whether to insist on TLS (`sslmode=require`, certificates verified) or not use it (`disable`, the default).
    public var requireTLS: Bool
    /// Connections this process's pool opens at most (`pool_size`, 1 to 500): the servers' pools together, plus one
    /// listening connection each, must stay under PostgreSQL's `max_connections` (`docs/deploy.md`).
    public var poolSize: Int = Self.defaultPoolSize

    /// A pool's connections unless the URL says otherwise.
    public static let defaultPoolSize = 8

    public init(
        host: String = "127.0.0.1", port: Int = 5432, username: String, password: String? = nil,
        database: String, schema: String? = nil, requireTLS: Bool = false
    ) {
        self.host = host
        self.port = port
        self.username = username
        self.password = password
        self.database = database
        self.schema = schema
        self.requireTLS = requireTLS
    }

    init(url text: String) throws(DatabaseLocationError) {
        guard let components = URLComponents(string: text), let user = components.user, !user.isEmpty else {
            throw .invalidPostgresURL(Self.redacted(text), "expected postgres://user:password@host:port/database")
        }
        let database = String(components.path.drop(while: { $0 == "/" }))
        var settings = PostgresSettings(
            host: components.host.flatMap { $0.isEmpty ? nil : $0 } ?? "127.0.0.1",
            port: components.port ?? 5432,
            username: user,
            password: components.password,
            database: database.isEmpty ? user : database
        )
        for item in components.queryItems ?? [] {
            switch (item.name, item.value ?? "") {
            case ("schema", let value), ("search_path", let value):
                guard Self.isIdentifier(value) else {
                    throw .invalidPostgresURL(Self.redacted(text), "schema must be letters, digits and '_'")
                }
                settings.schema = value
            case ("sslmode", "disable"), ("sslmode", "allow"), ("sslmode", "prefer"):
                settings.requireTLS = false
            case ("sslmode", "require"), ("sslmode", "verify-ca"), ("sslmode", "verify-full"):
                settings.requireTLS = true
            case ("sslmode", let value):
                throw .invalidPostgresURL(Self.redacted(text), "unknown sslmode '\(value)'")
            case ("pool_size", let value):
                guard let size = Int(value), (1...500).contains(size) else {
                    throw .invalidPostgresURL(Self.redacted(text), "pool_size must be a number from 1 to 500")
                }
                settings.poolSize = size
            default:
                throw .invalidPostgresURL(Self.redacted(text), "unknown parameter '\(item.name)'")
            }
        }
        self = settings
    }

    /// `user@host:port/database`, never the password.
    public var description: String {
        "\(username)@\(host):\(port)/\(database)" + (schema.map { " (schema \($0))" } ?? "")
    }

    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, text.utf8.count <= 63,
            CharacterSet.letters.contains(first) || first == "_"
        else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_") }
    }

    static func redacted(_ url: String) -> String {
        guard var components = URLComponents(string: url), components.password != nil else { return url }
        components.password = "***"
        return components.string ?? url
    }
}

/// Why `--database` could not be understood.
public enum DatabaseLocationError: Error, Equatable, Sendable, CustomStringConvertible {
    case empty
    case missingPath(String)
    case unsupportedScheme(String)
    case invalidPostgresURL(String, String)

    public var description: String {
        switch self {
        case .empty:
            "--database is empty: give a SQLite file path (default \(DatabaseLocation.defaultPath)) or a postgres:// URL."
        case .missingPath(let text):
            "'\(text)' names no file: use sqlite://PATH or just PATH."
        case .unsupportedScheme(let scheme):
            "'\(scheme)://' databases are not supported: use a SQLite file path or a postgres:// URL."
        case .invalidPostgresURL(let url, let reason):
            "'\(url)' is not a usable PostgreSQL URL: \(reason)."
        }
    }
}
