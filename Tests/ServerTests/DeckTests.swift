import Dealing
import Foundation
import HTTPTypes
import HummingbirdTesting
import RepoFinderServer
import Storage
import TestSupport
import Testing

@Suite("Server: the feed, interactions, lists and statistics")
struct DeckTests {
    @Test("the feed deals by taste, never repeats a card, and says when it runs out", arguments: Engine.available)
    func feed(engine: Engine) async throws {
        try await ServerHarness.run(engine) { client, _ in
            let token = try await client.newToken()
            _ = try await client.call(
                .put, "/v1/me/preferences", token: token, json: #"{"techStack":["Rust"],"interests":["cli"]}"#)
            let first = try await client.call(.get, "/v1/me/feed?limit=5", token: token)
            #expect(first.status == .ok)
            let items = try first.items()
            #expect(items.count == 5)
            #expect(items.allSatisfy { ($0["repository"] as? [String: Any])?["language"] as? String == "Rust" })
            for item in items {
                #expect((0...100).contains(item["fitScore"] as? Int ?? -1))
                #expect(!(item["reasons"] as? [String] ?? []).isEmpty)
                #expect(item["cluster"] is String)
            }
            var seen = Set(try first.names())
            var exhausted = false
            for _ in 0..<20 where !exhausted {
                let next = try await client.call(.get, "/v1/me/feed?limit=10", token: token)
                let names = try next.names()
                #expect(seen.isDisjoint(with: names), "a card was dealt twice")
                seen.formUnion(names)
                exhausted = try next.json()["exhausted"] as? Bool ?? false
            }
            #expect(exhausted)
            #expect(seen.count == ServerHarness.catalog.count)
            let after = try await client.call(.get, "/v1/me/feed", token: token).json()
            #expect((after["items"] as? [Any])?.isEmpty == true)
            #expect(after["exhausted"] as? Bool == true)
            #expect(after["message"] is String)
        }
    }

    @Test(
        "what was dealt is written (behind, on SQLite) and a restarted server never deals it again",
        arguments: Engine.available)
    func dealtSurvivesRestart(engine: Engine) async throws {
        try await withStore(engine) { test in
            _ = try await test.store.upsertRepositories(ServerHarness.catalog)
            let configuration = ServerConfiguration.unlimited
            var token = ""
            var dealt = Set<String>()
            for _ in 0..<2 {
                let deck = try await APIServer.makeDeck(store: test.store, logger: ServerHarness.quietLogger)
                let application = try APIServer.makeApplication(
                    configuration: configuration, store: test.store, deck: deck, logger: ServerHarness.quietLogger)
                let before = dealt
                let known = token
                let (person, names) = try await application.test(.router) { client in
                    let person = known.isEmpty ? try await client.newToken() : known
                    var names: [String] = []
                    for _ in 0..<3 {
                        let response = try await client.call(.get, "/v1/me/feed?limit=7", token: person)
                        #expect(response.status == .ok)
                        let batch = try response.names()
                        #expect(batch.count == 7)
                        #expect(before.isDisjoint(with: batch), "a card was dealt again after the restart")
                        names += batch
                    }
                    return (person, names)
                }
                token = person
                #expect(dealt.isDisjoint(with: names))
                dealt.formUnion(names)
                // What `repofinder serve` does when it stops.
                await deck.flushDealt()
            }
            #expect(dealt.count == 42)
        }
    }

    @Test("feed parameters given twice are refused", arguments: [Engine.sqliteMemory])
    func repeatedParameters(engine: Engine) async throws {
        try await ServerHarness.run(engine) { client, _ in
            let token = try await client.newToken()
            for query in ["limit=5&limit=6", "cluster=mobile&cluster=data", "limit=five", "cluster=cooking"] {
                let response = try await client.call(.get, "/v1/me/feed?" + query, token: token)
                #expect(response.status == .badRequest, "\(query)")
                #expect(try response.json()["error"] as? String == "bad_request")
            }
        }
    }

    @Test("two feed requests at once never get the same cards", arguments: Engine.available)
    func concurrentFeeds(engine: Engine) async throws {
        try await ServerHarness.run(engine) { client, _ in
            let token = try await client.newToken()
            let batches = try await withThrowingTaskGroup(of: [String].self) { group in
                for _ in 0..<4 {
                    group.addTask { try await client.call(.get, "/v1/me/feed?limit=8", token: token).names() }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let all = batches.flatMap { $0 }
            #expect(all.count == 32)
            #expect(Set(all).count == all.count)
        }
    }

    @Test("feed filters and limits: cluster, out-of-range limits, unknown clusters", arguments: Engine.available)
    func feedParameters(engine: Engine) async throws {
        try await ServerHarness.run(engine) { client, _ in
            let token = try await client.newToken()
            let mobile = try await client.call(.get, "/v1/me/feed?cluster=mobile&limit=50", token: token).items()
            #expect(!mobile.isEmpty)
            #expect(mobile.allSatisfy { $0["cluster"] as? String == "mobile" })
            for query in ["limit=0", "limit=51", "limit=ten", "cluster=astrology"] {
                let response = try await client.call(.get, "/v1/me/feed?\(query)", token: token)
                #expect(response.status == .badRequest, "\(query)")
                #expect(try response.errorCode() == "bad_request")
            }
        }
    }

    @Test(
        "undo: a like, save or skip is withdrawn by its id (204, again 204); it leaves its list and the stats; a view is not (422)",
        arguments: Engine.available)
    func withdrawInteraction(engine: Engine) async throws {
        try await ServerHarness.run(engine) { client, _ in
            let token = try await client.newToken()
            let (a, b, c) = (
                ServerHarness.name("Rust", 0), ServerHarness.name("Rust", 1), ServerHarness.name("Rust", 2)
            )
            let batch = #"""
                {"interactions":[
                  {"id":"s1","repo":"\#(a)","kind":"skip","at":"2026-11-20T10:00:00Z"},
                  {"id":"l1","repo":"\#(b)","kind":"like","at":"2026-11-20T10:01:00Z"},
                  {"id":"v1","repo":"\#(c)","kind":"save","at":"2026-11-20T10:02:00Z"},
                  {"id":"w1","repo":"\#(c)","kind":"view","at":"2026-11-20T10:03:00Z"}]}
                """#
            #expect(try await client.call(.post, "/v1/me/interactions", token: token, json: batch).status == .ok)
            #expect(try await client.call(.get, "/v1/me/stats", token: token).json()["skips"] as? Int == 1)
            #expect(try await client.call(.delete, "/v1/me/interactions/s1", token: token).status == .noContent)
            #expect(try await client.call(.delete, "/v1/me/interactions/s1", token: token).status == .noContent)
            #expect(try await client.call(.delete, "/v1/me/interactions/l1", token: token).status == .noContent)
            #expect(try await client.call(.get, "/v1/me/liked", token: token).names().isEmpty)
            #expect(try await client.call(.delete, "/v1/me/interactions/v1", token: token).status == .noContent)
            #expect(try await client.call(.get, "/v1/me/saved", token: token).names().isEmpty)
            let view = try await client.call(.delete, "/v1/me/interactions/w1", token: token)
            #expect(view.status == .unprocessableContent)
            #expect((try view.json()["message"] as? String ?? "").contains("a view"))
            #expect(try await client.call(.delete, "/v1/me/interactions/nope", token: token).status == .notFound)
            #expect(try await client.call(.delete, "/v1/me/interactions/s1").status == .unauthorized)
            let stats = try await client.call(.get, "/v1/me/stats", token: token).json()
            #expect(stats["skips"] as? Int == 0)
            #expect(stats["likes"] as? Int == 0)
            #expect(stats["saves"] as? Int == 0)
            // Liked again (a new id), it is on the list again.
            let again = #"{"interactions":[{"id":"l2","repo":"\#(b)","kind":"like","at":"2026-11-20T10:05:00Z"}]}"#
            #expect(try await client.call(.post, "/v1/me/interactions", token: token, json: again).status == .ok)
            #expect(try await client.call(.get, "/v1/me/liked", token: token).names() == [b])
        }
    }

    @Test("interactions: idempotent by id, all or nothing, validated; lists newest first", arguments: Engine.available)
    func interactions(engine: Engine) async throws {
        try await ServerHarness.run(engine) { client, _ in
            let token = try await client.newToken()
            let (a, b, c) = (ServerHarness.name("Go", 0), ServerHarness.name("Go", 1), ServerHarness.name("Python", 2))
            let batch = #"""
                {"interactions":[
                  {"id":"k1","repo":"\#(a)","kind":"like","at":"2026-11-20T10:00:00Z"},
                  {"id":"k2","repo":"\#(b)","kind":"like","at":"2026-11-20T10:01:00.250Z"},
                  {"id":"k3","repo":"\#(c)","kind":"save","at":"2026-11-20T10:02:00Z"},
                  {"id":"k4","repo":"\#(c)","kind":"skip","at":"2026-11-20T10:03:00Z"},
                  {"id":"k4","repo":"\#(c)","kind":"skip","at":"2026-11-20T10:03:00Z"}]}
                """#
            let first = try await client.call(.post, "/v1/me/interactions", token: token, json: batch).json()
            #expect(first["accepted"] as? Int == 4)
            #expect(first["duplicates"] as? Int == 1)
            let replay = try await client.call(.post, "/v1/me/interactions", token: token, json: batch).json()
            #expect(replay["accepted"] as? Int == 0)
            #expect(replay["duplicates"] as? Int == 5)

            let liked = try await client.call(.get, "/v1/me/liked", token: token)
            #expect(try liked.names() == [b, a])
            #expect(try liked.json()["total"] as? Int == 2)
            #expect(try await client.call(.get, "/v1/me/liked?perPage=1&page=2", token: token).names() == [a])
            #expect(try await client.call(.get, "/v1/me/saved", token: token).names() == [c])
            for query in ["page=0", "perPage=101", "perPage=0", "page=x"] {
                #expect(try await client.call(.get, "/v1/me/saved?\(query)", token: token).status == .badRequest)
            }

            // An unknown repository: 422 naming it, and nothing of the batch is stored.
            let unknown = try await client.call(
                .post, "/v1/me/interactions", token: token,
                json: #"""
                    {"interactions":[{"id":"n1","repo":"\#(ServerHarness.name("Rust", 0))","kind":"like","at":"2026-11-20T10:00:00Z"},
                    {"id":"n2","repo":"nobody/nothing","kind":"like","at":"2026-11-20T10:00:00Z"}]}
                    """#)
            #expect(unknown.status == .unprocessableContent)
            #expect((try unknown.json()["message"] as? String ?? "").contains("nobody/nothing"))
            #expect(try await client.call(.get, "/v1/me/liked", token: token).names() == [b, a])

            let invalid = [
                #"{"interactions":[{"id":"x","repo":"not a name","kind":"like","at":"2026-11-20T10:00:00Z"}]}"#,
                #"{"interactions":[{"id":"","repo":"\#(a)","kind":"like","at":"2026-11-20T10:00:00Z"}]}"#,
                #"{"interactions":[{"id":"x","repo":"\#(a)","kind":"like","at":"1999-01-01T00:00:00Z"}]}"#,
            ]
            for json in invalid {
                let response = try await client.call(.post, "/v1/me/interactions", token: token, json: json)
                #expect(response.status == .unprocessableContent, "\(json)")
            }
            let malformed = [
                #"{"interactions":[{"id":"x","repo":"\#(a)","kind":"love","at":"2026-11-20T10:00:00Z"}]}"#,
                #"{"interactions":[{"id":"x","repo":"\#(a)","kind":"like","at":"yesterday"}]}"#,
                #"{"interactions":[{"id":7,"repo":"\#(a)","kind":"like","at":"2026-11-20T10:00:00Z"}]}"#,
                #"{"interactions":{}}"#, #"{"interactions":[{"id":"x"}]}"#, "{", "null",
            ]
            for json in malformed {
                let response = try await client.call(.post, "/v1/me/interactions", token: token, json: json)
                #expect(response.status == .badRequest, "\(json)")
            }
            let many = (0..<501).map { #"{"id":"m\#($0)","repo":"\#(a)","kind":"view","at":"2026-11-20T10:00:00Z"}"# }
            let tooMany = try await client.call(
                .post, "/v1/me/interactions", token: token, json: #"{"interactions":[\#(many.joined(separator: ","))]}"#
            )
            #expect(tooMany.status == .unprocessableContent)

            // Removing: 204, then 404; a name that cannot be one: 400.
            #expect(try await client.call(.delete, "/v1/me/liked/\(a)", token: token).status == .noContent)
            #expect(try await client.call(.delete, "/v1/me/liked/\(a)", token: token).status == .notFound)
            #expect(try await client.call(.delete, "/v1/me/saved/\(c)", token: token).status == .noContent)
            #expect(try await client.call(.delete, "/v1/me/saved/bad%20owner/x", token: token).status == .badRequest)
            #expect(try await client.call(.get, "/v1/me/liked", token: token).names() == [b])

            // Liked and skipped cards are never dealt.
            let dealt = try await client.call(.get, "/v1/me/feed?limit=50", token: token).names()
            #expect(Set(dealt).isDisjoint(with: [a, b, c]))
        }
    }

    @Test("statistics: counts by kind, top languages and topics of liked and saved", arguments: Engine.available)
    func statistics(engine: Engine) async throws {
        try await ServerHarness.run(engine) { client, _ in
            let token = try await client.newToken()
            let entries = [
                ("Swift", 0, "like"), ("Swift", 1, "like"), ("Rust", 0, "save"), ("Go", 3, "skip"),
                ("Go", 4, "view"), ("Go", 4, "open"),
            ]
            let json = entries.enumerated().map { position, entry in
                #"{"id":"s\#(position)","repo":"\#(ServerHarness.name(entry.0, entry.1))","kind":"\#(entry.2)","at":"2026-11-20T10:00:00Z"}"#
            }
            _ = try await client.call(
                .post, "/v1/me/interactions", token: token, json: #"{"interactions":[\#(json.joined(separator: ","))]}"#
            )
            let stats = try await client.call(.get, "/v1/me/stats", token: token).json()
            #expect(stats["likes"] as? Int == 2)
            #expect(stats["saves"] as? Int == 1)
            #expect(stats["skips"] as? Int == 1)
            #expect(stats["views"] as? Int == 1)
            #expect(stats["opens"] as? Int == 1)
            let languages = (stats["topLanguages"] as? [[String: Any]] ?? []).map { "\($0["name"]!)=\($0["count"]!)" }
            #expect(languages == ["Swift=2", "Rust=1"])
            let topics = (stats["topTopics"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            #expect(Array(topics.prefix(2)) == ["ios", "swift"])
        }
    }
}
