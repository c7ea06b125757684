import Catalog
import Foundation
import HTTPTypes
import HummingbirdTesting
import RepoFinderServer
import Storage
import TestSupport
import Testing

/// The deck as newcomers play it on the default install (issue 66): set up through the API on the starter catalog,
/// then three hands of ten, each card liked when it fits what the person said and skipped when it does not — the
/// judgement is a person's, written per card in `Tests/Fixtures/newcomer-deck-judgements.tsv`, never the engine's.
/// Prints every card with its judgement, and per persona how many of the first 10 and of the next 20 fit. A card
/// nobody has judged yet fails the test and is printed as a line to judge.
@Suite("Newcomers' decks: likes widen, through the API, judged per card", .serialized)
struct NewcomerDeckTests {
    static let judgementsPath = SharedDataFolder.packageRoot
        .appendingPathComponent("Tests/Fixtures/newcomer-deck-judgements.tsv").path

    @Test("three newcomers and two of our own on the starter catalog")
    func newcomers() async throws {
        let judgements = try Judgements(path: Self.judgementsPath)
        try await withStore(.sqliteMemory) { test in
            // As `repofinder serve` starts on a new database: the starter catalog and the lists' placements.
            _ = try await StarterCatalog.loadIfEmpty(into: test.store)
            _ = try await StarterLists.loadIfNone(into: test.store)
            let deck = try await APIServer.makeDeck(store: test.store, logger: ServerHarness.quietLogger)
            let application = try APIServer.makeApplication(
                configuration: .unlimited, store: test.store, deck: deck, logger: ServerHarness.quietLogger)
            try await application.test(.router) { client in
                var walks: [Walk] = []
                for newcomer in Newcomer.all {
                    walks.append(try await Self.play(newcomer, judgements: judgements, client: client))
                }
                print(walks.map(\.report).joined(separator: "\n"))
                print(Walk.table(walks))
                let unjudged = walks.flatMap(\.unjudged)
                #expect(unjudged.isEmpty, "cards to judge:\n\(unjudged.joined(separator: "\n"))")
                for walk in walks {
                    #expect(walk.firstTen >= walk.newcomer.floor.firstTen, "\(walk.newcomer.id): \(walk.firstTen)/10")
                    #expect(
                        walk.nextTwenty >= walk.newcomer.floor.nextTwenty, "\(walk.newcomer.id): \(walk.nextTwenty)/20")
                }
            }
        }
    }

    /// One newcomer: set up, then three hands of ten, swiped as they judge each card.
    static func play(_ newcomer: Newcomer, judgements: Judgements, client: some TestClientProtocol) async throws -> Walk
    {
        let token = try await client.newToken()
        let response = try await client.call(.put, "/v1/me/preferences", token: token, json: newcomer.preferences)
        #expect(response.status == .ok, "\(newcomer.id): preferences")
        if let filter = newcomer.deckFilter {
            let saved = try await client.call(.put, "/v1/me/deck-filter", token: token, json: filter)
            #expect(saved.status == .ok, "\(newcomer.id): deck filter")
        }
        var walk = Walk(newcomer: newcomer)
        for _ in 0..<3 {
            let hand = try await client.call(.get, "/v1/me/feed?limit=10", token: token).items()
            var swipes: [String] = []
            for item in hand {
                let card = Card(item)
                let judgement = judgements.of(newcomer.id, card.name)
                walk.cards.append((card, judgement))
                let kind = judgement?.fits == true ? "like" : "skip"
                swipes.append(
                    #"{"id":"\#(UUID().uuidString)","repo":"\#(card.name)","kind":"\#(kind)","at":"2026-08-22T10:00:00Z"}"#
                )
            }
            let sent = try await client.call(
                .post, "/v1/me/interactions", token: token,
                json: #"{"interactions":[\#(swipes.joined(separator: ","))]}"#)
            #expect(sent.status == .ok, "\(newcomer.id): swipes")
        }
        return walk
    }
}

/// A card as the walk reads it from `GET /v1/me/feed`.
struct Card {
    var name: String
    var language: String
    var topics: [String]
    var stars: Int
    var pushed: String
    var cluster: String
    var fit: Int
    var reasons: [String]

    init(_ item: [String: Any]) {
        let repository = item["repository"] as? [String: Any] ?? [:]
        name = repository["fullName"] as? String ?? "?"
        language = repository["language"] as? String ?? "—"
        topics = repository["topics"] as? [String] ?? []
        stars = repository["stars"] as? Int ?? 0
        pushed = String((repository["pushedAt"] as? String ?? "").prefix(10))
        cluster = item["cluster"] as? String ?? ""
        fit = item["fitScore"] as? Int ?? 0
        reasons = item["reasons"] as? [String] ?? []
    }

    /// The facts a judge reads, after the name: language, stars, last push, area and topics.
    var facts: String {
        "\(language), \(stars) stars, pushed \(pushed.isEmpty ? "?" : pushed), \(cluster)"
            + (topics.isEmpty ? "" : ", #" + topics.prefix(8).joined(separator: " #"))
    }
}

/// What one newcomer was dealt and how they judged it.
struct Walk {
    var newcomer: Newcomer
    var cards: [(card: Card, judgement: Judgements.Judgement?)] = []

    var firstTen: Int { cards.prefix(10).filter { $0.judgement?.fits == true }.count }
    var nextTwenty: Int { cards.dropFirst(10).prefix(20).filter { $0.judgement?.fits == true }.count }

    /// Lines to add to the judgements file, one per card nobody judged (fits left for the judge to write).
    var unjudged: [String] {
        cards.filter { $0.judgement == nil }.map { "\(newcomer.id)\t\($0.card.name)\t?\t\($0.card.facts)" }
    }

    /// Every card: position, judgement (✓ fits, ✗ does not, ? not judged), name, facts, fit and the judge's why.
    var report: String {
        var lines = ["\(newcomer.id): \(newcomer.summary)"]
        for (position, (card, judgement)) in cards.enumerated() {
            let mark = judgement.map { $0.fits ? "✓" : "✗" } ?? "?"
            lines.append(
                "  \(position + 1). \(mark) \(card.name) (\(card.facts); fit \(card.fit))"
                    + (judgement.map { " — \($0.why)" } ?? ""))
        }
        return lines.joined(separator: "\n")
    }

    static func table(_ walks: [Walk]) -> String {
        (["newcomer | first 10 fit | next 20 fit"]
            + walks.map { "\($0.newcomer.id) | \($0.firstTen)/10 | \($0.nextTwenty)/20" }).joined(separator: "\n")
    }
}

/// The judgements file: `newcomer<TAB>owner/name<TAB>yes|no<TAB>why`, `#` comments.
struct Judgements {
    struct Judgement {
        var fits: Bool
        var why: String
    }

    private var byNewcomer: [String: [String: Judgement]] = [:]

    init(path: String) throws {
        for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#")
        {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 3, ["yes", "no"].contains(fields[2]) else { continue }
            byNewcomer[fields[0], default: [:]][fields[1].lowercased()] = Judgement(
                fits: fields[2] == "yes", why: fields.count > 3 ? fields[3] : "")
        }
    }

    func of(_ newcomer: String, _ repository: String) -> Judgement? {
        byNewcomer[newcomer]?[repository.lowercased()]
    }
}

/// A newcomer: what they tell onboarding, in their words, and the least their deck must reach.
struct Newcomer: Sendable {
    var id: String
    var summary: String
    var preferences: String
    /// What they said in onboarding's "never show me" (the deck filter's languages to leave out), if anything.
    var deckFilter: String? = nil
    var floor: (firstTen: Int, nextTwenty: Int)

    static let all: [Newcomer] = [
        Newcomer(
            id: "ios-beginner",
            summary: "an iOS beginner: Swift, UI libraries, learning",
            preferences: #"""
                {"techStack":["Swift","SwiftUI"],"interests":["ios","ui","swiftui"],"experienceLevel":"beginner",
                 "primaryCluster":"mobile","secondaryClusters":["learning"],"goals":["learning-new-tech"],
                 "onboardingCompleted":true}
                """#,
            floor: (8, 7)),
        Newcomer(
            id: "backend",
            summary:
                "an experienced backend developer: Go and Rust; databases, infrastructure, command-line tools; "
                + "no JavaScript",
            preferences: #"""
                {"techStack":["Go","Rust"],"interests":["database","cli","infrastructure","kubernetes"],
                 "experienceLevel":"advanced","primaryCluster":"devops-cloud",
                 "secondaryClusters":["data","developer-tools"],"onboardingCompleted":true}
                """#,
            deckFilter: #"{"excludedLanguages":["JavaScript"]}"#,
            floor: (7, 11)),
        Newcomer(
            id: "data-scientist",
            summary: "a data scientist: Python, pandas and Jupyter; ML and data tools",
            preferences: #"""
                {"techStack":["Python","pandas","Jupyter"],"interests":["machine-learning","data-science","llm"],
                 "experienceLevel":"intermediate","primaryCluster":"machine-learning","secondaryClusters":["data"],
                 "onboardingCompleted":true}
                """#,
            floor: (8, 9)),
        Newcomer(
            id: "web-frontend",
            summary: "a frontend developer: TypeScript and React; UI components, design systems, testing",
            preferences: #"""
                {"techStack":["TypeScript","React"],"interests":["ui-components","design-system","testing"],
                 "experienceLevel":"intermediate","primaryCluster":"web-frontend","onboardingCompleted":true}
                """#,
            floor: (8, 12)),
        Newcomer(
            id: "selfhoster",
            summary: "a self-hoster: Docker, home server apps, privacy, backups",
            preferences: #"""
                {"techStack":["Docker"],"interests":["self-hosted","privacy","backup","home-automation"],
                 "experienceLevel":"intermediate","primaryCluster":"devops-cloud","secondaryClusters":["security"],
                 "onboardingCompleted":true}
                """#,
            floor: (8, 14)),
    ]
}
