import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import RepoFinderServer
import Storage
import TestSupport
import Testing

/// Issue 42, finding 4 and the Ask part of finding 8: an account's threads are capped, listed a page at a time and
/// exported as a stream; a question body over 64 KiB is refused as too large.
@Suite("Server: Ask threads capped and paged, the export streamed, an oversized question refused")
struct AskThreadLimitsTests {
    /// The shipped limits with no request-rate limits (the attack is about what is stored, not how fast).
    static var shipped: ServerConfiguration {
        ServerConfiguration(
            perTokenLimit: nil, perAddressLimit: nil, accountCreationLimit: nil, interactionQuota: .unlimited)
    }

    /// The ids of one page of `GET /v1/me/threads`, in the order listed, and the cursor to the next.
    static func page(
        _ client: any TestClientProtocol, _ token: String, _ query: String = ""
    ) async throws -> (ids: [String], next: String?, status: HTTPResponse.Status) {
        let response = try await client.call(.get, "/v1/me/threads\(query)", token: token)
        guard response.status == .ok else { return ([], nil, response.status) }
        let json = try response.json()
        let groups = json["groups"] as? [[String: Any]] ?? []
        let ids = groups.flatMap { ($0["threads"] as? [[String: Any]] ?? []).map { $0["id"] as! String } }
        return (ids, json["nextCursor"] as? String, response.status)
    }

    @Test("the 501st thread of an account: 409 thread_limit; deleting one makes room; others are not affected")
    func threadCap() async throws {
        try await ServerHarness.run(.sqliteMemory, configuration: Self.shipped) { client, _ in
            let token = try await client.newToken()
            var ids: [String] = []
            for _ in 0..<500 {
                let response = try await client.call(.post, "/v1/me/threads", token: token)
                #expect(response.status == .created)
                if let id = try? response.json()["id"] as? String { ids.append(id) }
            }
            let refused = try await client.call(.post, "/v1/me/threads", token: token)
            #expect(refused.status == .conflict, "\(String(buffer: refused.body))")
            #expect(try refused.errorCode() == "thread_limit")
            #expect((try refused.json()["message"] as? String)?.contains("500") == true)
            #expect(
                try await client.call(.post, "/v1/me/threads", token: client.newToken()).status == .created,
                "another account still starts threads")
            let first = try #require(ids.first)
            #expect(try await client.call(.delete, "/v1/me/threads/\(first)", token: token).status == .noContent)
            #expect(try await client.call(.post, "/v1/me/threads", token: token).status == .created)
        }
    }

    @Test(
        "GET /v1/me/threads is paged: 50 by default, ?limit= up to 200, nextCursor until the last page",
        arguments: Engine.available)
    func pagedList(engine: Engine) async throws {
        let clock = ManualClock(AskServerTests.instant)
        try await withStore(engine) { test in
            try await ServerHarness.run(test, clock: { clock.read() }) { client, _ in
                let token = try await client.newToken()
                var created: [String] = []
                for _ in 0..<60 {
                    created.append(try await AskServerTests.newThread(client, token))
                    clock.advance(1)
                }
                // One pinned and one archived: pinned first, archived last, whichever page they fall on.
                let pinned = created[10]
                let archived = created[59]
                _ = try await client.call(.patch, "/v1/me/threads/\(pinned)", token: token, json: #"{"pinned":true}"#)
                _ = try await client.call(
                    .patch, "/v1/me/threads/\(archived)", token: token, json: #"{"archived":true}"#)

                let first = try await Self.page(client, token)
                #expect(first.ids.count == 50, "50 by default")
                #expect(first.next != nil)
                #expect(first.ids.first == pinned)

                var all: [String] = []
                var cursor: String?
                var pages = 0
                repeat {
                    let query = "?limit=7" + (cursor.map { "&cursor=\($0)" } ?? "")
                    let page = try await Self.page(client, token, query)
                    #expect(page.status == .ok)
                    #expect(page.ids.count <= 7)
                    all += page.ids
                    cursor = page.next
                    pages += 1
                } while cursor != nil && pages < 20
                #expect(pages == 9, "60 threads, 7 a page")
                #expect(all.count == 60)
                #expect(Set(all) == Set(created), "every thread once")
                #expect(all.first == pinned)
                #expect(all.last == archived)
                let expected = [pinned] + created.filter { $0 != pinned && $0 != archived }.reversed() + [archived]
                #expect(all == expected, "pinned, then the most recently touched, archived last")

                #expect(try await Self.page(client, token, "?limit=200").ids.count == 60)
                #expect(try await Self.page(client, token, "?limit=0").status == .badRequest)
                #expect(try await Self.page(client, token, "?limit=201").status == .badRequest)
                let forged = try await client.call(.get, "/v1/me/threads?cursor=not-a-cursor", token: token)
                #expect(forged.status == .badRequest)
                #expect(try forged.errorCode() == "bad_request")
                let otherToken = try await client.newToken()
                let theirs = try await Self.page(client, otherToken, "?cursor=\(try #require(first.next))")
                #expect(theirs.ids.isEmpty, "a cursor reads only its bearer's threads")
            }
        }
    }

    @Test("GET /v1/me/export streams: chunked, every thread with its messages, still one JSON document")
    func exportStreams() async throws {
        try await ServerHarness.run(.sqliteMemory, configuration: Self.shipped, mode: .live) { client, _ in
            let token = try await client.newToken()
            var ids: [String] = []
            for index in 0..<120 {
                let thread = try await AskServerTests.newThread(client, token)
                ids.append(thread)
                if index % 40 == 0 { _ = try await AskServerTests.ask(client, token, thread, "a cli tool in rust") }
            }
            let response = try await client.call(.get, "/v1/me/export", token: token)
            #expect(response.status == .ok)
            #expect(response.headers[.transferEncoding] == "chunked", "streamed, not gathered first")
            #expect(response.headers[.contentLength] == nil)
            #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
            #expect(response.headers[.cacheControl] == "no-store")
            #expect(
                response.headers[.contentDisposition]?.hasPrefix(#"attachment; filename="repofinder-export-"#) == true)
            let export = try response.json()
            #expect(export["format"] as? String == "repofinder-export-1")
            #expect((export["account"] as? [String: Any])?["id"] is String)
            let threads = try #require(export["threads"] as? [[String: Any]])
            #expect(Set(threads.map { ($0["thread"] as! [String: Any])["id"] as! String }) == Set(ids))
            let asked = threads.filter { !($0["messages"] as! [[String: Any]]).isEmpty }
            #expect(asked.count == 3)
            #expect(asked.allSatisfy { ($0["messages"] as! [[String: Any]]).count == 2 })
        }
    }

    @Test("a question body over 64 KiB: 413 content_too_large, nothing counted")
    func oversizedQuestion() async throws {
        try await ServerHarness.run(.sqliteMemory) { client, _ in
            let token = try await client.newToken()
            let thread = try await AskServerTests.newThread(client, token)
            let body = #"{"text": "\#(String(repeating: "a", count: 70 * 1024))"}"#
            let response = try await client.call(
                .post, "/v1/me/threads/\(thread)/messages", token: token, json: body)
            #expect(response.status == .contentTooLarge, "\(String(buffer: response.body))")
            #expect(try response.errorCode() == "content_too_large")
            let list = try await client.call(.get, "/v1/me/threads", token: token)
            #expect((try list.json()["quota"] as? [String: Any])?["used"] as? Int == 0)
        }
    }
}
