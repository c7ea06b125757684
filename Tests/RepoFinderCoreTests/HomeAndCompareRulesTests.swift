import Foundation
import RepoFinderCore
import Testing

@Suite("Home's clock and Compare's rules")
struct HomeAndCompareRulesTests {
    /// 2026-11-23 10:30 UTC: 00:30 on the 23rd in Honolulu (UTC−10), 00:30 on the 24th in Kiritimati (UTC+14).
    static let instant = Date(timeIntervalSince1970: 1_795_429_800)

    @Test("the local day and part of day follow the person's time zone, not the server's")
    func localDay() throws {
        let honolulu = try LocalTime(timeZoneIdentifier: "Pacific/Honolulu")
        let kiritimati = try LocalTime(timeZoneIdentifier: "Pacific/Kiritimati")
        #expect(honolulu.day(at: Self.instant) == Day("2026-11-23"))
        #expect(kiritimati.day(at: Self.instant) == Day("2026-11-24"))
        #expect(LocalTime.utc.day(at: Self.instant) == Day("2026-11-23"))
        #expect(honolulu.hour(at: Self.instant) == 0)
        #expect(kiritimati.hour(at: Self.instant) == 0)
        #expect(try LocalTime(timeZoneIdentifier: "Europe/Lisbon").hour(at: Self.instant) == 10)
        // One second before local midnight is still the day before.
        #expect(honolulu.day(at: Self.instant.addingTimeInterval(-1_801)) == Day("2026-11-22"))
        #expect(try LocalTime(timeZoneIdentifier: nil) == .utc)
        #expect(try LocalTime(timeZoneIdentifier: "  ") == .utc)
        for bad in ["Mars/Base", "Europe/Lisbon; DROP", String(repeating: "A", count: 80), "../../etc"] {
            #expect(throws: LocalTimeError.self) { try LocalTime(timeZoneIdentifier: bad) }
        }
    }

    @Test("greetings by part of day, with the first word of a name")
    func greetings() {
        #expect(PartOfDay(hour: 5) == .morning)
        #expect(PartOfDay(hour: 11) == .morning)
        #expect(PartOfDay(hour: 12) == .afternoon)
        #expect(PartOfDay(hour: 17) == .evening)
        #expect(PartOfDay(hour: 22) == .evening)
        #expect(PartOfDay(hour: 23) == .night)
        #expect(PartOfDay(hour: 4) == .night)
        #expect(PartOfDay.evening.greeting(name: "Ana Silva") == "Good evening, Ana")
        #expect(PartOfDay.morning.greeting(name: nil) == "Good morning")
        #expect(PartOfDay.night.greeting(name: "  ") == "Hello")
        #expect(PartOfDay.callingName("Zoë\u{7}") == "Zoë")
    }

    @Test("compare lists: 2 to 4 different owner/names, each mistake said plainly")
    func compareRequests() throws {
        #expect(
            try CompareRequest.names(" apple/swift , rust-lang/rust ").map(\.fullName) == [
                "apple/swift", "rust-lang/rust",
            ])
        #expect(throws: CompareError.empty) { try CompareRequest.names(" , ") }
        #expect(throws: CompareError.tooFew(["apple/swift"])) { try CompareRequest.names("apple/swift") }
        #expect(throws: CompareError.tooMany(5)) { try CompareRequest.names("a/a,b/b,c/c,d/d,e/e") }
        #expect(throws: CompareError.duplicate("Apple/Swift")) { try CompareRequest.names("apple/swift,Apple/Swift") }
        #expect(throws: CompareError.malformed("swift", .notOwnerSlashName("swift"))) {
            try CompareRequest.names("apple/swift,swift")
        }
        #expect(CompareError.tooMany(5).description.contains("at most 4"))
        #expect(CompareError.empty.description.contains("repos=apple/swift,rust-lang/rust"))
    }

    static func repository(
        _ name: String, stars: Int, forks: Int? = nil, issues: Int? = nil, pushedDaysAgo: Int? = nil,
        language: String? = nil, topics: [String] = [], created: Int? = nil, license: String? = nil
    ) -> Repository {
        let parts = name.split(separator: "/").map(String.init)
        return Repository(
            owner: RepositoryOwner(login: parts[0]), name: parts[1], topics: topics, language: language, stars: stars,
            forks: forks, openIssues: issues, license: license.map { RepositoryLicense(spdxID: $0, name: $0) },
            createdAt: created.map { Date(timeIntervalSince1970: Double($0) * 86_400 * 365.25) },
            pushedAt: pushedDaysAgo.map { instant.addingTimeInterval(-Double($0) * 86_400) })
    }

    static func history(_ name: String, from start: Int, daily: Int, days: Int = 40) -> [StarSnapshot] {
        let last = Day("2026-11-20")!
        return (0..<days).map { offset in
            StarSnapshot(
                repository: try! RepositoryName(parsing: name), day: last.adding(days: offset - days + 1),
                stars: start + offset * daily)
        }
    }

    @Test("the better value is marked only where better is clear, ties share it, all-equal marks none")
    func marks() {
        let a = ComparedRepository(
            repository: Self.repository(
                "big/one", stars: 50_000, forks: 900, issues: 500, pushedDaysAgo: 2, language: "Swift",
                topics: ["server", "http"], created: 44, license: "MIT"),
            history: Self.history("big/one", from: 49_000, daily: 10), likedHere: 4)
        let b = ComparedRepository(
            repository: Self.repository(
                "young/two", stars: 8_000, forks: 900, issues: 20, pushedDaysAgo: 40, language: "Rust",
                topics: ["http", "cli"], created: 55, license: "Apache-2.0"),
            history: Self.history("young/two", from: 6_000, daily: 50), likedHere: 4)
        let c = ComparedRepository(
            repository: Self.repository(
                "old/three", stars: 3_000, forks: 100, issues: 900, pushedDaysAgo: 800, language: "Swift"),
            history: [], likedHere: 0)
        let comparison = Comparison([a, b, c], now: Self.instant)
        #expect(comparison.best[.stars] == [0])
        #expect(comparison.best[.gained30] == [1])
        #expect(comparison.best[.gained7] == [1])
        #expect(comparison.best[.forks] == [0, 1], "a tie is shared")
        #expect(comparison.best[.issuesPerStar] == [1])
        #expect(comparison.best[.lastPush] == [0])
        #expect(comparison.best[.health] == [0])
        #expect(comparison.best[.likedHere] == [0, 1])
        #expect(comparison.best[.openIssues] == nil && comparison.best[.license] == nil, "no clear better")
        #expect(comparison.sharedTopics == ["http"])
        #expect(a.gained7 == 70 && b.gained30 == 1_500 && c.gained7 == nil)
        #expect(comparison.reasons[0] == "Pick it for being the only active one and the most stars (50,000).")
        #expect(comparison.reasons[1].hasPrefix("Pick it for the fastest growth (+1,500 stars in 30 days)"))
        #expect(comparison.reasons[2] == "Nothing in these facts sets it apart from the others.")
        let same = Comparison([c, c], now: Self.instant)
        #expect(same.best.isEmpty, "all equal: nothing is marked")
        // Pushes a person reads alike ("3 months ago") are equally recent, days apart or not.
        let pushes = [95, 100, 400].map { (days: Int) in
            ComparedRepository(
                repository: Self.repository("p/d\(days)", stars: 10, pushedDaysAgo: days), history: [], likedHere: 0)
        }
        #expect(Comparison(pushes, now: Self.instant).best[.lastPush] == [0, 1])
        #expect(Comparison(Array(pushes.prefix(2)), now: Self.instant).best[.lastPush] == nil)
    }

    @Test("on facts alone (the starter's), each column gets a reason: most forks, a topic of its own, the newest start")
    func everyColumnHasAReason() {
        // Three Go databases, none active, no history or likes: only stars set one apart before (issue 66 item 5,
        // "Nothing in these facts sets it apart" for two of three).
        let columns = [
            ("big/store", 9_000, 100, ["database", "sql"], 45),
            ("forked/kv", 5_000, 800, ["database", "go", "key-value"], 48),
            ("new/embedded", 1_000, 50, ["database", "embedded"], 54),
        ].map { name, stars, forks, topics, created in
            ComparedRepository(
                repository: Self.repository(
                    name, stars: stars, forks: forks, pushedDaysAgo: 900, language: "Go", topics: topics,
                    created: created),
                history: [], likedHere: 0)
        }
        let reasons = Comparison(columns, now: Self.instant).reasons
        #expect(
            reasons[0] == "Pick it for the most stars (9,000) and the longest record (since Jan 2015).", "\(reasons)")
        // Its language's name is not a topic of its own.
        #expect(reasons[1] == "Pick it for the most forks (800) and its topic key-value, which the others lack.")
        #expect(reasons[2].hasPrefix("Pick it for its topic embedded, which the others lack and the newest start ("))
        #expect(!reasons.contains { $0.contains("Nothing") })
    }

    @Test("gains read the count a week (or a month) before the newest, tolerating a missing day or two")
    func gains() {
        var history = Self.history("x/y", from: 100, daily: 3, days: 10)
        #expect(history.gain(overDays: 7) == 21)
        history.remove(at: 2)  // the day exactly 7 before the newest
        #expect(history.gain(overDays: 7) == 24, "the nearest earlier day")
        #expect(history.gain(overDays: 30) == nil)
        #expect([StarSnapshot]().gain(overDays: 7) == nil)
    }
}
