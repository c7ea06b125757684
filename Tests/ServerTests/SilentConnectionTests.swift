import Foundation
import HummingbirdTesting
import RepoFinderCore
import Storage
import TestSupport
import Testing

@testable import RepoFinderServer

/// Issue 63, findings 2 and 3: connections that connect and say nothing, to the HTTPS port (before any TLS
/// handshake) and to the plain-HTTP redirect port. Each address may hold only a few, each for a short while, and
/// other clients are served meanwhile.
@Suite("Server: silent connections to the TLS and redirect ports are capped per address and closed in time")
struct SilentConnectionTests {
    /// How many of `sockets` are still open, checked until `deadline` passes or `until` says enough.
    static func open(
        _ sockets: [SilentConnection], waiting seconds: Double, until done: (Int) -> Bool
    ) async throws -> Int {
        let end = Date().addingTimeInterval(seconds)
        var count = sockets.count
        repeat {
            count = sockets.filter { !$0.isClosed }.count
            if done(count) { break }
            try await Task.sleep(for: .milliseconds(50))
        } while Date() < end
        return count
    }

    @Test("20 silent connections from one address: 6 held, closed within the timeouts, HTTPS and redirect still served")
    func silentConnections() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("silent-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try TLSTests.makeCertificate(in: directory)
        var configuration = ServerConfiguration.unlimited
        configuration.port = 0
        configuration.tls = files
        configuration.maximumConnectionsPerAddress = 6
        configuration.handshakeTimeout = .seconds(2)
        configuration.redirectIdleTimeout = .seconds(2)
        let redirectPort = Int.random(in: 20_000...40_000)
        configuration.httpRedirectPort = redirectPort
        try await withStore(.sqliteMemory) { test in
            try await ServerHarness.run(test, configuration: configuration, mode: .live) { client, _ in
                let port = try #require(client.port)
                for (name, target) in [("TLS", port), ("redirect", redirectPort)] {
                    let sockets = try (0..<20).map { _ in try SilentConnection(port: target) }
                    defer { sockets.forEach { $0.close() } }
                    // Beyond the cap, closed at once.
                    let held = try await Self.open(sockets, waiting: 3, until: { $0 <= 6 })
                    #expect(held <= 6, "\(name): \(held) of 20 silent connections still open")
                    // Another client, from another address (as another machine would be), is served meanwhile.
                    let secure = name == "TLS"
                    let certificate = files.certificatePath
                    let served = try await offThePool {
                        secure
                            ? try TLSTests.run(
                                "curl", "-sS4", "--interface", "127.0.0.2", "--max-time", "10", "--cacert",
                                certificate, "-o", "/dev/null", "-w", "%{http_code}",
                                "https://localhost:\(port)/health/live")
                            : try TLSTests.run(
                                "curl", "-sS4", "--interface", "127.0.0.2", "--max-time", "10", "-o", "/dev/null",
                                "-w", "%{http_code}", "http://localhost:\(redirectPort)/health/live")
                    }
                    #expect(served.text == (name == "TLS" ? "200" : "308"), "\(name): \(served.text)")
                    // Every silent one closed within the timeout (2 s) and a margin.
                    let left = try await Self.open(sockets, waiting: 6, until: { $0 == 0 })
                    #expect(left == 0, "\(name): \(left) silent connections still open after 6 s")
                }
            }
        }
    }
}
