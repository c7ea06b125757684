import Foundation
import RepoFinderCore
import Testing

@Suite("Bursts of stars, on constructed histories")
struct StarBurstTests {
    let name = try! RepositoryName(parsing: "o/n")
    let end = Day("2026-08-22")!

    /// Snapshots for the 60 days up to `end`, gaining `daily` stars a day, with `extra` added on given days.
    func history(start stars: Int, daily: Int, extra: [Int: Int] = [:], days: Int = 60) -> [StarSnapshot] {
        var count = stars
        return (0..<days).reversed().map { back in
            let day = end.adding(days: -back)
            count += daily + (extra[back] ?? 0)
            return StarSnapshot(repository: name, day: day, stars: count)
        }
    }

    var lastDay: ClosedRange<Day> { end.adding(days: -1)...end }
    var lastWeek: ClosedRange<Day> { end.adding(days: -7)...end }

    @Test("steady growth is never a burst, however large")
    func steady() {
        #expect(
            StarBurstRule.assess(
                history: history(start: 50_000, daily: 400), window: lastDay, stars: 74_000,
                createdAt: nil) == nil)
    }

    @Test("one day far above the repository's own usual gain is flagged, with the day and the factor")
    func spike() throws {
        let snapshots = history(start: 20_000, daily: 30, extra: [0: 1_500])
        let burst = try #require(
            StarBurstRule.assess(history: snapshots, window: lastDay, stars: 23_300, createdAt: nil))
        #expect(burst.day == end)
        #expect(burst.gain == 1_530)
        #expect(burst.usualDailyGain == 30)
        #expect(burst.basis == .history(days: 28))
        #expect(burst.note == "+1,530 stars on 22 Aug 2026, 51× its usual 30 a day")
        // The same day inside a weekly window is found too.
        let weekly = try #require(
            StarBurstRule.assess(history: snapshots, window: lastWeek, stars: 23_300, createdAt: nil))
        #expect(weekly.day == end)
    }

    @Test("a big repository needs ten times its usual; a small one five")
    func smallRepositoriesAreJudgedStricter() {
        // 8× the usual: not a burst for a big repository…
        let big = history(start: 20_000, daily: 20, extra: [0: 140])
        #expect(StarBurstRule.assess(history: big, window: lastDay, stars: 21_360, createdAt: nil) == nil)
        // …but a burst for a small one.
        let small = history(start: 100, daily: 10, extra: [0: 70])
        #expect(StarBurstRule.assess(history: small, window: lastDay, stars: 770, createdAt: nil) != nil)
    }

    @Test("fewer than 50 stars in a day is never a burst")
    func minimumGain() {
        let quiet = history(start: 100, daily: 0, extra: [0: 49])
        #expect(StarBurstRule.assess(history: quiet, window: lastDay, stars: 149, createdAt: nil) == nil)
    }

    @Test("without history the lifetime average is the usual gain; without either nothing is flagged")
    func young() throws {
        // Tracked for three days only: a 20-day-old repository with 300 stars (15 a day) that gains 900 in a day.
        let short = [
            StarSnapshot(repository: name, day: end.adding(days: -2), stars: 280),
            StarSnapshot(repository: name, day: end.adding(days: -1), stars: 300),
            StarSnapshot(repository: name, day: end, stars: 1_200),
        ]
        let created = end.adding(days: -20).startDate
        let burst = try #require(
            StarBurstRule.assess(history: short, window: lastDay, stars: 1_200, createdAt: created))
        #expect(burst.basis == .lifetime)
        #expect(burst.usualDailyGain == 60)
        #expect(StarBurstRule.assess(history: short, window: lastDay, stars: 1_200, createdAt: nil) == nil)
        // An old repository that has always gained this fast is not flagged.
        let old = end.adding(days: -3_000).startDate
        #expect(StarBurstRule.assess(history: short, window: lastDay, stars: 3_000_000, createdAt: old) == nil)
    }

    @Test("a gap spreads its gain over its days, so a missed day is not a burst")
    func gaps() {
        var snapshots = history(start: 10_000, daily: 40)
        // Drop the four days before the last: the last snapshot's gain covers five days.
        snapshots.removeAll { $0.day > end.adding(days: -5) && $0.day < end }
        #expect(StarBurstRule.assess(history: snapshots, window: lastDay, stars: 12_400, createdAt: nil) == nil)
        let gains = StarBurstRule.dailyGains([
            StarSnapshot(repository: name, day: end.adding(days: -3), stars: 100),
            StarSnapshot(repository: name, day: end, stars: 110),
        ])
        #expect(gains.map(\.gain) == [3, 3, 4])
        #expect(gains.map(\.day) == [end.adding(days: -2), end.adding(days: -1), end])
    }

    @Test("losses count as no gain in the usual")
    func losses() throws {
        // Three days of −5 for each day of +20: the median of the clamped gains is 0, so the floor of 1 a day applies.
        var count = 5_000
        let snapshots = (0..<40).reversed().map { back -> StarSnapshot in
            count += back == 0 ? 200 : (back.isMultiple(of: 4) ? 20 : -5)
            return StarSnapshot(repository: name, day: end.adding(days: -back), stars: count)
        }
        let burst = try #require(
            StarBurstRule.assess(history: snapshots, window: lastDay, stars: count, createdAt: nil))
        #expect(burst.usualDailyGain == 0)
        #expect(burst.factor == 200)
        #expect(burst.note.hasSuffix("200× its usual under 1 a day"))
    }
}
