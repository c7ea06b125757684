import Dashboards
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RepoFinderCore
import RepoFinderServer
import Storage
import TestSupport
import Testing

/// A few hundred synthetic people used RepoFinder for 60 simulated days (the server's clock injected and moved a day
/// at a time), each sending their devices' analytics events through `POST /v1/events`. The script keeps its own
/// record of what it did; the operator report must say exactly that.
struct AnalyticsSimulationTests {
    static let people = 240
    static let days = 60
    static let firstDay = Day("2026-09-01")!
    static let operatorToken = "operator-token-for-the-simulation-0123456789"

    @Test("the operator report equals what the simulation did", arguments: [Engine.sqliteFile, .postgres])
    func simulation(engine: Engine) async throws {
        guard Engine.available.contains(engine) else { return }
        let clock = ManualClock(Self.firstDay.start.addingTimeInterval(43_200))
        var configuration = ServerConfiguration.unlimited
        configuration.operatorToken = Self.operatorToken
        try await withStore(engine) { test in
            try await ServerHarness.run(test, configuration: configuration, clock: { clock.read() }) { client, _ in
                var simulation = Simulation()
                try await simulation.run(client, clock: clock)
                let response = try await client.call(.get, "/v1/admin/report?since=60d", token: Self.operatorToken)
                #expect(response.status == .ok)
                let report = try JSONDecoder().decode(OperatorReport.self, from: Data(response.body.readableBytesView))
                simulation.check(report)

                // Only the operator: no token, another token, and a bad window.
                #expect(try await client.call(.get, "/v1/admin/report").status == .unauthorized)
                let person = try await client.newToken()
                #expect(try await client.call(.get, "/v1/admin/report", token: person).status == .forbidden)
                let bad = try await client.call(.get, "/v1/admin/report?since=1y", token: Self.operatorToken)
                #expect(bad.status == .badRequest)
            }
        }
    }
}

/// The synthetic people, what they did, and what the report should therefore say.
struct Simulation {
    /// One person's behaviour, fixed by the seed.
    struct Person {
        var token = ""
        var firstDay: Int
        /// Chance of coming back on any later day.
        var loyalty: Double
        /// The onboarding step they leave at (nil: they finish).
        var leavesAt: Int?
        var sharesAnalytics: Bool
    }

    var generator = SeededGenerator(seed: 49)
    var persons: [Person] = []
    // What the script did (only for people who share analytics).
    var activeDays: [Int: Set<Int>] = [:]
    var events: [String: Int] = [:]
    var peopleBy: [String: Set<Int>] = [:]
    var zeroQueries: [String: Int] = [:]
    var swipesPerDay: [Int: Int] = [:]

    mutating func run(_ client: any TestClientProtocol, clock: ManualClock) async throws {
        let queries = ["rust web framework", "htmx", "zig game engine", "llm agents", "swift charts"]
        for index in 0..<AnalyticsSimulationTests.people {
            persons.append(
                Person(
                    firstDay: Int.random(in: 0..<50, using: &generator),
                    loyalty: Double.random(in: 0.05...0.7, using: &generator),
                    leavesAt: Bool.random(using: &generator)
                        ? nil : Int.random(in: 0..<OnboardingStep.allCases.count, using: &generator),
                    sharesAnalytics: index % 10 != 3))
        }
        for index in persons.indices {
            persons[index].token = try await client.newToken()
            if !persons[index].sharesAnalytics {
                let off = try await client.call(
                    .put, "/v1/me/preferences", token: persons[index].token, json: #"{"analytics": false}"#)
                #expect(off.status == .ok)
            }
        }
        for day in 0..<AnalyticsSimulationTests.days {
            // The server's clock is noon of the simulated day.
            if day > 0 { clock.advance(86_400) }
            for index in persons.indices {
                let person = persons[index]
                guard day >= person.firstDay else { continue }
                let active = day == person.firstDay || Double.random(in: 0..<1, using: &generator) < person.loyalty
                guard active else { continue }
                var batch: [[String: Any]] = []
                func add(
                    _ name: String, label: String? = nil, value: Int? = nil, count: Int? = nil, query: String? = nil
                ) {
                    var event: [String: Any] = [
                        "id": "\(index)-\(day)-\(batch.count)", "name": name,
                        "platform": ["web", "ios", "terminal"][index % 3],
                        "at": Timestamp.format(
                            AnalyticsSimulationTests.firstDay.adding(days: day).start.addingTimeInterval(
                                Double(3_600 + batch.count))),
                    ]
                    if let label { event["label"] = label }
                    if let value { event["value"] = value }
                    if let count { event["count"] = count }
                    if let query { event["query"] = query }
                    batch.append(event)
                }
                if day == person.firstDay {
                    for (step, name) in OnboardingStep.allCases.map(\.analyticsName).enumerated() {
                        add("onboarding.step.seen", label: name)
                        if step == person.leavesAt { break }
                        add(step % 3 == 1 ? "onboarding.step.skipped" : "onboarding.step.finished", label: name)
                    }
                    if person.leavesAt == nil { add("onboarding.finished") }
                    if index % 4 == 0 {
                        add("import.started", label: "onboarding")
                        if index % 8 == 0 { add("import.finished", count: 120) }
                    }
                }
                add("screen.view", label: "discover")
                add("deck.dealt", count: 20)
                for _ in 0..<Int.random(in: 0...12, using: &generator) {
                    add("swipe", label: ["like", "like", "save", "skip", "skip"].randomElement(using: &generator)!)
                }
                if Bool.random(using: &generator) { add("undo") }
                if index % 7 == 0 { add("deck.emptied") }
                if Int.random(in: 0..<3, using: &generator) == 0 {
                    let query = queries.randomElement(using: &generator)!
                    let found = query.count % 2 == 0 ? 0 : 14
                    add("screen.view", label: "search")
                    add("search", value: query.count, count: found, query: query)
                }
                if index % 5 == 0 { add("ask.question") }
                if index % 25 == 0 { add("ask.quota") }
                if index % 6 == 0 { add("compare", count: 2) }
                if index % 9 == 0 && day == person.firstDay + 1 {
                    add("signin.started")
                    if index % 18 == 0 { add("signin.finished") }
                }
                if index % 11 == 0 { add("open") }
                let body = String(
                    decoding: try JSONSerialization.data(withJSONObject: ["events": batch]), as: UTF8.self)
                let sent = try await client.call(.post, "/v1/events", token: person.token, json: body)
                #expect(sent.status == .ok)
                if day == person.firstDay && index % 13 == 0 {
                    // An offline queue sending the same batch again stores nothing twice.
                    let again = try await client.call(.post, "/v1/events", token: person.token, json: body).json()
                    #expect(again["duplicates"] as? Int == (person.sharesAnalytics ? batch.count : 0))
                }
                guard person.sharesAnalytics else { continue }
                activeDays[index, default: []].insert(day)
                for event in batch {
                    let key = Self.key(event)
                    events[key, default: 0] += 1
                    peopleBy[key, default: []].insert(index)
                    if event["name"] as? String == "swipe" { swipesPerDay[day, default: 0] += 1 }
                    if event["name"] as? String == "search", event["count"] as? Int == 0 {
                        zeroQueries[event["query"] as! String, default: 0] += 1
                    }
                }
            }
        }
    }

    /// An event's name and label ("search" is labelled by what it found).
    static func key(_ event: [String: Any]) -> String {
        let name = event["name"] as! String
        if name == "search" { return "search " + ((event["count"] as? Int ?? 0) > 0 ? "found" : "none") }
        return name + " " + (event["label"] as? String ?? "")
    }

    func count(_ name: String, _ label: String = "") -> Int { events[name + " " + label] ?? 0 }
    func people(_ name: String, _ label: String = "") -> Set<Int> { peopleBy[name + " " + label] ?? [] }

    func check(_ report: OperatorReport) {
        #expect(report.people == activeDays.count)
        #expect(report.dailyActive.count == AnalyticsSimulationTests.days)
        for (day, point) in report.dailyActive.enumerated() {
            #expect(point.value == activeDays.values.filter { $0.contains(day) }.count, "day \(day)")
            #expect(report.swipesPerDay[day].value == swipesPerDay[day] ?? 0)
        }
        let personDays = activeDays.values.reduce(0) { $0 + $1.count }
        #expect(report.activePersonDays == personDays)
        let (likes, saves, skips) = (count("swipe", "like"), count("swipe", "save"), count("swipe", "skip"))
        #expect(report.swipes == likes + saves + skips)
        #expect(report.likeRate.count == likes && report.likeRate.of == likes + saves + skips)
        #expect(report.saveRate.count == saves)
        #expect(report.swipesPerPersonDay == Double(likes + saves + skips) / Double(personDays))
        #expect(report.undos == count("undo") && report.opens == count("open"))
        let steps = OnboardingStep.allCases.map(\.analyticsName)
        let finished = people("onboarding.finished")
        #expect(report.onboardingCompletion.count == finished.count)
        #expect(report.onboardingCompletion.of == people("onboarding.step.seen", steps[0]).count)
        for (index, step) in report.onboardingSteps.enumerated() {
            #expect(step.step == steps[index])
            #expect(step.seen == people("onboarding.step.seen", steps[index]).count)
            #expect(step.finished == people("onboarding.step.finished", steps[index]).count)
            #expect(step.skipped == people("onboarding.step.skipped", steps[index]).count)
            let expectedDrop = persons.indices.filter { index2 in
                persons[index2].sharesAnalytics && persons[index2].leavesAt == index
            }.count
            #expect(step.droppedOff == expectedDrop, "\(step.step)")
        }
        // Retention: the script's own cohorts (first day's Monday) and returns.
        var cohorts: [Day: [Int]] = [:]
        for (index, days) in activeDays {
            let first = AnalyticsSimulationTests.firstDay.adding(days: days.min()!)
            cohorts[first.monday, default: []].append(index)
        }
        #expect(report.retention.map(\.week) == cohorts.keys.sorted().map(\.description))
        for cohort in report.retention {
            let members = cohorts[Day(cohort.week)!] ?? []
            #expect(cohort.people == members.count)
            for (after, share) in [(1, cohort.day1), (7, cohort.day7), (30, cohort.day30)] {
                let reached = members.filter { activeDays[$0]!.min()! + after < AnalyticsSimulationTests.days }
                let returned = reached.filter { activeDays[$0]!.contains(activeDays[$0]!.min()! + after) }
                #expect(share.of == reached.count && share.count == returned.count, "\(cohort.week) day \(after)")
            }
        }
        #expect(report.searches == count("search", "found") + count("search", "none"))
        #expect(report.zeroResultRate.count == count("search", "none"))
        #expect(
            report.topZeroResultQueries.map { [$0.query: $0.count] }
                == zeroQueries.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map {
                    [$0.key: $0.value]
                })
        #expect(report.importConversion.of == people("import.started", "onboarding").count)
        #expect(report.importConversion.count == people("import.finished").count)
        #expect(report.signInConversion.of == people("signin.started").count)
        #expect(report.signInConversion.count == people("signin.finished").count)
        #expect(report.askQuestions == count("ask.question") && report.askPeople == people("ask.question").count)
        #expect(report.askQuotaHits == count("ask.quota"))
        #expect(report.deckBatches == count("deck.dealt"))
        #expect(report.deckExhaustion.of == people("deck.dealt").count)
        #expect(report.deckExhaustion.count == people("deck.emptied").count)
        #expect(report.compares == count("compare"))
        #expect(
            report.screenViews.map(\.count).sorted()
                == [count("screen.view", "discover"), count("screen.view", "search")]
                .filter { $0 > 0 }.sorted())
        #expect(report.people > 150 && report.swipes > 1_000)
    }
}
