import APISchemas
import ArgumentParser
import Foundation
import RepoFinderCore
import Storage

/// `repofinder stats`: what the database holds.
struct StatsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats", abstract: "Show what the database holds.")

    @Option(help: "text or json.")
    var format: OutputFormat = .text

    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        let location = try database.location()
        let (statistics, refresh) = try await database.withCatalog {
            (try await $0.statistics(), try await $0.catalogRefreshes(limit: 1).first)
        }
        let snapshotRange = statistics.firstSnapshotDay.map { "\($0) .. \(statistics.lastSnapshotDay!)" }
        switch format {
        case .json:
            try printJSON(APISchemas.statistics(statistics, database: location.description, lastRefresh: refresh))
        case .text:
            print("\(location), schema version \(statistics.schemaVersion)")
            let rows: [(String, String)] = [
                ("repositories", Number.grouped(statistics.repositories)),
                ("topics", Number.grouped(statistics.topics)),
                ("star snapshots", Number.grouped(statistics.starSnapshots) + (snapshotRange.map { " (\($0))" } ?? "")),
                ("users", Number.grouped(statistics.users)),
                ("interactions", Number.grouped(statistics.interactions)),
                (
                    "last refresh",
                    refresh.map(Self.describe) ?? "never (serve refreshes daily; repofinder sync by hand)"
                ),
            ]
            for (label, value) in rows {
                print("  " + label.padding(toLength: 16, withPad: " ", startingAt: 0) + value)
            }
            if let last = statistics.lastSnapshotDay, let note = CountsFreshness.note(for: last, now: Date()) {
                print(
                    "  \(note): the catalog is \(Day(containing: Date()).daysSinceEpoch - last.daysSinceEpoch) days old."
                )
            }
        }
    }

    /// "finished 2026-11-23T03:00:12Z by host-1: 42,184 checked, 432 requests".
    static func describe(_ run: CatalogRefreshRun) -> String {
        let when = Timestamp.format(run.finishedAt ?? run.heartbeatAt)
        var text =
            "\(run.state.rawValue) \(when) by \(run.runner): \(Number.grouped(run.summary.checked)) checked, "
            + "\(Number.grouped(run.summary.snapshots)) snapshots, \(Number.grouped(run.summary.requests)) requests"
        if let reason = run.summary.stoppedBecause { text += " (stopped: \(reason))" }
        return text
    }
}

/// `repofinder migrate`: creates or upgrades the schema (every command does this on open; this does only that).
struct MigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate", abstract: "Create or upgrade the database schema.")

    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        let location = try database.location()
        let version = try await database.withStore { try await $0.statistics().schemaVersion }
        print("\(location) is at schema version \(version).")
    }
}
