import APISchemas
import ArgumentParser
import Foundation
import RepoFinderCore
import Storage

/// `repofinder trending`: the repositories that gained the most stars over a day, a week or a month.
struct TrendingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trending",
        abstract: "Repositories that gained the most stars, from the daily star snapshots.",
        discussion: "Only repositories with a snapshot at both ends of the window are compared; gains are exact."
    )

    @Option(help: "Only this language, for example Swift.")
    var language: String?

    @Option(help: "daily (1 day), weekly (7 days) or monthly (30 days).")
    var since: TrendingWindow = .standard

    @Option(name: .customLong("as-of"), help: "The window's last day, YYYY-MM-DD (default: the latest snapshot).")
    var asOf: String?

    @Option(help: "How many, 1 to 100.")
    var limit = 25

    @Option(help: "Unusual bursts of stars: hidden (left out, the default), shown (marked) or only.")
    var bursts: BurstFilter = .hidden

    @Option(help: "text or json.")
    var format: OutputFormat = .text

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        guard (1...TrendingQuery.maximumLimit).contains(limit) else {
            throw ValidationError("--limit must be 1 to 100.")
        }
        if let asOf, Day(asOf) == nil {
            throw ValidationError("--as-of must be a date like 2026-08-22, not '\(asOf)'.")
        }
    }

    func run() async throws {
        let query = TrendingQuery(
            language: language, window: since, asOf: asOf.flatMap(Day.init), limit: limit, bursts: bursts)
        let list = try await database.withCatalog { try await $0.trending(query) }
        switch format {
        case .json:
            try printJSON(
                APISchemas.trendingPage(
                    list, window: since, language: language, bursts: bursts,
                    page: PageRequest(page: 1, perPage: limit), now: Date()))
        case .text:
            printText(list)
        }
    }

    private func printText(_ list: TrendingList) {
        guard let start = list.start, let end = list.end, let coverage = list.coverage else {
            print("No star snapshots yet: import some with repofinder ingest --stars FILE.")
            return
        }
        let subject = language.map { "\($0) repositories" } ?? "Repositories"
        print(terminalSafe("\(subject) trending \(since.rawValue), \(start) → \(end)"))
        if let note = CountsFreshness.note(for: end, now: Date()) { print("\(note).") }
        if bursts == .hidden { print("Unusual bursts of stars are left out (--bursts shown lists them, marked).") }
        guard !list.entries.isEmpty else {
            print(
                "Nothing gained stars in this window. Snapshots cover \(coverage.lowerBound) .. \(coverage.upperBound); "
                    + "both \(start) and \(end) need snapshots.")
            return
        }
        let stale = CountsFreshness.isStale(end, now: Date())
        let period =
            stale
            ? "by \(end.spoken)" : ["daily": "today", "weekly": "this week", "monthly": "this month"][since.rawValue]!
        let width = list.entries.map(\.repository.fullName.count).max() ?? 0
        for entry in list.entries {
            let name = entry.repository.fullName.padding(toLength: width, withPad: " ", startingAt: 0)
            let language = SafeText.clean(entry.repository.language ?? "—", layout: .line).padding(
                toLength: 16, withPad: " ", startingAt: 0)
            print(
                terminalSafe(
                    String(entry.rank).leftPadded(to: 3) + "  \(name)  \(language)"
                        + "★ \(Number.grouped(entry.stars))".leftPadded(to: 10)
                        + "  +\(Number.grouped(entry.starsGained)) stars \(period)"
                        + (entry.burst.map { "  burst: \($0.note)" } ?? "")))
        }
    }
}
