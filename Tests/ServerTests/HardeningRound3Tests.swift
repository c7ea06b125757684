import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RepoFinderCore
import RepoFinderServer
import Storage
import TestSupport
import Testing

/// Issue 63's attacks on the analytics events, the metrics, device sign-ins and area browsing, each sent in process
/// against the fix it needs (the connection-level ones are in ``SilentConnectionTests``, the sign-in in
/// ``AppSignInTests``).
@Suite("Server: hardening, third round — events, metrics, device sign-ins, browsing")
struct HardeningRound3Tests {
    static let now = Timestamp.parse("2026-11-20T12:00:00Z")!

    /// A batch of `count` screen views with ids `prefix-N`.
    static func views(_ prefix: String, _ count: Int, label: String = "home") -> String {
        EventsEndpointTests.batch(
            (0..<count).map {
                EventsEndpointTests.event("\(prefix)-\($0)", "screen.view", extra: #", "label": "\#(label)""#)
            })
    }

    @Test("events: one account stores at most 1,000 an hour, then 429 with Retry-After; the contract's bounds hold")
    func eventQuotaAndBounds() async throws {
        var configuration = ServerConfiguration.unlimited
        configuration.eventsPerHour = 1_000
        try await withStore(.sqliteMemory) { test in
            try await ServerHarness.run(test, configuration: configuration, clock: { Self.now }) { client, store in
                let token = try await client.newToken()
                let userID = try await client.call(.get, "/v1/me/account", token: token).json()["id"] as! String
                for round in 0..<2 {
                    let sent = try await client.call(
                        .post, "/v1/events", token: token, json: Self.views("r\(round)", 500))
                    #expect(sent.status == .ok)
                    #expect(try sent.json()["accepted"] as? Int == 500)
                }
                // The third batch is refused whole: the client keeps it and sends it after Retry-After.
                let refused = try await client.call(.post, "/v1/events", token: token, json: Self.views("r2", 500))
                #expect(refused.status == .tooManyRequests)
                #expect(try refused.errorCode() == "events_quota")
                #expect(Int(refused.headers[.retryAfter] ?? "") ?? 0 > 0)
                #expect(try await store.store.events(userID: userID).count == 1_000)
                // Another person is not held back by this one.
                let other = try await client.newToken()
                #expect(
                    try await client.call(.post, "/v1/events", token: other, json: Self.views("o", 10)).status == .ok)

                // A label over 40 characters, a value or count outside 0…100,000: 422, nothing kept.
                let fresh = try await client.newToken()
                for extra in [
                    #", "label": "\#(String(repeating: "a", count: 41))""#, #", "value": 9223372036854775807"#,
                    #", "count": -5"#, #", "value": 100001"#,
                ] {
                    let body = EventsEndpointTests.batch([EventsEndpointTests.event("x", "screen.view", extra: extra)])
                    let answer = try await client.call(.post, "/v1/events", token: fresh, json: body)
                    #expect(answer.status == .unprocessableContent, "\(extra)")
                }
                let freshID = try await client.call(.get, "/v1/me/account", token: fresh).json()["id"] as! String
                #expect(try await store.store.events(userID: freshID).isEmpty)
            }
        }
    }

    @Test("the export writes an account's events a page at a time, every one of them")
    func exportStreamsEvents() async throws {
        try await withStore(.sqliteMemory) { test in
            try await ServerHarness.run(test, clock: { Self.now }) { client, store in
                let token = try await client.newToken()
                let userID = try await client.call(.get, "/v1/me/account", token: token).json()["id"] as! String
                // More than two pages of the export's (2,000 a write).
                let events = (0..<4_500).map { index in
                    AnalyticsEvent(
                        id: "e\(index)", name: .screenView, at: Self.now.addingTimeInterval(Double(-index)),
                        platform: .web, label: "home")
                }
                _ = try await store.store.recordEvents(events, userID: userID)
                let export = try await client.call(.get, "/v1/me/export", token: token)
                #expect(export.status == .ok)
                let document = try export.json()
                let exported = try #require(document["events"] as? [[String: Any]])
                #expect(exported.count == 4_500)
                #expect(Set(exported.compactMap { $0["id"] as? String }).count == 4_500)
                #expect(document["threads"] is [Any])
            }
        }
    }

    @Test("metrics: a method HTTP/2 would take from anyone is labelled `other`, so series stay bounded")
    func metricsMethods() async throws {
        try await ServerHarness.run(.sqliteMemory) { client, _ in
            for index in 0..<40 {
                _ = try await client.execute(uri: "/v1/trending", method: HTTPRequest.Method("X\(index)METHOD")!)
            }
            let metrics = String(buffer: try await client.call(.get, "/metrics").body)
            #expect(!metrics.contains("X1METHOD"))
            #expect(metrics.contains(#"method="other""#))
            let series = metrics.split(separator: "\n").filter { $0.hasPrefix("repofinder_http_requests_total{") }
            #expect(series.count < 10, "\(series)")
        }
    }

    @Test("an area browsed 50 times by one person counts each repository dealt once that day")
    func browsingCountsOncePerDay() async throws {
        try await withStore(.sqliteMemory) { test in
            try await ServerHarness.run(test, clock: { Self.now }) { client, store in
                let token = try await client.newToken()
                let userID = try await client.call(.get, "/v1/me/account", token: token).json()["id"] as! String
                let clusters = try await client.call(.get, "/v1/clusters").json()
                let id = try #require((clusters["items"] as? [[String: Any]])?.first?["id"] as? String)
                for _ in 0..<50 {
                    #expect(try await client.call(.get, "/v1/clusters/\(id)/repos", token: token).status == .ok)
                }
                // The export writes what waits behind first.
                #expect(try await client.call(.get, "/v1/me/export", token: token).status == .ok)
                let dealt = try await store.store.events(userID: userID).filter { $0.name == .dealt }
                let repositories = Set(dealt.compactMap { $0.repository?.key })
                #expect(!dealt.isEmpty)
                #expect(dealt.count == repositories.count, "\(dealt.count) dealt events for \(repositories.count)")
            }
        }
    }

    @Test("device sign-ins: one address begins at most 5 in 15 minutes; the server-wide slots stay for others")
    func deviceSignInsPerAddress() async throws {
        let standIn = try GitHubStandIn(users: ["ada": 0], deviceInterval: 1)
        defer { standIn.stop() }
        var configuration = ServerConfiguration.unlimited
        configuration.deviceSignInsPerAddress = 5
        try await SignInTests.withServer(.sqliteMemory, standIn: standIn, configuration: configuration) { client, _ in
            var statuses: [Int] = []
            for _ in 0..<8 {
                let token = try await client.newToken()
                let started = try await client.call(.post, "/v1/me/sign-in/github/device", token: token)
                statuses.append(Int(started.status.code))
                if started.status == .tooManyRequests {
                    #expect(try started.errorCode() == "sign_in_busy")
                    #expect(Int(started.headers[.retryAfter] ?? "") ?? 0 > 0)
                }
            }
            #expect(statuses == Array(repeating: 201, count: 5) + Array(repeating: 429, count: 3), "\(statuses)")
        }
    }
}
