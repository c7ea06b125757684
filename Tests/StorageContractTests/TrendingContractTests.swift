import Foundation
import RepoFinderCore
import Storage
import TestSupport
import Testing

@Suite("Storage contract: trending")
struct TrendingContractTests {
    /// Star counts per repository over 2026-08-01 … 2026-08-09 (nil: no snapshot that day).
    static let history: [(String, String?, [Int?])] = [
        ("apple/swift", "Swift", [100, 110, 120, 130, 140, 150, 160, 170, 180]),
        ("vapor/vapor", "Swift", [500, 500, 501, 503, 560, 600, 610, 615, 700]),
        ("facebook/react", "JavaScript", [1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 2000]),
        ("late/comer", "Swift", [nil, nil, nil, nil, nil, nil, nil, 10, 900]),
        ("falling/star", "Swift", [300, 300, 300, 300, 300, 300, 300, 300, 250]),
    ]
    static let firstDay = Day("2026-08-01")!

    func prepared(_ test: TestStore) async throws {
        _ = try await test.store.upsertRepositories(
            Self.history.map { name, language, _ in
                var repository = Fixtures.repository(name)
                repository.language = language
                return repository
            })
        let snapshots = Self.history.flatMap { name, _, counts in
            counts.enumerated().compactMap { offset, stars in
                stars.map {
                    StarSnapshot(repository: Fixtures.name(name), day: Self.firstDay.adding(days: offset), stars: $0)
                }
            }
        }
        _ = try await test.store.upsertStarSnapshots(snapshots)
    }

    @Test(
        "gains are exact and ordered; only repositories with both ends count; losses are left out",
        arguments: Engine.available)
    func weekly(engine: Engine) async throws {
        try await withStore(engine) { test in
            try await prepared(test)
            let list = try await test.store.trending(
                TrendingQuery(window: .weekly, asOf: Day("2026-08-09"), bursts: .shown))
            #expect(list.start == Day("2026-08-02") && list.end == Day("2026-08-09"))
            #expect(list.entries.map(\.repository.fullName) == ["facebook/react", "vapor/vapor", "apple/swift"])
            #expect(list.entries.map(\.starsGained) == [999, 200, 70])
            #expect(list.entries.map(\.stars) == [2000, 700, 180])
            #expect(list.entries.map(\.rank) == [1, 2, 3])
            #expect(list.coverage == Day("2026-08-01")!...Day("2026-08-09")!)
            // facebook/react's 993 stars in one day, for a repository of 100 stars created 26 days before, is a burst.
            #expect(list.entries.map { $0.burst != nil } == [true, false, false])
            let standard = try await test.store.trending(TrendingQuery(window: .weekly, asOf: Day("2026-08-09")))
            #expect(standard.entries.map(\.repository.fullName) == ["vapor/vapor", "apple/swift"])
            #expect(standard.entries.map(\.rank) == [1, 2])
        }
    }

    @Test("daily defaults to the latest day; language filters; limit cuts", arguments: Engine.available)
    func dailyAndFilters(engine: Engine) async throws {
        try await withStore(engine) { test in
            try await prepared(test)
            let daily = try await test.store.trending(TrendingQuery(window: .daily, bursts: .shown))
            #expect(daily.end == Day("2026-08-09"))
            #expect(daily.entries.map(\.repository.fullName).prefix(2) == ["facebook/react", "late/comer"])
            #expect(daily.entries.first { $0.repository.fullName == "late/comer" }?.starsGained == 890)
            let swift = try await test.store.trending(
                TrendingQuery(language: "SWIFT", window: .daily, limit: 2, bursts: .shown))
            #expect(swift.entries.map(\.repository.fullName) == ["late/comer", "vapor/vapor"])
        }
    }

    @Test("a window outside the snapshots is empty but says what they cover", arguments: Engine.available)
    func outsideCoverage(engine: Engine) async throws {
        try await withStore(engine) { test in
            let nothing = try await test.store.trending(TrendingQuery())
            #expect(nothing.entries.isEmpty && nothing.coverage == nil && nothing.end == nil)
            try await prepared(test)
            let monthly = try await test.store.trending(TrendingQuery(window: .monthly))
            #expect(monthly.entries.isEmpty)
            #expect(monthly.start == Day("2026-07-10"))
            #expect(monthly.coverage?.lowerBound == Day("2026-08-01"))
        }
    }
}
