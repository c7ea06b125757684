import ArgumentParser
import Foundation
import RepoFinderCore

/// `repofinder route LINK`: parses a `repoverse://` link or web path and prints the route in both forms.
struct RouteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "route",
        abstract: "Resolve a repoverse:// deep link or a web path (/r/owner/name) to its screen.",
        discussion: "Needs no database: links are parsed, not looked up.")

    @Argument(help: "For example repoverse://repo/apple/swift or /trending?language=Swift&since=weekly.")
    var link: String

    @Option(help: "text or json.")
    var format: OutputFormat = .text

    func run() throws {
        let route: Route
        do {
            route = try Route(link: link)
        } catch {
            throw CommandFailure(error.description)
        }
        switch format {
        case .text:
            print("screen     \(route.screenDescription)")
            print("deep link  \(route.deepLink)")
            print("web path   \(route.webPath)")
        case .json:
            let object = ["screen": route.screenDescription, "deepLink": route.deepLink, "webPath": route.webPath]
            let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
            print(String(decoding: data, as: UTF8.self))
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
        }
    }
}
