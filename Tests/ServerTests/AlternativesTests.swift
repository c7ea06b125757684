import Foundation
import HTTPTypes
import HummingbirdTesting
import RepoFinderCore
import RepoFinderServer
import Storage
import TestSupport
import Testing

@Suite("Server: alternatives")
struct AlternativesTests {
    @Test(
        "an alternative a curated list places beside it says so, with the list and heading, first among its reasons",
        arguments: Engine.available)
    func listedTogether(engine: Engine) async throws {
        try await ServerHarness.run(engine) { client, store in
            let name = ServerHarness.name("Python", 3)
            let before = try await client.call(.get, "/v1/repos/\(name)/alternatives?limit=5")
            let first = try #require(try before.names().first)
            #expect(
                try before.items().allSatisfy { item in
                    !((item["reasonDetails"] as? [[String: Any]]) ?? []).contains {
                        $0["kind"] as? String == "listed-with"
                    }
                })
            try await store.replaceCuratedList(
                CuratedListSource(repository: try RepositoryName(parsing: "vinta/awesome-python")),
                placements: [
                    CuratedListPlacement(
                        repository: try RepositoryName(parsing: name), heading: ["Web", "Tools"], position: 1),
                    CuratedListPlacement(
                        repository: try RepositoryName(parsing: first), heading: ["Web", "Tools"], position: 2),
                ], etag: nil, at: Date())
            let after = try await client.call(.get, "/v1/repos/\(name)/alternatives?limit=5")
            let card = try #require(
                try after.items().first { ($0["repository"] as? [String: Any])?["fullName"] as? String == first })
            let details = try #require(card["reasonDetails"] as? [[String: Any]])
            #expect(details.first?["kind"] as? String == "listed-with")
            #expect(details.first?["list"] as? String == "vinta/awesome-python")
            #expect(details.first?["heading"] as? [String] == ["Web", "Tools"])
            #expect((card["reasons"] as? [String])?.first == "both under Tools in awesome-python")
            let german = try await client.call(
                .get, "/v1/repos/\(name)/alternatives?limit=5", headers: [.acceptLanguage: "de"])
            let worded = try german.items().first {
                ($0["repository"] as? [String: Any])?["fullName"] as? String == first
            }
            #expect((worded?["reasons"] as? [String])?.first == "beide unter Tools in awesome-python")
        }
    }

    @Test(
        "a repository's alternatives: cards by other owners; 404 for an unknown one, 400 for a bad limit",
        arguments: Engine.available)
    func alternatives(engine: Engine) async throws {
        try await ServerHarness.run(engine) { client, _ in
            let name = ServerHarness.name("Python", 3)
            let answer = try await client.call(.get, "/v1/repos/\(name)/alternatives?limit=5")
            #expect(answer.status == .ok)
            let names = try answer.names()
            #expect(!names.isEmpty && names.count <= 5 && !names.contains(name))
            let owner = name.split(separator: "/")[0] + "/"
            #expect(!names.contains { $0.hasPrefix(owner) })
            // The same cards as similar ones: a fit, one to three reasons, a cluster.
            for item in try answer.items() {
                #expect((item["fitScore"] as? Int).map { (0...100).contains($0) } == true)
                #expect(((item["reasons"] as? [String])?.count).map { (1...3).contains($0) } == true)
                #expect(item["cluster"] is String)
            }
            let token = try await client.newToken()
            let personal = try await client.call(.get, "/v1/repos/\(name)/alternatives", token: token)
            #expect(personal.status == .ok)
            #expect(try personal.items().allSatisfy { ($0["repository"] as? [String: Any])?["viewer"] != nil })

            let missing = try await client.call(.get, "/v1/repos/nobody/nothing/alternatives")
            #expect(missing.status == .notFound)
            #expect(try missing.errorCode() == "not_found")
            for limit in ["0", "51", "-1"] {
                let bad = try await client.call(.get, "/v1/repos/\(name)/alternatives?limit=\(limit)")
                #expect(bad.status == .badRequest, "limit=\(limit)")
                #expect(try bad.errorCode() == "bad_request", "limit=\(limit)")
            }
            #expect(try await client.call(.get, "/v1/repos/-bad-/x/alternatives").status == .badRequest)
        }
    }
}
