import Catalog
import Foundation
import RepoFinderCore
import Testing

@Suite("Repository and star snapshot records")
struct RecordDecoderTests {
    let decoder = RepositoryRecordDecoder()

    @Test("a GitHub REST repository object becomes a repository")
    func goodRecord() throws {
        let line =
            #"{"id": 44838949, "name": "swift", "full_name": "apple/swift", "owner": {"login": "apple", "#
            + #""avatar_url": "https://avatars.githubusercontent.com/u/10639145?v=4"}, "description": "The Swift language", "#
            + #""language": "C++", "topics": ["Swift", "compiler"], "stargazers_count": 69000, "forks_count": 10500, "#
            + #""open_issues_count": 8000, "created_at": "2015-10-23T21:15:07Z", "updated_at": "2026-08-21T10:00:00Z", "#
            + #""pushed_at": "2026-08-21", "html_url": "https://github.com/apple/swift", "#
            + #""license": {"spdx_id": "Apache-2.0", "name": "Apache License 2.0"}, "archived": false, "extra": [1, 2]}"#
        let repository = try decoder.decode(Array(line.utf8)).get()
        #expect(repository.fullName == "apple/swift" && repository.githubID == 44_838_949)
        #expect(repository.topics == ["swift", "compiler"])
        #expect(repository.stars == 69000 && repository.forks == 10500 && repository.openIssues == 8000)
        #expect(repository.license == RepositoryLicense(spdxID: "Apache-2.0", name: "Apache License 2.0"))
        #expect(repository.pushedAt == Day("2026-08-21")?.startDate)
        #expect(repository.createdAt == Timestamp.parse("2015-10-23T21:15:07Z"))
        #expect(repository.owner.avatarURL?.absoluteString == "https://avatars.githubusercontent.com/u/10639145?v=4")
    }

    static let badLines: [(String, [UInt8], RecordRejection)] = [
        ("malformed JSON", Array(#"{"full_name": "a/b", "stargazers_count": 1"#.utf8), .malformedJSON("")),
        ("not an object", Array("[1, 2, 3]".utf8), .notAnObject),
        ("missing full name", Array(#"{"stargazers_count": 1}"#.utf8), .missingField("full_name")),
        (
            "wrong type", Array(#"{"full_name": "a/b", "stargazers_count": "many"}"#.utf8),
            .wrongType(field: "stargazers_count", expected: "a whole number")
        ),
        (
            "wrong nested type", Array(#"{"full_name": "a/b", "stargazers_count": 1, "topics": [1]}"#.utf8),
            .wrongType(field: "topics[0]", expected: "a string")
        ),
        (
            "invalid UTF-8",
            Array(#"{"full_name": "a/b", "stargazers_count": 1, "description": ""#.utf8) + [0xC3, 0x28]
                + Array(#""}"#.utf8), .invalidUTF8
        ),
        (
            "bad full name", Array(#"{"full_name": "not a name", "stargazers_count": 1}"#.utf8),
            .invalidValue(field: "full_name", "")
        ),
        (
            "negative stars", Array(#"{"full_name": "a/b", "stargazers_count": -5}"#.utf8),
            .invalidValue(field: "stargazers_count", "")
        ),
        (
            "bad date", Array(#"{"full_name": "a/b", "stargazers_count": 1, "pushed_at": "yesterday"}"#.utf8),
            .invalidValue(field: "pushed_at", "")
        ),
        (
            "owner mismatch", Array(#"{"full_name": "a/b", "stargazers_count": 1, "owner": {"login": "c"}}"#.utf8),
            .invalidValue(field: "owner.login", "")
        ),
    ]

    @Test("each kind of bad line is rejected with a reason naming the problem", arguments: 0..<badLines.count)
    func badRecord(index: Int) {
        let (label, line, expected) = Self.badLines[index]
        guard case .failure(let rejection) = decoder.decode(line) else {
            Issue.record("\(label) was accepted")
            return
        }
        switch (rejection, expected) {
        case (.malformedJSON, .malformedJSON), (.invalidValue(field: _, _), .invalidValue(field: _, _)):
            if case .invalidValue(let field, _) = rejection, case .invalidValue(let expectedField, _) = expected {
                #expect(field == expectedField, "\(label)")
            }
        default:
            #expect(rejection == expected, "\(label)")
        }
        #expect(!rejection.description.isEmpty)
    }

    @Test("star snapshot CSV lines decode by header; bad ones say why")
    func snapshots() throws {
        let decoder = try StarSnapshotRecordDecoder(header: Array("date,full_name,stargazers_count,forks_count".utf8))
        let good = try decoder.decode(Array("2026-08-22,apple/swift,69000,10500".utf8)).get()
        #expect(
            good
                == StarSnapshot(
                    repository: try RepositoryName(parsing: "apple/swift"), day: Day("2026-08-22")!, stars: 69000,
                    forks: 10500))
        #expect(try decoder.decode(Array("2026-08-22,apple/swift,69000,".utf8)).get().forks == nil)
        let bad: [(String, RecordRejection)] = [
            ("2026-08-22,apple/swift,69000", .wrongColumnCount(found: 3, expected: 4)),
            ("2026-02-30,apple/swift,1,1", .invalidValue(field: "date", "'2026-02-30' is not a YYYY-MM-DD date")),
            ("2026-08-22,apple/swift,lots,1", .wrongType(field: "stargazers_count", expected: "a whole number ≥ 0")),
            ("2026-08-22,apple/swift,-1,1", .wrongType(field: "stargazers_count", expected: "a whole number ≥ 0")),
            ("2026-08-22,apple/swift,1,x", .wrongType(field: "forks_count", expected: "a whole number ≥ 0")),
        ]
        for (line, expected) in bad {
            #expect(decoder.decode(Array(line.utf8)) == .failure(expected), "\(line)")
        }
        #expect(throws: CatalogImportError.self) { try StarSnapshotRecordDecoder(header: Array("when,who".utf8)) }
    }
}
