import APISchemas
import ArgumentParser
import Foundation
import RepoFinderCore
import Storage

/// `repofinder stars OWNER/NAME`: a repository's daily star counts as a sparkline, from the catalog's snapshots.
struct StarsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stars", abstract: "Show a repository's star history as a sparkline.")

    @Argument(help: "owner/name, for example apple/swift.")
    var repository: String

    @Option(help: "First day, YYYY-MM-DD.")
    var from: String?

    @Option(help: "Last day, YYYY-MM-DD.")
    var to: String?

    @Option(help: "Width of the sparkline in characters.")
    var width = 60

    @Option(help: "text or json.")
    var format: OutputFormat = .text

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        for (name, value) in [("--from", from), ("--to", to)] {
            if let value, Day(value) == nil { throw ValidationError("\(name) must be a date like 2026-08-22.") }
        }
        if let from = from.flatMap(Day.init), let to = to.flatMap(Day.init), from > to {
            throw ValidationError("--from is after --to.")
        }
        guard (5...400).contains(width) else { throw ValidationError("--width must be 5 to 400.") }
    }

    func run() async throws {
        try await database.judgingActivity { try await answer() }
    }

    private func answer() async throws {
        let name: RepositoryName
        do {
            name = try RepositoryName(parsing: repository)
        } catch {
            throw CommandFailure("'\(repository)' is not owner/name: \(error)")
        }
        let (first, last) = (from.flatMap(Day.init), to.flatMap(Day.init))
        let found = try await database.withCatalog { store -> (Repository, [StarSnapshot])? in
            let current = try await store.currentName(of: name) ?? name
            guard let repository = try await store.repository(named: current) else { return nil }
            let snapshots = try await store.starSnapshots(of: current).within(from: first, to: last)
            return (repository, snapshots)
        }
        guard let (repository, snapshots) = found else { throw CommandFailure("\(name) is not in the catalog.") }
        switch format {
        case .json:
            try printJSON(APISchemas.starHistory(snapshots, of: repository, from: first, to: last, now: Date()))
        case .text:
            guard let oldest = snapshots.first, let newest = snapshots.last else {
                print("\(repository.fullName): no daily star counts in the catalog for these days.")
                return
            }
            print(repository.fullName)
            print(Sparkline.render(snapshots.map(\.stars), width: width))
            let change = newest.stars - oldest.stars
            print(
                "\(oldest.day) ★ \(Number.grouped(oldest.stars)) → \(newest.day) ★ \(Number.grouped(newest.stars)) "
                    + "(\(change >= 0 ? "+" : "")\(Number.grouped(change)), \(snapshots.count) days)")
            if let note = CountsFreshness.note(for: newest.day, now: Date()) { print("\(note).") }
        }
    }
}
