import Foundation
import RepoFinderCore
import Testing

@Suite("A stale catalog's activity is judged as of its newest day")
struct CatalogAgeTests {
    let now = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18

    func daysAgo(_ days: Double) -> Date { now.addingTimeInterval(-days * 86_400) }

    @Test("the newest day is the newest one with a push of one repository in a thousand")
    func newestDay() {
        // 3,000 repositories pushed 96 days ago, two refreshed by hand today: one in a thousand is three.
        let pushes: [Date?] = Array(repeating: daysAgo(96), count: 3_000) + [now, now, nil]
        let age = CatalogAge(pushes: pushes)
        #expect(age.newestDay == Day(containing: daysAgo(96)))
        #expect(CatalogAge(pushes: pushes + [now]).newestDay == Day(containing: now))
        #expect(CatalogAge(pushes: [daysAgo(5), daysAgo(9)]).newestDay == Day(containing: daysAgo(5)))
        #expect(CatalogAge(pushes: [Date?.none]).newestDay == nil)
    }

    @Test("fresh: judged now, nothing said; stale: judged at the end of the newest day, which is named")
    func moment() throws {
        let fresh = CatalogAge(newestDay: Day(containing: daysAgo(2)))
        #expect(!fresh.isStale(now: now) && fresh.moment(now: now) == now && fresh.note(now: now) == nil)
        let staleDay = Day(containing: daysAgo(96))
        let stale = CatalogAge(newestDay: staleDay)
        #expect(stale.isStale(now: now))
        #expect(Day(containing: stale.moment(now: now)) == staleDay)
        #expect(Day(containing: stale.moment(now: now).addingTimeInterval(1)) == staleDay.adding(days: 1))
        let note = try #require(stale.note(now: now))
        #expect(note.asOf == staleDay && note.ageDays == 96)
        #expect(note.text.hasPrefix("Catalog as of \(staleDay.spoken), 96 days ago"))
        #expect(CatalogAge(newestDay: nil).moment(now: now) == now)
    }

    @Test("a repository pushed on a stale catalog's newest day is active as of that day, and says so")
    func activity() {
        let repository = Repository(
            owner: RepositoryOwner(login: "rust-lang"), name: "rust", stars: 100_000, openIssues: 10,
            pushedAt: daysAgo(96.2))
        #expect(repository.health(now: now)?.level == .quiet, "judged today, it looks quiet")
        let age = CatalogAge(pushes: [repository.pushedAt])
        let facts = ActivityFacts(repository, now: now, age: age)
        let day = Day(containing: daysAgo(96.2)).spoken
        #expect(facts.health?.level == .active)
        #expect(facts.lastUpdated?.hasSuffix(", as of \(day)") == true, "\(facts.lastUpdated ?? "")")
        #expect(facts.healthSummary?.hasSuffix(", as of \(day)") == true, "\(facts.healthSummary ?? "")")
        let today = ActivityFacts(repository, now: now)
        #expect(today.health?.level == .quiet && today.lastUpdated?.contains("as of") == false)
    }

    @Test("a repository refreshed since the catalog's newest day is judged by its own facts")
    func refreshedSince() {
        let age = CatalogAge(newestDay: Day(containing: daysAgo(96)))
        var pushed = Repository(
            owner: RepositoryOwner(login: "o"), name: "pushed", stars: 10, openIssues: 1, pushedAt: daysAgo(1))
        let recent = age.judging(pushed, now: now)
        #expect(recent.moment == now && recent.asOf == nil)
        #expect(ActivityFacts(pushed, now: now, age: age).lastUpdated == "yesterday")
        pushed.pushedAt = daysAgo(200)
        pushed.checkedAt = daysAgo(10)
        let judged = age.judging(pushed, now: now)
        #expect(judged.moment == daysAgo(10) && judged.asOf == Day(containing: daysAgo(10)))
        #expect(ActivityFacts(pushed, now: now, age: age).health?.level == .quiet)
    }
}
