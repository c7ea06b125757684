import Foundation
import HTTPTypes
import RepoFinderCore
import Storage
import TestSupport
import Testing

@Suite("Server: where curated lists place a repository")
struct RepositoryListingsTests {
    @Test(
        "a repository's answer carries its lists, by list then heading; none is an empty array",
        arguments: Engine.available)
    func listsOnTheRepository(engine: Engine) async throws {
        try await ServerHarness.run(engine) { client, store in
            let name = ServerHarness.name("Python", 3)
            let repository = try RepositoryName(parsing: name)
            let before = try await client.call(.get, "/v1/repos/\(name)").json()
            #expect((before["lists"] as? [Any])?.isEmpty == true)
            try await store.replaceCuratedList(
                CuratedListSource(repository: try RepositoryName(parsing: "vinta/awesome-python")),
                placements: [
                    CuratedListPlacement(
                        repository: repository, heading: ["Web Frameworks", "Synchronous"], position: 1)
                ], etag: nil, at: Date())
            try await store.replaceCuratedList(
                CuratedListSource(repository: try RepositoryName(parsing: "a/awesome"), file: "docs/list.md"),
                placements: [CuratedListPlacement(repository: repository, heading: ["Web"], position: 4)], etag: nil,
                at: Date())
            let lists =
                try await client.call(.get, "/v1/repos/\(name.uppercased())").json()["lists"] as? [[String: Any]]
            #expect(lists?.map { $0["list"] as? String } == ["a/awesome/docs/list.md", "vinta/awesome-python"])
            #expect(lists?.map { $0["heading"] as? [String] } == [["Web"], ["Web Frameworks", "Synchronous"]])
        }
    }
}
