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
        discussion: "Every word must match (as a prefix). An empty query lists the catalog with the filters alone."
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
        let search = SearchQuery(
            text: query, language: language, topic: topic, minimumStars: minimumStars, health: health, sort: sort,
            page: PageRequest(page: page, perPage: perPage))
        let results = try await database.withCatalog { try await $0.search(search) }
        switch format {
        case .json:
            try printJSON(APISchemas.searchPage(results, page: search.page, now: Date()))
        case .text:
            let pages = max(1, (results.total + perPage - 1) / perPage)
            let subject = query.isEmpty ? "repositories" : "results for \"\(query)\""
            print("\(Number.grouped(results.total)) \(subject) (page \(page) of \(Number.grouped(pages)))")
            for (index, repository) in results.items.enumerated() {
                let rank = String(search.page.offset + index + 1).leftPadded(to: 4)
                print("\(rank)  \(repository.summaryLine)")
                if !repository.topics.isEmpty {
                    print("      " + repository.topics.prefix(5).map { "#\($0)" }.joined(separator: " "))
                }
                if let description = repository.description {
                    print("      " + String(description.prefix(100)) + (description.count > 100 ? "…" : ""))
                }
            }
        }
    }
}
