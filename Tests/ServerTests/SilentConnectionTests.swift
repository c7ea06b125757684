import Foundation
import HummingbirdTesting
import RepoFinderCore
import Storage
import TestSupport
import Testing

@testable import RepoFinderServer

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 63, findings 2 and 3: connections that connect and say nothing, to the HTTPS port (before any TLS
/// handshake) and to the plain-HTTP redirect port. Each address may hold only a few, each for a short while, and
/// other clients are served meanwhile.
@Suite("Server: silent connections to the TLS and redirect ports are capped per address and closed in time")
struct SilentConnectionTests {
    /// A TCP connection to 127.0.0.1:`port` that sends nothing (its descriptor).
    static func silent(_ port: Int) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(socket)
            throw POSIXError(.ECONNREFUSED)
        }
        return socket
    }

    /// Whether the server has closed the connection (a read returns end of file or an error, without waiting).
    static func isClosed(_ socket: Int32) -> Bool {
        var byte: UInt8 = 0
        let read = recv(socket, &byte, 1, Int32(MSG_DONTWAIT))
        return read == 0 || (read < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
    }

    /// How many of `sockets` are still open, checked until `deadline` passes or `until` says enough.
    static func open(_ sockets: [Int32], waiting seconds: Double, until done: (Int) -> Bool) async throws -> Int {
        let end = Date().addingTimeInterval(seconds)
        var count = sockets.count
        repeat {
            count = sockets.filter { !isClosed($0) }.count
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
                    let sockets = try (0..<20).map { _ in try Self.silent(target) }
                    defer { sockets.forEach { close($0) } }
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
