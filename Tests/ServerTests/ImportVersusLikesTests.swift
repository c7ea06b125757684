import Catalog
import Dealing
import Foundation
import HTTPTypes
import HummingbirdTesting
import Recommender
import RepoFinderCore
import RepoFinderServer
import Storage
import TestSupport
import Testing

/// Issue 44: starting from GitHub stars is as good as starting from likes. People of the development split start
/// twice on a server holding the shared catalog (everyone's training stars as the community): once with their
/// training stars stored as the star import stores them (`star` interactions with GitHub's ids, written to the store,
/// read by the person's session), once with the same repositories liked through the API. Each deals 10 cards; both
/// are scored against the person's held-out stars (NDCG@10, HR@10).
@Suite("Server: a deck from imported stars against one from the same likes (development split)")
struct ImportVersusLikesTests {
    @Test("imported stars deal a deck no worse than the same repositories liked")
    func importVersusLikes() async throws {
        let train = try Self.stars("interactions/train.csv.gz")
        let valid = try Self.stars("interactions/valid.csv.gz")
        let trainBy = Dictionary(grouping: train, by: \.0).mapValues { $0.map(\.1) }
        let validBy = Dictionary(grouping: valid, by: \.0).mapValues { Set($0.map(\.1)) }
        // Every 40th person with held-out stars: about 50 people, the same on every run.
        let people = validBy.keys.sorted().enumerated().filter { $0.offset % 40 == 0 }.map(\.element)
        try await withStore(.sqliteMemory) { test in
            let path = try SharedDataFolder.file("catalog/repos.jsonl.gz")
            _ = try await CatalogImporter(store: test.store).importRepositories(from: path)
            let community = train.map { CommunitySignal(person: $0.0, repositoryKey: $0.1, kind: .star) }
            let deck = try await APIServer.makeDeck(
                store: test.store, extraCommunity: community, logger: ServerHarness.quietLogger)
            let index = deck.recommender.index
            let application = try APIServer.makeApplication(
                configuration: .unlimited, store: test.store, deck: deck, logger: ServerHarness.quietLogger)
            let scores = try await application.test(.router) { client in
                var imported = Metrics()
                var liked = Metrics()
                for person in people {
                    let stars = (trainBy[person] ?? []).compactMap { index.item(forKey: $0) }.map {
                        index.repositories[$0].repositoryName
                    }
                    let held = Set((validBy[person] ?? []).compactMap { index.item(forKey: $0) })
                    guard !stars.isEmpty, !held.isEmpty else { continue }
                    // Imported: what StarImporter stores for each star.
                    let importer = try await client.call(.post, "/v1/users").json()
                    let userID = try #require(importer["id"] as? String)
                    _ = try await test.store.recordInteractions(
                        stars.map {
                            Interaction(
                                id: "github-star:" + $0.key, repository: $0, kind: .star,
                                at: Date(timeIntervalSince1970: 1_750_000_000))
                        }, userID: userID, quota: .unlimited)
                    imported.add(
                        try await Self.deal(client, token: importer["token"] as! String, index: index), held: held)
                    // Liked: the same repositories through the API, as a person swiping would send them.
                    let liker = try await client.newToken()
                    for chunk in stride(from: 0, to: stars.count, by: 400).map({
                        stars[$0..<min($0 + 400, stars.count)]
                    }) {
                        let items = chunk.map {
                            #"{"id":"\#(UUID().uuidString)","repo":"\#($0.fullName)","kind":"like","at":"2026-08-20T10:00:00Z"}"#
                        }
                        let response = try await client.call(
                            .post, "/v1/me/interactions", token: liker,
                            json: #"{"interactions":[\#(items.joined(separator: ","))]}"#)
                        #expect(response.status == .ok)
                    }
                    liked.add(try await Self.deal(client, token: liker, index: index), held: held)
                }
                return (imported, liked)
            }
            let (imported, liked) = scores
            print(
                "Import vs likes on the development split (\(imported.people) people): imported stars NDCG@10 "
                    + "\(imported.ndcg) HR@10 \(imported.hits); the same as likes NDCG@10 \(liked.ndcg) "
                    + "HR@10 \(liked.hits)")
            #expect(imported.people >= 40)
            #expect(imported.ndcgSum >= liked.ndcgSum - 0.01 * Double(liked.people), "the import deals worse")
        }
    }

    /// The items of the first 10 cards dealt.
    static func deal(_ client: some TestClientProtocol, token: String, index: RecommendationIndex) async throws
        -> [Int]
    {
        try await client.call(.get, "/v1/me/feed?limit=10&filter=none", token: token).names().compactMap {
            index.item(forKey: $0)
        }
    }

    /// `(login, repository key)` of a star file of the development split.
    static func stars(_ relativePath: String) throws -> [(String, String)] {
        try DevelopmentSplit.stars(relativePath).map { ($0.person, $0.repositoryKey) }
    }
}

/// NDCG@10 and HR@10 summed over people.
struct Metrics {
    var people = 0
    var ndcgSum = 0.0
    var hitSum = 0

    mutating func add(_ ranked: [Int], held: Set<Int>) {
        people += 1
        var gain = 0.0
        for (position, item) in ranked.prefix(10).enumerated() where held.contains(item) {
            gain += 1 / log2(Double(position) + 2)
        }
        let ideal = (0..<min(10, held.count)).reduce(0.0) { $0 + 1 / log2(Double($1) + 2) }
        ndcgSum += gain / ideal
        if gain > 0 { hitSum += 1 }
    }

    var ndcg: String { String(format: "%.3f", ndcgSum / Double(max(people, 1))) }
    var hits: String { String(format: "%.3f", Double(hitSum) / Double(max(people, 1))) }
}
