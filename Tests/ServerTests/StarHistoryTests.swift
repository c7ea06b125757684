import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RepoFinderCore
import RepoFinderServer
import Storage
import TestSupport
import Testing

/// Star history (API and chart), honest dates, health and bursts as the API and the web app show them.
@Suite("Star history, health, honest dates and bursts over HTTP")
struct StarHistoryTests {
    /// 40 days of counts ending three days ago (so the numbers are stale): a steady repository and one with a burst.
    static func seed(_ store: any DataStore) async throws -> (end: Day, steady: [StarSnapshot]) {
        var steady = Fixtures.repository("history/steady", stars: 9_000)
        steady.pushedAt = Date().addingTimeInterval(-2 * 86_400)
        var bought = Fixtures.repository("history/bought", stars: 1_500)
        bought.pushedAt = Date().addingTimeInterval(-400 * 86_400)
        _ = try await store.upsertRepositories([steady, bought])
        let end = Day(containing: Date()).adding(days: -3)
        var snapshots: [StarSnapshot] = []
        for back in (0..<40).reversed() {
            let day = end.adding(days: -back)
            snapshots.append(StarSnapshot(repository: steady.repositoryName, day: day, stars: 9_000 - back * 100))
            snapshots.append(
                StarSnapshot(
                    repository: bought.repositoryName, day: day, stars: 1_000 - back * 2 + (back == 0 ? 500 : 0)))
        }
        _ = try await store.upsertStarSnapshots(snapshots)
        return (end, snapshots.filter { $0.repository == steady.repositoryName })
    }

    @Test(
        "the stars endpoint returns the snapshots, filtered by from and to, and refuses bad days",
        arguments: Engine.available)
    func starsEndpoint(engine: Engine) async throws {
        try await ServerHarness.run(engine) { client, store in
            let (end, steady) = try await Self.seed(store)
            let all = try await client.call(.get, "/v1/repos/history/steady/stars")
            #expect(all.status == .ok)
            let body = try all.json()
            let days = try #require(body["days"] as? [[String: Any]])
            #expect(days.map { $0["day"] as? String } == steady.map(\.day.description))
            #expect(days.map { $0["stars"] as? Int } == steady.map(\.stars))
            #expect(body["note"] as? String == "Numbers from \(end.spoken)")
            #expect(body["repository"] as? String == "history/steady")

            let from = end.adding(days: -5)
            let window = try await client.call(
                .get, "/v1/repos/history/steady/stars?from=\(from)&to=\(end.adding(days: -1))")
            let windowDays = try #require(window.json()["days"] as? [[String: Any]])
            #expect(windowDays.map { $0["stars"] as? Int } == [8_500, 8_600, 8_700, 8_800, 8_900])
            #expect(try window.json()["from"] as? String == from.description)

            for bad in ["from=2026-13-01", "to=yesterday", "from=\(end)&to=\(end.adding(days: -1))"] {
                let response = try await client.call(.get, "/v1/repos/history/steady/stars?\(bad)")
                #expect(response.status == .badRequest, "\(bad)")
                #expect(try response.json()["message"] as? String != nil)
            }
            #expect(try await client.call(.get, "/v1/repos/nobody/here/stars").status == .notFound)
        }
    }

    @Test("repositories carry health and honest count labels; search filters by health", arguments: Engine.available)
    func healthOverHTTP(engine: Engine) async throws {
        try await ServerHarness.run(engine) { client, store in
            _ = try await Self.seed(store)
            let steady = try await client.call(.get, "/v1/repos/history/steady").json()
            #expect(steady["health"] as? String == "active")
            #expect(steady["healthSummary"] as? String == "Active — pushed 2 days ago")
            #expect(steady["countsNote"] as? String == "count not checked on GitHub")
            // The synthetic catalog's pushes end on 14 Jul 2026: a repository last pushed 400 days ago is judged as of
            // that day (quiet then, dormant today), and says so; one pushed since is judged by its own push.
            let bought = try await client.call(.get, "/v1/repos/history/bought").json()
            #expect(bought["health"] as? String == "quiet")
            #expect((bought["healthSummary"] as? String)?.hasSuffix(", as of 14 Jul 2026") == true, "\(bought)")

            let active = try await client.call(.get, "/v1/search?q=history&health=active")
            #expect(try active.names() == ["history/steady"])
            let quiet = try await client.call(.get, "/v1/search?q=history&health=quiet")
            #expect(try quiet.names().contains("history/bought"))
            #expect(try await client.call(.get, "/v1/search?q=history&health=dormant").names().isEmpty)
            #expect(try await client.call(.get, "/v1/search?q=history&health=lively").status == .badRequest)
        }
    }

    @Test(
        "trending leaves bursts out, shows them marked on request, and says which day its numbers are from",
        arguments: Engine.available)
    func trendingOverHTTP(engine: Engine) async throws {
        try await ServerHarness.run(engine) { client, store in
            let (end, _) = try await Self.seed(store)
            let standard = try await client.call(.get, "/v1/trending?since=daily")
            #expect(try standard.names().contains("history/bought") == false)
            #expect(try standard.names().contains("history/steady"))
            #expect(try standard.json()["note"] as? String == "Numbers from \(end.spoken)")
            #expect(try standard.json()["to"] as? String == end.description)

            let shown = try await client.call(.get, "/v1/trending?since=daily&bursts=shown")
            let item = try #require(
                shown.items().first { ($0["repository"] as? [String: Any])?["fullName"] as? String == "history/bought" }
            )
            let burst = try #require(item["burst"] as? [String: Any])
            #expect(burst["day"] as? String == end.description)
            #expect(burst["gain"] as? Int == 502)
            #expect(burst["note"] as? String == "+502 stars on \(end.spoken), 251× its usual 2.0 a day")
            let only = try await client.call(.get, "/v1/trending?since=daily&bursts=only")
            #expect(try only.names() == ["history/bought"])

            let health = try await client.call(.get, "/health").json()
            #expect(health["newestSnapshotDay"] as? String == end.description)
            #expect(health["catalogAgeDays"] as? Int == 3)
        }
    }

    @Test(
        "the detail page draws the chart from the snapshots, as a table too, and says the numbers' day",
        arguments: Engine.available)
    func detailChart(engine: Engine) async throws {
        try await ServerHarness.run(engine, withWebApp: true) { client, store in
            let (end, steady) = try await Self.seed(store)
            let page = String(buffer: try await client.call(.get, "/r/history/steady").body)
            #expect(page.contains("<svg class=\"star-chart\""))
            // One point per day on each scale, and one table row per day with its count.
            #expect(page.components(separatedBy: "<circle class=\"point\"").count - 1 == steady.count * 2)
            for snapshot in steady {
                #expect(
                    page.contains(
                        "<td><time datetime=\"\(snapshot.day)\">\(snapshot.day.spoken)</time></td><td>\(Number.grouped(snapshot.stars))</td>"
                    ))
            }
            #expect(page.contains("Numbers from \(end.spoken)"))
            #expect(page.contains("class=\"badge health active\""))
            #expect(page.contains("count not checked on GitHub"))
        }
    }
}
