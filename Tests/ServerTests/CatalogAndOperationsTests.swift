import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import RepoFinderServer
import Storage
import TestSupport
import Testing

@Suite("Server: trending, search, repositories, clusters, links, health, metrics, limits")
struct CatalogAndOperationsTests {
    @Test("trending, search, a repository, similar ones", arguments: Engine.available)
    func catalog(engine: Engine) async throws {
        try await ServerHarness.run(engine) { client, _ in
            let weekly = try await client.call(.get, "/v1/trending?since=weekly&perPage=5")
            #expect(weekly.status == .ok)
            let gains = try weekly.items().map { $0["starsGained"] as? Int ?? 0 }
            #expect(gains.count == 5)
            #expect(gains == gains.sorted(by: >))
            let swift = try await client.call(.get, "/v1/trending?since=weekly&language=swift&perPage=100").names()
            #expect(!swift.isEmpty && swift.allSatisfy { $0.hasPrefix("swift-") })
            let page2 = try await client.call(.get, "/v1/trending?since=weekly&perPage=5&page=2").names()
            #expect(Set(page2).isDisjoint(with: try weekly.names()))
            #expect(try await client.call(.get, "/v1/trending?since=yearly").status == .badRequest)

            let search = try await client.call(.get, "/v1/search?q=project&language=Rust&perPage=5&sort=stars")
            #expect(search.status == .ok)
            #expect(try search.json()["total"] as? Int == 12)
            #expect(try search.names().count == 5)
            #expect(try search.names().first == ServerHarness.name("Rust", 0))
            for query in ["", "?q=", "?q=%20%20", "?q=x&sort=random", "?q=x&perPage=1000"] {
                #expect(try await client.call(.get, "/v1/search\(query)").status == .badRequest, "\(query)")
            }

            let name = ServerHarness.name("Python", 3)
            let detail = try await client.call(.get, "/v1/repos/\(name)")
            #expect(detail.status == .ok)
            let body = try detail.json()
            #expect(body["fullName"] as? String == name)
            #expect(body["language"] as? String == "Python")
            #expect((body["owner"] as? [String: Any])?["login"] as? String == "python-dev3")
            #expect(body["lastUpdated"] is String)
            #expect(body["license"] as? String == "MIT")
            let missing = try await client.call(.get, "/v1/repos/nobody/nothing")
            #expect(missing.status == .notFound)
            #expect(try missing.errorCode() == "not_found")
            #expect(try await client.call(.get, "/v1/repos/-bad-/x").status == .badRequest)

            let similar = try await client.call(.get, "/v1/repos/\(name)/similar?limit=5")
            #expect(similar.status == .ok)
            let similarNames = try similar.names()
            #expect(!similarNames.isEmpty && !similarNames.contains(name))
            #expect(similarNames.allSatisfy { $0.hasPrefix("python-") })
            #expect(try await client.call(.get, "/v1/repos/nobody/nothing/similar").status == .notFound)
            #expect(try await client.call(.get, "/v1/repos/\(name)/similar?limit=0").status == .badRequest)
        }
    }

    @Test("clusters, a cluster's repositories without what a person has seen, deep links", arguments: Engine.available)
    func clustersAndLinks(engine: Engine) async throws {
        try await ServerHarness.run(engine) { client, _ in
            let clusters = try await client.call(.get, "/v1/clusters").items()
            let ids = clusters.compactMap { $0["id"] as? String }
            #expect(ids.count == Set(ids).count && ids.contains("mobile") && ids.count <= 14)
            #expect(clusters.reduce(0) { $0 + ($1["size"] as? Int ?? 0) } == ServerHarness.catalog.count)

            let everyone = try await client.call(.get, "/v1/clusters/mobile/repos?limit=100")
            #expect(try everyone.json()["cluster"].flatMap { $0 as? [String: Any] }?["id"] as? String == "mobile")
            let all = try everyone.names()
            #expect(!all.isEmpty)
            let token = try await client.newToken()
            let dealt = try await client.call(.get, "/v1/me/feed?cluster=mobile&limit=3", token: token).names()
            let mine = try await client.call(.get, "/v1/clusters/mobile/repos?limit=100", token: token).names()
            #expect(Set(mine) == Set(all).subtracting(dealt))
            #expect(try await client.call(.get, "/v1/clusters/mobile/repos", token: "forged").status == .unauthorized)
            #expect(try await client.call(.get, "/v1/clusters/astrology/repos").status == .badRequest)

            let name = ServerHarness.name("Swift", 2)
            let link = try await client.call(.get, "/v1/links/resolve?url=repoverse://repo/\(name)").json()
            #expect(link["kind"] as? String == "repository")
            #expect((link["repository"] as? [String: Any])?["fullName"] as? String == name)
            #expect(link["webPath"] as? String == "/r/\(name)")
            let trending = try await client.call(
                .get, "/v1/links/resolve?url=repoverse%3A%2F%2Ftrending%3Flanguage%3Dswift%26since%3Dweekly"
            ).json()
            #expect(trending["kind"] as? String == "trending")
            #expect(trending["since"] as? String == "weekly")
            #expect(
                try await client.call(.get, "/v1/links/resolve?url=/r/\(name)").json()["kind"] as? String
                    == "repository")
            let listLink = "repoverse://lists?list=avelino%2Fawesome-go&heading=Go&heading=Messaging"
            let list = try await client.call(
                .get, "/v1/links/resolve?url=" + listLink.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            ).json()
            #expect(list["kind"] as? String == "list")
            #expect(
                list["list"] as? String == "avelino/awesome-go" && list["heading"] as? [String] == ["Go", "Messaging"])
            #expect(list["webPath"] as? String == "/lists?list=avelino%2Fawesome-go&heading=Go&heading=Messaging")
            let headless = try await client.call(.get, "/v1/links/resolve?url=/lists%3Flist%3Da%2Fb")
            #expect(headless.status == .badRequest)
            #expect((try headless.json()["message"] as? String ?? "").contains("repoverse://lists?list="))
            let wrong = try await client.call(.get, "/v1/links/resolve?url=https://example.com")
            #expect(wrong.status == .badRequest)
            #expect((try wrong.json()["message"] as? String ?? "").contains("repoverse://"))
            #expect(
                try await client.call(.get, "/v1/links/resolve?url=repoverse://repo/nobody/nothing").status == .notFound
            )
            #expect(try await client.call(.get, "/v1/links/resolve").status == .badRequest)
        }
    }

    @Test("health says the database is not answering, and nothing of its internals")
    func healthWithoutDatabase() async throws {
        try await ServerHarness.run(.sqliteFile) { client, store in
            try await store.close()
            let health = try await client.call(.get, "/health")
            #expect(health.status == .serviceUnavailable)
            #expect(try health.json()["status"] as? String == "unavailable")
            #expect(try health.json()["message"] as? String == "The database is not answering; try again shortly.")
        }
    }

    @Test("health, metrics by route and status, the OpenAPI document, request ids", arguments: Engine.available)
    func operations(engine: Engine) async throws {
        try await ServerHarness.run(engine) { client, _ in
            let health = try await client.call(.get, "/health")
            #expect(health.status == .ok)
            #expect(try health.json()["status"] as? String == "ready")
            #expect(health.headers[HTTPField.Name("X-Request-Id")!]?.isEmpty == false)
            let token = try await client.newToken()
            _ = try await client.call(.get, "/v1/me/feed", token: token)
            _ = try await client.call(.get, "/v1/me/feed")
            _ = try await client.call(.get, "/nowhere")
            let metrics = String(buffer: try await client.call(.get, "/metrics").body)
            #expect(
                metrics.contains(#"repofinder_http_requests_total{route="/v1/me/feed",method="GET",status="200"} 1"#))
            #expect(
                metrics.contains(#"repofinder_http_requests_total{route="/v1/me/feed",method="GET",status="401"} 1"#))
            #expect(metrics.contains(#"status="404"} 1"#))
            #expect(metrics.contains("repofinder_http_request_duration_seconds_bucket{"))
            #expect(metrics.contains("repofinder_deck_duration_seconds_count 1"))
            let document = try await client.call(.get, "/openapi.yaml")
            #expect(document.status == .ok)
            #expect(String(buffer: document.body) == APIServer.document)
            #expect(APIServer.document.hasPrefix("openapi: 3.1.0"))
            let notFound = try await client.call(.get, "/nowhere")
            #expect(notFound.status == .notFound)
            #expect(try notFound.errorCode() == "not_found")
        }
    }

    @Test("oversized bodies: 413, announced or not; the server goes on", arguments: [Engine.sqliteMemory])
    func bodyLimit(engine: Engine) async throws {
        try await ServerHarness.run(
            engine,
            configuration: {
                var c = ServerConfiguration.unlimited; c.maximumBodySize = 1024; return c
            }()
        ) { client, _ in
            let token = try await client.newToken()
            let big = #"{"name":"\#(String(repeating: "x", count: 2000))"}"#
            let response = try await client.call(.put, "/v1/me/preferences", token: token, json: big)
            #expect(response.status == .contentTooLarge)
            #expect(try response.errorCode() == "content_too_large")
            #expect(
                try await client.call(.put, "/v1/me/preferences", token: token, json: #"{"name":"Ada"}"#).status == .ok)
        }
    }

    @Test("rate limits: 429 with Retry-After per token, other tokens unaffected", arguments: [Engine.sqliteMemory])
    func rateLimits(engine: Engine) async throws {
        // Refills so slow (one request in 1,000 s) that a slow test run cannot earn a request back.
        let configuration = ServerConfiguration(
            perTokenLimit: RateLimit(perSecond: 0.001, burst: 3),
            perAddressLimit: RateLimit(perSecond: 0.001, burst: 10), accountCreationLimit: nil)
        try await ServerHarness.run(engine, configuration: configuration) { client, _ in
            let ada = try await client.newToken()
            let bob = try await client.newToken()
            var statuses: [Int] = []
            for _ in 0..<4 {
                statuses.append(try await client.call(.get, "/v1/me/preferences", token: ada).status.code)
            }
            #expect(statuses == [200, 200, 200, 429])
            let limited = try await client.call(.get, "/v1/me/preferences", token: ada)
            #expect(limited.status == .tooManyRequests)
            #expect(Int(limited.headers[.retryAfter] ?? "") ?? 0 >= 1)
            #expect(try limited.errorCode() == "rate_limited")
            #expect(try await client.call(.get, "/v1/me/preferences", token: bob).status == .ok)
            // The address's own budget (10, of which 9 are spent) runs out next, whatever the token.
            var addressLimited = false
            for _ in 0..<5 where !addressLimited {
                addressLimited = try await client.call(.get, "/health").status == .tooManyRequests
            }
            #expect(addressLimited)
        }
    }
}
