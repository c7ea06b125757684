public import Foundation
import Localization

/// One repository as Compare sees it: the catalog's facts plus what only this server knows (its daily counts and how
/// many people here liked it).
public struct ComparedRepository: Hashable, Sendable {
    /// Days of daily counts a comparison carries (ending on each one's newest count).
    public static let historyDays = 90

    public var repository: Repository
    /// Daily star counts, oldest first (may be empty).
    public var history: [StarSnapshot]
    /// How many people here liked, saved or starred it.
    public var likedHere: Int

    public init(repository: Repository, history: [StarSnapshot], likedHere: Int) {
        self.repository = repository
        self.history = history.sorted { $0.day < $1.day }
        self.likedHere = likedHere
    }

    /// Stars gained in the last 7 days of counts.
    public var gained7: Int? { history.gain(overDays: 7) }
    /// Stars gained in the last 30 days of counts.
    public var gained30: Int? { history.gain(overDays: 30) }
    /// Open issues per star, where both are known.
    public var issuesPerStar: Double? {
        repository.openIssues.flatMap { repository.stars > 0 ? Double($0) / Double(repository.stars) : nil }
    }
}

/// The facts Compare puts side by side, in the order it shows them.
public enum ComparedFact: String, CaseIterable, Hashable, Sendable {
    case stars, gained7, gained30, forks, openIssues, issuesPerStar, lastPush, health, age, license, language, topics
    case likedHere

    /// The row's label.
    public var title: String {
        switch self {
        case .stars: "Stars"
        case .gained7: "Gained in 7 days"
        case .gained30: "Gained in 30 days"
        case .forks: "Forks"
        case .openIssues: "Open issues"
        case .issuesPerStar: "Issues per star"
        case .lastPush: "Last push"
        case .health: "Health"
        case .age: "Created"
        case .license: "License"
        case .language: "Language"
        case .topics: "Topics"
        case .likedHere: "Liked here"
        }
    }
}

/// 2–4 repositories side by side: which one is better on each fact where "better" is clear (more stars, faster
/// growth, more forks, fewer open issues per star, a more recent push, better health, more people here who liked it),
/// the topics two or more share, and one sentence per repository saying why one might choose it over the others —
/// made only from these facts.
public struct Comparison: Sendable {
    public let entries: [ComparedRepository]
    /// Per fact where better is clear, the positions holding the best value; absent when they are all equal or fewer
    /// than two are known (marking everyone says nothing).
    public let best: [ComparedFact: [Int]]
    /// Topics on at least two of them.
    public let sharedTopics: Set<String>
    /// Why one might choose each (same order as `entries`).
    public let reasons: [String]

    public init(_ entries: [ComparedRepository], now: Date) {
        self.entries = entries
        let health = entries.map { ActivityFacts($0.repository, now: now).health }
        var best: [ComparedFact: [Int]] = [:]
        func mark(_ fact: ComparedFact, _ values: [Double?]) {
            let known = values.enumerated().compactMap { position, value in value.map { (position, $0) } }
            guard known.count >= 2, let top = known.map(\.1).max(), known.contains(where: { $0.1 != top }) else {
                return
            }
            best[fact] = known.filter { $0.1 == top }.map(\.0)
        }
        mark(.stars, entries.map { Double($0.repository.stars) })
        mark(.gained7, entries.map { $0.gained7.map(Double.init) })
        mark(.gained30, entries.map { $0.gained30.map(Double.init) })
        mark(.forks, entries.map { $0.repository.forks.map(Double.init) })
        mark(.issuesPerStar, entries.map { $0.issuesPerStar.map { -$0 } })
        // As a person reads it: pushes both "3 months ago" are equally recent, whatever days apart.
        let pushed = entries.map { ActivityFacts($0.repository, now: now).lastUpdated }
        mark(.lastPush, entries.map { $0.repository.pushedAt.map { Double(Day(containing: $0).daysSinceEpoch) } })
        if let top = best[.lastPush]?.first.flatMap({ pushed[$0] }) {
            let tied = pushed.indices.filter { pushed[$0] == top }
            best[.lastPush] = tied.count == pushed.compactMap({ $0 }).count ? nil : tied
        }
        mark(.health, health.map { $0.map { Double(-RepositoryHealth.Level.allCases.firstIndex(of: $0.level)!) } })
        mark(.likedHere, entries.map { Double($0.likedHere) })
        self.best = best

        var topicCount: [String: Int] = [:]
        for entry in entries {
            for topic in Set(entry.repository.topics) { topicCount[topic, default: 0] += 1 }
        }
        sharedTopics = Set(topicCount.filter { $0.value >= 2 }.keys)
        reasons = entries.indices.map { Self.reason(for: $0, entries: entries, best: best, health: health, now: now) }
    }

    /// Whether `position` holds the best value of `fact`.
    public func isBest(_ position: Int, _ fact: ComparedFact) -> Bool { best[fact]?.contains(position) ?? false }

    /// The facts only this one is best at (ties are not distinctions), and what sets it apart otherwise — its own
    /// language, the longest record, the most forks, its license, a topic none of the others has, the newest start —
    /// in order of weight; "Pick it for …" with up to two of them.
    static func reason(
        for position: Int, entries: [ComparedRepository], best: [ComparedFact: [Int]], health: [RepositoryHealth?],
        now: Date, words: Words = Words(Language.current)
    ) -> String {
        let entry = entries[position]
        let repository = entry.repository
        func alone(_ fact: ComparedFact) -> Bool { best[fact] == [position] }
        var points: [String] = []
        if alone(.health), let level = health[position]?.level, level == .active {
            points.append(words.text("facts.compare.only-active"))
        }
        if alone(.stars) { points.append(words.text("facts.compare.most-stars", words.number(repository.stars))) }
        if alone(.gained30), let gain = entry.gained30, gain > 0 {
            points.append(words.text("facts.compare.fastest-month", words.number(gain)))
        } else if alone(.gained7), let gain = entry.gained7, gain > 0 {
            points.append(words.text("facts.compare.fastest-week", words.number(gain)))
        }
        if alone(.likedHere) {
            points.append(words.text("facts.compare.most-liked", words.number(entry.likedHere)))
        }
        if alone(.issuesPerStar), let ratio = entry.issuesPerStar {
            points.append(words.text("facts.compare.lightest-issues", words.decimal(ratio, digits: 3)))
        }
        if alone(.lastPush), repository.pushedAt != nil {
            let said = ActivityFacts(repository, now: now).inCurrentLanguage(repository, now: now).lastUpdated
            points.append(words.text("facts.compare.recent-push", said ?? ""))
        }
        if let language = repository.language,
            entries.filter({ $0.repository.language?.lowercased() == language.lowercased() }).count == 1,
            entries.allSatisfy({ $0.repository.language != nil })
        {
            points.append(words.text("facts.compare.only-language", language))
        }
        let created = entries.map { $0.repository.createdAt }
        if let mine = repository.createdAt, created.allSatisfy({ $0 != nil }) {
            let dates = created.compactMap { $0 }
            if dates.filter({ $0 < mine }).isEmpty, dates.filter({ $0 == mine }).count == 1 {
                points.append(words.text("facts.compare.longest-record", Day(containing: mine).monthAndYear(words)))
            }
        }
        if alone(.forks), let forks = repository.forks {
            points.append(words.text("facts.compare.most-forks", words.number(forks)))
        }
        if let license = repository.license.map({ $0.spdxID ?? $0.name }),
            entries.filter({ ($0.repository.license.map { $0.spdxID ?? $0.name }) == license }).count == 1
        {
            points.append(words.text("facts.compare.license", license))
        }
        // What it is about that the others are not: its first topic none of them has (its language's name aside).
        let othersTopics = Set(
            entries.indices.filter { $0 != position }.flatMap { entries[$0].repository.topics.map { $0.lowercased() } })
        if let topic = repository.topics.first(where: {
            !othersTopics.contains($0.lowercased()) && $0.lowercased() != repository.language?.lowercased()
        }) {
            points.append(words.text("facts.compare.only-topic", topic))
        }
        if let mine = repository.createdAt, created.allSatisfy({ $0 != nil }) {
            let dates = created.compactMap { $0 }
            if dates.filter({ $0 > mine }).isEmpty, dates.filter({ $0 == mine }).count == 1 {
                points.append(words.text("facts.compare.newest", Day(containing: mine).monthAndYear(words)))
            }
        }
        if repository.goneAt != nil { return words.text("facts.compare.gone") }
        if repository.archived { return words.text("facts.compare.archived") }
        switch points.count {
        case 0: return words.text("facts.compare.nothing")
        case 1: return words.text("facts.compare.pick-one", points[0])
        default: return words.text("facts.compare.pick-two", points[0], points[1])
        }
    }
}

extension Comparison {
    /// Whether no repository here has `fact` known (the starter catalog records no license, for one): every face
    /// leaves that row out rather than show a row of "—" (issue 66).
    public func isUnknownForAll(_ fact: ComparedFact, now: Date) -> Bool {
        entries.indices.allSatisfy { text(of: fact, at: $0, now: now) == "—" }
    }

    /// A fact of the repository at `position` worded for a table cell ("115,752", "+997", "3 months ago", "—" when
    /// unknown); topics as a comma-separated list. Every face (web page, command line) words cells the same.
    public func text(of fact: ComparedFact, at position: Int, now: Date) -> String {
        let entry = entries[position]
        let repository = entry.repository
        func signed(_ value: Int?) -> String { value.map { ($0 > 0 ? "+" : "") + Number.grouped($0) } ?? "—" }
        switch fact {
        case .stars:
            return Number.grouped(repository.stars)
                + (CountsFreshness.countLabel(checkedAt: repository.checkedAt, now: now).map { " (\($0))" } ?? "")
        case .gained7: return signed(entry.gained7)
        case .gained30: return signed(entry.gained30)
        case .forks: return repository.forks.map(Number.grouped) ?? "—"
        case .openIssues: return repository.openIssues.map(Number.grouped) ?? "—"
        case .issuesPerStar: return entry.issuesPerStar.map { String(format: "%.3f", $0) } ?? "—"
        case .lastPush: return ActivityFacts(repository, now: now).lastUpdated ?? "—"
        case .health: return ActivityFacts(repository, now: now).health?.level.title ?? "—"
        case .age: return repository.createdAt.map { Day(containing: $0).monthAndYear } ?? "—"
        case .license: return repository.license.map { $0.spdxID ?? $0.name } ?? "—"
        case .language: return repository.language ?? "—"
        case .topics: return repository.topics.isEmpty ? "—" : repository.topics.joined(separator: ", ")
        case .likedHere: return entry.likedHere == 0 ? "nobody yet" : Number.grouped(entry.likedHere)
        }
    }
}
