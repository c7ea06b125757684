import Foundation
import HTTPTypes
import HummingbirdTesting
import RepoFinderServer
import TestSupport
import Testing

@Suite("Server: accounts, preferences and authentication")
struct AccountTests {
    @Test("an account's preferences: defaults, saved, validated", arguments: Engine.available)
    func preferences(engine: Engine) async throws {
        try await ServerHarness.run(engine) { client, _ in
            let token = try await client.newToken()
            let empty = try await client.call(.get, "/v1/me/preferences", token: token)
            #expect(empty.status == .ok)
            #expect(try empty.json()["onboardingCompleted"] as? Bool == false)

            let saved = try await client.call(
                .put, "/v1/me/preferences", token: token,
                json: #"""
                    {"name":" Ada ","techStack":["Swift","swift","Rust"],"interests":["ios"],
                     "experienceLevel":"beginner","goals":["contributing"],"primaryCluster":"mobile",
                     "onboardingCompleted":true}
                    """#)
            #expect(saved.status == .ok)
            let body = try saved.json()
            #expect(body["name"] as? String == "Ada")
            #expect(body["techStack"] as? [String] == ["Swift", "Rust"])
            let read = try await client.call(.get, "/v1/me/preferences", token: token).json()
            #expect(read["primaryCluster"] as? String == "mobile")
            #expect(read["goals"] as? [String] == ["contributing"])

            // Unknown enum values and wrong types: 400; too long or too many: 422; nothing changes.
            for json in [
                #"{"experienceLevel":"guru"}"#, #"{"goals":["winning"]}"#, #"{"techStack":"Swift"}"#,
                #"{"onboardingCompleted":"yes"}"#, #"{"name":42}"#, #"{"techStack":["Swift""#, "[]", "",
            ] {
                let response = try await client.call(.put, "/v1/me/preferences", token: token, json: json)
                #expect(response.status == .badRequest, "\(json)")
                #expect(try response.errorCode() == "bad_request")
            }
            let tooMany = "[" + (0..<31).map { "\"t\($0)\"" }.joined(separator: ",") + "]"
            for json in [
                #"{"name":"\#(String(repeating: "x", count: 81))"}"#, #"{"techStack":\#(tooMany)}"#,
                #"{"interests":[""]}"#,
            ] {
                let response = try await client.call(.put, "/v1/me/preferences", token: token, json: json)
                #expect(response.status == .unprocessableContent, "\(json)")
                #expect(try response.errorCode() == "invalid")
                #expect(!(try response.json()["message"] as? String ?? "").isEmpty)
            }
            #expect(try await client.call(.get, "/v1/me/preferences", token: token).json()["name"] as? String == "Ada")
        }
    }

    @Test("no token, a forged token or another scheme: 401 with a JSON error", arguments: Engine.available)
    func unauthorized(engine: Engine) async throws {
        try await ServerHarness.run(engine) { client, _ in
            for path in ["/v1/me/preferences", "/v1/me/feed", "/v1/me/saved", "/v1/me/liked", "/v1/me/stats"] {
                let missing = try await client.call(.get, path)
                #expect(missing.status == .unauthorized, "\(path)")
                #expect(try missing.errorCode() == "unauthorized")
                #expect(try await client.call(.get, path, token: "forged-token").status == .unauthorized)
                let basic = try await client.call(.get, path, headers: [.authorization: "Basic dXNlcjpwYXNz"])
                #expect(basic.status == .unauthorized)
            }
            let post = try await client.call(
                .post, "/v1/me/interactions", token: "forged", json: #"{"interactions":[]}"#)
            #expect(post.status == .unauthorized)
            #expect(try await client.call(.delete, "/v1/me/saved/a/b").status == .unauthorized)
        }
    }

    @Test("a token reaches only its own person's data", arguments: Engine.available)
    func isolation(engine: Engine) async throws {
        try await ServerHarness.run(engine) { client, _ in
            let ada = try await client.newToken()
            let bob = try await client.newToken()
            #expect(ada != bob)
            let like = ServerHarness.name("Swift", 0)
            let posted = try await client.call(
                .post, "/v1/me/interactions", token: ada,
                json: #"{"interactions":[{"id":"1","repo":"\#(like)","kind":"like","at":"2026-11-20T10:00:00Z"}]}"#)
            #expect(posted.status == .ok)
            _ = try await client.call(.put, "/v1/me/preferences", token: ada, json: #"{"name":"Ada"}"#)

            #expect(try await client.call(.get, "/v1/me/liked", token: ada).names() == [like])
            #expect(try await client.call(.get, "/v1/me/liked", token: bob).names() == [])
            #expect(try await client.call(.get, "/v1/me/preferences", token: bob).json()["name"] == nil)
            #expect(try await client.call(.get, "/v1/me/stats", token: bob).json()["likes"] as? Int == 0)
            // Bob removing from his list does not touch Ada's.
            #expect(try await client.call(.delete, "/v1/me/liked/\(like)", token: bob).status == .notFound)
            #expect(try await client.call(.get, "/v1/me/liked", token: ada).names() == [like])
            // The same idempotency key from another person is that person's own interaction.
            let bobs = try await client.call(
                .post, "/v1/me/interactions", token: bob,
                json: #"{"interactions":[{"id":"1","repo":"\#(like)","kind":"save","at":"2026-11-20T10:00:00Z"}]}"#)
            #expect(try bobs.json()["accepted"] as? Int == 1)
        }
    }
}
