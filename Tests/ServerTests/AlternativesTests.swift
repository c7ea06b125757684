import Foundation
import HTTPTypes
import HummingbirdTesting
import RepoFinderServer
import Storage
import TestSupport
import Testing

@Suite("Server: alternatives")
struct AlternativesTests {
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
