public import Foundation
public import Localization

// The repository facts every face shows (health, how fresh the counts are, when it was last pushed), worded in a
// person's language from the `Facts` String Catalog; numbers, days and relative times by the language's formatters.

extension Day {
    /// Noon UTC of the day (formatted in UTC, it is that day everywhere).
    public var noon: Date { Date(timeIntervalSince1970: Double(daysSinceEpoch) * 86_400 + 43_200) }

    /// "Aug 22, 2026", "22 ago 2026", "2026年8月22日".
    public func spoken(_ words: Words) -> String { words.date(noon) }

    /// "Aug 2026", "2026年8月".
    public func monthAndYear(_ words: Words) -> String { words.monthAndYear(noon) }
}

extension RepositoryHealth.Level {
    /// "Active", "Activo", "Aktiv", "活発".
    public func title(_ words: Words) -> String { words.text("facts.health.\(rawValue)") }
}

extension RepositoryHealth {
    /// "Quiet — pushed 3 months ago, 40 open issues for 100 stars" in `words`' language.
    public func summary(openIssues: Int?, stars: Int, now: Date, words: Words) -> String {
        var detail: [String] = []
        if archived {
            detail.append(words.text("facts.health.archived"))
        } else if let daysSincePush {
            let ago =
                daysSincePush == 0
                ? words.text("facts.ago.today")
                : words.relative(now.addingTimeInterval(-86_400 * Double(daysSincePush)), now: now)
            detail.append(words.text("facts.health.pushed", ago))
        }
        if heavyBacklog, let openIssues {
            detail.append(words.text("facts.health.backlog", words.number(openIssues), words.number(stars)))
        }
        guard !detail.isEmpty else { return level.title(words) }
        return words.text("facts.health.summary", level.title(words), words.list(detail))
    }
}

extension CountsFreshness {
    /// "Numbers from Aug 22, 2026" when numbers from `day` are stale at `now`; nil while they are fresh.
    public static func note(for day: Day, now: Date, words: Words) -> String? {
        isStale(day, now: now) ? words.text("facts.counts.numbers-from", day.spoken(words)) : nil
    }

    /// "as of Aug 22, 2026" beside a stale star count, "count not checked on GitHub" when GitHub never confirmed it; nil when fresh.
    public static func countLabel(checkedAt: Date?, now: Date, words: Words) -> String? {
        guard let checkedAt else { return words.text("facts.counts.undated") }
        let day = Day(containing: checkedAt)
        return isStale(day, now: now) ? words.text("facts.counts.as-of", day.spoken(words)) : nil
    }
}

extension ActivityFacts {
    /// The facts worded in `words`' language: when it was last pushed ("3 days ago", or "…, as of Aug 22, 2026" on a
    /// stale catalog) and its health in a sentence.
    public struct Worded: Sendable {
        public var lastUpdated: String?
        public var healthTitle: String?
        public var healthSummary: String?
    }

    /// These facts of `repository` in `words`' language.
    public func worded(_ repository: Repository, words: Words) -> Worded {
        let asOf = asOfDay
        func stamped(_ text: String) -> String {
            asOf.map { words.text("facts.activity.as-of", text, $0.spoken(words)) } ?? text
        }
        let updated = (repository.pushedAt ?? repository.updatedAt ?? repository.createdAt).map {
            stamped(words.relative(min($0, moment), now: moment))
        }
        return Worded(
            lastUpdated: updated, healthTitle: health?.level.title(words),
            healthSummary: health.map {
                stamped(
                    $0.summary(openIssues: repository.openIssues, stars: repository.stars, now: moment, words: words))
            })
    }
}

extension ActivityFacts {
    /// When it was last pushed, how fresh its counts are and its health in a sentence, in the request's language
    /// (``Localization/Language/current``): English as it has always been worded, other languages from the catalogue.
    public func inCurrentLanguage(_ repository: Repository, now: Date) -> (
        lastUpdated: String?, countsNote: String?, healthSummary: String?
    ) {
        let language = Language.current
        guard language != .english else {
            return (lastUpdated, CountsFreshness.countLabel(checkedAt: repository.checkedAt, now: now), healthSummary)
        }
        let words = Words(language)
        let worded = worded(repository, words: words)
        return (
            repository.pushedAt == nil ? nil : worded.lastUpdated,
            CountsFreshness.countLabel(checkedAt: repository.checkedAt, now: now, words: words), worded.healthSummary
        )
    }
}
