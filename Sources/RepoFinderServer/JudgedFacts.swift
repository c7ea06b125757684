import Foundation
import Localization
import Recommender
import RepoFinderCore
import Synchronization

/// The activity facts of an index's repositories (their age as a person says it, how fresh their counts are, their
/// health) as the JSON that follows each repository's fields, kept for a day of a stale catalog: once a catalog is
/// days old, most repositories are judged as of its newest day, so their facts say the same all day and every card
/// dealt that day can copy them instead of wording them again (wording them was a fifth of the feed's encoding,
/// issue 64).
///
/// One table per day, language and catalog age, written in the background the first time a request asks for one
/// that is missing; until it is ready, requests word the facts themselves. A repository judged at the moment of the
/// request (one refreshed since the catalog's newest day) has no entry: its facts change by the hour. Only the
/// current day's tables are kept (at most one per language).
final class JudgedFacts: Sendable {
    /// What a table's facts were judged for.
    struct Key: Hashable, Sendable {
        let day: Day
        let language: Language
        let age: CatalogAge
    }

    /// One day's facts, by position in the index.
    struct Table: Sendable {
        let key: Key
        private let bytes: [UInt8]
        /// Where each position's facts start in `bytes` (they end where the next position's start), negative for a
        /// repository without an entry; one more than the positions.
        private let starts: [Int32]

        /// The facts of `repositories` judged on `key`'s day (at `now`, a moment of it) in its language.
        init(_ repositories: [Repository], key: Key, now: Date) {
            var json = JSONOutput(capacity: repositories.count * 160)
            // Facts follow a repository's fields: every member they write starts with a comma.
            json.raw(ArraySlice())
            var starts: [Int32] = []
            starts.reserveCapacity(repositories.count + 1)
            Language.$chosen.withValue(key.language) {
                for repository in repositories {
                    guard key.age.judging(repository, now: now).asOf != nil else {
                        starts.append(-Int32(json.bytes.count) - 1)
                        continue
                    }
                    starts.append(Int32(json.bytes.count))
                    json.activityFacts(repository, now: now, age: key.age)
                }
            }
            starts.append(Int32(json.bytes.count))
            self.key = key
            self.bytes = json.bytes
            self.starts = starts
        }

        /// The facts of the repository at `position`, nil when it has none here.
        subscript(position: Int) -> ArraySlice<UInt8>? {
            guard position >= 0, position + 1 < starts.count, starts[position] >= 0 else { return nil }
            let end = starts[position + 1]
            return bytes[Int(starts[position])..<Int(end >= 0 ? end : -end - 1)]
        }
    }

    private struct State {
        var tables: [Key: Table] = [:]
        var building: Set<Key> = []
    }

    private let repositories: [Repository]
    private let state = Mutex(State())

    /// Facts of `repositories`, by their positions.
    init(_ repositories: [Repository]) {
        self.repositories = repositories
    }

    /// The table for a request at `now` in the current language (``Localization/Language/current``) over a catalog
    /// of `age`: nil while the catalog is fresh (facts are judged at the moment) and while the table is being written.
    func table(now: Date, age: CatalogAge?) -> Table? {
        guard let age, age.isStale(now: now) else { return nil }
        let key = Key(day: Day(containing: now), language: Language.current, age: age)
        let (table, starts) = state.withLock { state -> (Table?, Bool) in
            if let table = state.tables[key] { return (table, false) }
            return (nil, state.building.insert(key).inserted)
        }
        if starts {
            Task.detached(priority: .utility) { [self] in
                let table = Table(repositories, key: key, now: now)
                state.withLock { state in
                    state.building.remove(key)
                    state.tables = state.tables.filter { $0.key.day >= key.day }
                    if state.tables.keys.allSatisfy({ $0.day <= key.day }) { state.tables[key] = table }
                }
            }
        }
        return table
    }

}
