import Foundation

extension Route {
    /// Parses a deep link such as `repoverse://repo/apple/swift` or `repoverse://trending?language=Swift`.
    public init(deepLink: String) throws(RouteError) {
        let link = try Self.checkedLength(deepLink)
        let prefix = "\(Route.scheme)://"
        guard link.lowercased().hasPrefix(prefix) else { throw .wrongScheme(link) }
        let parts = try LinkParts(link.dropFirst(prefix.count))
        guard let destination = parts.segments.first else { throw .unknownDestination("") }
        try self.init(destination: destination.lowercased(), rest: parts.segments.dropFirst(), parts: parts)
    }

    /// Parses a web path such as `/r/apple/swift` or `/trending?since=weekly` (`/` is Home).
    public init(webPath: String) throws(RouteError) {
        let path = try Self.checkedLength(webPath)
        guard path.hasPrefix("/") else { throw .wrongScheme(path) }
        let parts = try LinkParts(path.dropFirst())
        guard let first = parts.segments.first else {
            self = .home
            return
        }
        try self.init(destination: first.lowercased(), rest: parts.segments.dropFirst(), parts: parts)
    }

    /// Parses either form: a `repoverse://` link or a web path.
    public init(link: String) throws(RouteError) {
        if link.hasPrefix("/") { try self.init(webPath: link) } else { try self.init(deepLink: link) }
    }

    /// The `repoverse://` link to this route.
    public var deepLink: String {
        let (destination, rest, query) = printedParts
        return "\(Route.scheme)://" + ([destination] + rest).joined(separator: "/") + query
    }

    /// The web path to this route, served by the web app.
    public var webPath: String {
        if self == .home { return "/" }
        let (destination, rest, query) = printedParts
        let web = ["repo": "r", "area": "areas"][destination] ?? destination
        return "/" + ([web] + rest).joined(separator: "/") + query
    }

    // MARK: - Shared by both forms

    private init(destination: String, rest: ArraySlice<String>, parts: LinkParts) throws(RouteError) {
        let query = parts.query
        func noFurtherPath() throws(RouteError) {
            if !rest.isEmpty { throw .unexpectedPath(rest.joined(separator: "/")) }
        }
        switch destination {
        case "repo", "r":
            guard rest.count >= 2 else { throw .missingRepository }
            guard rest.count == 2 else { throw .unexpectedPath(rest.dropFirst(2).joined(separator: "/")) }
            do {
                self = .repository(try RepositoryName(owner: rest[rest.startIndex], name: rest[rest.startIndex + 1]))
            } catch {
                throw .invalidRepository(error)
            }
        case "trending":
            try noFurtherPath()
            var window = TrendingWindow.standard
            if let since = query["since"], !since.isEmpty {
                guard let parsed = TrendingWindow(rawValue: since.lowercased()) else { throw .invalidWindow(since) }
                window = parsed
            }
            let language = query["language"].map { $0.trimmingCharacters(in: .whitespaces) }
            if let language,
                language.count > Route.maximumLanguageLength
                    || language.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            {
                throw .invalidLanguage(language)
            }
            self = .trending(language: language?.isEmpty == false ? language : nil, since: window)
        case "search":
            try noFurtherPath()
            let text = (query["q"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty else { throw .missingQuery }
            guard text.count <= Route.maximumQueryLength else { throw .queryTooLong(text.count) }
            self = .search(query: text)
        case "compare":
            try noFurtherPath()
            do {
                self = .compare(try CompareRequest.names(query["repos"] ?? ""))
            } catch {
                throw .invalidComparison(error)
            }
        case "area", "areas":
            guard let id = rest.first?.lowercased(), rest.count == 1 else {
                if rest.count > 1 { throw .unexpectedPath(rest.dropFirst().joined(separator: "/")) }
                throw .invalidArea("")
            }
            guard DeckFilter.isClusterID(id) else { throw .invalidArea(id) }
            self = .area(id)
        case "lists", "list":
            try noFurtherPath()
            let list = (query["list"] ?? "").trimmingCharacters(in: .whitespaces)
            let heading = (parts.all["heading"] ?? []).map { $0.trimmingCharacters(in: .whitespaces) }
            guard CuratedListSection.isAddress(list: list, heading: heading) else { throw .invalidListSection }
            self = .list(list: list, heading: heading)
        case "discover":
            try noFurtherPath()
            self = .discover(try Self.deckFilter(query))
        case "saved", "liked", "profile", "home":
            try noFurtherPath()
            self = [.saved, .liked, .profile, .home].first { $0.destinationName == destination }!
        default:
            throw .unknownDestination(destination)
        }
    }

    private var destinationName: String {
        switch self {
        case .repository: "repo"
        case .trending: "trending"
        case .search: "search"
        case .saved: "saved"
        case .liked: "liked"
        case .discover: "discover"
        case .profile: "profile"
        case .home: "home"
        case .compare: "compare"
        case .area: "area"
        case .list: "lists"
        }
    }

    private var printedParts: (destination: String, rest: [String], query: String) {
        switch self {
        case .repository(let name):
            return ("repo", [name.owner, name.name], "")
        case .trending(let language, let since):
            var items: [(String, String)] = []
            if let language { items.append(("language", language)) }
            items.append(("since", since.rawValue))
            return ("trending", [], "?" + items.map { "\($0)=\(PercentEncoding.encode($1))" }.joined(separator: "&"))
        case .search(let query):
            return ("search", [], "?q=\(PercentEncoding.encode(query))")
        case .compare(let names):
            // Owner and name characters need no escaping in a query (RFC 3986 allows "/" there).
            return ("compare", [], "?repos=" + CompareRequest.text(names))
        case .discover(let filter):
            guard let filter, !filter.isEmpty else { return (destinationName, [], "") }
            // Each value encoded alone, so the commas between them stay readable.
            func list(_ values: [String]) -> String { values.map(PercentEncoding.encode).joined(separator: ",") }
            var items: [String] = []
            if !filter.languages.isEmpty { items.append("language=" + list(filter.languages)) }
            if !filter.excludedLanguages.isEmpty { items.append("without=" + list(filter.excludedLanguages)) }
            if !filter.clusters.isEmpty { items.append("cluster=" + list(filter.clusters)) }
            if filter.minimumStars > 0 { items.append("stars=\(filter.minimumStars)") }
            if let health = filter.health { items.append("health=" + health.rawValue) }
            return (destinationName, [], "?" + items.joined(separator: "&"))
        case .area(let id):
            return ("area", [id], "")
        case .list(let list, let heading):
            // Each value encoded alone; one `heading` a level, outermost first.
            let items = [("list", list)] + heading.map { ("heading", $0) }
            return ("lists", [], "?" + items.map { "\($0)=\(PercentEncoding.encode($1))" }.joined(separator: "&"))
        case .saved, .liked, .profile, .home:
            return (destinationName, [], "")
        }
    }

    /// The deck filter a discover link names (`language=Rust,Go&without=JavaScript&cluster=developer-tools&stars=1000`
    /// `&health=active`), nil when it names none.
    private static func deckFilter(_ query: [String: String]) throws(RouteError) -> DeckFilter? {
        func list(_ name: String) -> [String] {
            (query[name] ?? "").split(separator: ",").map(String.init)
        }
        var stars = 0
        if let text = query["stars"], !text.isEmpty {
            guard let value = Int(text) else {
                throw .invalidStars(text)
            }
            stars = value
        }
        var health: RepositoryHealth.Level?
        if let text = query["health"], !text.isEmpty {
            guard let level = RepositoryHealth.Level(rawValue: text.lowercased()), level != .dormant else {
                throw .invalidHealth(text)
            }
            health = level
        }
        do {
            let filter = try DeckFilter.checked(
                languages: list("language"), excludedLanguages: list("without"), clusters: list("cluster"),
                minimumStars: stars, health: health)
            return filter.isEmpty ? nil : filter
        } catch {
            throw .invalidFilter(error)
        }
    }

    private static func checkedLength(_ text: String) throws(RouteError) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .empty }
        guard trimmed.utf8.count <= maximumLinkLength else { throw .tooLong(trimmed.utf8.count) }
        return trimmed
    }
}

/// A link split into decoded path segments and query items (``query``: first value wins; ``all``: every value, in
/// order; a fragment is ignored).
private struct LinkParts {
    var segments: [String] = []
    var query: [String: String] = [:]
    var all: [String: [String]] = [:]

    init(_ text: Substring) throws(RouteError) {
        let withoutFragment = text.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let halves = withoutFragment.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        for segment in halves[0].split(separator: "/") {
            segments.append(try PercentEncoding.decode(segment, plusIsSpace: false))
        }
        guard halves.count == 2 else { return }
        for item in halves[1].split(separator: "&") {
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = try PercentEncoding.decode(pair[0], plusIsSpace: true)
            let value = pair.count == 2 ? try PercentEncoding.decode(pair[1], plusIsSpace: true) : ""
            if query[key] == nil { query[key] = value }
            all[key, default: []].append(value)
        }
    }
}
