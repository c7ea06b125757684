import Foundation
import Localization
import RepoFinderCore

/// Compare's page: one column per repository, one row per fact with the better value marked, each one's reason, and
/// the star histories in one chart, worded in the page's language.
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
        /// "Remove owner/name from the comparison" (the remove link's label).
        let removeLabel: String
    }

    /// One cell: the value worded, whether it is the best, and for topics the list (shared ones marked).
    struct Cell: Sendable {
        let text: String
        let best: Bool
        let topics: [Topic]?
        let health: String?
        /// The value is the repository's own (its language, its license): the page marks it not for translating.
        let verbatim: Bool
        /// Only what the language's formatters wrote (a month, a relative time): marked so on the page.
        var formatted = false
    }

    struct Topic: Sendable {
        let name: String
        let shared: Bool
    }

    struct Row: Sendable {
        let fact: String
        let title: String
        let cells: [Cell]
        /// What the best mark means on this row ("Best here: the most"), for its title and for screen readers; nil
        /// where nothing is marked.
        let bestMeans: String?
    }

    let columns: [Column]
    let rows: [Row]
    let chart: CompareChart?
    let deepLink: String
    /// `owner/a,owner/b` (for the page's script).
    let repos: String

    init(_ comparison: Comparison, now: Date, words: Words) {
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
                withoutHref: others.count >= CompareRequest.minimum ? Route.compare(others).webPath : nil,
                removeLabel: words.text("page.compare.remove.label", repository.fullName))
        }
        rows = ComparedFact.allCases.filter { !comparison.isUnknownForAll($0, now: now) }.map { fact in
            let cells = comparison.entries.enumerated().map { position, entry -> Cell in
                let repository = entry.repository
                switch fact {
                case .topics:
                    let topics = repository.topics.map { Topic(name: $0, shared: comparison.sharedTopics.contains($0)) }
                    return Cell(
                        text: topics.isEmpty ? Self.unknown : "", best: false, topics: topics.isEmpty ? nil : topics,
                        health: nil, verbatim: false)
                default:
                    let text = Self.text(fact, of: entry, now: now, words: words)
                    return Cell(
                        text: text, best: comparison.isBest(position, fact), topics: nil,
                        health: fact == .health ? ActivityFacts(repository, now: now).health?.level.rawValue : nil,
                        verbatim: (fact == .language || fact == .license) && text != Self.unknown,
                        formatted: fact == .age || fact == .lastPush)
                }
            }
            return Row(
                fact: fact.rawValue, title: Self.title(fact, words: words), cells: cells,
                bestMeans: Self.bestMeans(fact, words: words))
        }
        chart = CompareChart(comparison.entries, words: words)
    }

    /// The cell of a fact nobody knows.
    static let unknown = "—"

    /// A row's label in the page's language.
    static func title(_ fact: ComparedFact, words: Words) -> String {
        switch fact {
        case .stars: words.text("page.fact.stars")
        case .gained7: words.text("page.fact.gained7")
        case .gained30: words.text("page.fact.gained30")
        case .forks: words.text("page.fact.forks")
        case .openIssues: words.text("page.fact.open-issues")
        case .issuesPerStar: words.text("page.fact.issues-per-star")
        case .lastPush: words.text("page.fact.last-push")
        case .health: words.text("page.fact.health")
        case .age: words.text("page.fact.created")
        case .license: words.text("page.fact.license")
        case .language: words.text("page.fact.language")
        case .topics: words.text("page.fact.topics")
        case .likedHere: words.text("page.fact.liked-here")
        }
    }

    /// One repository's value of `fact` (not topics) in the page's language: numbers grouped, days and times in its
    /// words, "—" where it is unknown.
    static func text(_ fact: ComparedFact, of entry: ComparedRepository, now: Date, words: Words) -> String {
        let repository = entry.repository
        func signed(_ value: Int?) -> String { value.map { ($0 > 0 ? "+" : "") + words.number($0) } ?? unknown }
        switch fact {
        case .stars:
            let stars = words.number(repository.stars)
            guard let note = CountsFreshness.countLabel(checkedAt: repository.checkedAt, now: now, words: words) else {
                return stars
            }
            return words.text("page.compare.stars.note", stars, note)
        case .gained7: return signed(entry.gained7)
        case .gained30: return signed(entry.gained30)
        case .forks: return repository.forks.map(words.number) ?? unknown
        case .openIssues: return repository.openIssues.map(words.number) ?? unknown
        case .issuesPerStar: return entry.issuesPerStar.map { decimal($0, digits: 3, words: words) } ?? unknown
        case .lastPush:
            guard let pushedAt = repository.pushedAt else { return unknown }
            let activity = ActivityFacts(repository, now: now)
            let ago = words.relative(min(pushedAt, activity.moment), now: activity.moment)
            return activity.asOfDay.map { words.text("facts.activity.as-of", ago, $0.spoken(words)) } ?? ago
        case .health: return ActivityFacts(repository, now: now).health?.level.title(words) ?? unknown
        case .age: return repository.createdAt.map { Day(containing: $0).monthAndYear(words) } ?? unknown
        case .license: return repository.license.map { $0.spdxID ?? $0.name } ?? unknown
        case .language: return repository.language ?? unknown
        case .topics: return repository.topics.isEmpty ? unknown : words.list(repository.topics)
        case .likedHere:
            return entry.likedHere == 0 ? words.text("page.compare.liked.nobody") : words.number(entry.likedHere)
        }
    }

    /// What the mark means on a row ("Best here: the most"), nil where nothing is marked.
    static func bestMeans(_ fact: ComparedFact, words: Words) -> String? {
        switch fact {
        case .stars, .forks, .likedHere, .gained7, .gained30: words.text("page.compare.best.most")
        case .issuesPerStar: words.text("page.compare.best.fewest-per-star")
        case .lastPush: words.text("page.compare.best.most-recent")
        case .health: words.text("page.compare.best.healthiest")
        case .openIssues, .age, .license, .language, .topics: nil
        }
    }

    /// A non-negative number with `digits` decimals in the page's language: 0.0123 → "0.012" (German "0,012"). The
    /// whole part is grouped; the decimal separator is the catalogue's.
    static func decimal(_ value: Double, digits: Int, words: Words) -> String {
        guard digits > 0 else { return words.number(Int(value.rounded())) }
        let scale = (0..<digits).reduce(1) { product, _ in product * 10 }
        let scaled = Int((abs(value) * Double(scale)).rounded())
        let fraction = String(scaled % scale)
        return words.text(
            "page.compare.decimal", words.number(scaled / scale),
            String(repeating: "0", count: digits - fraction.count) + fraction)
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
    init?(_ entries: [ComparedRepository], words: Words) {
        let series = entries.enumerated().compactMap { position, entry -> (Int, String, [StarSnapshot])? in
            entry.history.count >= 2 ? (position, entry.repository.fullName, entry.history) : nil
        }
        guard !series.isEmpty else { return nil }
        let days = series.flatMap { $0.2.map(\.day) }
        let (firstDay, lastDay) = (days.min()!, days.max()!)
        let span = max(1, Double(lastDay.daysSinceEpoch - firstDay.daysSinceEpoch))
        let (width, height, right, top, bottom) = (StarChart.width, StarChart.height, 12.0, 12.0, 28.0)
        let scales = ["absolute", "relative"].map { scale in
            let values: [[Double]] = series.map { _, _, history in
                let base = Double(max(history.first!.stars, 1))
                return history.map { scale == "absolute" ? Double($0.stars) : (Double($0.stars) / base - 1) * 100 }
            }
            let all = values.flatMap { $0 }
            let (low, high) = (all.min()!, all.max()!)
            let ticks = high > low ? [low, (low + high) / 2, high] : [low]
            let labels =
                scale == "absolute"
                ? StarChart.labels(ticks.map { Int($0.rounded()) }, words: words)
                : ticks.map { Self.percent($0 / 100, words: words) }
            return (scale: scale, values: values, low: low, high: high, ticks: Array(zip(ticks, labels)))
        }
        let left = max(88, StarChart.margin(for: scales.flatMap { $0.ticks.map(\.1) }))
        func x(_ day: Day) -> Double {
            left + Double(day.daysSinceEpoch - firstDay.daysSinceEpoch) / span * (width - left - right)
        }
        legend = series.map { position, name, history in
            let (first, last) = (history.first!, history.last!)
            return Legend(
                position: position, fullName: name,
                summary: words.text(
                    "page.compare.chart.summary", words.number(first.stars), last.stars,
                    Self.percent(Double(last.stars) / Double(max(first.stars, 1)) - 1, words: words)))
        }
        var body = ""
        for (scale, values, low, high, ticks) in scales {
            let range = high - low
            func y(_ value: Double) -> Double {
                range > 0
                    ? (height - bottom) - (value - low) / range * (height - bottom - top) : (top + height - bottom) / 2
            }
            body += "<g class=\"series \(scale)\">"
            for (tick, label) in ticks {
                let position = StarChart.format(y(tick))
                body +=
                    "<line class=\"grid\" x1=\"\(StarChart.format(left))\" x2=\"\(width - right)\" "
                    + "y1=\"\(position)\" y2=\"\(position)\"/><text class=\"tick\" x=\"\(StarChart.format(left - 6))\" "
                    + "y=\"\(position)\" text-anchor=\"end\" dominant-baseline=\"middle\">"
                    + "\(StarChart.escaped(label))</text>"
            }
            for ((position, name, history), points) in zip(series, values) {
                let path = zip(history, points).enumerated().map { index, pair in
                    "\(index == 0 ? "M" : "L")\(StarChart.format(x(pair.0.day))) \(StarChart.format(y(pair.1)))"
                }.joined(separator: " ")
                body +=
                    "<path class=\"line line-\(position)\" d=\"\(path)\" translate=\"no\">"
                    + "<title>\(StarChart.escaped(name))</title></path>"
            }
            body += "</g>"
        }
        let baseline = StarChart.format(height - bottom + 18)
        let (from, to) = (firstDay.spoken(words), lastDay.spoken(words))
        body +=
            "<text class=\"tick\" data-formatted=\"\" x=\"\(StarChart.format(left))\" y=\"\(baseline)\">"
            + "\(StarChart.escaped(from))</text>"
            + "<text class=\"tick\" data-formatted=\"\" x=\"\(width - right)\" y=\"\(baseline)\" text-anchor=\"end\">"
            + "\(StarChart.escaped(to))</text>"
        let label = words.text(
            "page.compare.chart.label", from, to, legend.map { "\($0.fullName) \($0.summary)" }.joined(separator: "; "))
        svg =
            "<svg class=\"star-chart compare-chart\" viewBox=\"0 0 \(StarChart.format(width)) "
            + "\(StarChart.format(height))\" role=\"img\" aria-label=\"\(StarChart.escaped(label))\" "
            + "preserveAspectRatio=\"xMidYMid meet\">" + body + "</svg>"
    }

    /// A change as a signed percent in the page's language: 0.123 → "+12%", 0.045 → "+4.5%" (German "+4,5 %"); one
    /// decimal below 10%.
    static func percent(_ fraction: Double, words: Words) -> String {
        let value = fraction * 100
        let magnitude = ComparisonView.decimal(abs(value), digits: abs(value) >= 10 ? 0 : 1, words: words)
        return (value > 0 ? "+" : value < 0 ? "−" : "") + words.text("page.compare.percent", magnitude)
    }
}
