import APISchemas
import ArgumentParser
import Foundation
import RepoFinderCore
import Storage

/// `repofinder route LINK`: parses a `repoverse://` link or web path, prints the route in both forms, and for a
/// repository link shows what the database knows of it.
struct RouteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "route",
        abstract: "Resolve a repoverse:// deep link or a web path (/r/owner/name) to its screen.",
        discussion: "Only repository links read the database (to show the repository); other links are just parsed."
    )

    @Argument(help: "For example repoverse://repo/apple/swift or /trending?language=Swift&since=weekly.")
    var link: String

    @Option(help: "text or json.")
    var format: OutputFormat = .text

    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        let route: Route
        do {
            route = try Route(link: link)
        } catch {
            throw CommandFailure(error.description)
        }
        var repository: Repository?
        var lookedUp = false
        if case .repository(let name) = route {
            repository = try await database.withCatalog { try await $0.repository(named: name) }
            lookedUp = true
        }
        switch format {
        case .text:
            print(terminalSafe("screen     \(route.screenDescription)"))
            print(terminalSafe("deep link  \(route.deepLink)"))
            print(terminalSafe("web path   \(route.webPath)"))
            if lookedUp { print("catalog    " + (repository.map(\.summaryLine) ?? "not in the catalog")) }
        case .json:
            if lookedUp {
                try await database.judgingActivity {
                    try printJSON(APISchemas.resolvedLink(route, repository: repository, now: Date()))
                }
            } else {
                try printJSON(APISchemas.resolvedLink(route, repository: repository, now: Date()))
            }
        }
    }
}

extension Route {
    /// What a person would call the screen.
    var screenDescription: String {
        switch self {
        case .repository(let name): "repository \(name)"
        case .trending(let language, let since): "trending \(since.rawValue)" + (language.map { " in \($0)" } ?? "")
        case .search(let query): "search for \"\(query)\""
        case .saved: "saved"
        case .liked: "liked"
        case .discover: "discover"
        case .profile: "profile"
        case .home: "home"
        case .compare(let names): "compare " + names.map(\.fullName).joined(separator: ", ")
        case .area(let id): "area \(id)"
        case .list(let list, let heading): "list \(list) › \(heading.joined(separator: " › "))"
        }
    }
}

extension Repository {
    /// One line for a terminal: `apple/swift  ★ 69,000  C++  pushed 3 days ago  archived` (made safe for one).
    var summaryLine: String {
        var parts = [fullName, "★ \(Number.grouped(stars))"]
        if let language { parts.append(language) }
        if let updated = lastUpdatedDescription() { parts.append("pushed \(updated)") }
        if archived { parts.append("archived") }
        return SafeText.clean(parts.joined(separator: "  "), layout: .line)
    }
}
