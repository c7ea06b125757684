import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RepoFinderCore
import RepoFinderServer
import Storage
import TestSupport
import Testing

/// `POST /v1/events`: what it keeps, what it refuses (and then keeps nothing of the batch), and the off switch.
struct EventsEndpointTests {
    static func batch(_ events: [String]) -> String { #"{"events": [\#(events.joined(separator: ","))]}"# }

    static func event(_ id: String, _ name: String, at: String = "2026-11-20T10:00:00Z", extra: String = "") -> String {
        #"{"id": "\#(id)", "name": "\#(name)", "at": "\#(at)", "platform": "web"\#(extra)}"#
    }

    @Test("events are kept once, searches keep their words only when nothing was found, bad ones are refused whole")
    func events() async throws {
        let now = Timestamp.parse("2026-11-20T12:00:00Z")!
        try await withStore(.sqliteMemory) { test in
            try await ServerHarness.run(test, clock: { now }) { client, store in
                let token = try await client.newToken()
                let good = Self.batch([
                    Self.event("a", "swipe", extra: #", "label": "like""#),
                    Self.event("b", "search", extra: #", "value": 4, "count": 3, "query": "private words""#),
                    Self.event("c", "search", extra: #", "value": 3, "count": 0, "query": "  zig\n game  ""#),
                ])
                let sent = try await client.call(.post, "/v1/events", token: token, json: good)
                #expect(sent.status == .ok)
                #expect(try sent.json()["accepted"] as? Int == 3)
                let again = try await client.call(.post, "/v1/events", token: token, json: good).json()
                #expect(again["duplicates"] as? Int == 3 && again["accepted"] as? Int == 0)
                let userID = try await client.call(.get, "/v1/me/account", token: token).json()["id"] as! String
                let stored = try await store.store.events(userID: userID)
                #expect(stored.first { $0.id == "b" }?.query == nil, "a search that found something keeps no words")
                #expect(stored.first { $0.id == "b" }?.label == "found")
                #expect(stored.first { $0.id == "c" }?.query == "zig game")
                #expect(stored.first { $0.id == "c" }?.label == "none")

                // Refused, with nothing of the batch kept: a time from the future or past retention, a bad label, an
                // unknown name, a platform the server keeps for itself, no token.
                for (body, status) in [
                    (Self.batch([Self.event("d", "undo"), Self.event("e", "undo", at: "2026-11-23T00:00:00Z")]), 422),
                    (Self.batch([Self.event("f", "undo", at: "2024-01-01T00:00:00Z")]), 422),
                    (Self.batch([Self.event("g", "swipe", extra: #", "label": "<script>""#)]), 422),
                    (Self.batch([Self.event("h", "dealt")]), 400),
                    (
                        #"{"events": [{"id": "i", "name": "undo", "at": "2026-11-20T10:00:00Z", "platform": "server"}]}"#,
                        400
                    ),
                    (#"{"events": "#, 400),
                ] {
                    let refused = try await client.call(.post, "/v1/events", token: token, json: body)
                    #expect(refused.status.code == status, "\(body)")
                    #expect(try refused.json()["message"] is String)
                }
                #expect(try await store.store.events(userID: userID).map(\.id).sorted() == ["a", "b", "c"])
                #expect(try await client.call(.post, "/v1/events", json: good).status == .unauthorized)

                // Turned off: accepted as ignored, nothing kept; the preference is in the answer and stays when a
                // later PUT leaves it out.
                let off = try await client.call(
                    .put, "/v1/me/preferences", token: token, json: #"{"analytics": false}"#)
                #expect(try off.json()["analytics"] as? Bool == false)
                let ignored = try await client.call(
                    .post, "/v1/events", token: token, json: Self.batch([Self.event("j", "undo")])
                ).json()
                #expect(ignored["ignored"] as? Int == 1 && ignored["accepted"] as? Int == 0)
                let kept = try await client.call(
                    .put, "/v1/me/preferences", token: token, json: #"{"techStack": ["Swift"]}"#)
                #expect(try kept.json()["analytics"] as? Bool == false)
                #expect(try await store.store.events(userID: userID).count == 3)
                let export = try await client.call(.get, "/v1/me/export", token: token).json()
                #expect((export["events"] as? [[String: Any]])?.count == 3)
            }
        }
    }
}
