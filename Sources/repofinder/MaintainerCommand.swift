import ArgumentParser
import Foundation
import RepoFinderClient
import RepoFinderCore

/// `repofinder maintainer`: how the person's repositories fare in discovery, from a running server (signed in with
/// GitHub: `repofinder login`).
struct MaintainerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "maintainer",
        abstract: "How your repositories fare in discovery: times dealt, likes, saves, skips, opens, who liked them.",
        discussion: """
            Lists the catalog's repositories owned by your GitHub login or your organisations; name one (owner/name) \
            for its figures day by day, or --csv for its daily series. Needs `repofinder login` (GitHub) first.
            """)

    @Argument(help: "One of your repositories (owner/name).")
    var repository: String?

    @Option(help: "Days counted back from today: 7, 30 or 90.")
    var window = 30

    @Flag(help: "The repository's daily series as CSV (day,dealt,likes,saves,skips,opens).")
    var csv = false

    @OptionGroup var connection: ServerOptions

    func validate() throws {
        guard MaintainerWindow(rawValue: window) != nil else { throw ValidationError("--window must be 7, 30 or 90.") }
        if let repository, (try? RepositoryName(parsing: repository)) == nil {
            throw ValidationError("'\(repository)' is not a repository name (owner/name).")
        }
        if csv && repository == nil { throw ValidationError("--csv needs a repository (owner/name).") }
    }

    func run() async throws {
        let window = MaintainerWindow(rawValue: window)!
        let name = try repository.map { try RepositoryName(parsing: $0) }
        do {
            try await connection.withClient { client in
                if let name, csv {
                    print(try await client.maintainerDashboardCSV(name, window: window), terminator: "")
                } else if let name {
                    for line in MaintainerText.detail(try await client.maintainerDashboard(name, window: window)) {
                        print(line)
                    }
                } else {
                    for line in MaintainerText.list(try await client.maintainedRepositories(window: window)) {
                        print(line)
                    }
                }
            }
        } catch let failure as ClientFailure {
            printError(failure.needsGitHubSignIn ? "Sign in with GitHub first: repofinder login." : failure.message)
            throw ExitCode.failure
        }
    }
}

/// The maintainer's figures as lines for a terminal.
enum MaintainerText {
    static func rate(_ rate: Double?) -> String { rate.map { String(format: "%.0f%%", $0 * 100) } ?? "–" }

    static func list(_ list: MaintainedRepositories) -> [String] {
        let owners = ([list.login] + list.organisations).joined(separator: ", ")
        guard !list.repositories.isEmpty else {
            return ["No repository of \(owners) is in the catalog."]
        }
        var lines = ["Repositories of \(owners), last \(list.window.days) days:", ""]
        lines.append(
            "  " + "repository".padding(toLength: 40, withPad: " ", startingAt: 0) + "   dealt   likes  like rate")
        for summary in list.repositories {
            lines.append(
                "  " + summary.repository.fullName.padding(toLength: 40, withPad: " ", startingAt: 0)
                    + Number.grouped(summary.counts.dealt).leftPadded(to: 8)
                    + Number.grouped(summary.counts.likes).leftPadded(to: 8)
                    + rate(summary.counts.likeRate)
                    .leftPadded(to: 11))
        }
        return lines
    }

    static func detail(_ detail: MaintainerDetail) -> [String] {
        let totals = detail.totals
        var lines = [
            "\(detail.repository.fullName), \(detail.from) to \(detail.through)",
            "  dealt \(Number.grouped(totals.dealt)) · likes \(Number.grouped(totals.likes)) · saves "
                + "\(Number.grouped(totals.saves)) · skips \(Number.grouped(totals.skips)) · opens "
                + Number.grouped(totals.opens),
            "  like rate \(rate(totals.likeRate)); a typical repository of its area \(rate(detail.clusterLikeRate))",
            "  dealt a day   " + Sparkline.render(detail.days.map(\.counts.dealt), width: detail.days.count),
            "  likes a day   " + Sparkline.render(detail.days.map(\.counts.likes), width: detail.days.count),
        ]
        if !detail.sources.isEmpty {
            lines.append("  where dealt   " + detail.sources.map { "\($0.name) \($0.count)" }.joined(separator: ", "))
        }
        if !detail.reasons.isEmpty {
            lines.append("  reasons shown " + detail.reasons.map { "\($0.name) \($0.count)" }.joined(separator: ", "))
        }
        let likers = detail.likers
        lines.append(
            "  liked by      " + (likers.people.map { "\($0) people" } ?? "fewer than 5 people"))
        for (title, buckets) in [
            ("languages", likers.languages), ("interests", likers.interests), ("experience", likers.experienceLevels),
        ] where !buckets.isEmpty {
            let shown = buckets.map { "\($0.value) \($0.count.map(String.init) ?? "(fewer than 5)")" }
            lines.append(
                "    " + title.padding(toLength: 12, withPad: " ", startingAt: 0) + shown.joined(separator: ", "))
        }
        let ranks = detail.trending.map { "\($0.window.rawValue) \($0.rank.map { "#\($0)" } ?? "–")" }
        lines.append("  trending      " + ranks.joined(separator: ", "))
        if let first = detail.stars.first, let last = detail.stars.last {
            lines.append(
                "  stars         \(Number.grouped(first.stars)) → \(Number.grouped(last.stars)) "
                    + Sparkline.render(detail.stars.map(\.stars), width: min(60, detail.stars.count)))
        }
        return lines
    }
}
