import APISchemas
import Dealing
import Foundation
import Localization
import OpenAPIRuntime
import Recommender
import RepoFinderAPI
import RepoFinderCore
import Storage
import TestSupport
import Testing

@testable import RepoFinderServer

@Suite("Server: the feed's hand-written JSON says what the generated types say")
struct FeedJSONTests {
    /// Repositories with every optional field present or absent, and text that needs escaping.
    static let repositories: [Repository] = {
        var plain = Fixtures.repository("plain/minimal", stars: 0, topics: [])
        plain.description = nil
        plain.language = nil
        plain.forks = nil
        plain.openIssues = nil
        plain.license = nil
        plain.createdAt = nil
        plain.updatedAt = nil
        plain.pushedAt = nil
        var tricky = Fixtures.repository(
            "tricky-owner/we.ird_name", stars: 123_456, topics: ["c++", "naïve", "emoji-🚀"])
        tricky.githubID = 9_007_199_254_740_993
        tricky.description = "Quotes \" backslash \\ slash / tab \t newline \n bell \u{7} nul \u{0} — “curly” 日本語 🚀"
        tricky.language = "C++"
        tricky.forks = 7
        tricky.openIssues = 0
        tricky.license = RepositoryLicense(spdxID: nil, name: "Custom \"license\"")
        tricky.createdAt = Date(timeIntervalSince1970: -86_400 * 365)  // before 1970
        tricky.pushedAt = Date(timeIntervalSince1970: 1_784_057_158.25)  // fractional seconds
        tricky.archived = true
        tricky.owner.avatarURL = URL(string: "https://example.com/a.png?size=40&x=%20y")
        return [plain, tricky, Fixtures.repository("apple/swift", stars: 60_000, topics: ["swift", "compiler"])]
    }()

    /// The index the deck is dealt from (it orders repositories its own way).
    static let index = RecommendationIndex(repositories: repositories)

    static let deck = Deck(
        cards: repositories.enumerated().map { position, repository in
            Recommendation(
                repository: repository, fit: 100 - position * 37,
                reasons: position == 0 ? [] : ["Matches \"Swift\" in your tech stack", "Popular\nand active"],
                cluster: TopicCluster.all[position % TopicCluster.all.count],
                indexPosition: index.item(forKey: repository.id))
        }, exhausted: true)

    /// The feed as the generated types and `JSONEncoder` write it (the generated handler's way).
    /// A filter with every part set, so both writers are compared on each.
    static let filter = DeckFilter(
        languages: ["Rust", "go"], clusters: ["developer-tools"], minimumStars: 100, health: .active)

    static func generated(_ deck: Deck, filter: DeckFilter = filter, now: Date) throws -> Any {
        // The one writer of the API's shapes, encoded as the command line prints it.
        let text = try SchemaJSON.text(APISchemas.feed(deck, filter: filter, now: now))
        return try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    @Test("written afresh and from the encoded catalog, the feed parses to the generated types' JSON")
    func sameJSON() throws {
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        let expected = try Self.generated(Self.deck, now: now)
        var fresh = JSONOutput(capacity: 4_096)
        fresh.feed(Self.deck, filter: Self.filter, now: now)
        var cached = JSONOutput(capacity: 4_096)
        cached.feed(Self.deck, filter: Self.filter, now: now, encoded: EncodedRepositories(Self.index))
        for bytes in [fresh.bytes, cached.bytes] {
            let parsed = try JSONSerialization.jsonObject(with: Data(bytes))
            #expect((parsed as? NSDictionary) == (expected as? NSDictionary))
            // And the contract's decoder reads it.
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .custom { decoder in
                try LenientDateTranscoder().decode(try decoder.singleValueContainer().decode(String.self))
            }
            let feed = try decoder.decode(Components.Schemas.Feed.self, from: Data(bytes))
            #expect(feed.items.count == 3 && feed.exhausted && feed.message != nil)
            #expect(feed.filter?.languages == ["go", "Rust"] && feed.filter?.health == .active)
        }
        #expect(fresh.bytes == cached.bytes)
    }

    @Test("reasons as data, in every language, written the first time and remembered, parse to the generated JSON")
    func reasonsAsData() throws {
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        let details: [[Reason]] = [
            [.like(repository: "we.ird/\"quoted\"", action: .liked), .language("C++", source: .techStack)],
            [.trending(gain: 1_234, weekTo: Day(daysSinceEpoch: 20_412)), .openIssues(count: 3, asOf: nil)],
            [.popular(stars: 60_000, wellKept: true), .active(days: 2, asOf: Day(daysSinceEpoch: 20_412))],
        ]
        var cards = Self.deck.cards
        for position in cards.indices {
            cards[position] = Recommendation(
                repository: cards[position].repository, fit: cards[position].fit, details: details[position],
                cluster: cards[position].cluster, indexPosition: cards[position].indexPosition)
        }
        // A card with details and its English reasons given as text: other languages word the details.
        cards[0].reasons = ["Given \"as text\""]
        let deck = Deck(cards: cards, exhausted: false)
        for language in Language.allCases {
            try Language.$chosen.withValue(language) {
                let expected = try Self.generated(deck, now: now) as? NSDictionary
                var first = JSONOutput(capacity: 4_096)
                first.feed(deck, filter: Self.filter, now: now)
                var again = JSONOutput(capacity: 4_096)
                again.feed(deck, filter: Self.filter, now: now, encoded: EncodedRepositories(Self.index))
                #expect(first.bytes == again.bytes)
                let parsed = try JSONSerialization.jsonObject(with: Data(first.bytes)) as? NSDictionary
                #expect(parsed == expected)
                let items = parsed?["items"] as? [NSDictionary]
                let reasons = items?[0]["reasons"] as? [String]
                #expect(language == .english ? reasons == ["Given \"as text\""] : reasons?.count == 2)
                #expect((items?[2]["reasonDetails"] as? [NSDictionary])?.count == 2)
            }
        }
    }

    @Test("a card that differs from the encoded catalog (a newer index, another position) is written afresh")
    func staleCatalog() throws {
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        let encoded = EncodedRepositories(Self.index)
        #expect(Self.deck.cards.allSatisfy { encoded.position(of: $0) != nil })
        var changed = Self.deck
        changed.cards[2].repository.stars = 61_000
        changed.cards[1].indexPosition = changed.cards[0].indexPosition  // another repository's
        changed.cards[0].indexPosition = 99  // outside the index
        #expect(changed.cards.allSatisfy { encoded.position(of: $0) == nil })
        var json = JSONOutput(capacity: 4_096)
        json.feed(changed, filter: DeckFilter(), now: now, encoded: encoded)
        let parsed = try JSONSerialization.jsonObject(with: Data(json.bytes))
        #expect(
            (parsed as? NSDictionary) == (try Self.generated(changed, filter: DeckFilter(), now: now) as? NSDictionary))
    }

    @Test("a stale catalog's facts kept for the day are the bytes written afresh, in every language")
    func judgedFacts() async throws {
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        // The catalog's newest day is weeks before now; one repository was refreshed yesterday (judged at the moment,
        // so it has no entry), one was confirmed by GitHub since the catalog's day.
        var repositories = Self.repositories
        repositories[1].pushedAt = now.addingTimeInterval(-86_400)
        repositories[2].pushedAt = now.addingTimeInterval(-86_400 * 40)
        repositories[2].checkedAt = now.addingTimeInterval(-86_400 * 20)
        let index = RecommendationIndex(repositories: repositories)
        let age = CatalogAge(newestDay: Day(containing: now.addingTimeInterval(-86_400 * 30)))
        var deck = Deck(
            cards: repositories.map {
                Recommendation(
                    repository: $0, fit: 50, reasons: [], cluster: TopicCluster.all[0],
                    indexPosition: index.item(forKey: $0.id))
            }, exhausted: false, age: age)
        let encoded = EncodedRepositories(index)
        for language in Language.allCases {
            try await Language.$chosen.withValue(language) {
                var table: JudgedFacts.Table?
                for _ in 0..<2_000 where table == nil {
                    table = encoded.judgedFacts.table(now: now, age: age)
                    if table == nil { try await Task.sleep(for: .milliseconds(5)) }
                }
                let kept = try #require(table)
                #expect(kept.key.language == language)
                let positions = deck.cards.compactMap { encoded.position(of: $0) }
                #expect(positions.map { kept[$0] != nil } == [true, false, true])
                var fresh = JSONOutput(capacity: 4_096)
                fresh.feed(deck, filter: DeckFilter(), now: now)
                var copied = JSONOutput(capacity: 4_096)
                copied.feed(deck, filter: DeckFilter(), now: now, encoded: encoded)
                #expect(fresh.bytes == copied.bytes)
                #expect(String(decoding: copied.bytes, as: UTF8.self).contains("\"healthSummary\""))
            }
        }
        // A fresh catalog keeps none: facts are judged at the moment.
        deck.age = CatalogAge(newestDay: Day(containing: now))
        #expect(encoded.judgedFacts.table(now: now, age: deck.age) == nil)
    }

    @Test("dates before 1970, in leap years and at the end of a day are written as RFC 3339")
    func dates() throws {
        let transcoder = LenientDateTranscoder()
        for seconds in [-2_208_988_800, -1, 0, 951_782_399, 951_868_800, 1_784_057_158, 253_402_300_799] {
            let date = Date(timeIntervalSince1970: TimeInterval(seconds))
            var json = JSONOutput(capacity: 32)
            json.date(date)
            #expect(String(decoding: json.bytes, as: UTF8.self) == "\"\(try transcoder.encode(date))\"")
        }
    }
}

@Suite("Server: Home's, Compare's and Search's hand-written JSON says what the generated types say")
struct HomeAndCompareJSONTests {
    static let now = Date(timeIntervalSince1970: 1_795_429_800)

    /// A state for every other repository of the fixture (the rest have none, as a page may).
    static var viewers: [String: RepositoryState] {
        var states: [String: RepositoryState] = [:]
        for (position, repository) in FeedJSONTests.repositories.enumerated() where position % 2 == 0 {
            states[repository.id] = RepositoryState(liked: position % 4 == 0, saved: true, skipped: position == 2)
        }
        return states
    }

    static func parsed(_ bytes: [UInt8]) throws -> NSObject {
        try JSONSerialization.jsonObject(with: Data(bytes)) as! NSObject
    }

    static func generated(_ value: some Encodable) throws -> NSObject {
        try JSONSerialization.jsonObject(with: Data(try SchemaJSON.text(value).utf8)) as! NSObject
    }

    @Test("Similar repositories, with reasons as data, written afresh and from the encoded catalog, signed in or not")
    func similar() throws {
        let details: [[Reason]] = [
            [.similarText], [.sameFans, .sharesTopics(["swift", "c++", "naïve"]), .sameLanguage("C++")],
            [.sameOwner("apple"), .sameJob],
        ]
        let cards = FeedJSONTests.repositories.enumerated().map { position, repository in
            Recommendation(
                repository: repository, fit: 90 - position * 30, details: details[position],
                cluster: TopicCluster.all[position % TopicCluster.all.count],
                indexPosition: FeedJSONTests.index.item(forKey: repository.id))
        }
        let encoded = EncodedRepositories(FeedJSONTests.index)
        for viewers in [nil, Self.viewers] {
            let expected = try Self.generated(
                Components.Schemas.SimilarList(
                    items: cards.map { APISchemas.card($0, now: Self.now, viewers: viewers) }))
            for catalog in [nil, encoded] {
                var json = JSONOutput(capacity: 4_096)
                json.similarList(cards, now: Self.now, encoded: catalog, viewers: viewers)
                #expect(try Self.parsed(json.bytes) == expected)
            }
        }
    }

    @Test("Home, with and without a pick, names and notes")
    func home() throws {
        let repositories = FeedJSONTests.repositories
        for withPick in [true, false] {
            let home = HomeContent(
                part: .evening, name: withPick ? "Ana \"the\" Dev" : nil, day: Day("2026-11-23")!,
                timeZone: "Pacific/Honolulu", onboarded: withPick,
                pick: withPick ? DailyPick(card: FeedJSONTests.deck.cards[1], decision: .like) : nil,
                moverLanguages: withPick ? ["C++", "Swift"] : [],
                movers: repositories.enumerated().map {
                    TrendingEntry(rank: $0 + 1, repository: $1, stars: $1.stars, starsGained: 900 - $0)
                }, moversFrom: Day("2026-08-15"), moversTo: withPick ? Day("2026-08-22") : nil,
                recentSaves: withPick ? repositories : [], savedCount: withPick ? 7 : 0)
            for encoded in [nil, EncodedRepositories(FeedJSONTests.index)] {
                for viewers in [nil, Self.viewers] {
                    var json = JSONOutput(capacity: 1_024)
                    json.home(home, now: Self.now, encoded: encoded, viewers: viewers)
                    #expect(
                        try Self.parsed(json.bytes)
                            == Self.generated(APIHandlers.schema(home, now: Self.now, viewers: viewers)))
                }
            }
        }
    }

    @Test("Compare, with and without fits, histories and ratios")
    func compare() throws {
        let entries = FeedJSONTests.repositories.enumerated().map { position, repository in
            ComparedRepository(
                repository: repository,
                history: (0..<(position * 5)).map {
                    StarSnapshot(
                        repository: repository.repositoryName, day: Day("2026-08-01")!.adding(days: $0),
                        stars: repository.stars + $0 * 3, forks: $0 % 2 == 0 ? 4 : nil)
                }, likedHere: position)
        }
        let comparison = Comparison(entries, now: Self.now)
        for fits in [[], FeedJSONTests.deck.cards.map(Optional.some)] {
            for viewers in [nil, Self.viewers] {
                var json = JSONOutput(capacity: 1_024)
                json.comparison(comparison, fits: fits, now: Self.now, viewers: viewers)
                #expect(
                    try Self.parsed(json.bytes)
                        == Self.generated(
                            APISchemas.comparison(comparison, fits: fits, now: Self.now, viewers: viewers)))
            }
        }
    }

    @Test("Search, with and without highlights, a correction and viewer states")
    func search() throws {
        let repositories = FeedJSONTests.repositories
        for (highlights, correction) in [([], nil), (["swift", "naïve"], "swift compiler")] {
            for viewers in [nil, Self.viewers] {
                let request = PageRequest(page: 2, perPage: 3)
                let answer = SearchAnswer(
                    page: Page(items: repositories, total: 41, request: request), highlights: highlights,
                    didYouMean: correction, viewers: viewers, now: Self.now)
                var json = JSONOutput(capacity: 1_024)
                json.searchPage(answer)
                #expect(
                    try Self.parsed(json.bytes)
                        == Self.generated(
                            APISchemas.searchPage(
                                answer.page, page: request, now: Self.now, viewers: viewers, highlights: highlights,
                                didYouMean: correction)))
            }
        }
    }
}
