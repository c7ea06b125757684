import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Storage
import TestSupport
import Testing

/// `GET /v1/me/export` and `DELETE /v1/me`: a person's data, whole, and gone.
@Suite("Your data: export everything, delete the account")
struct AccountDataTests {
    @Test(
        "the export holds preferences, interactions, lists and imports, never a token; deleting leaves no row and kills the token",
        arguments: Engine.available)
    func exportAndDelete(engine: Engine) async throws {
        try await ServerHarness.run(engine) { client, store in
            let token = try await client.newToken()
            let other = try await client.newToken()
            let repo = ServerHarness.name("Swift", 0)
            let second = ServerHarness.name("Swift", 1)
            _ = try await client.call(
                .put, "/v1/me/preferences", token: token, json: #"{"name":"Ada","techStack":["Swift"]}"#)
            let batch =
                #"{"interactions":[{"id":"e1","repo":"\#(repo)","kind":"like","at":"2026-01-01T00:00:00Z"},"#
                + #"{"id":"e2","repo":"\#(second)","kind":"save","at":"2026-01-02T00:00:00Z"},"#
                + #"{"id":"e3","repo":"\#(second)","kind":"skip","at":"2026-01-03T00:00:00Z"}]}"#
            #expect(try await client.call(.post, "/v1/me/interactions", token: token, json: batch).status == .ok)
            _ = try await client.call(.post, "/v1/me/interactions", token: other, json: batch)

            let response = try await client.call(.get, "/v1/me/export", token: token)
            #expect(response.status == .ok)
            #expect(
                response.headers[.contentDisposition]?.hasPrefix(#"attachment; filename="repofinder-export-"#) == true)
            #expect(response.headers[.cacheControl] == "no-store")
            let text = String(buffer: response.body)
            #expect(!text.contains(token))
            let export = try response.json()
            #expect(export["format"] as? String == "repofinder-export-1")
            #expect((export["preferences"] as? [String: Any])?["name"] as? String == "Ada")
            let interactions = try #require(export["interactions"] as? [[String: Any]])
            #expect(interactions.map { $0["id"] as? String } == ["e1", "e2", "e3"])
            #expect(interactions.map { $0["kind"] as? String } == ["like", "save", "skip"])
            #expect((export["liked"] as? [[String: Any]])?.map { $0["repo"] as? String } == [repo])
            #expect((export["saved"] as? [[String: Any]])?.map { $0["repo"] as? String } == [second])
            #expect((export["imports"] as? [Any])?.isEmpty == true)
            let userID = try #require((export["account"] as? [String: Any])?["id"] as? String)

            let deleted = try await client.call(.delete, "/v1/me", token: token)
            #expect(deleted.status == .noContent)
            #expect(try await store.rowsReferencing(userID: userID).values.allSatisfy { $0 == 0 })
            let dead = try await client.call(.get, "/v1/me/preferences", token: token)
            #expect(dead.status == .unauthorized)
            let again = try await client.call(.delete, "/v1/me", token: token)
            #expect(again.status == .unauthorized)
            // The other person keeps everything.
            let theirs = try await client.call(.get, "/v1/me/stats", token: other).json()
            #expect(theirs["likes"] as? Int == 1 && theirs["saves"] as? Int == 1)
        }
    }
}
