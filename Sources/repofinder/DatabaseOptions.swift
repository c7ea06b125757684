public import ArgumentParser
import Catalog
import Foundation
public import RepoFinderCore
import RepoFinderSettings
public import Storage
import StorageLive

/// `--database`, shared by every command that touches data.
struct DatabaseOptions: ParsableArguments {
    @Option(
        name: .customLong("database"),
        help: ArgumentHelp(
            "A SQLite file path, :memory:, or postgres://user@host:port/database[?schema=NAME] (or DATABASE_URL, "
                + "which keeps a password out of the process list; default \(DatabaseLocation.defaultPath)).",
            valueName: "url-or-path"))
    var given: String?

    /// `--database` over `DATABASE_URL` over the default.
    var settings: Settings { Settings(flags: [.database: given].compactMapValues { $0 }) }

    /// The parsed location; a bad value is a usage error with the reason.
    func location() throws -> DatabaseLocation {
        try validated { () throws(SettingsError) in try settings.database() }
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

extension DatabaseOptions {
    /// Like ``withStore(_:)``, but first loads the bundled starter catalog into a database with no repositories,
    /// telling the person on standard error, so read commands work on a fresh machine with no network.
    func withCatalog<T>(_ body: (any DataStore) async throws -> T) async throws -> T {
        try await withStore { store in
            try await loadStarterCatalogIfEmpty(into: store)
            return try await body(store)
        }
    }

    /// Runs `body` with activity (health, "3 days ago", "this week") judged as the server judges it: as of the
    /// catalog's newest day once the catalog is stale (``CatalogAge/current``). Loads the starter catalog into an
    /// empty database first.
    func judgingActivity<T>(_ body: () async throws -> T) async throws -> T {
        let age = try await withCatalog { try await $0.catalogAge() }
        return try await CatalogAge.$current.withValue(age) { try await body() }
    }

    /// Loads the bundled starter catalog into a store with no repositories, telling the person on standard error.
    func loadStarterCatalogIfEmpty(into store: any DataStore) async throws {
        let location = try location()
        let started = ContinuousClock.now
        let load = try await StarterCatalog.loadIfEmpty(into: store) {
            printError("First use: loading the starter catalog into \(location)…")
        }
        if let load {
            let seconds = String(format: "%.1f", (ContinuousClock.now - started).secondsDouble)
            printError(
                "Loaded \(Number.grouped(load.repositories.counts.inserted)) repositories and "
                    + "\(Number.grouped(load.starSnapshots.counts.inserted)) star snapshots in \(seconds) s.")
        }
        // Where the community's lists place repositories, for a database that has no lists yet (one made before
        // lists were kept, too).
        _ = try await StarterLists.loadIfNone(into: store)
    }
}

/// Runs `body`; a setting it cannot use is a usage error with the reason.
func validated<T>(_ body: () throws(SettingsError) -> T) throws -> T {
    do {
        return try body()
    } catch {
        throw ValidationError(error.description)
    }
}

/// Writes a line to standard error.
func printError(_ line: String) {
    FileHandle.standardError.write(Data((terminalSafe(line) + "\n").utf8))
}

/// A failure reported to the person as one line; exits with status 1.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String

    /// A failure saying `description` (which may quote data: it is made safe for a terminal).
    init(_ description: String) { self.description = terminalSafe(description) }
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

/// `--bursts hidden|shown|only`.
extension BurstFilter: ExpressibleByArgument {}

/// `--health active|quiet|dormant`.
extension RepositoryHealth.Level: ExpressibleByArgument {}

extension ExperienceLevel: ExpressibleByArgument {}

extension Goal: ExpressibleByArgument {}
