import Foundation
import HTTPTypes
import Logging
import Storage
import Testing

@testable import RepoFinderServer

@Suite("Server: one redaction rule for the log; trusted proxies")
struct RedactionTests {
    @Test("credentials are masked wherever they appear")
    func scrub() {
        let token = "abcDEF123_-abcDEF123_-abcDEF123_-abcDEF123"
        let lines = [
            "Authorization: Bearer \(token)", #"{"token":"\#(token)","id":"1"}"#, "cookie: session=\(token); x=1",
            "postgres://repofinder:\(token)@127.0.0.1/db", "password=\(token)", "basic \(token)",
        ]
        for line in lines {
            let scrubbed = Redaction.scrub(line)
            #expect(!scrubbed.contains(token), "\(scrubbed)")
            #expect(scrubbed.contains(Redaction.mask))
        }
        #expect(Redaction.scrub("method=GET path=/v1/search status=200") == "method=GET path=/v1/search status=200")
    }

    @Test("errors are described without what they carry")
    func describe() {
        struct Leaky: Error { let header = "Bearer secret-value" }
        #expect(Redaction.describe(Leaky()) == "Leaky")
        #expect(Redaction.describe(StorageError.busy("SQLite is busy.")) == "StorageError: SQLite is busy.")
    }

    @Test("the log handler masks messages and metadata")
    func handler() {
        let capture = CapturingLogHandler()
        let logger = Logger(label: "test") { _ in RedactingLogHandler(wrapping: capture) }
        logger.error("failed for Bearer abcdefghijklmnop", metadata: ["header": "Cookie: id=12345"])
        let record = capture.logged[0]
        #expect(!record.message.contains("abcdefghijklmnop"))
        #expect(record.metadata["header"]?.contains("12345") == false)
    }

    @Test("X-Forwarded-For counts only from trusted proxies")
    func trustedProxies() throws {
        let proxies = try TrustedProxies(parsing: "10.0.0.0/8, 127.0.0.1, fd00::/8")
        #expect(proxies.clientAddress(peer: "203.0.113.9", forwardedFor: "1.2.3.4") == "203.0.113.9")
        #expect(proxies.clientAddress(peer: "10.1.2.3", forwardedFor: "1.2.3.4") == "1.2.3.4")
        #expect(proxies.clientAddress(peer: "127.0.0.1", forwardedFor: "9.9.9.9, 1.2.3.4, 10.0.0.7") == "1.2.3.4")
        #expect(proxies.clientAddress(peer: "fd12::1", forwardedFor: "2001:db8::5") == "2001:db8::5")
        #expect(proxies.clientAddress(peer: "10.1.2.3", forwardedFor: "not-an-address") == "10.1.2.3")
        #expect(TrustedProxies.bytes("::ffff:192.0.2.1")?.count == 16)
        #expect(TrustedProxies.bytes("1.2.3") == nil)
        #expect(throws: TrustedProxiesError.self) { try TrustedProxies(parsing: "10.0.0.0/33") }
        #expect(throws: TrustedProxiesError.self) { try TrustedProxies(parsing: "proxy.local") }
    }

    @Test("rate limits weigh requests by cost")
    func costs() {
        let limiter = RateLimiter(limit: RateLimit(perSecond: 0.001, burst: 10))
        #expect(limiter.take("a", cost: 4, now: 0) == nil)
        #expect(limiter.take("a", cost: 4, now: 0) == nil)
        #expect(limiter.take("a", cost: 4, now: 0) != nil)
        #expect(limiter.take("a", cost: 1, now: 0) == nil)
        #expect(RequestCost.of(.get, route: "/v1/search") > RequestCost.of(.get, route: "/v1/repos/{owner}/{name}"))
    }
}
