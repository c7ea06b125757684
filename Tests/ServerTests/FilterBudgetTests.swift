import Foundation
import HTTPTypes
import HummingbirdTesting
import RepoFinderServer
import Storage
import TestSupport
import Testing

/// The hardening issue's seventh finding: one client cycling made-up deck filters (`minStars=<unique>`) made the
/// server work each out over the whole catalog, at everyone's cost. New filters now come out of a budget per client
/// address and per account; a filter already worked out costs nothing and is never refused.
@Suite("Server: new deck filters come out of a budget")
struct FilterBudgetTests {
    static var configuration: ServerConfiguration {
        var configuration = ServerConfiguration.unlimited
        configuration.newFilterLimit = RateLimit(perSecond: 0.001, burst: 4)
        return configuration
    }

    @Test("the fifth new filter is 429 filter_budget; filters in use still deal", arguments: Engine.available)
    func budget(engine: Engine) async throws {
        try await ServerHarness.run(engine, configuration: Self.configuration) { client, _ in
            let token = try await client.newToken()
            var statuses: [Int] = []
            for stars in 1...3 {
                statuses.append(
                    try await client.call(.get, "/v1/me/feed?limit=1&minStars=\(stars)", token: token).status.code)
            }
            let saved = try await client.call(
                .put, "/v1/me/deck-filter", token: token, json: #"{"minimumStars": 4}"#)
            statuses.append(saved.status.code)
            #expect(statuses == [200, 200, 200, 200])
            // Before: every made-up filter was worked out, whatever it cost.
            let refused = try await client.call(.get, "/v1/me/feed?limit=1&minStars=5", token: token)
            #expect(refused.status == .tooManyRequests)
            #expect(try refused.errorCode() == "filter_budget")
            #expect(refused.headers[.retryAfter] != nil)
            let refusedSave = try await client.call(
                .put, "/v1/me/deck-filter", token: token, json: #"{"minimumStars": 6}"#)
            #expect(refusedSave.status == .tooManyRequests)
            // Nothing lost: the saved filter still deals, as do those already worked out and no filter at all.
            #expect(try await client.call(.get, "/v1/me/deck-filter", token: token).json()["filter"] != nil)
            #expect(try await client.call(.get, "/v1/me/feed?limit=1", token: token).status == .ok)
            #expect(try await client.call(.get, "/v1/me/feed?limit=1&minStars=2", token: token).status == .ok)
            #expect(try await client.call(.get, "/v1/me/feed?limit=1&filter=none", token: token).status == .ok)
            // Another account from the same address shares the address's budget.
            let other = try await client.newToken()
            #expect(
                try await client.call(.get, "/v1/me/feed?limit=1&minStars=7", token: other).status == .tooManyRequests)
        }
    }
}
