import Foundation
import RepoFinderCore

/// Compare's page: one column per repository, one row per fact with the better value marked, each one's reason, and
/// the star histories in one chart.
struct ComparisonView: Sendable {
    /// One repository's column head.
    struct Column: Sendable {
        let position: Int
        let fullName: String
        let owner: String
        let name: String
        let initial: String
        let avatar: String
        let href: String
        let reason: String
        /// The comparison without this one (only when at least two would remain).
        let withoutHref: String?
    }

    /// One cell: the value worded, whether it is the best, and for topics the list (shared ones marked).
    struct Cell: Sendable {
        let text: String
        let best: Bool
        let topics: [Topic]?
        let health: String?
    }

    struct Topic: Sendable {
        let name: String
        let shared: Bool
    }

    struct Row: Sendable {
        let fact: String
        let title: String
        let cells: [Cell]
        /// What "best" means on this row, for the mark's title.
        let bestMeans: String?
    }

    let columns: [Column]
    let rows: [Row]
    let chart: CompareChart?
    let deepLink: String
    /// `owner/a,owner/b` (for the page's script).
    let repos: String

    init(_ comparison: Comparison, now: Date) {
        let names = comparison.entries.map(\.repository.repositoryName)
        repos = CompareRequest.text(names)
        deepLink = Route.compare(names).deepLink
        columns = comparison.entries.enumerated().map { position, entry in
            let repository = entry.repository
            let others = names.enumerated().filter { $0.offset != position }.map(\.element)
            return Column(
                position: position, fullName: repository.fullName, owner: repository.owner.login,
                name: repository.name, initial: String(repository.owner.login.prefix(1)).uppercased(),
                avatar: repository.owner.displayAvatarAddress + (repository.owner.avatarURL == nil ? "?s=96" : ""),
                href: Route.repository(repository.repositoryName).webPath, reason: comparison.reasons[position],
                withoutHref: others.count >= CompareRequest.minimum ? Route.compare(others).webPath : nil)
        }
        rows = ComparedFact.allCases.map { fact in
            let cells = comparison.entries.enumerated().map { position, entry -> Cell in
                let repository = entry.repository
                switch fact {
                case .topics:
                    let topics = repository.topics.map { Topic(name: $0, shared: comparison.sharedTopics.contains($0)) }
                    return Cell(
                        text: topics.isEmpty ? "—" : "", best: false, topics: topics.isEmpty ? nil : topics, health: nil
                    )
                default:
                    return Cell(
                        text: comparison.text(of: fact, at: position, now: now),
                        best: comparison.isBest(position, fact), topics: nil,
                        health: fact == .health ? ActivityFacts(repository, now: now).health?.level.rawValue : nil)
                }
            }
            return Row(fact: fact.rawValue, title: fact.title, cells: cells, bestMeans: Self.bestMeans(fact))
        }
        chart = CompareChart(comparison.entries)
    }

    /// What the mark means on a row ("the most", "the fewest per star"), nil where nothing is marked.
    static func bestMeans(_ fact: ComparedFact) -> String? {
        switch fact {
        case .stars, .forks, .likedHere, .gained7, .gained30: "the most"
        case .issuesPerStar: "the fewest per star"
        case .lastPush: "the most recent"
        case .health: "the healthiest"
        case .openIssues, .age, .license, .language, .topics: nil
        }
    }
}

/// The star histories of the compared repositories in one SVG, drawn by the server: absolute counts, and relative
/// change (percent since each one's first day shown); the page shows one at a time.
struct CompareChart: Sendable {
    /// One line's legend entry.
    struct Legend: Sendable {
        let position: Int
        let fullName: String
        let summary: String
    }

    let svg: String
    let legend: [Legend]

    /// Nil when no repository has two days of counts.
    init?(_ entries: [ComparedRepository]) {
        let series = entries.enumerated().compactMap { position, entry -> (Int, String, [StarSnapshot])? in
            entry.history.count >= 2 ? (position, entry.repository.fullName, entry.history) : nil
        }
        guard !series.isEmpty else { return nil }
        let days = series.flatMap { $0.2.map(\.day) }
        let (firstDay, lastDay) = (days.min()!, days.max()!)
        let span = max(1, Double(lastDay.daysSinceEpoch - firstDay.daysSinceEpoch))
        let (width, height, left, right, top, bottom) = (StarChart.width, StarChart.height, 88.0, 12.0, 12.0, 28.0)
        func x(_ day: Day) -> Double {
            left + Double(day.daysSinceEpoch - firstDay.daysSinceEpoch) / span * (width - left - right)
        }
        legend = series.map { position, name, history in
            let (first, last) = (history.first!, history.last!)
            return Legend(
                position: position, fullName: name,
                summary: "\(Number.grouped(first.stars)) → \(Number.grouped(last.stars)) stars, "
                    + Self.percent(Double(last.stars) / Double(max(first.stars, 1)) - 1))
        }
        var body = ""
        for scale in ["absolute", "relative"] {
            let values: [[Double]] = series.map { _, _, history in
                let base = Double(max(history.first!.stars, 1))
                return history.map { scale == "absolute" ? Double($0.stars) : (Double($0.stars) / base - 1) * 100 }
            }
            let all = values.flatMap { $0 }
            let (low, high) = (all.min()!, all.max()!)
            let range = high - low
            func y(_ value: Double) -> Double {
                range > 0
                    ? (height - bottom) - (value - low) / range * (height - bottom - top) : (top + height - bottom) / 2
            }
            body += "<g class=\"series \(scale)\">"
            for tick in range > 0 ? [low, (low + high) / 2, high] : [low] {
                let position = StarChart.format(y(tick))
                let label = scale == "absolute" ? StarChart.short(Int(tick.rounded())) : Self.percent(tick / 100)
                body +=
                    "<line class=\"grid\" x1=\"\(left)\" x2=\"\(width - right)\" y1=\"\(position)\" y2=\"\(position)\"/>"
                    + "<text class=\"tick\" x=\"\(left - 6)\" y=\"\(position)\" text-anchor=\"end\" "
                    + "dominant-baseline=\"middle\">\(label)</text>"
            }
            for ((position, name, history), points) in zip(series, values) {
                let path = zip(history, points).enumerated().map { index, pair in
                    "\(index == 0 ? "M" : "L")\(StarChart.format(x(pair.0.day))) \(StarChart.format(y(pair.1)))"
                }.joined(separator: " ")
                body += "<path class=\"line line-\(position)\" d=\"\(path)\"><title>\(name)</title></path>"
            }
            body += "</g>"
        }
        let baseline = StarChart.format(height - bottom + 18)
        body +=
            "<text class=\"tick\" x=\"\(left)\" y=\"\(baseline)\">\(firstDay.spoken)</text>"
            + "<text class=\"tick\" x=\"\(width - right)\" y=\"\(baseline)\" text-anchor=\"end\">\(lastDay.spoken)</text>"
        svg =
            "<svg class=\"star-chart compare-chart\" viewBox=\"0 0 \(StarChart.format(width)) "
            + "\(StarChart.format(height))\" role=\"img\" aria-label=\"Stars per day, \(firstDay.spoken) to "
            + "\(lastDay.spoken): \(legend.map { "\($0.fullName) \($0.summary)" }.joined(separator: "; "))\" "
            + "preserveAspectRatio=\"xMidYMid meet\">" + body + "</svg>"
    }

    /// 0.123 → "+12.3%".
    static func percent(_ fraction: Double) -> String {
        let value = fraction * 100
        let digits = abs(value) >= 10 ? "%.0f" : "%.1f"
        return (value > 0 ? "+" : value < 0 ? "−" : "") + String(format: digits, abs(value)) + "%"
    }
}
