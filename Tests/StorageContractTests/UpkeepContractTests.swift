import Foundation
import RepoFinderCore
import Storage
import TestSupport
import Testing

@Suite("Storage contract: keeping the catalog current")
struct UpkeepContractTests {
    @Test(
        "a renamed repository keeps its snapshots, a person's like and lists under the new name; the old name resolves",
        arguments: Engine.available)
    func rename(engine: Engine) async throws {
        try await withStore(engine) { test in
            let store = test.store
            _ = try await store.upsertRepositories([Fixtures.repository("old/name", stars: 10)])
            let day = Day(containing: Fixtures.moment)
            _ = try await store.upsertStarSnapshots([
                StarSnapshot(repository: Fixtures.name("old/name"), day: day.adding(days: -1), stars: 9),
                StarSnapshot(repository: Fixtures.name("old/name"), day: day, stars: 10),
            ])
            let user = try await store.createUser(tokenHash: "r", at: Fixtures.moment)
            _ = try await store.recordInteractions(
                [Interaction(id: "l1", repository: Fixtures.name("old/name"), kind: .like, at: Fixtures.moment)],
                userID: user.id, quota: .unlimited)

            let renamed = Fixtures.repository("new-owner/new-name", stars: 11)
            #expect(try await store.renameRepository(Fixtures.name("old/name"), to: renamed, at: Fixtures.moment))
            #expect(try await store.repository(named: Fixtures.name("old/name")) == nil)
            #expect(try await store.repository(named: renamed.repositoryName)?.stars == 11)
            #expect(try await store.currentName(of: Fixtures.name("old/name")) == renamed.repositoryName)
            #expect(try await store.starSnapshots(of: renamed.repositoryName).map(\.stars) == [9, 10])
            #expect(try await store.interactions(userID: user.id).map(\.repository) == [renamed.repositoryName])
            let liked = try await store.list(.liked, userID: user.id, page: PageRequest())
            #expect(liked.items.map(\.repository.fullName) == ["new-owner/new-name"])
            let found = try await store.search(SearchQuery(text: "new-name"))
            #expect(found.items.map(\.fullName) == ["new-owner/new-name"])
            #expect(try await store.search(SearchQuery(text: "old")).items.isEmpty)
            // Neither name known: nothing to move.
            #expect(
                try await !store.renameRepository(
                    Fixtures.name("no/such"), to: Fixtures.repository("no/other"), at: Fixtures.moment))
        }
    }

    @Test("a rename onto a record the catalog already has makes one record of the two", arguments: Engine.available)
    func renameOntoExisting(engine: Engine) async throws {
        try await withStore(engine) { test in
            let store = test.store
            _ = try await store.upsertRepositories([
                Fixtures.repository("before/tool", stars: 5), Fixtures.repository("after/tool", stars: 7),
            ])
            let day = Day(containing: Fixtures.moment)
            _ = try await store.upsertStarSnapshots([
                StarSnapshot(repository: Fixtures.name("before/tool"), day: day.adding(days: -2), stars: 3),
                StarSnapshot(repository: Fixtures.name("before/tool"), day: day, stars: 5),
                StarSnapshot(repository: Fixtures.name("after/tool"), day: day, stars: 7),
            ])
            let user = try await store.createUser(tokenHash: "m", at: Fixtures.moment)
            _ = try await store.recordInteractions(
                [Interaction(id: "s1", repository: Fixtures.name("before/tool"), kind: .save, at: Fixtures.moment)],
                userID: user.id, quota: .unlimited)
            #expect(
                try await store.renameRepository(
                    Fixtures.name("before/tool"), to: Fixtures.repository("after/tool", stars: 8), at: Fixtures.moment))
            #expect(try await store.statistics().repositories == 1)
            #expect(try await store.starSnapshots(of: Fixtures.name("after/tool")).map(\.stars) == [3, 7])
            let saved = try await store.list(.saved, userID: user.id, page: PageRequest())
            #expect(saved.items.map(\.repository.fullName) == ["after/tool"])
            #expect(try await store.currentName(of: Fixtures.name("before/tool")) == Fixtures.name("after/tool"))
        }
    }

    @Test(
        "a gone repository is never found, dealt or trending, stays on lists marked, and comes back when seen again",
        arguments: Engine.available)
    func gone(engine: Engine) async throws {
        try await withStore(engine) { test in
            let store = test.store
            _ = try await store.upsertRepositories([
                Fixtures.repository("gone/away", stars: 50), Fixtures.repository("still/here", stars: 40),
            ])
            let day = Day(containing: Fixtures.moment)
            _ = try await store.upsertStarSnapshots(
                ["gone/away", "still/here"].flatMap { name in
                    [
                        StarSnapshot(repository: Fixtures.name(name), day: day.adding(days: -1), stars: 1),
                        StarSnapshot(repository: Fixtures.name(name), day: day, stars: 40),
                    ]
                })
            let user = try await store.createUser(tokenHash: "g", at: Fixtures.moment)
            _ = try await store.recordInteractions(
                [Interaction(id: "s", repository: Fixtures.name("gone/away"), kind: .save, at: Fixtures.moment)],
                userID: user.id, quota: .unlimited)
            #expect(try await store.markGone([Fixtures.name("gone/away")], at: Fixtures.moment) == 1)
            #expect(try await store.markGone([Fixtures.name("gone/away")], at: Fixtures.moment) == 0)
            #expect(try await store.search(SearchQuery(text: "away")).items.isEmpty)
            #expect(try await store.search(SearchQuery(text: "")).items.map(\.fullName) == ["still/here"])
            #expect(try await store.repositories(offset: 0, limit: 10).map(\.fullName) == ["still/here"])
            let trending = try await store.trending(TrendingQuery(window: .daily))
            #expect(trending.entries.map(\.repository.fullName) == ["still/here"])
            let saved = try await store.list(.saved, userID: user.id, page: PageRequest())
            #expect(saved.items.first?.repository.goneAt != nil)
            #expect(try await store.repository(named: Fixtures.name("gone/away"))?.goneAt != nil)
            #expect(try await store.repositoriesToCheck(notCheckedSince: Fixtures.moment, limit: 10).count == 1)

            // Seen on GitHub again: found again.
            try await store.markChecked([Fixtures.name("gone/away")], at: Fixtures.moment)
            _ = try await store.upsertRepositories([Fixtures.repository("gone/away", stars: 50)])
            #expect(try await store.repository(named: Fixtures.name("gone/away"))?.goneAt == nil)
            #expect(try await store.search(SearchQuery(text: "away")).items.map(\.fullName) == ["gone/away"])
        }
    }

    @Test(
        "repositories to check: never checked first, then the stalest; checked ones wait", arguments: Engine.available)
    func checkOrder(engine: Engine) async throws {
        try await withStore(engine) { test in
            let store = test.store
            _ = try await store.upsertRepositories(["a/one", "b/two", "c/three"].map { Fixtures.repository($0) })
            let early = Fixtures.moment
            let later = early.addingTimeInterval(3_600)
            try await store.markChecked([Fixtures.name("b/two")], at: later)
            try await store.markChecked([Fixtures.name("a/one")], at: early)
            let order = try await store.repositoriesToCheck(notCheckedSince: later.addingTimeInterval(1), limit: 10)
            #expect(order.map(\.fullName) == ["c/three", "a/one", "b/two"])
            #expect(
                try await store.repositoriesToCheck(notCheckedSince: later, limit: 10).map(\.fullName) == [
                    "c/three", "a/one",
                ])
            #expect(try await store.repositoriesToCheck(notCheckedSince: later, limit: 1).count == 1)
        }
    }

    @Test(
        "one runner per period: a claimed period is refused, a silent runner is taken over, a partial run retried",
        arguments: Engine.available)
    func claims(engine: Engine) async throws {
        try await withStore(engine) { test in
            let store = test.store
            let start = Fixtures.moment
            let first = CatalogRefreshRun(slot: "2026-11-23T00:00:00Z", runner: "one", startedAt: start)
            let second = CatalogRefreshRun(slot: first.slot, runner: "two", startedAt: start.addingTimeInterval(5))
            let stale = start.addingTimeInterval(-600)
            #expect(try await store.claimCatalogRefresh(first, staleBefore: stale, retryBefore: stale))
            #expect(try await !store.claimCatalogRefresh(second, staleBefore: stale, retryBefore: stale))

            var progress = first
            progress.heartbeatAt = start.addingTimeInterval(60)
            progress.summary.checked = 500
            try await store.saveCatalogRefresh(progress)
            #expect(try await store.catalogRefreshes(limit: 5) == [progress])
            // Silent since before the stale time: taken over.
            let late = start.addingTimeInterval(3_600)
            let third = CatalogRefreshRun(slot: first.slot, runner: "three", startedAt: late)
            #expect(
                try await store.claimCatalogRefresh(
                    third, staleBefore: late.addingTimeInterval(-600), retryBefore: late.addingTimeInterval(-3_600)))
            // The old runner can no longer write over it.
            try await store.saveCatalogRefresh(progress)
            #expect(try await store.catalogRefreshes(limit: 1).first?.runner == "three")

            var finished = third
            finished.state = .finished
            finished.finishedAt = late
            try await store.saveCatalogRefresh(finished)
            let much = late.addingTimeInterval(86_000)
            let fourth = CatalogRefreshRun(slot: first.slot, runner: "four", startedAt: much)
            #expect(try await !store.claimCatalogRefresh(fourth, staleBefore: much, retryBefore: much))

            var partial = CatalogRefreshRun(slot: "2026-11-24T00:00:00Z", runner: "one", startedAt: much)
            #expect(try await store.claimCatalogRefresh(partial, staleBefore: much, retryBefore: much))
            partial.state = .partial
            partial.summary.stoppedBecause = "rate limited"
            try await store.saveCatalogRefresh(partial)
            let retry = CatalogRefreshRun(slot: partial.slot, runner: "two", startedAt: much.addingTimeInterval(10))
            #expect(try await !store.claimCatalogRefresh(retry, staleBefore: much, retryBefore: much))
            #expect(
                try await store.claimCatalogRefresh(
                    retry, staleBefore: much, retryBefore: much.addingTimeInterval(5)))
        }
    }
}
