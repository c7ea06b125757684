import Foundation
import RepoFinderCore
import Testing

@Suite("Time ago")
struct RelativeTimeTests {
    let now = Date(timeIntervalSince1970: 1_787_400_000)

    static let cases: [(Double, String)] = [
        (0.0, "just now"), (-30, "just now"), (59, "just now"), (60, "1 minute ago"), (45 * 60, "45 minutes ago"),
        (3600, "1 hour ago"), (5 * 3600, "5 hours ago"), (86_400, "yesterday"), (3 * 86_400, "3 days ago"),
        (29 * 86_400, "29 days ago"), (31 * 86_400, "1 month ago"), (65 * 86_400, "2 months ago"),
        (364 * 86_400, "12 months ago"), (366 * 86_400, "1 year ago"), (3 * 366 * 86_400, "3 years ago"),
    ]

    @Test("renders the way a person says it", arguments: cases)
    func rendering(secondsAgo: Double, expected: String) {
        #expect(RelativeTime.describe(now.addingTimeInterval(-secondsAgo), now: now) == expected)
    }

    @Test("a repository shows its last push, else its last update, else nothing")
    func repositoryLastUpdated() {
        var repository = Repository(owner: RepositoryOwner(login: "apple"), name: "swift", stars: 1)
        #expect(repository.lastUpdatedDescription(now: now) == nil)
        repository.updatedAt = now.addingTimeInterval(-70 * 86_400)
        #expect(repository.lastUpdatedDescription(now: now) == "2 months ago")
        repository.pushedAt = now.addingTimeInterval(-3 * 86_400)
        #expect(repository.lastUpdatedDescription(now: now) == "3 days ago")
    }
}

@Suite("Days and timestamps")
struct DayTests {
    @Test("days parse strictly and print back")
    func days() throws {
        let day = try #require(Day("2026-08-22"))
        #expect(day.description == "2026-08-22")
        #expect(day.adding(days: -7).description == "2026-08-15")
        #expect(day.adding(days: 10).description == "2026-09-01")
        #expect(Day("2024-02-29")?.adding(days: 1).description == "2024-03-01")
        for bad in ["2026-02-30", "2026-13-01", "2026-8-22", "20260822", "2026-08-22T00:00:00Z", "", "abcd-ef-gh"] {
            #expect(Day(bad) == nil, "\(bad)")
        }
        #expect(Day("1970-01-01")?.daysSinceEpoch == 0)
    }

    static let timestampCases: [(String, Double)] = [
        ("2026-07-14T19:25:58Z", 1_784_057_158.0), ("2026-07-14T19:25:58.250Z", 1_784_057_158.25),
        ("2026-07-14T21:25:58+02:00", 1_784_057_158.0), ("1970-01-01T00:00:00Z", 0),
    ]

    @Test("GitHub timestamps parse and format", arguments: timestampCases)
    func timestamps(text: String, seconds: Double) throws {
        let date = try #require(Timestamp.parse(text))
        #expect(date.timeIntervalSince1970 == seconds)
        #expect(Timestamp.parse(Timestamp.format(date)) == date)
    }

    @Test("sortable timestamps sort as the moments do, a whole second among them")
    func sortableTimestamps() throws {
        let whole = Date(timeIntervalSince1970: 1_780_000_005)
        let moments = [whole.addingTimeInterval(-0.001), whole, whole.addingTimeInterval(0.12), whole + 1]
        let texts = moments.map { Timestamp.format($0, sortable: true) }
        #expect(texts[1].hasSuffix(":45.000Z"), "\(texts[1])")
        #expect(texts.sorted() == texts)
        #expect(texts.map { Timestamp.parse($0)?.millisecondsSince1970 } == moments.map(\.millisecondsSince1970))
        #expect(Timestamp.format(whole) > Timestamp.format(moments[2]), "the short form does not sort: why sortable")
    }

    @Test("a whole word is found as itself, not inside another")
    func wholeWords() {
        #expect("drop-in replacement with lots of goodies".containsWord("lot") == false)
        #expect("a lot of goodies".containsWord("lot"))
        #expect("an alternative to moment.js".containsWord("moment"))
        #expect("momentous changes, moments later".containsWord("moment") == false)
        #expect("(postman)".containsWord("postman") && "postman2".containsWord("postman") == false)
        #expect("anything".containsWord("") == false)
    }

    @Test("malformed timestamps are refused")
    func badTimestamps() {
        for bad in ["2026-07-14", "2026-07-14T25:00:00Z", "2026-07-14T19:25:58", "2026-07-14T19:25:58Zjunk", "x"] {
            #expect(Timestamp.parse(bad) == nil, "\(bad)")
        }
    }
}

@Suite("Repository names")
struct RepositoryNameTests {
    @Test("owner/name parses; identity ignores case")
    func parsing() throws {
        let name = try RepositoryName(parsing: "Apple/Swift-NIO")
        #expect(name.owner == "Apple" && name.name == "Swift-NIO")
        #expect(name == (try RepositoryName(parsing: "apple/swift-nio")))
        #expect(name.key == "apple/swift-nio")
    }

    static let invalidNames: [(String, RepositoryNameError)] = [
        ("apple", .notOwnerSlashName("apple")), ("a/b/c", .notOwnerSlashName("a/b/c")),
        ("/swift", .invalidOwner("")), ("apple/", .invalidName("")), ("-x/swift", .invalidOwner("-x")),
        ("apple/.", .invalidName(".")), ("ap ple/swift", .invalidOwner("ap ple")),
        (String(repeating: "a", count: 40) + "/x", .invalidOwner(String(repeating: "a", count: 40))),
    ]

    @Test("invalid names are refused with the reason", arguments: invalidNames)
    func invalid(text: String, expected: RepositoryNameError) {
        #expect(throws: expected) { try RepositoryName(parsing: text) }
    }

    @Test("topics are lowercased, trimmed and de-duplicated in order")
    func topics() {
        let repository = Repository(
            owner: RepositoryOwner(login: "a"), name: "b", topics: ["Swift", " ios ", "swift", "", "Server"], stars: 0)
        #expect(repository.topics == ["swift", "ios", "server"])
        #expect(repository.webURL.absoluteString == "https://github.com/a/b")
        #expect(repository.owner.displayAvatarURL.absoluteString == "https://avatars.githubusercontent.com/a")
    }
}

@Suite("Preferences")
struct PreferencesTests {
    @Test("encode with the plan's names and values, and decode back")
    func coding() throws {
        let preferences = UserPreferences(
            name: "Ada", primaryCluster: "mobile", secondaryClusters: ["web-frontend"], techStack: ["Swift"],
            interests: ["ios"], experienceLevel: .beginner, projectType: "mobile app",
            goals: [.learningNewTech, .buildingProject, .contributing, .findingSolutions, .exploring],
            onboardingCompleted: true)
        let json = String(decoding: try JSONEncoder().encode(preferences), as: UTF8.self)
        for expected in [
            "\"primaryCluster\"", "\"secondaryClusters\"", "\"techStack\"", "\"experienceLevel\":\"beginner\"",
            "\"learning-new-tech\"", "\"building-project\"", "\"finding-solutions\"", "\"onboardingCompleted\":true",
        ] {
            #expect(json.contains(expected), "\(expected) in \(json)")
        }
        #expect(try JSONDecoder().decode(UserPreferences.self, from: Data(json.utf8)) == preferences)
        #expect(ExperienceLevel.allCases.map(\.rawValue) == ["beginner", "intermediate", "advanced"])
    }
}
