import APISchemas
import ArgumentParser
import Foundation
import RepoFinderCore
import Storage

/// `repofinder search "QUERY"`: full-text search over the catalog.
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search the catalog by name, topics and description.",
        discussion: """
            Words match as developers write them (plurals, synonyms such as k8s, words joined or apart, one typo in a \
            longer word); repositories with every word come first, then, when those are few, those with most of them. \
            Matched words are marked on a terminal. An empty query lists the catalog with the filters alone.
            """
    )

    @Argument(help: "Words to look for, for example \"swift server\".")
    var query: String = ""

    @Option(help: "Only this language, for example Swift.")
    var language: String?

    @Option(help: "Only repositories with this topic.")
    var topic: String?

    @Option(name: .customLong("min-stars"), help: "Only repositories with at least this many stars.")
    var minimumStars: Int?

    @Option(help: "Only repositories of this health: active, quiet or dormant.")
    var health: RepositoryHealth.Level?

    @Option(help: "best-match, stars, forks or recently-pushed.")
    var sort: SearchSort = .bestMatch

    @Option(help: "Which page, from 1.")
    var page = 1

    @Option(name: .customLong("per-page"), help: "Results a page, 1 to 100.")
    var perPage = 20

    @Option(help: "text or json.")
    var format: OutputFormat = .text

    @Flag(help: "No colours for the matched words (also when NO_COLOR is set or the output is not a terminal).")
    var noColor = false

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        guard page >= 1 else { throw ValidationError("--page counts from 1.") }
        guard (1...PageRequest.maximumPerPage).contains(perPage) else {
            throw ValidationError("--per-page must be 1 to \(PageRequest.maximumPerPage).")
        }
        if let minimumStars, minimumStars < 0 { throw ValidationError("--min-stars cannot be negative.") }
        guard query.count <= 256 else { throw ValidationError("The query is over 256 characters.") }
    }

    func run() async throws {
        try await database.judgingActivity { try await answer() }
    }

    private func answer() async throws {
        let search = SearchQuery(
            text: query, language: language, topic: topic, minimumStars: minimumStars, health: health, sort: sort,
            page: PageRequest(page: page, perPage: perPage))
        let found = try await database.withCatalog { try await $0.searchResults(search) }
        let results = found.page
        switch format {
        case .json:
            try printJSON(
                APISchemas.searchPage(
                    results, page: search.page, now: Date(), highlights: found.highlights,
                    didYouMean: found.didYouMean))
        case .text:
            let colors =
                !noColor && ProcessInfo.processInfo.environment["NO_COLOR"] == nil && isatty(STDOUT_FILENO) == 1
            let words = Set(found.highlights)
            // Matched words in bold yellow on a terminal.
            func mark(_ text: String) -> String {
                colors ? SearchHighlight.marked(text, words: words, before: "\u{1B}[1;33m", after: "\u{1B}[0m") : text
            }
            if let didYouMean = found.didYouMean {
                print(
                    "Did you mean \"\(terminalSafe(didYouMean))\"?"
                        + (results.total > 0 ? " (Showing results for it too.)" : ""))
            }
            let pages = max(1, (results.total + perPage - 1) / perPage)
            let subject = query.isEmpty ? "repositories" : "results for \"\(terminalSafe(query))\""
            print("\(Number.grouped(results.total)) \(subject) (page \(page) of \(Number.grouped(pages)))")
            // Data is made safe for the terminal before the matched words are coloured.
            for (index, repository) in results.items.enumerated() {
                let rank = String(search.page.offset + index + 1).leftPadded(to: 4)
                print("\(rank)  \(mark(repository.summaryLine))")
                if !repository.topics.isEmpty {
                    let topics = repository.topics.prefix(5).map { "#\($0)" }.joined(separator: " ")
                    print("      " + mark(SafeText.clean(topics, layout: .line)))
                }
                if let description = repository.description.map({ SafeText.clean($0, layout: .line) }) {
                    print("      " + mark(String(description.prefix(100))) + (description.count > 100 ? "…" : ""))
                }
            }
        }
    }
}
