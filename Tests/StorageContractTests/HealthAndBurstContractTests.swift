import Foundation
import RepoFinderCore
import Storage
import TestSupport
import Testing

@Suite("Storage contract: health filters and bursts on trending")
struct HealthAndBurstContractTests {
    @Test("the health filter keeps exactly what the core's rule says, text or no text", arguments: Engine.available)
    func healthFilter(engine: Engine) async throws {
        try await withStore(engine) { test in
            let now = Fixtures.moment
            func repository(
                _ name: String, pushedDaysAgo days: Double?, archived: Bool = false, stars: Int = 500,
                issues: Int = 3
            ) -> Repository {
                var repository = Fixtures.repository(name, stars: stars)
                repository.pushedAt = days.map { now.addingTimeInterval(-$0 * 86_400) }
                repository.archived = archived
                repository.openIssues = issues
                return repository
            }
            let all = [
                repository("fresh/tool", pushedDaysAgo: 1), repository("edge/tool", pushedDaysAgo: 30.9),
                repository("month/tool", pushedDaysAgo: 31.1), repository("year/tool", pushedDaysAgo: 300),
                repository("old/tool", pushedDaysAgo: 400),
                repository("archived/tool", pushedDaysAgo: 1, archived: true),
                repository("swamped/tool", pushedDaysAgo: 2, stars: 100, issues: 60),
                repository("unknown/tool", pushedDaysAgo: nil),
            ]
            _ = try await test.store.upsertRepositories(all)
            for level in RepositoryHealth.Level.allCases {
                let expected = Set(all.filter { $0.health(now: now)?.level == level }.map(\.fullName))
                for text in ["", "tool"] {
                    let found = try await test.store.search(
                        SearchQuery(text: text, health: level, now: now, page: PageRequest(perPage: 50)))
                    #expect(Set(found.items.map(\.fullName)) == expected, "\(level) \(text)")
                    #expect(found.total == expected.count)
                }
            }
            #expect(
                Set(all.filter { $0.health(now: now)?.level == .active }.map(\.fullName)) == [
                    "fresh/tool", "edge/tool",
                ])
        }
    }

    @Test(
        "a burst leaves the default trending list, shows marked on request, and alone with 'only'",
        arguments: Engine.available)
    func bursts(engine: Engine) async throws {
        try await withStore(engine) { test in
            let store = test.store
            _ = try await store.upsertRepositories([
                Fixtures.repository("steady/big", stars: 50_000), Fixtures.repository("bought/stars", stars: 2_000),
            ])
            let end = Day(containing: Fixtures.moment)
            var snapshots: [StarSnapshot] = []
            for back in (0..<40).reversed() {
                let day = end.adding(days: -back)
                snapshots.append(
                    StarSnapshot(repository: Fixtures.name("steady/big"), day: day, stars: 50_000 - back * 300))
                snapshots.append(
                    StarSnapshot(
                        repository: Fixtures.name("bought/stars"), day: day,
                        stars: 2_000 - back * 5 + (back == 0 ? 900 : 0)))
            }
            _ = try await store.upsertStarSnapshots(snapshots)

            let standard = try await store.trending(TrendingQuery(window: .daily))
            #expect(standard.entries.map(\.repository.fullName) == ["steady/big"])
            #expect(standard.entries.map(\.rank) == [1])

            let shown = try await store.trending(TrendingQuery(window: .daily, bursts: .shown))
            #expect(shown.entries.map(\.repository.fullName) == ["bought/stars", "steady/big"])
            let burst = try #require(shown.entries.first?.burst)
            #expect(burst.day == end)
            #expect(burst.gain == 905)
            #expect(burst.usualDailyGain == 5)
            #expect(shown.entries.last?.burst == nil)

            let only = try await store.trending(TrendingQuery(window: .daily, bursts: .only))
            #expect(only.entries.map(\.repository.fullName) == ["bought/stars"])
            #expect(only.entries.map(\.rank) == [1])
            // A week later in the window, the same burst is still flagged; before it, nothing is.
            let weekly = try await store.trending(TrendingQuery(window: .weekly))
            #expect(weekly.entries.map(\.repository.fullName) == ["steady/big"])
            let before = try await store.trending(TrendingQuery(window: .daily, asOf: end.adding(days: -1)))
            #expect(before.entries.map(\.repository.fullName) == ["steady/big", "bought/stars"])
        }
    }

    @Test(
        "a few counts on a newer day (fetched on demand, a refresh under way) do not move trending's day or the age",
        arguments: Engine.available)
    func completeDay(engine: Engine) async throws {
        try await withStore(engine) { test in
            let store = test.store
            let names = ["a/one", "b/two", "c/three", "d/four"]
            _ = try await store.upsertRepositories(names.map { Fixtures.repository($0) })
            let day = Day(containing: Fixtures.moment)
            _ = try await store.upsertStarSnapshots(
                names.flatMap { name in
                    [
                        StarSnapshot(repository: Fixtures.name(name), day: day.adding(days: -1), stars: 10),
                        StarSnapshot(repository: Fixtures.name(name), day: day, stars: 12),
                    ]
                })
            #expect(try await store.snapshotCoverage() == day.adding(days: -1)...day)
            // One fetched on demand months later: the catalog's counts are still from `day`.
            let later = day.adding(days: 90)
            _ = try await store.upsertStarSnapshots([
                StarSnapshot(repository: Fixtures.name("a/one"), day: later, stars: 20)
            ])
            #expect(try await store.snapshotCoverage() == day.adding(days: -1)...day)
            let list = try await store.trending(TrendingQuery(window: .daily))
            #expect(list.end == day)
            #expect(list.entries.count == 4)
            // Half the catalog counted that day: now it is the catalog's day.
            _ = try await store.upsertStarSnapshots([
                StarSnapshot(repository: Fixtures.name("b/two"), day: later, stars: 20)
            ])
            #expect(try await store.snapshotCoverage()?.upperBound == later)
        }
    }

    @Test("a repository says when GitHub last confirmed it", arguments: Engine.available)
    func checkedAt(engine: Engine) async throws {
        try await withStore(engine) { test in
            _ = try await test.store.upsertRepositories([Fixtures.repository("never/checked")])
            #expect(try await test.store.repository(named: Fixtures.name("never/checked"))?.checkedAt == nil)
            try await test.store.markChecked([Fixtures.name("never/checked")], at: Fixtures.moment)
            let checked = try await test.store.repository(named: Fixtures.name("never/checked"))
            #expect(checked?.checkedAt == Fixtures.moment)
        }
    }
}
