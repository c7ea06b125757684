import Foundation
import GitHub
import GitHubAccounts
import HTTPTypes
import HummingbirdTesting
import RepoFinderCore
import RepoFinderServer
import Storage
import TestSupport
import Testing

/// The hardening issue's first finding, replayed in-process against the stand-in GitHub: one client asking for made-up
/// repositories spent the server's whole GitHub budget, after which another person's real repository and star
/// import were refused. Now each client has its share, anonymous lookups leave a reserve, and a person signed in with
/// GitHub spends their own limit.
@Suite("GitHub budget: no client spends it for everyone")
struct GitHubBudgetTests {
    /// A small hour's budget at the stand-in, as the attack used (300 there; 40 here keeps the test quick).
    static let hourly = 40

    static func configuration(lookups: RateLimit?) -> ServerConfiguration {
        var configuration = ServerConfiguration.unlimited
        configuration.githubLookupLimit = lookups
        configuration.starImportLimit = RateLimit(perSecond: 3.0 / 3_600, burst: 3)
        configuration.githubReservePercent = 25
        return configuration
    }

    /// Asks for `count` made-up repositories without a token: the statuses by code.
    static func attack(_ client: any TestClientProtocol, count: Int) async throws -> [Int: Int] {
        var statuses: [Int: Int] = [:]
        for i in 0..<count {
            let response = try await client.call(.get, "/v1/repos/x\(i)-\(UInt32.random(in: 0...UInt32.max))/y")
            statuses[response.status.code, default: 0] += 1
            if response.status == .tooManyRequests {
                #expect(try response.errorCode() == "github_budget")
                #expect(response.headers[.retryAfter] != nil)
            }
        }
        return statuses
    }

    /// A person signs in with GitHub, then fetches a repository the catalog lacks and imports their stars.
    static func signedInPersonStillFetches(
        _ client: any TestClientProtocol, standIn: GitHubStandIn
    ) async throws {
        let token = try await client.newToken()
        #expect(try await SignInTests.signIn(client, token: token, as: "octo-stars", standIn: standIn).status == .ok)
        let mine = try await client.call(.get, "/v1/repos/fresh-owner/mine", token: token)
        #expect(mine.status == .ok)
        let started = try await client.call(.post, "/v1/me/imports/github-stars", token: token, json: "{}")
        #expect(started.status == .accepted)
        let location = try #require(started.headers[.location])
        let finished = try await StarImportTests.finished(client, token: token, at: location)
        #expect(finished["state"] as? String == "done")
        #expect(finished["imported"] as? Int == 120)
    }

    @Test(
        "one address over its share gets 429 github_budget after its burst; a signed-in person still fetches and imports",
        arguments: Engine.available)
    func perClientShare(engine: Engine) async throws {
        let standIn = try GitHubStandIn(users: ["octo-stars": 120], rateLimit: Self.hourly)
        defer { standIn.stop() }
        try await OnDemandRepositoryTests.addOutsider(standIn, "fresh-owner/mine")
        // A burst of 20 that does not refill while the test runs (a busy machine took over a minute).
        let lookups = RateLimit(perSecond: 1e-6, burst: 20)
        try await SignInTests.withServer(engine, standIn: standIn, configuration: Self.configuration(lookups: lookups))
        {
            client, _ in
            _ = try await standIn.requestCount(reset: true)
            let statuses = try await Self.attack(client, count: 60)
            // Before: 60 GitHub calls (every one a 404 until the budget ran out).
            #expect(statuses[404] == 20)
            #expect(statuses[429] == 40)
            #expect(try await standIn.requestCount(reset: true) == 20)
            try await Self.signedInPersonStillFetches(client, standIn: standIn)
        }
    }

    @Test(
        "many clients together stop at the reserve (503 github_unavailable); a signed-in person still fetches and imports",
        arguments: Engine.available)
    func reserve(engine: Engine) async throws {
        let standIn = try GitHubStandIn(users: ["octo-stars": 120], rateLimit: Self.hourly)
        defer { standIn.stop() }
        try await OnDemandRepositoryTests.addOutsider(standIn, "fresh-owner/mine")
        // No per-client share: as if the lookups came from ever new addresses.
        try await SignInTests.withServer(engine, standIn: standIn, configuration: Self.configuration(lookups: nil)) {
            client, _ in
            _ = try await standIn.requestCount(reset: true)
            var statuses = try await Self.attack(client, count: 1)
            // Then 60 at once: those under way count against the reserve before GitHub's figures come back.
            let burst = try await withThrowingTaskGroup(of: [Int: Int].self) { group in
                for _ in 0..<60 { group.addTask { try await Self.attack(client, count: 1) } }
                return try await group.reduce(into: [Int: Int]()) { $0.merge($1, uniquingKeysWith: +) }
            }
            statuses.merge(burst, uniquingKeysWith: +)
            // 75 % of the hour's 40 is spent (30 calls), the rest is kept.
            #expect(statuses[404] == 30)
            #expect(statuses[503] == 31)
            #expect(try await standIn.requestCount(reset: true) == 30)
            let refused = try await client.call(.get, "/v1/repos/somebody/else")
            #expect(refused.status == .serviceUnavailable)
            #expect(try refused.errorCode() == "github_unavailable")
            #expect(Int(refused.headers[.retryAfter] ?? "") ?? 0 > 3_000)
            // An anonymous import would spend the reserve too.
            let anonymous = try await client.newToken()
            let anonymousImport = try await StarImportTests.start(client, token: anonymous, login: "octo-stars")
            #expect(anonymousImport.status == .serviceUnavailable)
            try await Self.signedInPersonStillFetches(client, standIn: standIn)
        }
    }
}
