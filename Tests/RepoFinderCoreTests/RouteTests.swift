import Foundation
import RepoFinderCore
import Testing

@Suite("Deep links and web paths")
struct RouteTests {
    static let examples: [(link: String, route: Route, webPath: String)] = [
        (
            "repoverse://repo/apple/swift", .repository(try! RepositoryName(owner: "apple", name: "swift")),
            "/r/apple/swift"
        ),
        (
            "repoverse://repo/vapor/vapor", .repository(try! RepositoryName(owner: "vapor", name: "vapor")),
            "/r/vapor/vapor"
        ),
        ("repoverse://trending?since=daily", .trending(language: nil, since: .daily), "/trending?since=daily"),
        (
            "repoverse://trending?language=Swift&since=weekly", .trending(language: "Swift", since: .weekly),
            "/trending?language=Swift&since=weekly"
        ),
        (
            "repoverse://trending?language=C%2B%2B&since=monthly", .trending(language: "C++", since: .monthly),
            "/trending?language=C%2B%2B&since=monthly"
        ),
        ("repoverse://search?q=swift%20server", .search(query: "swift server"), "/search?q=swift%20server"),
        ("repoverse://saved", .saved, "/saved"),
        ("repoverse://liked", .liked, "/liked"),
        ("repoverse://discover", .discover(), "/discover"),
        ("repoverse://home", .home, "/"),
        (
            "repoverse://compare?repos=apple/swift,rust-lang/rust,golang/go",
            .compare(["apple/swift", "rust-lang/rust", "golang/go"].map { try! RepositoryName(parsing: $0) }),
            "/compare?repos=apple/swift,rust-lang/rust,golang/go"
        ),
        ("repoverse://profile", .profile, "/profile"),
        (
            "repoverse://lists?list=avelino%2Fawesome-go&heading=Messaging",
            .list(list: "avelino/awesome-go", heading: ["Messaging"]),
            "/lists?list=avelino%2Fawesome-go&heading=Messaging"
        ),
        (
            "repoverse://lists?list=jaywcjlove%2Fawesome-mac%2Fcommand-line-apps.md&heading=Tools&heading=Git%20%26%20Co",
            .list(list: "jaywcjlove/awesome-mac/command-line-apps.md", heading: ["Tools", "Git & Co"]),
            "/lists?list=jaywcjlove%2Fawesome-mac%2Fcommand-line-apps.md&heading=Tools&heading=Git%20%26%20Co"
        ),
    ]

    @Test("every link form parses to its route and prints back exactly", arguments: 0..<examples.count)
    func everyForm(index: Int) throws {
        let (link, route, webPath) = Self.examples[index]
        #expect(try Route(deepLink: link) == route)
        #expect(route.deepLink == link)
        #expect(route.webPath == webPath)
        #expect(try Route(webPath: webPath) == route)
        #expect(try Route(link: link) == route)
        #expect(try Route(link: webPath) == route)
    }

    @Test("lenient inputs people paste still resolve")
    func lenientInputs() throws {
        #expect(
            try Route(deepLink: "  REPOVERSE://Repo/Apple/Swift/  ")
                == .repository(try RepositoryName(parsing: "apple/swift")))
        #expect(try Route(deepLink: "repoverse://trending") == .trending(language: nil, since: .daily))
        #expect(
            try Route(deepLink: "repoverse://trending?since=WEEKLY&utm_source=x")
                == .trending(language: nil, since: .weekly))
        #expect(try Route(deepLink: "repoverse://search?q=machine+learning#top") == .search(query: "machine learning"))
        #expect(try Route(webPath: "/discover") == .discover())
        #expect(try Route(webPath: "/trending?language=") == .trending(language: nil, since: .daily))
    }

    @Test("random routes round-trip through both forms (seeded)")
    func randomRoundTrips() throws {
        var generator = SeededGenerator(seed: 2026)
        let characters = Array("abcXYZ019 -_.~+&=?#/%éü漢🚀\"'")
        for _ in 0..<2000 {
            let route = Route.random(using: &generator, characters: characters)
            let viaDeepLink = try Route(deepLink: route.deepLink)
            let viaWebPath = try Route(webPath: route.webPath)
            #expect(viaDeepLink == route, "\(route.deepLink)")
            #expect(viaWebPath == route, "\(route.webPath)")
            #expect(viaDeepLink.deepLink == route.deepLink)
        }
    }

    @Test("malformed links get a clear error, never a crash")
    func malformedLinks() {
        let cases: [(String, RouteError)] = [
            ("", .empty),
            ("   ", .empty),
            ("https://github.com/apple/swift", .wrongScheme("https://github.com/apple/swift")),
            ("repoverse:/repo/apple/swift", .wrongScheme("repoverse:/repo/apple/swift")),
            ("repoverse://", .unknownDestination("")),
            ("repoverse://settings", .unknownDestination("settings")),
            ("repoverse://repo", .missingRepository),
            ("repoverse://repo/apple", .missingRepository),
            ("repoverse://repo/apple/swift/issues", .unexpectedPath("issues")),
            ("repoverse://repo/-bad/swift", .invalidRepository(.invalidOwner("-bad"))),
            ("repoverse://repo/apple/..", .invalidRepository(.invalidName(".."))),
            ("repoverse://repo/apple/sw%20ift", .invalidRepository(.invalidName("sw ift"))),
            ("repoverse://trending?since=yearly", .invalidWindow("yearly")),
            ("repoverse://trending/extra", .unexpectedPath("extra")),
            ("repoverse://search", .missingQuery),
            ("repoverse://search?q=%20%20", .missingQuery),
            ("repoverse://search?q=" + String(repeating: "a", count: 300), .queryTooLong(300)),
            ("repoverse://search?q=%E2%28", .badEncoding("q=%E2%28".split(separator: "=")[1].description)),
            ("repoverse://search?q=%zz", .badEncoding("%zz")),
            ("repoverse://saved/all", .unexpectedPath("all")),
            ("/r/apple", .missingRepository),
            ("/nowhere", .unknownDestination("nowhere")),
            ("trending", .wrongScheme("trending")),
            ("repoverse://" + String(repeating: "x", count: 3000), .tooLong(3012)),
            ("repoverse://compare", .invalidComparison(.empty)),
            ("repoverse://compare?repos=apple/swift", .invalidComparison(.tooFew(["apple/swift"]))),
            ("/compare?repos=a/b,c/d,e/f,g/h,i/j", .invalidComparison(.tooMany(5))),
            ("/compare?repos=apple/swift,Apple/Swift", .invalidComparison(.duplicate("Apple/Swift"))),
            (
                "/compare?repos=apple/swift,swift", .invalidComparison(.malformed("swift", .notOwnerSlashName("swift")))
            ),
            ("repoverse://home/x", .unexpectedPath("x")),
            ("repoverse://lists?list=avelino/awesome-go", .invalidListSection),
            ("repoverse://lists?heading=Messaging", .invalidListSection),
            ("/lists?list=awesome-go&heading=Messaging", .invalidListSection),
            ("/lists?list=a/b&heading=%20", .invalidListSection),
            ("/lists?list=a/b" + String(repeating: "&heading=x", count: 9), .invalidListSection),
            ("/lists?list=a/b&heading=" + String(repeating: "x", count: 201), .invalidListSection),
            ("/lists?list=a/b&heading=x%0Ay", .invalidListSection),
            ("repoverse://lists/x?list=a/b&heading=x", .unexpectedPath("x")),
        ]
        for (link, expected) in cases {
            #expect(throws: expected, "\(link)") { try Route(link: link) }
        }
    }

    @Test("error messages say what a good link looks like")
    func messages() {
        #expect(RouteError.missingRepository.description.contains("repoverse://repo/apple/swift"))
        #expect(RouteError.invalidWindow("yearly").description.contains("daily, weekly or monthly"))
        #expect(RouteError.unknownDestination("x").description.contains("trending"))
        #expect(RouteError.invalidListSection.description.contains("repoverse://lists?list=avelino/awesome-go"))
    }

    @Test("a list link keeps its headings in order, and the same list in a web path the page itself links")
    func listLinks() throws {
        let route = try Route(link: "/lists?list=vinta/awesome-python&heading=Web+Frameworks&heading=Synchronous")
        #expect(route == .list(list: "vinta/awesome-python", heading: ["Web Frameworks", "Synchronous"]))
        #expect(try Route(deepLink: route.deepLink) == route)
    }
}

extension Route {
    static func random(using generator: inout SeededGenerator, characters: [Character]) -> Route {
        func text(_ range: ClosedRange<Int>) -> String {
            String(
                (0..<Int.random(in: range, using: &generator)).map { _ in characters.randomElement(using: &generator)! }
            )
        }
        func identifier(_ alphabet: String, _ range: ClosedRange<Int>) -> String {
            let letters = Array(alphabet)
            return "a"
                + String(
                    (0..<Int.random(in: range, using: &generator)).map { _ in letters.randomElement(using: &generator)!
                    })
        }
        switch Int.random(in: 0..<10, using: &generator) {
        case 0:
            let owner = identifier("abcXYZ09-_", 0...20)
            let name = identifier("abcXYZ09-_.", 0...40)
            return .repository(try! RepositoryName(owner: owner, name: name))
        case 1:
            let language = Bool.random(using: &generator) ? nil : text(1...20).trimmingCharacters(in: .whitespaces)
            return .trending(
                language: language?.isEmpty == false ? language : nil,
                since: TrendingWindow.allCases.randomElement(using: &generator)!)
        case 2:
            let query = text(1...60).trimmingCharacters(in: .whitespacesAndNewlines)
            return .search(query: query.isEmpty ? "q" : query)
        case 3: return .saved
        case 4: return .liked
        case 5: return .discover()
        case 6: return .home
        case 7:
            var names: [RepositoryName] = []
            while names.count < Int.random(in: 2...4, using: &generator) {
                let name = try! RepositoryName(
                    owner: identifier("abcXYZ09-", 0...10), name: identifier("abcXYZ09-_.", 0...20))
                if !names.contains(name) { names.append(name) }
            }
            return .compare(names)
        case 8:
            let heading = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                let name = text(1...30).trimmingCharacters(in: .whitespaces).filter { !$0.isNewline }
                return name.isEmpty ? "h" : name
            }
            let list = identifier("abcXYZ09-", 0...10) + "/" + identifier("abcXYZ09-_.", 0...20)
            return .list(list: Bool.random(using: &generator) ? list : list + "/docs/list.md", heading: heading)
        default: return .profile
        }
    }
}

@Suite("Deck filters in links")
struct DeckFilterLinkTests {
    @Test("a discover link names its filter and prints it back the same, whatever order and case it came in")
    func roundTrip() throws {
        let route = try Route(deepLink: "repoverse://discover?cluster=developer-tools&language=rust,Go,RUST&stars=500")
        let filter = DeckFilter(languages: ["Go", "rust"], clusters: ["developer-tools"], minimumStars: 500)
        #expect(route == .discover(filter))
        #expect(route.deepLink == "repoverse://discover?language=Go,rust&cluster=developer-tools&stars=500")
        #expect(try Route(webPath: route.webPath) == route)
        let odd = Route.discover(DeckFilter(languages: ["C#", "Objective-C++"], health: .quiet))
        #expect(odd.webPath == "/discover?language=C%23,Objective-C%2B%2B&health=quiet")
        #expect(try Route(link: odd.webPath) == odd)
        // No filter, or an empty one, is the plain deck.
        #expect(try Route(deepLink: "repoverse://discover?language=&stars=0") == .discover())
        #expect(Route.discover(DeckFilter()).webPath == "/discover")
    }

    @Test("languages left out travel as without=, are never allowed, and cannot also be kept")
    func leftOut() throws {
        let route = try Route(deepLink: "repoverse://discover?without=javascript,PHP,JavaScript&stars=100")
        let filter = DeckFilter(excludedLanguages: ["javascript", "PHP"], minimumStars: 100)
        #expect(route == .discover(filter))
        #expect(route.webPath == "/discover?without=javascript,PHP&stars=100")
        #expect(try Route(webPath: route.webPath) == route)
        #expect(!filter.isEmpty)
        #expect(!filter.allows(language: "JavaScript") && !filter.allows(language: "php"))
        #expect(filter.allows(language: "TypeScript") && filter.allows(language: nil))
        #expect(filter.summary { $0 } == "without javascript, PHP · ★ 100+")
        #expect(throws: DeckFilterError.keptAndLeftOut("Rust")) {
            try DeckFilter.checked(
                languages: ["Rust"], excludedLanguages: ["rust"], clusters: [], minimumStars: 0, health: nil)
        }
        do {
            _ = try Route(deepLink: "repoverse://discover?language=Go&without=go")
            Issue.record("a language both kept and left out was accepted")
        } catch {
            #expect(error.description.contains("both kept and left out"), "\(error)")
        }
    }

    @Test("a filter in words, as the filter bar says it")
    func summary() {
        let names = ["developer-tools": "CLI & developer tools"]
        #expect(DeckFilter().summary { names[$0] ?? $0 } == "Everything")
        let filter = DeckFilter(
            languages: ["Rust", "go"], clusters: ["developer-tools", "data"], minimumStars: 1_000, health: .active)
        #expect(
            filter.summary { names[$0] ?? $0 } == "go · Rust · data · CLI & developer tools · ★ 1,000+ · active only")
        #expect(DeckFilter(health: .quiet).summary { $0 } == "active or quiet")
    }

    @Test("a bad filter in a link says what to write instead")
    func badFilters() {
        let cases: [(String, String)] = [
            ("repoverse://discover?stars=lots", "'lots' is not a number of stars"),
            ("repoverse://discover?health=dormant", "use health=active or health=quiet"),
            ("repoverse://discover?cluster=Web%20Frontend", "is not an area id"),
            ("repoverse://discover?stars=-5", "out of range"),
            (
                "repoverse://discover?language=" + (0..<11).map { "L\($0)" }.joined(separator: ","),
                "at most 10 languages",
            ),
        ]
        for (link, expected) in cases {
            #expect(throws: RouteError.self) { try Route(deepLink: link) }
            do {
                _ = try Route(deepLink: link)
            } catch {
                #expect(error.description.contains(expected), "\(link): \(error)")
            }
        }
    }

    @Test("a filter allows a repository by language (any case), area, stars and health at a moment")
    func allows() {
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        var repository = Repository(
            owner: RepositoryOwner(login: "o"), name: "n", language: "Rust", stars: 2_000,
            pushedAt: now.addingTimeInterval(-10 * 86_400))
        let filter = DeckFilter(
            languages: ["rust"], clusters: ["developer-tools"], minimumStars: 1_000, health: .active)
        #expect(filter.allows(repository, cluster: "developer-tools", now: now))
        #expect(!filter.allows(repository, cluster: "systems", now: now))
        repository.pushedAt = now.addingTimeInterval(-100 * 86_400)
        #expect(!filter.allows(repository, cluster: "developer-tools", now: now))
        var quiet = filter
        quiet.health = .quiet
        #expect(quiet.allows(repository, cluster: "developer-tools", now: now))
        repository.language = "Go"
        #expect(!quiet.allows(repository, cluster: "developer-tools", now: now))
        #expect(DeckFilter().allows(repository, cluster: nil, now: now))
    }
}
