import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import RepoFinderServer
import TestSupport
import Testing

/// What a first-time person met on the server's side (issue 23): unknown page addresses answer the app's not-found
/// page (the API keeps its JSON), and the statistics say how long the lists are now.
@Suite("Server: first use")
struct FirstUseServerTests {
    @Test("an unknown page address answers the app's not-found page, naming the screen it likely meant")
    func unknownPages() async throws {
        try await ServerHarness.run(.sqliteMemory, withWebApp: true) { client, _ in
            let html: HTTPFields = [.accept: "text/html,application/xhtml+xml"]
            for (path, hint) in [
                ("/trendin", "Did you mean <a href=\"/trending\">Trending</a>?"),
                ("/Trending", "Did you mean <a href=\"/trending\">Trending</a>?"),
                ("/r/apple", "/r/OWNER/NAME"), ("/no-such-page", "Try Search."),
            ] {
                let response = try await client.call(.get, path, headers: html)
                #expect(response.status == .notFound, "\(path)")
                #expect(response.headers[.contentType] == "text/html; charset=utf-8", "\(path)")
                let page = String(buffer: response.body)
                #expect(page.contains("data-screen=\"not-found\""), "\(path)")
                #expect(page.contains(hint), "\(path): \(page)")
            }
            // The API, and clients that ask for JSON, keep the JSON error.
            let api = try await client.call(.get, "/v1/nothing-here", headers: html)
            #expect(api.status == .notFound && api.headers[.contentType]?.hasPrefix("application/json") == true)
            let json = try await client.call(.get, "/trendin")
            #expect(json.status == .notFound && json.headers[.contentType]?.hasPrefix("application/json") == true)
        }
    }

    @Test("stats say how many repositories are on Liked and Saved now: a removal counts", arguments: Engine.available)
    func listSizes(engine: Engine) async throws {
        try await ServerHarness.run(engine) { client, _ in
            let token = try await client.newToken()
            let (a, b) = (ServerHarness.name("Rust", 0), ServerHarness.name("Rust", 1))
            let batch = #"""
                {"interactions":[
                  {"id":"l1","repo":"\#(a)","kind":"like","at":"2026-11-20T10:00:00Z"},
                  {"id":"l2","repo":"\#(b)","kind":"like","at":"2026-11-20T10:01:00Z"},
                  {"id":"s1","repo":"\#(b)","kind":"save","at":"2026-11-20T10:02:00Z"}]}
                """#
            #expect(try await client.call(.post, "/v1/me/interactions", token: token, json: batch).status == .ok)
            let (owner, name) = (a.split(separator: "/")[0], a.split(separator: "/")[1])
            #expect(try await client.call(.delete, "/v1/me/liked/\(owner)/\(name)", token: token).status == .noContent)
            let stats = try await client.call(.get, "/v1/me/stats", token: token).json()
            #expect(stats["likes"] as? Int == 2, "likes given")
            #expect(stats["liked"] as? Int == 1, "on Liked now")
            #expect(stats["saved"] as? Int == 1)
        }
    }
}
