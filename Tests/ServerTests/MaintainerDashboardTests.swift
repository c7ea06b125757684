import Dashboards
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RepoFinderCore
import Storage
import TestSupport
import Testing

@testable import RepoFinderServer

/// The maintainer dashboard over a real sign-in with the GitHub stand-in: its counts equal a count of the stored rows,
/// likers are shown only in buckets of at least five people, and only a maintainer may see it.
struct MaintainerDashboardTests {
    /// The test's people: their stack, and what they do to the repository (days back from today, kind).
    static let stacks: [[String]] = Array(repeating: ["Swift", "Rust"], count: 6) + [["Swift", "Go"], ["Haskell"]]

    @Test("counts equal the stored rows; k ≥ 5 in every bucket; 403 for others", arguments: Engine.available)
    func dashboard(engine: Engine) async throws {
        let standIn = try GitHubStandIn(users: ["ada": 0, "grace": 0])
        defer { standIn.stop() }
        let repository = ServerHarness.catalog[0]
        let other = ServerHarness.catalog.first { $0.owner.login != repository.owner.login }!
        try await standIn.setOrganisations("ada", [repository.owner.login])
        try await SignInTests.withServer(engine, standIn: standIn) { client, test in
            let ada = try await client.newToken()
            #expect(try await SignInTests.signIn(client, token: ada, as: "ada", standIn: standIn).status == .ok)
            let now = Date()
            var people: [String] = []
            // Times the deck dealt the repository, counted from the decks' own answers.
            var dealtByDeck = 0
            for (index, stack) in Self.stacks.enumerated() {
                // Accounts made more than a week ago: only those count among a repository's likers.
                let token = try await Self.agedToken(test.store, days: 8 + index)
                let preferences = try JSONSerialization.data(withJSONObject: [
                    "techStack": stack, "interests": ["web"], "experienceLevel": "advanced",
                ])
                #expect(
                    try await client.call(
                        .put, "/v1/me/preferences", token: token, json: String(decoding: preferences, as: UTF8.self)
                    ).status == .ok)
                // Likes spread over the window, a skip, a save and an open on other days; one like 40 days ago.
                let kinds = ["like", "skip", "save", "open"]
                var items: [String] = []
                for (offset, kind) in kinds.enumerated() where index % 4 >= offset || kind == "like" {
                    let at = Timestamp.format(now.addingTimeInterval(-Double(index + offset * 3) * 86_400 - 60))
                    items.append(
                        #"{"id": "\#(index)-\#(kind)", "repo": "\#(repository.fullName)", "kind": "\#(kind)", "at": "\#(at)"}"#
                    )
                }
                let old = Timestamp.format(now.addingTimeInterval(-40 * 86_400))
                items.append(#"{"id": "\#(index)-old", "repo": "\#(other.fullName)", "kind": "like", "at": "\#(old)"}"#)
                let sent = try await client.call(
                    .post, "/v1/me/interactions", token: token,
                    json: #"{"interactions": [\#(items.joined(separator: ","))]}"#)
                #expect(sent.status == .ok)
                // The deck deals each person cards: counted (written behind) in "times dealt".
                let feed = try await client.call(.get, "/v1/me/feed?limit=50", token: token)
                #expect(feed.status == .ok)
                dealtByDeck += try feed.names().filter { $0 == repository.fullName }.count
                people.append(try await self.userID(client, token))
            }

            let response = try await client.call(
                .get, "/v1/me/maintainer/repos/\(repository.fullName)?window=30", token: ada)
            #expect(response.status == .ok)
            let dashboard = try JSONDecoder().decode(
                MaintainerDashboard.self, from: Data(response.body.readableBytesView))

            // The direct count: every stored interaction and event of every person, read back row by row, and what
            // the decks dealt.
            let through = Day(containing: now)
            let from = through.adding(days: -29)
            var expected: [Day: DailyActivity] = [:]
            expected[Day(containing: now), default: DailyActivity()].dealt += dealtByDeck
            for person in people {
                for interaction in try await test.store.interactions(userID: person)
                where interaction.repository.key == repository.repositoryName.key {
                    let day = Day(containing: interaction.at)
                    guard day >= from, day <= through else { continue }
                    expected[day, default: DailyActivity()].add(1, of: interaction.kind)
                }
                for event in try await test.store.events(userID: person)
                where event.name == .dealt && event.repository?.key == repository.repositoryName.key {
                    expected[event.day, default: DailyActivity()].dealt += 1
                }
            }
            #expect(dashboard.days.count == 30)
            for day in dashboard.days {
                let counts = expected[Day(day.day)!] ?? DailyActivity()
                let shown = DailyActivity(
                    dealt: day.dealt, likes: day.likes, saves: day.saves, skips: day.skips, opens: day.opens)
                #expect(shown == counts, "\(day.day)")
            }
            let total = expected.values.reduce(DailyActivity(), +)
            #expect(dashboard.totals.likes == Self.stacks.count)
            #expect(dashboard.totals.likes == total.likes && dashboard.totals.skips == total.skips)
            #expect(dashboard.totals.dealt == total.dealt)

            // k ≥ 5: 8 likers; Swift 7 and Rust 6 are shown, Go and Haskell (1 each) say "fewer than 5".
            let likers = dashboard.likers
            #expect(likers.people == 8)
            for bucket in likers.languages + likers.interests + likers.experienceLevels {
                if bucket.fewerThanFive {
                    #expect(bucket.count == nil)
                } else {
                    #expect((bucket.count ?? 0) >= MaintainerDashboard.minimumBucket)
                }
            }
            #expect(likers.languages.first { $0.value == "swift" }?.count == 7)
            #expect(likers.languages.first { $0.value == "haskell" }?.fewerThanFive == true)

            // The CSV is the same daily series.
            let csv = try await client.call(
                .get, "/v1/me/maintainer/repos/\(repository.fullName)?window=30&format=csv", token: ada)
            #expect(csv.status == .ok)
            #expect(csv.headers[.contentType]?.hasPrefix("text/csv") == true)
            #expect(String(buffer: csv.body) == dashboard.csv)
            #expect(String(buffer: csv.body).split(separator: "\n").count == 31)

            // The list has it, with the same totals.
            let list = try await client.call(.get, "/v1/me/maintainer/repos?window=30", token: ada).json()
            let repos = list["repos"] as? [[String: Any]] ?? []
            #expect(repos.contains { $0["repository"] as? String == repository.fullName })
            #expect(repos.allSatisfy { ($0["repository"] as? String)?.hasPrefix(repository.owner.login + "/") == true })

            // Nobody else: another account signed in with GitHub, an anonymous one, no token, and the owner asking
            // about a repository not theirs.
            let grace = try await client.newToken()
            #expect(try await SignInTests.signIn(client, token: grace, as: "grace", standIn: standIn).status == .ok)
            let path = "/v1/me/maintainer/repos/\(repository.fullName)"
            #expect(try await client.call(.get, path, token: grace).status == .forbidden)
            let anonymous = try await client.newToken()
            let refused = try await client.call(.get, path, token: anonymous)
            #expect(refused.status == .forbidden)
            #expect(try refused.errorCode() == "not_signed_in")
            #expect(try await client.call(.get, "/v1/me/maintainer/repos", token: anonymous).status == .forbidden)
            #expect(try await client.call(.get, path).status == .unauthorized)
            let notTheirs = try await client.call(.get, "/v1/me/maintainer/repos/\(other.fullName)", token: ada)
            #expect(notTheirs.status == .forbidden)
            #expect(try notTheirs.errorCode() == "not_maintainer")
            #expect(try await client.call(.get, path + "?window=14", token: ada).status == .badRequest)
            #expect(try await client.call(.get, path + "?format=xml", token: ada).status == .badRequest)
        }
    }

    @Test("issue 63, finding 7: sockpuppets made today neither count nor make anyone's bucket reach five")
    func sockpuppets() async throws {
        let standIn = try GitHubStandIn(users: ["ada": 0])
        defer { standIn.stop() }
        let repository = ServerHarness.catalog[0]
        try await standIn.setOrganisations("ada", [repository.owner.login])
        try await SignInTests.withServer(.sqliteMemory, standIn: standIn) { client, test in
            let ada = try await client.newToken()
            #expect(try await SignInTests.signIn(client, token: ada, as: "ada", standIn: standIn).status == .ok)
            let at = Timestamp.format(Date().addingTimeInterval(-3_600))
            func like(_ token: String, stack: [String], id: String) async throws {
                let preferences = try JSONSerialization.data(withJSONObject: [
                    "techStack": stack, "interests": ["web", "data", "mobile", "devops"],
                    "experienceLevel": "advanced",
                ])
                _ = try await client.call(
                    .put, "/v1/me/preferences", token: token, json: String(decoding: preferences, as: UTF8.self))
                let item = #"{"id": "\#(id)", "repo": "\#(repository.fullName)", "kind": "like", "at": "\#(at)"}"#
                let sent = try await client.call(
                    .post, "/v1/me/interactions", token: token, json: #"{"interactions": [\#(item)]}"#)
                #expect(sent.status == .ok)
            }
            // Four accounts made today whose preferences hold every value, and one real, older liker.
            for puppet in 0..<4 {
                try await like(try await client.newToken(), stack: ["Swift", "Rust", "Go", "Python"], id: "p\(puppet)")
            }
            try await like(try await Self.agedToken(test.store, days: 30), stack: ["Rust"], id: "real")
            let response = try await client.call(
                .get, "/v1/me/maintainer/repos/\(repository.fullName)?window=7", token: ada)
            let dashboard = try JSONDecoder().decode(
                MaintainerDashboard.self, from: Data(response.body.readableBytesView))
            #expect(dashboard.likers.people == nil && dashboard.likers.fewerThanFive)
            let buckets = dashboard.likers.languages + dashboard.likers.interests + dashboard.likers.experienceLevels
            #expect(buckets.allSatisfy { $0.count == nil }, "\(buckets)")
        }
    }

    /// A token of an account made `days` ago (the API makes accounts now).
    static func agedToken(_ store: any DataStore, days: Int) async throws -> String {
        let token = BearerToken.make()
        _ = try await store.createUser(
            tokenHash: BearerToken.hash(token), at: Date().addingTimeInterval(-Double(days) * 86_400))
        return token
    }

    private func userID(_ client: any TestClientProtocol, _ token: String) async throws -> String {
        let account = try await client.call(.get, "/v1/me/account", token: token).json()
        return account["id"] as! String
    }
}
