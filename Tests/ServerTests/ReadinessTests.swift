import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import RepoFinderServer
import Storage
import TestSupport
import Testing

/// Liveness and readiness apart: a proxy sends requests only to a ready server (listening, not draining, the database
/// answering); a supervisor restarts only one that is not live.
@Suite("Health: /health/live and /health/ready (starting, serving, draining, no database)")
struct ReadinessTests {
    func status(_ response: TestResponse) throws -> String? { try response.json()["status"] as? String }

    @Test("starting and draining are not ready (503, Retry-After, the reason); serving is; live throughout")
    func phases() async throws {
        let readiness = Readiness()
        try await withStore(.sqliteFile) { test in
            try await ServerHarness.run(test, readiness: readiness) { client, test in
                let starting = try await client.call(.get, "/health/ready")
                #expect(starting.status == .serviceUnavailable)
                #expect(starting.headers[.retryAfter] == "1")
                #expect(try status(starting) == "starting")
                #expect(try status(try await client.call(.get, "/health/live")) == "live")

                readiness.markServing()
                let ready = try await client.call(.get, "/health/ready")
                #expect(ready.status == .ok)
                #expect(try status(ready) == "ready")
                #expect(try ready.json()["repositories"] as? Int ?? 0 > 0)

                readiness.markDraining()
                readiness.markServing()
                let draining = try await client.call(.get, "/health/ready")
                #expect(draining.status == .serviceUnavailable)
                #expect(try status(draining) == "draining", "draining stays draining")
                #expect(try await client.call(.get, "/health/live").status == .ok)
                #expect(try await client.call(.get, "/health").status == .ok, "/health is the database's answer alone")
                #expect(try await client.call(.get, "/v1/trending").status == .ok, "a draining server still answers")
            }
        }
    }

    @Test("without its database a serving server is not ready, and says nothing of its internals; still live")
    func noDatabase() async throws {
        let readiness = Readiness()
        readiness.markServing()
        try await withStore(.sqliteFile) { test in
            try await ServerHarness.run(test, readiness: readiness) { client, test in
                try await test.store.close()
                let ready = try await client.call(.get, "/health/ready")
                #expect(ready.status == .serviceUnavailable)
                #expect(try status(ready) == "unavailable")
                #expect(!String(buffer: ready.body).contains("SQLite"))
                #expect(try await client.call(.get, "/health/live").status == .ok)
            }
        }
    }

    @Test("serve's readiness waits for the search index too: listening alone is not ready")
    func waitsForSearch() {
        let readiness = Readiness(waitsForSearch: true)
        readiness.markServing()
        #expect(readiness.current == .starting, "listening, the index not built")
        readiness.markSearchReady()
        #expect(readiness.current == .serving)
        let other = Readiness(waitsForSearch: true)
        other.markSearchReady()
        #expect(other.current == .starting, "built, not listening yet")
        other.markServing()
        #expect(other.current == .serving)
        other.markDraining()
        other.markSearchReady()
        #expect(other.current == .draining)
    }
}
