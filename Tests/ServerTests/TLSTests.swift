import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Storage
import TestSupport
import Testing

@testable import RepoFinderServer

/// Issue 47: HTTPS in the server itself — a certificate made at test time, real clients (curl, openssl) that no one
/// here wrote.
@Suite("Server: HTTPS with HTTP/2, HSTS, a renewed certificate without a restart, and a redirect from HTTP")
struct TLSTests {
    /// A self-signed certificate for `localhost` and 127.0.0.1 (a new key each time), written to `directory` as
    /// `cert.pem` and `key.pem`.
    static func makeCertificate(in directory: URL, name: String = "RepoFinder test") throws -> TLSFiles {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let files = TLSFiles(
            certificatePath: directory.appendingPathComponent("cert.pem").path,
            keyPath: directory.appendingPathComponent("key.pem").path)
        let output = try run(
            "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
            "-keyout", files.keyPath + ".new", "-out", files.certificatePath + ".new", "-days", "2", "-subj",
            "/CN=\(name)", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1")
        #expect(output.status == 0, "\(output.text)")
        // Replaced whole, as a renewal tool does: never a half-written file.
        for path in [files.keyPath, files.certificatePath] {
            _ = try? FileManager.default.removeItem(atPath: path)
            try FileManager.default.moveItem(atPath: path + ".new", toPath: path)
        }
        return files
    }

    /// Runs a program to its end: its exit status and what it printed (both streams).
    @discardableResult
    static func run(_ arguments: String...) throws -> (status: Int32, text: String) {
        let process = Process()
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = try pipe.fileHandleForReading.readToEnd() ?? Data()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The subject of the certificate the server at `port` hands out.
    static func servedSubject(port: Int) throws -> String {
        let shell =
            "openssl s_client -connect 127.0.0.1:\(port) -servername localhost </dev/null 2>/dev/null "
            + "| openssl x509 -noout -subject"
        return try run("bash", "-c", shell).text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("curl speaks HTTP/2 over TLS, trusts the test certificate, sees HSTS; a replaced certificate is served")
    func https() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tls-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try Self.makeCertificate(in: directory, name: "first")
        var configuration = ServerConfiguration.unlimited
        configuration.port = 0
        configuration.tls = files
        let redirectPort = Int.random(in: 20_000...40_000)
        configuration.httpRedirectPort = redirectPort
        try await withStore(.sqliteMemory) { test in
            try await ServerHarness.run(test, configuration: configuration, mode: .live) { client, _ in
                let port = try #require(client.port)
                let answer = try Self.run(
                    "curl", "-sS", "--http2", "--cacert", files.certificatePath, "-D", "-", "-o", "/dev/null",
                    "-w", "version=%{http_version}\n", "https://localhost:\(port)/health/live")
                #expect(answer.status == 0, "\(answer.text)")
                #expect(answer.text.contains("version=2"), "\(answer.text)")
                #expect(answer.text.lowercased().contains("strict-transport-security: max-age=31536000"))
                // HTTP/1.1 still works for a client that offers only it.
                let old = try Self.run(
                    "curl", "-sS", "--http1.1", "--cacert", files.certificatePath, "-o", "/dev/null",
                    "-w", "%{http_version} %{http_code}", "https://localhost:\(port)/v1/search?q=rust")
                #expect(old.text == "1.1 200", "\(old.text)")
                // Plain HTTP on the TLS port is refused, never answered in clear.
                let plain = try Self.run("curl", "-sS", "-o", "/dev/null", "http://127.0.0.1:\(port)/health/live")
                #expect(plain.status != 0)

                // The plain HTTP port beside it sends browsers to HTTPS.
                let redirected = try Self.run(
                    "curl", "-sS", "-o", "/dev/null", "-w", "%{http_code} %{redirect_url}",
                    "http://localhost:\(redirectPort)/v1/search?q=rust")
                #expect(redirected.text == "308 https://localhost:\(port)/v1/search?q=rust", "\(redirected.text)")

                #expect(try Self.servedSubject(port: port).contains("CN = first"))
                _ = try Self.makeCertificate(in: directory, name: "second")
                var subject = ""
                for _ in 0..<100 {
                    subject = try Self.servedSubject(port: port)
                    if subject.contains("CN = second") { break }
                    try await Task.sleep(for: .milliseconds(200))
                }
                #expect(subject.contains("CN = second"), "the renewed certificate, without a restart")
            }
        }
    }

    @Test("the redirect listener answers 308 to the same path over HTTPS at a host it answers for; others are 400")
    func redirect() throws {
        func request(_ path: String, host: String?) -> Request {
            Request(
                head: HTTPRequest(method: .post, scheme: nil, authority: host, path: path),
                body: RequestBody(buffer: ByteBuffer()))
        }
        let names = HTTPSRedirect.Names(publicHost: nil, certified: ["repofinder.example", "*.apps.example", "[::1]"])
        let moved = HTTPSRedirect.response(
            to: request("/v1/search?q=a%20b", host: "repofinder.example:80"), httpsPort: 443, names: names)
        #expect(moved.status == .permanentRedirect)
        #expect(moved.headers[.location] == "https://repofinder.example/v1/search?q=a%20b")
        let port = HTTPSRedirect.response(to: request("/", host: "[::1]:8080"), httpsPort: 8443, names: names)
        #expect(port.headers[.location] == "https://[::1]:8443/")
        let wildcard = HTTPSRedirect.response(to: request("/", host: "EU.apps.example"), httpsPort: 443, names: names)
        #expect(wildcard.headers[.location] == "https://eu.apps.example/")
        // A Host the certificate does not name is never echoed into a Location (issue 63, finding 3).
        for host in ["evil.example", "apps.example", "a.b.apps.example", "evil.example/x", "a@b", "", "host:port"] {
            let answer = HTTPSRedirect.response(to: request("/", host: host), httpsPort: 443, names: names)
            #expect(answer.status == .badRequest, "\(host)")
            #expect(answer.headers[.location] == nil, "\(host)")
        }
        #expect(HTTPSRedirect.response(to: request("/", host: nil), httpsPort: 443, names: names).status == .badRequest)
        // With a public URL, every redirect goes to its host, whatever the request named.
        let configured = HTTPSRedirect.Names(publicHost: "repofinder.example", certified: [])
        let anywhere = HTTPSRedirect.response(
            to: request("/a", host: "evil.example"), httpsPort: 443, names: configured)
        #expect(anywhere.headers[.location] == "https://repofinder.example/a")
    }
}
