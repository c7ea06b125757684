import Foundation
import RepoFinderCore
import Testing

@Suite("Repository health and honest dates")
struct HealthAndFreshnessTests {
    let now = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18

    func repository(pushedDaysAgo days: Double?, archived: Bool = false, stars: Int = 1_000, issues: Int? = 10)
        -> Repository
    {
        Repository(
            owner: RepositoryOwner(login: "o"), name: "n", stars: stars, openIssues: issues,
            pushedAt: days.map { now.addingTimeInterval(-$0 * 86_400) }, archived: archived)
    }

    @Test("the last push sets the level: 30 days active, a year quiet, older dormant")
    func levels() {
        #expect(repository(pushedDaysAgo: 0).health(now: now)?.level == .active)
        #expect(repository(pushedDaysAgo: 30.5).health(now: now)?.level == .active)
        #expect(repository(pushedDaysAgo: 31).health(now: now)?.level == .quiet)
        #expect(repository(pushedDaysAgo: 365.5).health(now: now)?.level == .quiet)
        #expect(repository(pushedDaysAgo: 366).health(now: now)?.level == .dormant)
        #expect(repository(pushedDaysAgo: nil).health(now: now) == nil)
    }

    @Test("archived is dormant whatever the pushes")
    func archived() {
        let health = repository(pushedDaysAgo: 1, archived: true).health(now: now)
        #expect(health?.level == .dormant)
        #expect(health?.summary(openIssues: 10, stars: 1_000) == "Dormant — archived")
        #expect(repository(pushedDaysAgo: nil, archived: true).health(now: now)?.level == .dormant)
    }

    @Test("a heavy backlog for its size takes an active repository down to quiet")
    func backlog() {
        let swamped = repository(pushedDaysAgo: 2, stars: 400, issues: 120)
        let health = swamped.health(now: now)
        #expect(health?.level == .quiet)
        #expect(health?.heavyBacklog == true)
        #expect(health?.openIssuesPerStar == 0.3)
        #expect(
            health?.summary(openIssues: 120, stars: 400) == "Quiet — pushed 2 days ago, 120 open issues for 400 stars")
        // Many issues on a big repository, or a high ratio on a tiny one, are not a backlog.
        #expect(repository(pushedDaysAgo: 2, stars: 100_000, issues: 5_000).health(now: now)?.level == .active)
        #expect(repository(pushedDaysAgo: 2, stars: 10, issues: 20).health(now: now)?.level == .active)
    }

    @Test("the earliest push a filter keeps agrees with the rule at the boundary")
    func filterBoundary() throws {
        let cutoff = try #require(RepositoryHealth.earliestPush(for: .active, now: now))
        let justInside = repository(pushedDaysAgo: now.timeIntervalSince(cutoff) / 86_400 - 0.001)
        let atCutoff = repository(pushedDaysAgo: now.timeIntervalSince(cutoff) / 86_400)
        #expect(justInside.health(now: now)?.level == .active)
        #expect(atCutoff.health(now: now)?.level == .quiet)
        #expect(RepositoryHealth.earliestPush(for: .dormant, now: now) == nil)
    }

    @Test("numbers more than two days old say their day; fresher ones do not")
    func freshness() throws {
        let today = Day(containing: now)
        #expect(CountsFreshness.note(for: today, now: now) == nil)
        #expect(CountsFreshness.note(for: today.adding(days: -2), now: now) == nil)
        #expect(CountsFreshness.note(for: today.adding(days: -3), now: now) == "Numbers from 15 Nov 2026")
        #expect(CountsFreshness.countLabel(checkedAt: now.addingTimeInterval(-3_600), now: now) == nil)
        #expect(CountsFreshness.countLabel(checkedAt: nil, now: now) == "count not checked on GitHub")
        let august = try #require(Day("2026-08-22")).startDate
        #expect(CountsFreshness.countLabel(checkedAt: august, now: now) == "as of 22 Aug 2026")
    }

    @Test("a sparkline spans lowest to highest and shrinks long series to its width")
    func sparkline() {
        #expect(Sparkline.render([1, 2, 3, 4, 5, 6, 7, 8]) == "▁▂▃▄▅▆▇█")
        #expect(Sparkline.render([5, 5, 5]) == "▄▄▄")
        #expect(Sparkline.render([]) == "")
        let long = Sparkline.render(Array(0..<120), width: 30)
        #expect(long.count == 30)
        #expect(long.first == "▁")
        #expect(long.last == "█")
    }
}
