public import Foundation
public import Localization
import Synchronization

/// How old a catalog's facts are, so that health, recency and "this week" are judged as of the catalog's newest day
/// rather than today when nobody has refreshed it for days: a 96-day-old starter catalog would otherwise call
/// rust-lang/rust "Quiet" and match no repository to the Active filter.
///
/// The catalog's newest day is the newest day on which at least one repository in a thousand (at least one) was
/// pushed: one repository refreshed by hand does not make a stale catalog look fresh.
public struct CatalogAge: Hashable, Sendable {
    /// The newest day the catalog's facts describe, nil for a catalog with no pushes known.
    public let newestDay: Day?
    /// ", as of 22 Aug 2026" of ``newestDay``: most cards of a stale catalog are judged as of that day, and every
    /// card of every deal says so.
    let asOfNewestDay: String?
    /// ``newestDay`` as the API writes a day ("2026-08-22"), made once: every deal of a stale catalog says it.
    public let newestDayText: String?

    /// The age of the catalog the current request or command answers from (the server binds it per request), for
    /// every face that judges activity (``ActivityFacts``); nil judges at the moment given.
    @TaskLocal public static var current: CatalogAge?

    /// A catalog whose facts end on `newestDay`.
    public init(newestDay: Day?) {
        self.newestDay = newestDay
        asOfNewestDay = newestDay.map(Self.asOf)
        newestDayText = newestDay?.description
    }

    /// ", as of 22 Aug 2026": what follows a fact judged as of `day` rather than today.
    public static func asOf(_ day: Day) -> String { ", as of " + day.spoken }

    /// ``asOf(_:)`` of `day`, made once for the catalog's newest day.
    public func asOf(_ day: Day) -> String { day == newestDay ? asOfNewestDay ?? Self.asOf(day) : Self.asOf(day) }

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
        self.init(newestDay: pushesPerDay.filter { $0.value >= needed }.keys.max() ?? pushesPerDay.keys.max())
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
        let own: Date
        switch (repository.checkedAt, repository.pushedAt) {
        case (let checked?, let pushed?): own = max(checked, pushed)
        case (let one?, nil), (nil, let one?): own = one
        case (nil, nil): own = catalog
        }
        let moment = min(now, max(catalog, own))
        let day = Day(containing: moment)
        return CountsFreshness.isStale(day, now: now) ? (moment, day) : (now, nil)
    }

    /// The moment activity is judged at in the current task: ``moment(now:)`` of ``current``, or `now`.
    public static func currentMoment(now: Date) -> Date {
        current?.moment(now: now) ?? now
    }

    /// The last stale note worded from the shipped words.
    private static let lastNote = Mutex<(key: StaleNoteKey, text: String)?>(nil)

    /// What Home and the deck tell a person once about an old catalog, nil while it is fresh.
    public func note(now: Date, words: Words = Words(Language.current)) -> StaleCatalogNote? {
        guard let newestDay, isStale(now: now) else { return nil }
        let days = Day(containing: now).daysSinceEpoch - newestDay.daysSinceEpoch
        // Worded once a day per language: every deal carries it. The last wording is kept in a slot of its own
        // (a lookup in the shared memo, keyed by any value, cost more than the rest of the note).
        let key = StaleNoteKey(newestDay: newestDay, days: days, language: words.language)
        if words.isShipped, let kept = Self.lastNote.withLock({ $0?.key == key ? $0?.text : nil }) {
            return StaleCatalogNote(asOf: newestDay, ageDays: days, text: kept)
        }
        let text = words.text("facts.catalog.stale", days, newestDay.spoken(words))
        if words.isShipped { Self.lastNote.withLock { $0 = (key, text) } }
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
    let language: Language
}
