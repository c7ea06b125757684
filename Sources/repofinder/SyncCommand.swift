import ArgumentParser
import Catalog
import Foundation
import GitHub
import GitHubLive
import RepoFinderCore
import RepoFinderSettings
import Storage

/// `repofinder sync`: grows and refreshes the catalog from GitHub.
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Grow and refresh the catalog from GitHub.",
        discussion: """
            Searches GitHub for the most starred repositories of each language and topic (default: ten popular \
            languages), stores them with their current counts, and records today's star snapshot of each. \
            --refresh N also re-reads the N most starred catalog repositories the searches did not return. \
            Set GITHUB_TOKEN for GitHub's higher limits (30 searches a minute instead of 10). Without a network \
            the sync fails with a clear message and the catalog is not changed.
            """)

    @Option(name: .customLong("language"), help: "A language to search; repeat for more.")
    var languages: [String] = []

    @Option(name: .customLong("topic"), help: "A topic to search; repeat for more.")
    var topics: [String] = []

    @Option(help: "Pages of results per query (1-10).")
    var pages = 1

    @Option(help: "Results per page (1-100).")
    var perPage = 100

    @Option(help: "Only repositories with at least this many stars.")
    var minStars = 50

    @Option(help: "Also refresh this many of the catalog's most starred repositories one by one.")
    var refresh = 0

    @Option(name: .customLong("api-url"), help: ArgumentHelp(Setting.githubAPI.help))
    var apiURL: String?

    @Option(help: ArgumentHelp(Setting.githubTimeoutSeconds.help))
    var timeout: Int?

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        guard (1...10).contains(pages) else { throw ValidationError("--pages must be 1 to 10.") }
        guard (1...100).contains(perPage) else { throw ValidationError("--per-page must be 1 to 100.") }
        guard minStars >= 0, refresh >= 0 else {
            throw ValidationError("--min-stars and --refresh cannot be negative.")
        }
        _ = try validated { () throws(SettingsError) in try settings.github() }
    }

    /// The flags over the environment (`GITHUB_TOKEN`, `GITHUB_API_URL`, `GITHUB_TIMEOUT_SECONDS`).
    private var settings: Settings {
        Settings(flags: [.githubAPI: apiURL, .githubTimeoutSeconds: timeout.map(String.init)].compactMapValues { $0 })
    }

    func run() async throws {
        let configuration = try validated { () throws(SettingsError) in try settings.github() }
        let timeout = Int(configuration.timeout.secondsDouble)
        let plan = SyncPlan(
            languages: languages.isEmpty && topics.isEmpty && refresh == 0 ? SyncPlan.defaultLanguages : languages,
            topics: topics, pagesPerQuery: pages, perPage: perPage, minimumStars: minStars,
            refreshCount: refresh, today: Day(containing: Date()))
        let transport = LiveGitHubTransport(connectTimeout: .seconds(min(timeout, 10)))
        let github = GitHubClient(configuration: configuration, transport: transport)
        let result: Result<SyncReport, any Error>
        do {
            result = .success(
                try await database.withStore { store in
                    try await CatalogSync(store: store, github: github).run(plan) { event in
                        if case .queryFinished(let query) = event { printError(Self.line(query)) }
                    }
                })
        } catch {
            result = .failure(error)
        }
        try? await transport.shutdown()
        let statistics = await github.statistics
        switch result {
        case .success(let report):
            print(Self.summary(report, plan: plan, statistics: statistics))
        case .failure(let failure as SyncFailure):
            let saved =
                failure.catalogUntouched
                ? "The catalog was not changed."
                : "The \(failure.completedQueries) of \(failure.plannedQueries) queries that finished were saved."
            throw CommandFailure("sync failed: \(failure.error). \(saved)")
        case .failure(let error):
            throw error
        }
    }

    private static func line(_ query: SyncReport.Query) -> String {
        "\(query.query): \(Number.grouped(query.fetched)) of \(Number.grouped(query.totalCount)) fetched, "
            + "\(query.counts.inserted) new, \(query.counts.updated) updated, \(query.counts.unchanged) unchanged"
    }

    private static func summary(_ report: SyncReport, plan: SyncPlan, statistics: GitHubClient.Counters) -> String {
        let counts = report.counts
        var lines = [
            "Synced \(Number.grouped(counts.inserted + counts.updated + counts.unchanged)) repositories "
                + "(\(Number.grouped(counts.inserted)) new, \(Number.grouped(counts.updated)) updated, "
                + "\(Number.grouped(counts.unchanged)) unchanged) and \(Number.grouped(report.snapshots)) star "
                + "snapshots for \(plan.today); \(statistics.requests) requests to GitHub "
                + "(\(statistics.notModified) answered 304)."
        ]
        if report.loadedStarterCatalog {
            lines.append("The starter catalog was loaded first (the database was empty).")
        }
        if !report.missing.isEmpty {
            lines.append("Gone from GitHub (kept): " + report.missing.map(\.description).joined(separator: ", "))
        }
        if !report.renamed.isEmpty {
            lines.append(
                "Renamed on GitHub (not updated): "
                    + report.renamed.map(\.description).joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }
}
