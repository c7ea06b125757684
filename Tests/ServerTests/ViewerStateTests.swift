import Foundation
import HTTPTypes
import HummingbirdTesting
import RepoFinderServer
import Storage
import TestSupport
import Testing

@Suite("Server: where each repository stands with the signed-in person (viewer)")
struct ViewerStateTests {
    static let liked = ServerHarness.name("Rust", 0)
    static let saved = ServerHarness.name("Rust", 1)
    static let skipped = ServerHarness.name("Rust", 2)
    static let untouched = ServerHarness.name("Rust", 3)

    /// `viewer` of the repository named `name` among `items` (each an item or an item with a `repository`).
    static func viewer(_ name: String, in items: [[String: Any]]) -> [String: Bool]? {
        for item in items {
            let repository = (item["repository"] as? [String: Any]) ?? item
            if repository["fullName"] as? String == name { return repository["viewer"] as? [String: Bool] }
        }
        return nil
    }

    @Test(
        "every page carries liked, saved and skipped for the signed-in person, and nothing for anyone else",
        arguments: Engine.available)
    func everywhere(engine: Engine) async throws {
        try await ServerHarness.run(engine) { client, _ in
            let token = try await client.newToken()
            let decisions = [(Self.liked, "like"), (Self.saved, "save"), (Self.skipped, "skip")].enumerated().map {
                #"{"id":"v\#($0)","repo":"\#($1.0)","kind":"\#($1.1)","at":"2026-11-20T10:00:0\#($0)Z"}"#
            }
            let recorded = try await client.call(
                .post, "/v1/me/interactions", token: token,
                json: #"{"interactions":[\#(decisions.joined(separator: ","))]}"#)
            #expect(recorded.status == .ok)
            let expected: [String: [String: Bool]] = [
                Self.liked: ["liked": true, "saved": false, "skipped": false],
                Self.saved: ["liked": false, "saved": true, "skipped": false],
                Self.skipped: ["liked": false, "saved": false, "skipped": true],
                Self.untouched: ["liked": false, "saved": false, "skipped": false],
            ]
            let search = try await client.call(.get, "/v1/search?q=rust&perPage=50", token: token).items()
            for (name, state) in expected { #expect(Self.viewer(name, in: search) == state, "search: \(name)") }
            let anonymous = try await client.call(.get, "/v1/search?q=rust&perPage=50").items()
            #expect(!anonymous.isEmpty && anonymous.allSatisfy { $0["viewer"] == nil })

            let trending = try await client.call(.get, "/v1/trending?since=weekly&perPage=100", token: token).items()
            #expect(Self.viewer(Self.liked, in: trending) == expected[Self.liked])
            let cluster = try await client.call(.get, "/v1/clusters/systems/repos?limit=100").items()
            #expect(cluster.allSatisfy { ($0["viewer"]) == nil })
            let owner = String(Self.liked.split(separator: "/")[0])
            let name = String(Self.liked.split(separator: "/")[1])
            let similar = try await client.call(.get, "/v1/repos/\(owner)/\(name)/similar", token: token).items()
            #expect(!similar.isEmpty && similar.allSatisfy { ($0["repository"] as? [String: Any])?["viewer"] != nil })
            let savedList = try await client.call(.get, "/v1/me/saved", token: token).items()
            #expect(Self.viewer(Self.saved, in: savedList) == expected[Self.saved])

            // The detail page toggles: taken off Liked (or a like withdrawn), it says so at once.
            let detail = try await client.call(.get, "/v1/repos/\(owner)/\(name)", token: token).json()
            #expect(detail["viewer"] as? [String: Bool] == expected[Self.liked])
            #expect(try await client.call(.delete, "/v1/me/liked/\(owner)/\(name)", token: token).status == .noContent)
            let after = try await client.call(.get, "/v1/repos/\(owner)/\(name)", token: token).json()
            #expect(after["viewer"] as? [String: Bool] == ["liked": false, "saved": false, "skipped": false])
            #expect(try await client.call(.delete, "/v1/me/interactions/v1", token: token).status == .noContent)
            let unsaved = try await client.call(.get, "/v1/search?q=rust&perPage=50", token: token).items()
            #expect(Self.viewer(Self.saved, in: unsaved) == ["liked": false, "saved": false, "skipped": false])
            // A like after a skip is no longer skipped.
            _ = try await client.call(
                .post, "/v1/me/interactions", token: token,
                json:
                    #"{"interactions":[{"id":"v9","repo":"\#(Self.skipped)","kind":"like","at":"2026-11-21T10:00:00Z"}]}"#
            )
            let changed = try await client.call(.get, "/v1/search?q=rust&perPage=50", token: token).items()
            #expect(Self.viewer(Self.skipped, in: changed) == ["liked": true, "saved": false, "skipped": false])
        }
    }

    @Test("a token that is not valid on a public page is a 401, not an anonymous answer")
    func forgedToken() async throws {
        try await ServerHarness.run(.sqliteMemory) { client, _ in
            let response = try await client.call(.get, "/v1/search?q=rust", token: "forged")
            #expect(response.status == .unauthorized)
        }
    }
}
