import ArgumentParser
import Catalog
import Foundation
import RepoFinderCore
import Storage

/// `repofinder ingest FILE`: imports GitHub repository JSON lines, star snapshots with `--stars`, or a folder of
/// curated lists with `--lists`.
struct IngestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ingest",
        abstract: """
            Import repositories (GitHub REST JSON, one object a line), star snapshots (--stars, CSV) or curated \
            lists (--lists FOLDER).
            """,
        discussion: """
            Files may be plain or gzip-compressed. Importing the same file again changes nothing. Bad lines are \
            reported with their line numbers and skipped; the exit status is 1 if any line was rejected. With \
            --lists, FILE is a folder laid out like shared/data/awesome: a lists.tsv index (repo, file and copy \
            columns) and the lists' Markdown files; each list's placements replace what was stored for it.
            """
    )

    @Argument(help: "The file to import (a folder with --lists).", completion: .file())
    var file: String

    @Flag(help: "FILE is a folder of curated lists (lists.tsv and the lists' Markdown), read without GitHub.")
    var lists = false

    @Flag(help: "The file holds star snapshots: date,full_name,stargazers_count,forks_count.")
    var stars = false

    @Flag(help: "No progress bar.")
    var quiet = false

    @Option(help: "Rows per transaction (default: 1,000 repositories or 20,000 snapshots).")
    var batchSize: Int?

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        guard (1...100_000).contains(batchSize ?? 1) else {
            throw ValidationError("--batch-size must be 1 to 100,000.")
        }
        guard !(lists && stars) else { throw ValidationError("--lists and --stars cannot be combined.") }
    }

    func run() async throws {
        if lists { return try await importLists() }
        let location = try database.location()
        let progressBar = ProgressBar(enabled: !quiet && ProgressBar.isTerminal)
        let summary = try await database.withStore { store in
            let importer = CatalogImporter(store: store, batchSize: batchSize)
            let onEvent: (CatalogImporter.Event) -> Void = { event in
                switch event {
                case .progress(let progress): progressBar.show(progress)
                case .rejected(let rejection): progressBar.printAbove(terminalSafe("rejected \(rejection)"))
                }
            }
            do {
                return stars
                    ? try await importer.importStarSnapshots(from: file, onEvent: onEvent)
                    : try await importer.importRepositories(from: file, onEvent: onEvent)
            } catch let error as CatalogImportError {
                progressBar.finish()
                throw CommandFailure(error.description)
            }
        }
        progressBar.finish()
        let what = stars ? "star snapshots" : "repositories"
        let seconds = summary.elapsed.secondsDouble
        print(
            "Imported \(what) from \(file) into \(location) in \(String(format: "%.2f", seconds)) s "
                + "(\(Number.grouped(Int(summary.linesPerSecond.rounded()))) rows/s)")
        let rows: [(String, Int)] = [
            ("read", summary.read), ("inserted", summary.counts.inserted), ("updated", summary.counts.updated),
            ("unchanged", summary.counts.unchanged), ("rejected", summary.rejectedCount),
        ]
        let width = rows.map { Number.grouped($0.1).count }.max() ?? 1
        for (label, value) in rows {
            print(
                "  " + label.padding(toLength: 11, withPad: " ", startingAt: 0)
                    + Number.grouped(value).leftPadded(to: width))
        }
        if summary.rejectedCount > 0 {
            let shown = summary.rejectedCount > ImportSummary.maximumKeptRejections ? " (reported above)" : ""
            printError("\(Number.grouped(summary.rejectedCount)) line(s) rejected\(shown); the rest was imported.")
            throw ExitCode(1)
        }
    }
}

extension IngestCommand {
    /// `--lists`: every list of the folder read and stored, a line each.
    func importLists() async throws {
        let location = try database.location()
        let started = ContinuousClock.now
        let loaded = try await database.withStore { store in
            do {
                return try await CuratedListFolder(URL(fileURLWithPath: file)).load(into: store) { one in
                    if !quiet {
                        let links = one.reading.links
                        print(
                            terminalSafe(
                                "  \(one.list.id): \(Number.grouped(one.reading.placements.count)) placements "
                                    + "(\(Number.grouped(links.placed)) of \(Number.grouped(links.total)) GitHub links)"
                            ))
                    }
                }
            } catch let problem as CuratedListFolder.Problem {
                throw CommandFailure(problem.description)
            }
        }
        let placements = loaded.reduce(0) { $0 + $1.reading.placements.count }
        var placed: [String: RepositoryName] = [:]
        for one in loaded {
            for placement in one.reading.placements { placed[placement.repository.key] = placement.repository }
        }
        let names = Array(placed.values)
        let missing = try await database.withStore { try await $0.missingRepositories(names) }
        let seconds = (ContinuousClock.now - started).secondsDouble
        print(
            "Imported \(loaded.count) curated lists from \(file) into \(location) in "
                + "\(String(format: "%.2f", seconds)) s: \(Number.grouped(placements)) placements of "
                + "\(Number.grouped(names.count)) repositories, \(Number.grouped(names.count - missing.count)) of "
                + "them in the catalog")
    }
}
