import Foundation
import Testing

extension CommandLineTests {
    @Test("deck, similar and clusters answer from the starter catalog on a fresh machine; bad flags say what to do")
    func deckOnFreshMachine() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let deck = try await run(["deck", "--stack", "Swift", "--interest", "ios", "--size", "5"], in: directory)
        #expect(deck.status == 0, "\(deck.errors)")
        #expect(deck.errors.contains("First use: loading the starter catalog"))
        let lines = deck.output.split(separator: "\n")
        #expect(lines.count == 5)
        #expect(lines.allSatisfy { $0.contains("  fit ") && $0.contains("Swift — in your tech stack") })

        // In the terminal's language: LANG, overridden by LC_ALL.
        let spanish = try await run(
            ["deck", "--stack", "Swift", "--size", "3"], in: directory, environment: ["LANG": "es_ES.UTF-8"])
        #expect(spanish.output.split(separator: "\n").allSatisfy { $0.contains("Swift — en tu stack tecnológico") })
        let japanese = try await run(
            ["deck", "--stack", "Swift", "--size", "3"], in: directory,
            environment: ["LANG": "de_DE.UTF-8", "LC_ALL": "ja_JP.UTF-8"])
        #expect(japanese.output.contains("Swift — あなたの技術スタック"), "\(japanese.output)")

        let json = try await run(
            ["deck", "--stack", "Rust", "--like", "tokio-rs/tokio", "--format", "json"], in: directory)
        let object = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        // The API's `Feed`: items of repository, fitScore, reasons and cluster.
        let cards = try #require(object?["items"] as? [[String: Any]])
        #expect(cards.count == 20)
        #expect(!cards.contains { ($0["repository"] as? [String: Any])?["fullName"] as? String == "tokio-rs/tokio" })
        #expect(cards.allSatisfy { (($0["fitScore"] as? Int).map { (0...100).contains($0) }) == true })
        #expect(cards.allSatisfy { $0["cluster"] is String })
        #expect(cards.allSatisfy { (($0["reasons"] as? [String])?.count).map { (1...3).contains($0) } == true })
        #expect(object?["exhausted"] as? Bool == false)

        let similar = try await run(["similar", "vapor/vapor", "--limit", "3"], in: directory)
        #expect(similar.status == 0 && similar.output.split(separator: "\n").count == 3)
        let unknown = try await run(["similar", "nobody/nothing"], in: directory)
        #expect(unknown.status == 1 && unknown.errors.contains("nobody/nothing is not in the catalog"))

        let clusters = try await run(["clusters"], in: directory)
        #expect(clusters.output.contains("machine-learning  Machine learning & AI"))

        let badCluster = try await run(["deck", "--cluster", "cooking"], in: directory)
        #expect(
            badCluster.status != 0 && badCluster.errors.contains("No cluster 'cooking'. Clusters: machine-learning"))
        let badName = try await run(["deck", "--like", "not-a-name"], in: directory)
        #expect(badName.status != 0 && badName.errors.contains("'not-a-name' is not a repository name like owner/name"))
    }

    @Test("eval prints the engine and popularity side by side; malformed lines are counted, missing files named")
    func evaluation() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try await databaseWithVapor(in: directory)
        let train = directory.appendingPathComponent("train.csv")
        let test = directory.appendingPathComponent("test.csv")
        try """
        user_login,repo_full_name
        ann,vapor/vapor
        ann,apple/swift-nio
        bob,vapor/vapor
        bob,apple/swift-nio
        bob,swift-server/async-http-client
        cat,apple/swift-nio
        cat,pointfreeco/swift-composable-architecture
        this line is wrong
        """.write(to: train, atomically: true, encoding: .utf8)
        try """
        user_login,repo_full_name
        ann,swift-server/async-http-client
        cat,vapor/vapor
        """.write(to: test, atomically: true, encoding: .utf8)
        let outcome = try await run(["eval", "--train", train.path, "--test", test.path, "--database", database])
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(outcome.errors.contains("Skipped 1 malformed lines of \(train.path)."))
        #expect(outcome.errors.contains("2 people, 4 repositories (1 in the catalog)"))
        let lines = outcome.output.split(separator: "\n").map(String.init)
        let pattern = #/^(engine|popularity) HR@10=[01]\.\d{3} NDCG@10=[01]\.\d{3} Recall@20=[01]\.\d{3}$/#
        let discovery =
            #/^(engine|popularity) long-tail NDCG@10=[01]\.\d{3} HR@10=[01]\.\d{3} \(\d+ people\) first-20 median star rank=\d+ already starred=\d+\.\d%$/#
        #expect(lines.count == 4, "\(lines)")
        #expect(lines.prefix(2).allSatisfy { $0.wholeMatch(of: pattern) != nil }, "\(lines)")
        #expect(lines.dropFirst(2).allSatisfy { $0.wholeMatch(of: discovery) != nil }, "\(lines)")
        #expect(lines[0].hasPrefix("engine HR@10=1.000"), "both held-out stars are co-starred: the engine finds them")
        // The four repositories are all among the catalog's 1,000 most-starred: nobody has long-tail stars.
        #expect(lines[2].contains("(0 people)"), "\(lines)")

        let half = try await run([
            "eval", "--train", train.path, "--test", test.path, "--database", database, "--half", "2",
        ])
        #expect(half.status != 0 && half.errors.contains("--half is 0 or 1."), "\(half.errors)")

        let missing = try await run([
            "eval", "--train", "/nonexistent.csv", "--test", test.path, "--database", database,
        ])
        #expect(missing.status == 1 && missing.errors.contains("Cannot read /nonexistent.csv"))
    }
}
