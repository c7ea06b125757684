import ArgumentParser
import Foundation
import Recommender
import RepoFinderCore
import Storage

/// `repofinder eval alternatives`: how often an accepted alternative of a well-known tool is among the first five
/// alternatives, next to the same figure for the first five similar repositories (what was shown before).
struct AlternativesEval: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "alternatives",
        abstract: "Evaluate alternatives on judged tools: an accepted one among the first five, next to similar's.",
        discussion: """
            Reads --set (lines of owner/name<TAB>accepted alternatives, space-separated owner/name, # comments; see \
            Tests/Fixtures/alternatives.tsv), asks the catalog in --database for each tool's first five alternatives \
            and counts a success when an accepted one is among them; then the same for the recommender's first five \
            similar repositories. A tool the catalog lacks counts as a miss. Prints each miss (all with --verbose).
            Example: repofinder eval alternatives --set Tests/Fixtures/alternatives.tsv --database catalog.sqlite
            """
    )

    @Option(name: .customLong("set"), help: ArgumentHelp("Judged tools (tab-separated).", valueName: "file"))
    var file = "Tests/Fixtures/alternatives.tsv"

    @Flag(help: "Print every tool's first five alternatives, not only the misses.")
    var verbose = false

    @OptionGroup var options: RecommenderOptions

    /// How many of the first answers count.
    static let depth = 5

    func run() async throws {
        let tools: [JudgedTool]
        do {
            tools = try JudgedTool.read(file)
        } catch let error as JudgedToolError {
            throw CommandFailure(error.description)
        } catch {
            throw CommandFailure("Could not read --set \(file): \(error.localizedDescription)")
        }
        let community = try options.communitySignals()
        try await options.database.withCatalog { store in
            let index = await RecommendationIndex.build(
                repositories: try await store.allRepositories(), community: community,
                weeklyGains: try await store.weeklyGains())
            let recommender = Recommender(index: index)
            try await store.prepareSearch()
            let clock = ContinuousClock()
            let started = clock.now
            var found = 0
            var similarFound = 0
            var missing = 0
            for var tool in tools {
                // An accepted alternative counts under the catalog's current name of its project.
                tool.accepted = Set(tool.accepted.map { index.sameProjects.currentKey[$0] ?? $0 })
                guard index.item(forKey: tool.key) != nil else {
                    missing += 1
                    print("MISS \(tool.name) → not in the catalog")
                    continue
                }
                let candidates = try await store.alternatives(to: tool.key, limit: Recommender.alternativeCandidates)
                let first = recommender.alternatives(among: candidates, to: tool.key, limit: Self.depth).map(\.fullName)
                let success = first.contains { tool.accepted.contains($0.lowercased()) }
                if success { found += 1 }
                let similar = recommender.similar(to: tool.key, limit: Self.depth).map(\.repository.id)
                if similar.contains(where: tool.accepted.contains) { similarFound += 1 }
                if verbose || !success {
                    let list = first.isEmpty ? "(none)" : first.joined(separator: ", ")
                    print("\(success ? "ok  " : "MISS") \(tool.name) → \(list)")
                }
            }
            let seconds = (clock.now - started).secondsDouble
            printError(
                "\(tools.count) tools (\(missing) not in the catalog), \(Number.grouped(index.count)) repositories, "
                    + String(format: "%.1f ms a tool", seconds * 1_000 / Double(max(1, tools.count))))
            for (name, count) in [("alternatives", found), ("similar (before)", similarFound)] {
                let rate = tools.isEmpty ? 0 : Double(count) * 100 / Double(tools.count)
                print(
                    name.padding(toLength: 18, withPad: " ", startingAt: 0)
                        + String(format: "%3d tools  %.1f%%", tools.count, rate))
            }
        }
    }
}

/// A tool and the alternatives a knowledgeable developer accepts for it, from a judged set.
struct JudgedTool: Equatable {
    /// The tool as written (`owner/name`).
    var name: String
    /// Its key (lowercased).
    var key: String
    /// The accepted alternatives' keys.
    var accepted: Set<String>

    /// The tools of a judged file: `owner/name<TAB>owner/name owner/name …` lines; blank lines and `#` comments are
    /// skipped.
    static func read(_ path: String) throws -> [JudgedTool] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var tools: [JudgedTool] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard columns.count == 2, let tool = try? RepositoryName(parsing: String(columns[0])) else {
                throw JudgedToolError(path: path, line: number + 1, reason: "expected owner/name<TAB>alternatives")
            }
            var accepted: Set<String> = []
            for word in columns[1].split(separator: " ") {
                guard let name = try? RepositoryName(parsing: String(word)) else {
                    throw JudgedToolError(path: path, line: number + 1, reason: "'\(word)' is not owner/name")
                }
                accepted.insert(name.key)
            }
            guard !accepted.isEmpty else {
                throw JudgedToolError(path: path, line: number + 1, reason: "no accepted alternative")
            }
            tools.append(JudgedTool(name: tool.fullName, key: tool.key, accepted: accepted))
        }
        return tools
    }
}

/// A judged file that cannot be read as tools, with where.
struct JudgedToolError: Error, CustomStringConvertible {
    let path: String
    let line: Int
    let reason: String

    var description: String { "\(path):\(line): \(reason)." }
}
