public import Foundation
public import Localization

/// How old a catalog's facts are, so that health, recency and "this week" are judged as of the catalog's newest day
/// rather than today when nobody has refreshed it for days: a 96-day-old starter catalog would otherwise call
/// rust-lang/rust "Quiet" and match no repository to the Active filter.
///
/// The catalog's newest day is the newest day on which at least one repository in a thousand (at least one) was
/// pushed: one repository refreshed by hand does not make a stale catalog look fresh.
public struct CatalogAge: Hashable, Sendable {
    /// The newest day the catalog's facts describe, nil for a catalog with no pushes known.
    public let newestDay: Day?

    /// The age of the catalog the current request or command answers from (the server binds it per request), for
    /// every face that judges activity (``ActivityFacts``); nil judges at the moment given.
    @TaskLocal public static var current: CatalogAge?

    /// A catalog whose facts end on `newestDay`.
    public init(newestDay: Day?) {
        self.newestDay = newestDay
    }

    /// The age of a catalog with these last pushes (nil where unknown).
    public init(pushes: some Sequence<Date?>) {
        var perDay: [Day: Int] = [:]
        var total = 0
        for push in pushes {
            total += 1
            if let push { perDay[Day(containing: push), default: 0] += 1 }
        }
        self.init(pushesPerDay: perDay, repositories: total)
    }

    /// The age of a catalog of `total` repositories whose last pushes fall on these days this many times each (what a
    /// store counts without reading every repository).
    public init(pushesPerDay: [Day: Int], repositories total: Int) {
        let needed = max(1, total / 1_000)
        newestDay = pushesPerDay.filter { $0.value >= needed }.keys.max() ?? pushesPerDay.keys.max()
    }

    /// Whether the catalog's newest day is more than ``CountsFreshness/staleAfterDays`` days before `now`.
    public func isStale(now: Date) -> Bool {
        newestDay.map { CountsFreshness.isStale($0, now: now) } ?? false
    }

    /// The moment health and recency are judged at: `now` while the catalog is fresh, else the end of its newest day.
    public func moment(now: Date) -> Date {
        guard let newestDay, isStale(now: now) else { return now }
        return Date(timeIntervalSince1970: Double(newestDay.daysSinceEpoch + 1) * 86_400 - 1)
    }

    /// The moment one repository's activity is judged at, and the day to name when that is not today: the catalog's
    /// moment, or the repository's own newest fact (its last push or GitHub's last confirmation) when that is newer —
    /// a repository refreshed since is judged by its own facts. Today, with no day, once that moment is recent.
    public func judging(_ repository: Repository, now: Date) -> (moment: Date, asOf: Day?) {
        let catalog = moment(now: now)
        guard catalog < now else { return (now, nil) }
        let own = [repository.checkedAt, repository.pushedAt].compactMap { $0 }.max() ?? catalog
        let moment = min(now, max(catalog, own))
        let day = Day(containing: moment)
        return CountsFreshness.isStale(day, now: now) ? (moment, day) : (now, nil)
    }

    /// The moment activity is judged at in the current task: ``moment(now:)`` of ``current``, or `now`.
    public static func currentMoment(now: Date) -> Date {
        current?.moment(now: now) ?? now
    }

    /// What Home and the deck tell a person once about an old catalog, nil while it is fresh.
    public func note(now: Date, words: Words = Words(Language.current)) -> StaleCatalogNote? {
        guard let newestDay, isStale(now: now) else { return nil }
        let days = Day(containing: now).daysSinceEpoch - newestDay.daysSinceEpoch
        // Worded once a day per language: every deal carries it.
        let text = words.remembered(StaleNoteKey(newestDay: newestDay, days: days)) {
            words.text("facts.catalog.stale", days, newestDay.spoken(words))
        }
        return StaleCatalogNote(asOf: newestDay, ageDays: days, text: text)
    }
}

/// An old catalog, as a person is told about it: the day its figures run to, how many days ago that was, and one
/// plain sentence that says what is judged as of that day and what would refresh it.
public struct StaleCatalogNote: Hashable, Sendable {
    public let asOf: Day
    public let ageDays: Int
    public let text: String
}

/// What a stale catalog's note is worded from.
private struct StaleNoteKey: Hashable, Sendable {
    let newestDay: Day
    let days: Int
}
