import Ask
import Foundation
import Recommender
import RepoFinderCore
import Storage
import Synchronization
import TestSupport
import Testing

/// The engine on a real store (SQLite in memory) with a small catalog: answers cite what the tools found, stream in
/// order, say plainly when nothing fits, and stop when the reader goes away.
@Suite struct AnswerEngineTests {
    static let catalog: [Repository] = [
        repository(
            "vapor/vapor", "A server-side Swift HTTP web framework.", ["web-framework", "server"], "Swift", 25_000),
        repository(
            "Kitura/Kitura", "A Swift web framework and HTTP server.", ["web-framework", "server"], "Swift", 7_600),
        repository(
            "gin-gonic/gin", "Gin is a HTTP web framework written in Go.", ["framework", "router"], "Go", 80_000),
        repository("redis/redis", "An in-memory data structure server.", [], "C", 70_000),
        repository("sqlite/sqlite", nil, [], "C", 8_000),
        repository("dragonflydb/dragonfly", "A modern replacement for Redis and Memcached.", [], "C++", 30_000),
        // As the real records are: ripgrep and jq without topics, nlohmann/json with many.
        repository("BurntSushi/ripgrep", "Recursively search directories for a regex.", [], "Rust", 50_000),
        repository("jqlang/jq", "Command-line JSON processor.", [], "C", 35_000),
        repository("nlohmann/json", "JSON for Modern C++.", ["json", "json-parser", "header-only"], "C++", 45_000),
        repository("acme/pages", "A self-hosted wiki for teams, an alternative to Notion.", [], "PHP", 4_000),
        // A product's name that is an owner here too: auth0's own library is not what "like Auth0" asks for.
        repository("auth0/node-jsonwebtoken", "JsonWebToken implementation for node.js.", [], "JavaScript", 17_000),
        repository("keycloak/keycloak", "Identity and access management, an alternative to Auth0.", [], "Java", 30_000),
        repository("supertokens/core", "Open source alternative to Auth0 and Firebase Auth.", [], "Java", 11_000),
    ]

    static func repository(
        _ name: String, _ description: String?, _ topics: [String], _ language: String, _ stars: Int
    ) -> Repository {
        var repository = Fixtures.repository(name, stars: stars, topics: topics)
        repository.description = description
        repository.language = language
        return repository
    }

    /// Runs `body` with tools over a fresh store holding the catalog and a week of star counts (gin gains most).
    func withTools(
        saved: [String] = [], liked: [String] = [], now: Date = Fixtures.moment,
        _ body: (any AskTools) async throws -> Void
    ) async throws {
        try await withStore(.sqliteMemory) { test in
            let store = test.store
            _ = try await store.upsertRepositories(Self.catalog)
            let today = Day(containing: Fixtures.moment)
            var snapshots: [StarSnapshot] = []
            for (position, repository) in Self.catalog.enumerated() {
                let gain = repository.name == "gin" ? 900 : 10 * position
                snapshots.append(
                    StarSnapshot(
                        repository: repository.repositoryName, day: today.adding(days: -7),
                        stars: repository.stars - gain))
                snapshots.append(
                    StarSnapshot(repository: repository.repositoryName, day: today, stars: repository.stars))
            }
            _ = try await store.upsertStarSnapshots(snapshots)
            let recommender = Recommender(index: await RecommendationIndex.build(repositories: Self.catalog))
            func named(_ names: [String]) -> [Repository] {
                names.compactMap { name in Self.catalog.first { $0.fullName == name } }
            }
            let signals = liked.map { TasteSignal(repositoryKey: $0, kind: .like) }
            let person = GivenPerson(
                lists: [.saved: named(saved), .liked: named(liked)], taste: Taste(signals: signals))
            try await body(
                CatalogAskTools(store: store, recommender: recommender, person: person, now: now))
        }
    }

    @Test func findsAndCitesWhatTheSearchFound() async throws {
        try await withTools { tools in
            let answer = try await AnswerEngine().answer("a web framework for Swift", tools: tools)
            #expect(answer.found)
            #expect(answer.sources.map(\.fullName) == ["vapor/vapor", "Kitura/Kitura"])
            #expect(answer.text.contains("vapor/vapor [1]"))
            #expect(answer.text.contains("Kitura/Kitura [2]"))
            #expect(!answer.text.contains("gin"), "a Go framework is not an answer for Swift")
            #expect(answer.tools.map(\.name) == ["search"])
            #expect(answer.tools[0].inputs["language"] == "Swift")
        }
    }

    @Test("on a stale catalog health is judged as the cards judge it: as of its newest day, saying so (issue 66)")
    func staleCatalogHealth() async throws {
        // Every push of the catalog is at Fixtures.moment: judged then, ripgrep is Active; four months later, by
        // the calendar, it would be Quiet or Dormant, which is what Ask said while its card said Active.
        try await withTools(now: Fixtures.moment.addingTimeInterval(120 * 86_400)) { tools in
            let answer = try await AnswerEngine().answer("tell me about BurntSushi/ripgrep", tools: tools)
            let line = answer.text.split(separator: "\n").first { $0.contains("Health:") } ?? ""
            #expect(line.contains("Health: Active"), "\(answer.text)")
            #expect(line.contains(", as of "), "\(answer.text)")
        }
        try await withTools { tools in
            let answer = try await AnswerEngine().answer("tell me about BurntSushi/ripgrep", tools: tools)
            #expect(answer.text.contains("Health: Active") && !answer.text.contains(", as of "), "\(answer.text)")
        }
    }

    @Test func streamsToolsThenSourcesThenWordsThenDone() async throws {
        try await withTools { tools in
            var events: [AskEvent] = []
            for try await event in AnswerEngine().stream("a web framework for Swift", tools: tools) {
                events.append(event)
            }
            let kinds = events.map { event -> String in
                switch event {
                case .tool: "tool"
                case .source: "source"
                case .text: "text"
                case .fallback: "fallback"
                case .queued: "queued"
                case .done: "done"
                }
            }
            #expect(kinds.first == "tool")
            #expect(kinds.last == "done")
            #expect(kinds.filter { $0 == "text" }.count > 10, "the words arrive in many events")
            let firstText = kinds.firstIndex(of: "text")!
            #expect(kinds.lastIndex(of: "source")! < firstText, "sources come before the words that cite them")
            let words = events.compactMap { if case .text(let words) = $0 { words } else { nil } }.joined()
            guard case .done(let answer) = events.last else { return }
            #expect(words == answer.text)
        }
    }

    @Test func everyCitationIsASourceAndEveryNamedRepositoryIsCited() async throws {
        try await withTools(saved: ["redis/redis", "sqlite/sqlite"]) { tools in
            for question in [
                "a web framework for Swift", "something like redis", "what is trending this week",
                "compare vapor and gin", "tell me about ripgrep", "what did I save?",
            ] {
                let answer = try await AnswerEngine().answer(question, tools: tools)
                let cited = Set(answer.text.matches(of: /\[(\d+)\]/).compactMap { Int($0.output.1) })
                #expect(cited == Set(1...max(1, answer.sources.count)), "\(question): \(answer.text)")
                for repository in Self.catalog where answer.text.contains(repository.fullName + " ") {
                    #expect(answer.sources.contains(repository), "\(question): \(repository.fullName) uncited")
                }
            }
        }
    }

    @Test func likeFindsWhatCallsItselfAnAlternativeAndWhatDiffers() async throws {
        try await withTools { tools in
            let redis = try await AnswerEngine().answer("something like redis", tools: tools)
            #expect(redis.sources.first?.fullName == "dragonflydb/dragonfly")
            #expect(!redis.sources.contains { $0.fullName == "redis/redis" }, "not the seed itself")
            let json = try await AnswerEngine().answer("like ripgrep but for JSON", tools: tools)
            #expect(json.sources.first?.fullName == "jqlang/jq", "a JSON tool of ripgrep's kind: \(json.sources)")
        }
    }

    @Test("like a product known only by name: what says it replaces it first; no chip searches nothing")
    func likeAProductKnownOnlyByName() async throws {
        try await withTools { tools in
            for question in ["like Notion but self-hosted", "a notion alternative", "alternatives to notion?"] {
                let answer = try await AnswerEngine().answer(question, tools: tools)
                #expect(answer.sources.first?.fullName == "acme/pages", "\(question): \(answer.sources)")
                let replacing = answer.tools.first { $0.name == "replacing" }
                #expect(replacing?.chip == "1 say they replace notion", "\(question)")
                #expect(!answer.tools.contains { $0.chip.contains("“”") }, "\(question): \(answer.tools)")
            }
        }
    }

    @Test("a product that is only an owner here is the product; \"X open source\" asks for what replaces X")
    func productsAndOpenOnes() async throws {
        try await withTools { tools in
            for question in ["open source alternative to auth0", "auth0 alternative", "auth0 open source"] {
                let answer = try await AnswerEngine().answer(question, tools: tools)
                #expect(
                    Array(answer.sources.prefix(2).map(\.fullName)) == ["keycloak/keycloak", "supertokens/core"],
                    "\(question): \(answer.sources)")
                #expect(answer.text.contains("Like auth0"), "\(question): \(answer.text)")
            }
            let notion = try await AnswerEngine().answer("self hosted notion", tools: tools)
            #expect(notion.sources.first?.fullName == "acme/pages", "\(notion.sources)")
            // Nothing says it replaces a JSON parser: "open source json" stays a search.
            let json = try await AnswerEngine().answer("open source json parser", tools: tools)
            #expect(!json.tools.contains { $0.name == "replacing" }, "\(json.tools)")
        }
    }

    @Test("words that carry no need are never searched; a chip never counts what the answer says is not there")
    func needlessWordsAndHonestChips() async throws {
        try await withTools { tools in
            let course = try await AnswerEngine().answer("what's the best free course to learn iOS", tools: tools)
            let queries = course.tools.compactMap { $0.inputs["query"] }
            #expect(!queries.isEmpty)
            for query in queries {
                for word in ["what's", "best", "free", "the"] {
                    #expect(!query.split(separator: " ").contains(Substring(word)), "\(query)")
                }
            }
            let nothing = try await AnswerEngine().answer("a quantum gravity simulator in COBOL", tools: tools)
            #expect(!nothing.found)
            #expect(nothing.tools.allSatisfy { $0.found == nil || $0.found == 0 }, "\(nothing.tools)")
        }
    }

    @Test func trendingComparedAndFacts() async throws {
        try await withTools { tools in
            let trending = try await AnswerEngine().answer("what is trending this week", tools: tools)
            #expect(trending.sources.first?.fullName == "gin-gonic/gin")
            #expect(trending.text.contains("+900 stars this week"))
            let compared = try await AnswerEngine().answer("compare vapor and gin", tools: tools)
            #expect(compared.sources.map(\.fullName) == ["vapor/vapor", "gin-gonic/gin"])
            #expect(compared.text.contains("80,000 stars"))
            let unknown = try await AnswerEngine().answer("compare vapor and nosuchthing", tools: tools)
            #expect(unknown.text.contains("I don't know “nosuchthing”"))
            let facts = try await AnswerEngine().answer("tell me about ripgrep", tools: tools)
            #expect(facts.sources.map(\.fullName) == ["BurntSushi/ripgrep"])
            #expect(facts.text.contains("license MIT"))
        }
    }

    @Test func theirListsAndWhy() async throws {
        try await withTools(saved: ["redis/redis", "vapor/vapor"], liked: ["Kitura/Kitura"]) { tools in
            let saved = try await AnswerEngine().answer("what did I save about web frameworks?", tools: tools)
            #expect(saved.sources.map(\.fullName) == ["vapor/vapor"])
            let none = try await AnswerEngine().answer("did I save anything about json?", tools: tools)
            #expect(!none.found)
            #expect(none.sources.isEmpty)
            let why = try await AnswerEngine().answer("why was this in my deck?", card: "vapor/vapor", tools: tools)
            #expect(why.found, "\(why.text)")
            #expect(why.sources.map(\.fullName) == ["vapor/vapor"])
            #expect(why.text.contains("fits you at"))
        }
        try await withTools { tools in
            let nobody = try await AnswerEngine().answer("what did I save?", tools: tools)
            #expect(!nobody.found)
            #expect(nobody.text.contains("You have not saved anything yet"))
        }
    }

    @Test func followUpsUseTheEarlierQuestion() async throws {
        try await withTools { tools in
            let engine = AnswerEngine()
            let first = try await engine.answer("a web framework for Swift", tools: tools)
            let next = try await engine.answer("and for Go?", previous: first.question, tools: tools)
            #expect(next.sources.map(\.fullName) == ["gin-gonic/gin"])
        }
    }

    @Test func saysPlainlyWhenNothingFits() async throws {
        try await withTools { tools in
            for question in ["a quantum gravity simulator in COBOL", "what's the weather tomorrow?", "?"] {
                let answer = try await AnswerEngine().answer(question, tools: tools)
                #expect(!answer.found, "\(question)")
                #expect(answer.sources.isEmpty, "\(question)")
                #expect(answer.text.contains("I don't know"), "\(question): \(answer.text)")
            }
        }
    }

    @Test func aReaderThatGoesAwayStopsTheWork() async throws {
        try await withTools { tools in
            let stalling = StallingTools(inner: tools)
            let reading = Task {
                for try await _ in AnswerEngine().stream("a web framework for Swift", tools: stalling) {}
            }
            try await stalling.started.wait()
            reading.cancel()
            try await stalling.stopped.wait()
            #expect(stalling.searches.withLock { $0 } == 1, "the search was stopped, not finished")
        }
    }
}

/// Tools whose search waits until cancelled, saying when it started and when it was stopped.
final class StallingTools: AskTools {
    let inner: any AskTools
    let started = Signal()
    let stopped = Signal()
    let searches = Mutex(0)

    init(inner: any AskTools) { self.inner = inner }

    var now: Date { inner.now }

    func search(_ text: String, language: String?, limit: Int) async throws -> [Repository] {
        searches.withLock { $0 += 1 }
        started.fire()
        do {
            try await Task.sleep(for: .seconds(60))
        } catch {
            stopped.fire()
            throw error
        }
        return try await inner.search(text, language: language, limit: limit)
    }
    func repository(named name: String) async throws -> Repository? { try await inner.repository(named: name) }
    func similar(to repository: Repository, limit: Int) async throws -> [Repository] {
        try await inner.similar(to: repository, limit: limit)
    }
    func clusters(of repositories: [Repository]) async throws -> [String?] {
        try await inner.clusters(of: repositories)
    }
    func trending(language: String?, window: TrendingWindow, limit: Int) async throws -> TrendingList {
        try await inner.trending(language: language, window: window, limit: limit)
    }
    func compare(_ repositories: [Repository]) async throws -> Comparison { try await inner.compare(repositories) }
    func list(_ list: RepositoryList) async throws -> [Repository] { try await inner.list(list) }
    func reasons(for repository: Repository) async throws -> (fit: Int, reasons: [String])? {
        try await inner.reasons(for: repository)
    }
}

/// Fires once; waiting returns once it has (or after ten seconds, failing).
final class Signal: Sendable {
    private let fired = Mutex(false)

    func fire() { fired.withLock { $0 = true } }

    func wait() async throws {
        for _ in 0..<1_000 {
            if fired.withLock({ $0 }) { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("not fired within ten seconds")
    }
}
