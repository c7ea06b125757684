import Foundation
import Testing

extension CommandLineTests {
    @Test("alternatives answers like similar (text and the API's JSON); bad names and unknown repositories say so")
    func alternativesCommand() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = try await run(["alternatives", "vapor/vapor", "--limit", "3"], in: directory)
        #expect(text.status == 0, "\(text.errors)")
        let lines = text.output.split(separator: "\n")
        #expect(lines.count == 3 && lines.allSatisfy { !$0.contains("  vapor/") })
        // A fit column only when some card has a fit: never a column of zeros.
        let fits = lines.filter { $0.contains("  fit ") }
        #expect(fits.isEmpty || (fits.count == 3 && !fits.allSatisfy { $0.contains("  fit   0  ") }))

        let json = try await run(["alternatives", "vapor/vapor", "--format", "json"], in: directory)
        let object = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        let cards = try #require(object?["items"] as? [[String: Any]])
        #expect(!cards.isEmpty && cards.count <= 10)
        #expect(cards.allSatisfy { (($0["repository"] as? [String: Any])?["fullName"] as? String) != nil })
        #expect(cards.allSatisfy { $0["fitScore"] is Int && $0["reasons"] is [String] && $0["cluster"] is String })

        let unknown = try await run(["alternatives", "nobody/nothing"], in: directory)
        #expect(unknown.status == 1 && unknown.errors.contains("nobody/nothing is not in the catalog"))
        let badName = try await run(["alternatives", "not-a-name"], in: directory)
        #expect(badName.status != 0 && badName.errors.contains("'not-a-name' is not a repository name like owner/name"))
        let badLimit = try await run(["alternatives", "vapor/vapor", "--limit", "0"], in: directory)
        #expect(badLimit.status != 0 && badLimit.errors.contains("--limit must be 1 to 100"))
    }

    @Test("eval alternatives: a miss per line, tools the catalog lacks named, both figures; bad lines located")
    func alternativesEvaluation() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try await databaseWithVapor(in: directory)
        let set = directory.appendingPathComponent("set.tsv")
        try "# judged\nvapor/vapor\tnobody/else\n\nghost/tool\tvapor/vapor\n".write(
            to: set, atomically: true, encoding: .utf8)
        let outcome = try await run(["eval", "alternatives", "--set", set.path, "--database", database])
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(outcome.output.contains("MISS vapor/vapor → (none)"))
        #expect(outcome.output.contains("MISS ghost/tool → not in the catalog"))
        #expect(outcome.output.contains("alternatives        2 tools  0.0%"))
        #expect(outcome.output.contains("similar (before)    2 tools  0.0%"))
        #expect(outcome.errors.contains("2 tools (1 not in the catalog)"))

        try "vapor/vapor nobody/else\n".write(to: set, atomically: true, encoding: .utf8)
        let bad = try await run(["eval", "alternatives", "--set", set.path, "--database", database])
        #expect(bad.status == 1 && bad.errors.contains("set.tsv:1: expected owner/name<TAB>alternatives"))
    }
}
