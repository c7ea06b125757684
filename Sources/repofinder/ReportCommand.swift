import ArgumentParser
import Dashboards
import Foundation
import RepoFinderCore
import Storage

/// `repofinder report`: the operator report (daily active people, swipes, onboarding, retention, searches that found
/// nothing, conversions, Ask, the deck running out) from the database's analytics events.
struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report", abstract: "How the product does: the operator report over the last days.",
        discussion: "The same figures as GET /v1/admin/report and the /admin page.")

    @Option(help: "How far back, in days: 30d (at most 400d).")
    var since = "30d"

    @Option(help: "text or json.")
    var format: OutputFormat = .text

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        guard Self.days(since) != nil else { throw ValidationError("--since must be 1d to 400d, such as 30d.") }
    }

    func run() async throws {
        let through = Day(containing: Date())
        let from = through.adding(days: 1 - Self.days(since)!)
        let report = try await database.withStore { store in
            OperatorReport(
                tallies: try await store.analyticsTallies(from: from, through: through), from: from, through: through)
        }
        switch format {
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
        case .text:
            for line in ReportText.lines(report) { print(line) }
        }
    }

    static func days(_ text: String) -> Int? {
        guard text.hasSuffix("d"), let days = Int(text.dropLast()), (1...400).contains(days) else { return nil }
        return days
    }
}

/// The report as lines for a terminal.
enum ReportText {
    static func lines(_ report: OperatorReport) -> [String] {
        func share(_ share: OperatorReport.Share) -> String {
            let rate = share.rate.map { String(format: "%.1f%%", $0 * 100) } ?? "–"
            return "\(rate) (\(Number.grouped(share.count)) of \(Number.grouped(share.of)))"
        }
        let averageActive =
            report.dailyActive.isEmpty
            ? 0 : Double(report.activePersonDays) / Double(report.dailyActive.count)
        var lines = [
            "RepoFinder, \(report.from) to \(report.through)",
            "  people active          \(Number.grouped(report.people)) (\(String(format: "%.1f", averageActive)) a day)",
            "  swipes                 \(Number.grouped(report.swipes))"
                + (report.swipesPerPersonDay.map { String(format: " (%.1f per person a day)", $0) } ?? ""),
            "  like rate              \(share(report.likeRate))",
            "  save rate              \(share(report.saveRate))",
            "  onboarding finished    \(share(report.onboardingCompletion))",
            "  searches               \(Number.grouped(report.searches)), nothing found \(share(report.zeroResultRate))",
            "  star imports finished  \(share(report.importConversion))",
            "  GitHub sign-ins        \(share(report.signInConversion))",
            "  Ask                    \(Number.grouped(report.askQuestions)) questions by "
                + "\(Number.grouped(report.askPeople)) people, \(Number.grouped(report.askQuotaHits)) over quota",
            "  deck ran out           \(share(report.deckExhaustion))",
            "",
            "  " + "onboarding step".padding(toLength: 16, withPad: " ", startingAt: 0)
                + ["seen", "finished", "skipped", "left here"].map { $0.leftPadded(to: 10) }.joined(),
        ]
        for step in report.onboardingSteps {
            lines.append(
                "  " + step.step.padding(toLength: 16, withPad: " ", startingAt: 0)
                    + [step.seen, step.finished, step.skipped, step.droppedOff].map {
                        Number.grouped($0).leftPadded(to: 10)
                    }.joined())
        }
        lines += [
            "",
            "  " + "cohort (week of)".padding(toLength: 16, withPad: " ", startingAt: 0)
                + ["people", "day 1", "day 7", "day 30"].map { $0.leftPadded(to: 10) }.joined(),
        ]
        for cohort in report.retention {
            let rates = [cohort.day1, cohort.day7, cohort.day30].map { share in
                (share.rate.map { String(format: "%.0f%%", $0 * 100) } ?? "–").leftPadded(to: 10)
            }
            lines.append(
                "  " + cohort.week.padding(toLength: 16, withPad: " ", startingAt: 0)
                    + Number.grouped(cohort.people).leftPadded(to: 10) + rates.joined())
        }
        if !report.topZeroResultQueries.isEmpty {
            lines += ["", "  searches that found nothing"]
            lines += report.topZeroResultQueries.map { "  \(String($0.count).leftPadded(to: 6))  \($0.query)" }
        }
        return lines
    }
}
