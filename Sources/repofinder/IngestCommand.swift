import ArgumentParser
import Catalog
import Foundation
import RepoFinderCore
import Storage

/// `repofinder ingest FILE`: imports GitHub repository JSON lines, or star snapshots with `--stars`.
struct IngestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ingest",
        abstract: "Import repositories (GitHub REST JSON, one object a line) or star snapshots (--stars, CSV).",
        discussion: """
            Files may be plain or gzip-compressed. Importing the same file again changes nothing. Bad lines are \
            reported with their line numbers and skipped; the exit status is 1 if any line was rejected.
            """
    )

    @Argument(help: "The file to import.", completion: .file())
    var file: String

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
    }

    func run() async throws {
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
