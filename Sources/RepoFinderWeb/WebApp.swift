import Foundation
public import Hummingbird
import Localization
import Mustache
public import RepoFinderCore

/// The web app: server-rendered pages (Mustache templates) for every screen, the scripts, styles, icons, manifest
/// and service worker they use, and `/open?link=` for `repoverse://` links. Everything else it needs it asks of the
/// JSON API, from the browser.
public struct WebApp: Sendable {
    /// What the detail page found for a name.
    public enum Lookup: Sendable {
        /// The repository (under its current name: a renamed one's old address redirects there).
        case found(Repository)
        /// Nobody has it; the message says so.
        case notFound(String)
        /// It could not be looked up now (GitHub unreachable or rate-limited); the message says why.
        case unavailable(String)
    }

    /// Finds a repository by name for the detail page: the catalog, or GitHub for one it lacks.
    public typealias RepositoryLookup = @Sendable (RepositoryName) async throws -> Lookup

    /// What Compare found for a list of names.
    public enum ComparisonLookup: Sendable {
        case compared(Comparison)
        /// It cannot be shown: the HTTP status (404, 400, 503) and the sentence that says why.
        case failed(status: Int, message: String)
    }

    /// Compares repositories (checked by ``CompareRequest``) for the Compare page; the server sets it.
    public var compare: (@Sendable ([RepositoryName]) async throws -> ComparisonLookup)?

    /// Whether a sign-in's `state` is an app's that this server made (sealed); nil: no app sign-in is offered.
    public var isAppSignIn: (@Sendable (String) -> Bool)?
    /// What the community says of a repository, for its detail page (nothing by default).
    public var community: @Sendable (Repository) async throws -> Community = { _ in Community() }

    /// What the community says of a repository: where curated lists place it, and what it says it replaces.
    public struct Community: Sendable {
        /// Where curated lists place it, by list, then heading.
        public var listings: [RepositoryListing]
        /// What it says it replaces, as written ("Moment.js").
        public var replaces: [String]

        public init(listings: [RepositoryListing] = [], replaces: [String] = []) {
            self.listings = listings
            self.replaces = replaces
        }
    }

    private let templates: MustacheLibrary
    private let assets: WebAssets
    /// A repository's daily star counts, oldest first (for the detail page's chart).
    public typealias StarHistoryLookup = @Sendable (RepositoryName) async throws -> [StarSnapshot]

    /// Finds the repository a detail page names (the server sets one that keeps to each client's GitHub budget).
    public var lookup: RepositoryLookup
    private let history: StarHistoryLookup

    /// How a request's language is chosen.
    let languages: LanguageChoice

    /// Reads the templates and files bundled with this module; `pseudoLanguage` offers `en-XA` (development).
    public init(
        lookup: @escaping RepositoryLookup, history: @escaping StarHistoryLookup = { _ in [] },
        pseudoLanguage: Bool = false
    ) async throws {
        guard let templates = Bundle.module.url(forResource: "Templates", withExtension: nil),
            let assets = Bundle.module.url(forResource: "Assets", withExtension: nil)
        else { throw WebAppError.missingResources }
        self.templates = try await MustacheLibrary(directory: templates.path)
        var files = try WebAssets(directory: assets)
        for language in Language.allCases {
            let module = Catalogue.shared.browserModule(language, tables: Self.browserTables)
            files.add("messages.\(language.code).js", bytes: Array(module.utf8))
        }
        let kept = files.names.filter { $0 != "sw.js" && $0 != "manifest.webmanifest" }
        files.substitute("__FILES__", with: "[" + kept.map { "\"\($0)\"" }.joined(separator: ", ") + "]", in: "sw.js")
        files.substitute("__VERSION__", with: files.version, in: "sw.js")
        self.assets = files
        self.lookup = lookup
        self.history = history
        self.languages = LanguageChoice(offersPseudo: pseudoLanguage)
    }

    /// The catalogue's tables the scripts word things from.
    static let browserTables: Set<String> = ["WebDeck", "WebScreens", "WebPages", "Facts"]

    /// The words of `request`'s language.
    func words(_ request: Request) -> Words { Words(languages.language(of: request)) }

    /// Adds the pages and files to `router`.
    public func register<Context: RequestContext>(on router: Router<Context>) {
        for screen in [Screen.home, .discover, .onboarding, .saved, .liked, .profile, .offline, .maintainer, .admin] {
            router.get(RouterPath("/\(screen.rawValue)")) { request, _ in
                page(PageModel(screen: screen, words: words(request)))
            }
        }
        router.get("/") { request, _ in page(PageModel(screen: .home, words: words(request))) }
        // The sections' own addresses open their first tab.
        router.get("library") { _, _ in redirect(to: "/saved") }
        router.get("explore") { _, _ in redirect(to: "/search") }
        router.get("compare") { request, _ in try await comparePage(request) }
        // Where GitHub sends the browser back after its consent page: the page's script completes a web sign-in. An
        // app's (its sealed state says so, not only its prefix) is offered to the app, whose browser sheet closes on
        // that address — offered, never sent on by itself: GitHub skips its consent page for someone who said yes
        // before, so a sign-in someone else began would otherwise go through with one click on their link.
        router.get("auth/github/callback") { request, _ in
            let query = Dictionary(
                request.uri.queryParameters.map { (String($0.key), String($0.value)) }, uniquingKeysWith: { a, _ in a })
            var model = PageModel(screen: .signIn, words: words(request))
            if let app = AppSignInReturn(gitHubQuery: query), isAppSignIn?(app.state) == true {
                model.appReturn = app.appURL.absoluteString
            }
            var answer = page(model)
            answer.headers[.cacheControl] = "no-store"
            return answer
        }
        router.get("trending") { request, _ in page(trendingModel(request)) }
        router.get("areas") { request, _ in page(PageModel(screen: .area, words: words(request))) }
        router.get("areas/:id") { request, context in
            areaPage(context.parameters.get("id") ?? "", words: words(request))
        }
        router.get("lists") { request, _ in listPage(request) }
        router.get("search") { request, _ in page(searchModel(request)) }
        router.get("ask") { request, _ in
            var model = PageModel(screen: .ask, words: words(request))
            model.query = request.uri.queryParameters.get("q").map { String($0.prefix(500)) }
            return page(model)
        }
        router.get("r/:owner/:name") { request, context in
            try await repositoryPage(
                owner: context.parameters.require("owner"), name: context.parameters.require("name"),
                words: words(request))
        }
        router.get("open") { request, _ in
            open(link: request.uri.queryParameters.get("link") ?? "", words: words(request))
        }
        router.get("sw.js") { request, _ in asset("sw.js", request: request) }
        router.get("manifest.webmanifest") { request, _ in asset("manifest.webmanifest", request: request) }
        router.get("favicon.ico") { request, _ in asset("icon-192.png", request: request) }
        router.get("assets/:file") { request, context in
            asset(context.parameters.get("file") ?? "", request: request)
        }
    }

    // MARK: - Pages

    /// An area's page: its id checked (lowercase letters, digits, hyphens); the script fills in the rest.
    func areaPage(_ id: String, words: Words) -> Response {
        let lowered = id.lowercased()
        guard DeckFilter.isClusterID(lowered) else {
            var model = PageModel(screen: .notFound, words: words)
            model.message = words.linkProblem(.invalidArea(id))
            return page(model, status: .notFound)
        }
        var model = PageModel(screen: .area, words: words)
        model.areaID = lowered
        return page(model)
    }

    /// A curated list's heading: its head rendered here, its repositories read by the page's script.
    func listPage(_ request: Request) -> Response {
        let query = request.uri.queryParameters
        let words = words(request)
        guard let view = ListSectionView(list: query.get("list") ?? "", heading: query.getAll("heading")) else {
            var model = PageModel(screen: .notFound, words: words)
            model.message = words.text("page.list.missing")
            return page(model, status: .notFound)
        }
        var model = PageModel(screen: .list, words: words, title: words.text("page.title.list-named", view.name))
        model.listSection = view
        return page(model)
    }

    func trendingModel(_ request: Request) -> PageModel {
        let query = request.uri.queryParameters
        let words = words(request)
        var model = PageModel(screen: .trending, words: words)
        let since = TrendingWindow(rawValue: query.get("since") ?? "") ?? .daily
        model.language = query.get("language").flatMap { $0.isEmpty ? nil : $0 }
        model.showBursts = query.get("bursts") == "shown"
        model.windows = TrendingWindow.allCases.map {
            Option(value: $0.rawValue, label: words.text("page.option.since.\($0.rawValue)"), selected: $0 == since)
        }
        return model
    }

    func searchModel(_ request: Request) -> PageModel {
        let query = request.uri.queryParameters
        let words = words(request)
        var model = PageModel(screen: .search, words: words)
        model.query = query.get("q")
        model.language = query.get("language").flatMap { $0.isEmpty ? nil : $0 }
        let health = query.get("health") ?? ""
        model.healthLevels =
            [Option(value: "", label: words.text("page.option.health.any"), selected: health.isEmpty)]
            + RepositoryHealth.Level.allCases.map {
                Option(
                    value: $0.rawValue, label: words.text("page.option.health.\($0.rawValue)"),
                    selected: $0.rawValue == health)
            }
        let sort = query.get("sort") ?? "best-match"
        model.sorts = ["best-match", "stars", "forks", "recently-pushed"].map {
            Option(value: $0, label: words.text("page.option.sort.\($0)"), selected: $0 == sort)
        }
        return model
    }

    func repositoryPage(owner: String, name: String, words: Words) async throws -> Response {
        let repositoryName: RepositoryName
        do {
            repositoryName = try RepositoryName(owner: owner, name: name)
        } catch {
            let reason = words.repositoryNameProblem(error)
            return notFound(words.text("page.message.not-a-name", "\(owner)/\(name)", reason), words: words)
        }
        let repository: Repository
        switch try await lookup(repositoryName) {
        case .found(let found): repository = found
        case .notFound(let message): return notFound(words.text("page.message.try-search", message), words: words)
        case .unavailable(let message):
            var model = PageModel(screen: .notFound, words: words, title: words.text("page.title.unavailable"))
            model.emptyHeading = words.text("page.message.github-unreachable")
            model.message = words.text("page.message.try-later", message)
            return page(model, status: .serviceUnavailable)
        }
        if repository.id != repositoryName.key {
            // Renamed: the old address keeps working, and says where the repository lives now.
            return Response(
                status: .movedPermanently, headers: [.location: Route.repository(repository.repositoryName).webPath])
        }
        var model = PageModel(screen: .repository, words: words, title: repository.fullName)
        let snapshots = try await history(repository.repositoryName)
        model.repository = RepositoryView(
            repository, history: snapshots, community: try await community(repository), now: Date(), words: words)
        return page(model)
    }

    func comparePage(_ request: Request) async throws -> Response {
        let text = request.uri.queryParameters.get("repos") ?? ""
        let words = words(request)
        var model = PageModel(screen: .compare, words: words)
        let names: [RepositoryName]
        do {
            names = try CompareRequest.names(text)
        } catch {
            model.message = words.compareProblem(error)
            return page(model, status: text.isEmpty ? .ok : .badRequest)
        }
        guard let compare else {
            model.message = words.text("page.message.compare-unavailable")
            return page(model, status: .serviceUnavailable)
        }
        switch try await compare(names) {
        case .compared(let comparison):
            model.comparison = ComparisonView(comparison, now: Date(), words: words)
            model.title = words.text("page.title.compare-named", words.list(names.map(\.name)))
            return page(model)
        case .failed(let status, let message):
            model.message = message
            return page(model, status: HTTPResponse.Status(code: status))
        }
    }

    func redirect(to path: String) -> Response {
        Response(status: .seeOther, headers: [.location: path, .cacheControl: "no-store"])
    }

    func open(link: String, words: Words) -> Response {
        do {
            let route = try Route(link: link)
            return Response(status: .seeOther, headers: [.location: route.webPath, .cacheControl: "no-store"])
        } catch {
            var model = PageModel(screen: .notFound, words: words, title: words.text("page.title.not-a-link"))
            model.message = words.linkProblem(error)
            return page(model, status: .badRequest)
        }
    }

    /// The not-found page for an address no route knows, naming the screen it most likely meant
    /// (`/Trending` → Trending, `/trendin` → Trending), or pointing to Search.
    public func unknownPage(_ path: String, request: Request) -> Response {
        let words = words(request)
        let first = path.split(separator: "/").first.map { String($0).lowercased() } ?? ""
        let screens: [(path: String, screen: Screen)] = [
            ("home", .home), ("discover", .discover), ("trending", .trending), ("search", .search),
            ("saved", .saved), ("liked", .liked), ("profile", .profile), ("compare", .compare),
            ("areas", .area), ("onboarding", .onboarding), ("ask", .ask), ("maintainer", .maintainer),
        ]
        let near = screens.first { $0.path == first } ?? screens.first { EditDistance.between($0.path, first) <= 2 }
        var model = PageModel(screen: .notFound, words: words)
        if first == "r" {
            model.message = words.text("page.message.repository-address")
        } else if let near {
            model.message = words.text("page.message.no-page", path)
            model.suggestion = Suggestion(href: "/" + near.path, label: near.screen.title(words))
        } else {
            model.message = words.text("page.message.no-page-search", path)
        }
        return page(model, status: .notFound)
    }

    func notFound(_ message: String, words: Words) -> Response {
        var model = PageModel(screen: .notFound, words: words)
        model.message = message
        return page(model, status: .notFound)
    }

    func page(_ model: PageModel, status: HTTPResponse.Status = .ok) -> Response {
        let html = templates.render(model, withTemplate: model.screen) ?? "<!doctype html><title>RepoFinder</title>"
        return Response(
            status: status,
            headers: [
                .contentType: "text/html; charset=utf-8", .cacheControl: "no-cache",
                .contentSecurityPolicy: Self.contentSecurityPolicy, .xContentTypeOptions: "nosniff",
                .contentLanguage: model.lang, .vary: "Accept-Language, Cookie",
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    /// Scripts, styles and connections from this origin only; avatars from GitHub.
    static let contentSecurityPolicy =
        "default-src 'self'; img-src 'self' data: https://avatars.githubusercontent.com; "
        + "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"

    // MARK: - Files

    func asset(_ name: String, request: Request) -> Response {
        guard let file = assets[name] else {
            return Response(
                status: .notFound, headers: [.contentType: "text/plain; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: "No such file: \(name)")))
        }
        // gzip to browsers that take it: the same file under its own tag (a strong tag names one set of bytes).
        let gzipped = file.gzipped.flatMap { Self.acceptsGzip(request.headers[.acceptEncoding]) ? $0 : nil }
        let etag = gzipped == nil ? file.etag : String(file.etag.dropLast()) + "-gz\""
        var headers: HTTPFields = [
            .eTag: etag, .cacheControl: "no-cache", .xContentTypeOptions: "nosniff",
        ]
        if file.gzipped != nil { headers[.vary] = "Accept-Encoding" }
        if request.headers[.ifNoneMatch] == etag {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = file.contentType
        if gzipped != nil { headers[.contentEncoding] = "gzip" }
        return Response(
            status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: gzipped ?? file.bytes)))
    }

    /// Whether an `Accept-Encoding` header takes gzip (named, not refused with `q=0`).
    static func acceptsGzip(_ header: String?) -> Bool {
        guard let header else { return false }
        return header.split(separator: ",").contains { part in
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard pieces.first == "gzip" else { return false }
            let quality = pieces.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            return quality > 0
        }
    }
}

/// Why the web app could not start.
public enum WebAppError: Error, CustomStringConvertible {
    case missingResources

    public var description: String {
        "The web app's templates and files are missing from the build (RepoFinderWeb's resources); rebuild."
    }
}
