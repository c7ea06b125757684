public import ArgumentParser
public import RepoFinderCore
public import Storage
import StorageLive

/// `--database`, shared by every command that touches data.
struct DatabaseOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "A SQLite file path, :memory:, or postgres://user:password@host:port/database[?schema=NAME].",
            valueName: "url-or-path"))
    var database: String = DatabaseLocation.defaultPath

    /// The parsed location; a bad value is a usage error with the reason.
    func location() throws -> DatabaseLocation {
        do {
            return try DatabaseLocation(parsing: database)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// Opens the store, runs `body`, closes it. Storage failures become one clear line, not a stack of types.
    func withStore<T>(_ body: (any DataStore) async throws -> T) async throws -> T {
        let location = try location()
        do {
            return try await StorageFactory.withStore(location, body)
        } catch let error as StorageError {
            throw CommandFailure(error.description)
        }
    }
}

/// A failure reported to the person as one line; exits with status 1.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}

/// How read commands print: for people, or JSON for scripts.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text
    case json
}

/// `--sort best-match|stars|forks|recently-pushed`.
extension SearchSort: ExpressibleByArgument {}

/// `--since daily|weekly|monthly`.
extension TrendingWindow: ExpressibleByArgument {}
