import APISchemas
import ArgumentParser
import Foundation
import RepoFinderCore
import Storage

/// `repofinder compare A B [C D]`: 2–4 repositories side by side as a table, the best value of each fact marked ★,
/// then why one might pick each — the same facts and words as the API's and the web app's Compare.
struct CompareCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare", abstract: "Compare 2 to 4 repositories side by side.",
        discussion: "Facts from the catalog and its daily star counts; ★ marks the best value where better is clear.")

    @Argument(help: "2 to 4 owner/names, for example apple/swift rust-lang/rust.")
    var repositories: [String] = []

    @Option(help: "Width of each repository's column.")
    var columnWidth = 22

    @Option(help: "text or json.")
    var format: OutputFormat = .text

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        do {
            _ = try CompareRequest.names(list: repositories)
        } catch {
            throw ValidationError(error.description)
        }
        guard (10...60).contains(columnWidth) else { throw ValidationError("--column-width must be 10 to 60.") }
    }

    func run() async throws {
        try await database.judgingActivity { try await answer() }
    }

    private func answer() async throws {
        let names = try CompareRequest.names(list: repositories)
        let now = Date()
        let comparison = try await database.withCatalog { store -> Comparison in
            var entries: [ComparedRepository] = []
            for name in names {
                let current = try await store.currentName(of: name) ?? name
                guard let repository = try await store.repository(named: current) else {
                    throw CommandFailure("\(name) is not in the catalog (`repofinder serve` fetches it from GitHub).")
                }
                guard !entries.contains(where: { $0.repository.id == repository.id }) else {
                    throw CommandFailure("\(name) is \(repository.fullName), already in the list (renamed).")
                }
                let history = try await store.starSnapshots(of: current).last(days: ComparedRepository.historyDays)
                entries.append(ComparedRepository(repository: repository, history: history, likedHere: 0))
            }
            let liked = try await Self.likedHere(entries.map(\.repository.id), store: store)
            for index in entries.indices { entries[index].likedHere = liked[entries[index].repository.id] ?? 0 }
            return Comparison(entries, now: now)
        }
        switch format {
        case .json: try printJSON(APISchemas.comparison(comparison, fits: [], now: now))
        case .text: print(terminalSafe(Self.table(comparison, columnWidth: columnWidth, now: now)))
        }
    }

    /// How many people in this database liked, saved or starred each repository.
    static func likedHere(_ keys: [String], store: any DataStore) async throws -> [String: Int] {
        let wanted = Set(keys)
        var people: [String: Set<String>] = [:]
        for interaction in try await store.everyonesInteractions()
        where wanted.contains(interaction.repositoryKey) && [.like, .save, .star].contains(interaction.kind) {
            people[interaction.repositoryKey, default: []].insert(interaction.userID)
        }
        return people.mapValues(\.count)
    }

    /// The comparison as text: a header row of names, one row per fact (long values wrap in their column), then the
    /// reasons.
    static func table(_ comparison: Comparison, columnWidth: Int, now: Date) -> String {
        let labelWidth = ComparedFact.allCases.map(\.title.count).max()! + 2
        func cell(_ text: String) -> [String] {
            var lines: [String] = []
            var line = ""
            for word in text.split(separator: " ") {
                if !line.isEmpty, line.count + 1 + word.count > columnWidth - 2 {
                    lines.append(line)
                    line = ""
                }
                line += (line.isEmpty ? "" : " ") + word.prefix(columnWidth - 2)
            }
            return lines + [line]
        }
        func padded(_ text: String, _ width: Int) -> String {
            text.padding(toLength: width, withPad: " ", startingAt: 0)
        }
        func row(_ label: String, _ cells: [[String]]) -> [String] {
            let height = cells.map(\.count).max() ?? 1
            return (0..<height).map { line -> String in
                let parts: [String] = cells.map { column in padded(column.count > line ? column[line] : "", columnWidth)
                }
                return padded(line == 0 ? label : "", labelWidth) + parts.joined()
            }
        }
        var lines = row("", comparison.entries.map { cell($0.repository.fullName) })
        lines.append(String(repeating: "─", count: labelWidth + columnWidth * comparison.entries.count))
        for fact in ComparedFact.allCases where !comparison.isUnknownForAll(fact, now: now) {
            lines += row(
                fact.title,
                comparison.entries.indices.map { position in
                    cell(
                        comparison.text(of: fact, at: position, now: now)
                            + (comparison.isBest(position, fact) ? " ★" : ""))
                })
        }
        lines.append("")
        for (entry, reason) in zip(comparison.entries, comparison.reasons) {
            lines.append("\(entry.repository.fullName): \(reason)")
        }
        lines.append(
            "★ the best value where better is clear. \(Route.compare(comparison.entries.map(\.repository.repositoryName)).deepLink)"
        )
        return lines.map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }.joined(
            separator: "\n")
    }
}
