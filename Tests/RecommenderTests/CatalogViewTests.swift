import RepoFinderCore
import Testing

@testable import Recommender

/// Clusters and similar repositories.
@Suite("Clusters and similar repositories")
struct CatalogViewTests {

    @Test("Every repository has one primary cluster; clusters are listed with sizes, largest first")
    func clusterSizes() async throws {
        let fixture = try await Fixture.shared
        let recommender = fixture.recommender
        let sizes = recommender.clusters()
        #expect(sizes.reduce(0) { $0 + $1.repositories } == fixture.index.count)
        #expect(sizes.count >= 10)
        #expect(sizes.map(\.repositories) == sizes.map(\.repositories).sorted(by: >))
        #expect(sizes.contains { $0.cluster.id == "machine-learning" && $0.repositories > 1_000 })
        #expect(fixture.index.cluster(of: "pytorch/pytorch")?.id == "machine-learning")
        #expect(fixture.index.cluster(of: "kubernetes/kubernetes")?.id == "devops-cloud")
        #expect(fixture.index.cluster(of: "facebook/react")?.id == "web-frontend")
    }

    @Test("A macOS app is in Desktop apps, not Mobile, whatever its language; an iOS app stays in Mobile")
    func macAppsAreDesktop() async throws {
        let fixture = try await Fixture.shared
        // By their topics (`macos`, no phone platform), and, with no topics, by their descriptions ("… for macOS").
        for name in [
            "iina/iina", "p0deje/Maccy", "jaywcjlove/awesome-mac", "rxhanson/Rectangle",
            "ianyh/Amethyst", "sindresorhus/Gifski",
        ] {
            #expect(fixture.index.cluster(of: name)?.id == "desktop", "\(name)")
        }
        // Its other topics may place a Mac app elsewhere (a system monitor: `network`, `cpu`), never in Mobile.
        #expect(fixture.index.cluster(of: "exelban/stats")?.id == "systems")
        // Topics that name a phone keep a repository in Mobile, Mac or not; so do Swift libraries for phones.
        for name in ["onevcat/Kingfisher", "mozilla-mobile/firefox-ios", "realm/realm-swift"] {
            #expect(fixture.index.cluster(of: name)?.id == "mobile", "\(name)")
        }
        #expect(
            TopicCluster.all[
                TopicCluster.primary(
                    topics: [], nameWords: ["gifski"], language: "Swift",
                    description: "Convert videos to GIFs on your Mac")
            ].id == "desktop")
        #expect(
            TopicCluster.all[
                TopicCluster.primary(
                    topics: [], nameWords: ["kingfisher"], language: "Swift",
                    description: "Image downloading for iOS and macOS")
            ].id == "mobile")
    }

    @Test("A description is read for the Mac scalar by scalar as its words would be")
    func platformReadingAgrees() async throws {
        let fixture = try await Fixture.shared
        var mac = 0
        let samples = [
            "Mac", "for macOS.", "MAC_OS iOS", "", "mac\u{301} app", "macOS 菜单栏", "Mac—app", "MACİ", "👨‍💻 mac",
        ]
        for description in fixture.catalog.compactMap(\.description) + samples {
            let words = TopicCluster.namesTheMacAndNoPhone(words: description)
            #expect(TopicCluster.namesTheMacAndNoPhone(description) == words, "\(description)")
            if words { mac += 1 }
        }
        #expect(mac > 100)
    }

    @Test("A cluster's repositories leave out what was seen and what is archived")
    func clusterRepositories() async throws {
        let fixture = try await Fixture.shared
        let recommender = fixture.recommender
        let first = try #require(recommender.repositories(inCluster: "mobile", limit: 10))
        #expect(first.count == 10)
        let rest = try #require(
            recommender.repositories(inCluster: "mobile", excluding: Set(first.map(\.id)), limit: 10))
        #expect(Set(rest.map(\.id)).isDisjoint(with: first.map(\.id)))
        #expect((first + rest).allSatisfy { !$0.archived && fixture.index.cluster(of: $0.id)?.id == "mobile" })
        #expect(recommender.repositories(inCluster: "no-such-cluster") == nil)
    }

    @Test("Similar repositories: alike in language or topics, never itself or archived")
    func similar() async throws {
        let fixture = try await Fixture.shared
        let recommender = fixture.recommender
        let similar = recommender.similar(to: "vapor/vapor")
        #expect(similar.count == 10)
        #expect(!similar.contains { $0.repository.id == "vapor/vapor" })
        #expect(similar.allSatisfy { !$0.repository.archived && (1...3).contains($0.reasons.count) })
        // Ties of fewer than five people are not shown (k-anonymity): the rest are still mostly Swift.
        #expect(similar.filter { $0.repository.language == "Swift" }.count >= 6)
        #expect(similar.map(\.fit) == similar.map(\.fit).sorted(by: >))
        #expect(recommender.similar(to: "nobody/nothing").isEmpty)
    }

    @Test("Similar works for repositories nobody has starred yet (content only)")
    func similarWithoutStars() async throws {
        let fixture = try await Fixture.shared
        let recommender = fixture.recommender
        let lonely = try #require(
            fixture.index.repositories.first {
                $0.language == "Rust" && !$0.topics.isEmpty
                    && fixture.index.communityCount[fixture.index.item(forKey: $0.id)!] == 0
            })
        let similar = recommender.similar(to: lonely.id)
        #expect(!similar.isEmpty)
        #expect(similar.allSatisfy { !$0.reasons.contains("liked by the same people") })
    }
}
