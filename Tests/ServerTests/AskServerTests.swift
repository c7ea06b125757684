import Ask
import AskLive
import Dealing
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import RepoFinderCore
import Storage
import TestSupport
import Testing

@testable import RepoFinderServer

@Suite("Server: Ask threads, asking (JSON and server-sent events), the quota, retention")
struct AskServerTests {
    /// 2026-11-23 10:30 UTC.
    static let instant = Date(timeIntervalSince1970: 1_795_429_800)

    static func newThread(_ client: any TestClientProtocol, _ token: String) async throws -> String {
        let response = try await client.call(.post, "/v1/me/threads", token: token)
        #expect(response.status == .created, "\(String(buffer: response.body))")
        return try response.json()["id"] as! String
    }

    static func ask(
        _ client: any TestClientProtocol, _ token: String, _ thread: String, _ text: String, stream: Bool = false
    ) async throws -> TestResponse {
        let body = String(decoding: try JSONSerialization.data(withJSONObject: ["text": text]), as: UTF8.self)
        return try await client.call(
            .post, "/v1/me/threads/\(thread)/messages", token: token, json: body,
            headers: stream ? [.accept: "text/event-stream"] : [:])
    }

    @Test(
        "threads: created, named by the first question, listed in groups, renamed, pinned, archived, deleted",
        arguments: Engine.available)
    func threads(engine: Engine) async throws {
        let clock = ManualClock(Self.instant)
        try await withStore(engine) { test in
            try await ServerHarness.run(test, clock: { clock.read() }) { client, _ in
                let token = try await client.newToken()
                let other = try await client.newToken()
                let first = try await Self.newThread(client, token)
                let answer = try await Self.ask(client, token, first, "a cli tool in rust")
                #expect(answer.status == .ok, "\(String(buffer: answer.body))")
                clock.advance(3 * 86_400)
                let second = try await Self.newThread(client, token)
                _ = try await Self.ask(client, token, second, "something for kubernetes in go")
                let list = try await client.call(.get, "/v1/me/threads?timeZone=Europe/Lisbon", token: token)
                #expect(list.status == .ok)
                let groups = try list.json()["groups"] as! [[String: Any]]
                #expect(groups.map { $0["title"] as! String } == ["Today", "Last 7 days"])
                let older = (groups[1]["threads"] as! [[String: Any]])[0]
                #expect(older["title"] as? String == "a cli tool in rust")
                #expect((older["preview"] as! String).count <= 60)
                let quota = try list.json()["quota"] as! [String: Any]
                #expect(quota["used"] as? Int == 2)
                #expect(quota["renewsOn"] as? String == "2026-12-01")

                let renamed = try await client.call(
                    .patch, "/v1/me/threads/\(first)", token: token, json: #"{"title": "Rust CLIs", "pinned": true}"#)
                #expect(renamed.status == .ok)
                #expect(try renamed.json()["title"] as? String == "Rust CLIs")
                _ = try await client.call(
                    .patch, "/v1/me/threads/\(second)", token: token, json: #"{"archived": true}"#)
                let regrouped = try await client.call(.get, "/v1/me/threads", token: token)
                let titles = (try regrouped.json()["groups"] as! [[String: Any]]).map { $0["title"] as! String }
                #expect(titles == ["Pinned", "Archived"])
                let empty = try await client.call(
                    .patch, "/v1/me/threads/\(first)", token: token, json: #"{"title": " "}"#)
                #expect(empty.status == .unprocessableContent)

                #expect(try await client.call(.get, "/v1/me/threads/\(first)", token: other).status == .notFound)
                #expect(try await client.call(.delete, "/v1/me/threads/\(first)", token: other).status == .notFound)
                #expect(try await client.call(.get, "/v1/me/threads").status == .unauthorized)
                #expect(
                    try await client.call(.get, "/v1/me/threads?timeZone=Mars/Olympus", token: token).status
                        == .badRequest)
                #expect(try await client.call(.delete, "/v1/me/threads/\(first)", token: token).status == .noContent)
                #expect(try await client.call(.get, "/v1/me/threads/\(first)", token: token).status == .notFound)
            }
        }
    }

    @Test(
        "asking as JSON: a cited answer from the catalog, kept in the thread; a follow-up builds on it",
        arguments: Engine.available)
    func askAsJSON(engine: Engine) async throws {
        try await ServerHarness.run(engine) { client, _ in
            let token = try await client.newToken()
            let thread = try await Self.newThread(client, token)
            let response = try await Self.ask(client, token, thread, "a cli tool in rust")
            #expect(response.status == .ok, "\(String(buffer: response.body))")
            let json = try response.json()
            let answer = json["answer"] as! [String: Any]
            let sources = answer["sources"] as! [[String: Any]]
            #expect(!sources.isEmpty)
            #expect(sources.allSatisfy { $0["language"] as? String == "Rust" })
            #expect((answer["text"] as! String).contains("[1]"))
            #expect((answer["tools"] as! [[String: Any]]).first?["name"] as? String == "search")
            #expect((json["thread"] as! [String: Any])["title"] as? String == "a cli tool in rust")
            #expect((json["quota"] as! [String: Any])["used"] as? Int == 1)

            let rust = try await Self.ask(client, token, thread, "rust projects")
            let rustSources = (try rust.json()["answer"] as! [String: Any])["sources"] as! [[String: Any]]
            #expect(rustSources.count == 5)
            let followUp = try await Self.ask(client, token, thread, "and for Go?")
            let goSources = (try followUp.json()["answer"] as! [String: Any])["sources"] as! [[String: Any]]
            #expect(!goSources.isEmpty)
            #expect(
                goSources.allSatisfy { $0["language"] as? String == "Go" }, "the subject kept, the language changed")

            let read = try await client.call(.get, "/v1/me/threads/\(thread)", token: token)
            let messages = try read.json()["messages"] as! [[String: Any]]
            #expect(
                messages.map { $0["role"] as! String } == [
                    "user", "assistant", "user", "assistant", "user", "assistant",
                ])
            #expect((messages[1]["sources"] as! [[String: Any]]).count == sources.count, "sources kept as repositories")
        }
    }

    @Test("asking with Accept: text/event-stream: tool chips, sources, the words in many events, then done")
    func askAsServerSentEvents() async throws {
        try await ServerHarness.run(.sqliteMemory) { client, _ in
            let token = try await client.newToken()
            let thread = try await Self.newThread(client, token)
            let response = try await Self.ask(client, token, thread, "a cli tool in rust", stream: true)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("text/event-stream") == true)
            let events = ServerSentEvents.parse(String(buffer: response.body))
            let names = events.map(\.name)
            #expect(names.first == "tool")
            #expect(names.last == "done")
            #expect(names.filter { $0 == "text" }.count > 5, "the answer arrives word by word")
            #expect(names.lastIndex(of: "source")! < names.firstIndex(of: "text")!)
            let words = events.filter { $0.name == "text" }.map { event in
                (try? JSONSerialization.jsonObject(with: Data(event.data.utf8)) as? [String: Any])?["text"] as? String
                    ?? ""
            }.joined()
            let done = try JSONSerialization.jsonObject(with: Data(events.last!.data.utf8)) as! [String: Any]
            let message = done["message"] as! [String: Any]
            #expect(message["text"] as? String == words, "done carries the stored answer the words made")
            #expect(message["stopped"] as? Bool == false)
            #expect((done["quota"] as! [String: Any])["used"] as? Int == 1)

            // The time to the first words and to the end, for operators (and the load test's server-side figures).
            let metrics = String(buffer: try await client.call(.get, "/metrics").body)
            #expect(metrics.contains("repofinder_ask_first_words_seconds_count 1"))
            #expect(metrics.contains("repofinder_ask_answer_seconds_count 1"))
            #expect(metrics.contains(#"repofinder_ask_first_words_seconds_bucket{le="0.1"}"#))
        }
    }

    @Test("with a writing model: its words stream, the thread is told it; when it fails, a fallback event and a notice")
    func writingModel() async throws {
        let standIn = try ModelStandIn()
        defer { standIn.stop() }
        for (model, fails) in [("standin", false), ("standin-disconnect", true)] {
            let writer = ChatCompletionsWriter(
                AskModelConfiguration(baseURL: standIn.baseURL, model: model, key: standIn.key, timeout: .seconds(60)))
            try await withStore(.sqliteMemory) { test in
                try await ServerHarness.run(test, askWriter: writer) { client, _ in
                    let token = try await client.newToken()
                    let thread = try await Self.newThread(client, token)
                    _ = try await Self.ask(client, token, thread, "a cli tool in rust")
                    let response = try await Self.ask(client, token, thread, "kubernetes tools in Go", stream: true)
                    let events = ServerSentEvents.parse(String(buffer: response.body))
                    let done = try JSONSerialization.jsonObject(with: Data(events.last!.data.utf8)) as! [String: Any]
                    let message = done["message"] as! [String: Any]
                    let text = message["text"] as! String
                    #expect(events.contains { $0.name == "fallback" } == fails, "\(model)")
                    if fails {
                        #expect((message["notice"] as? String)?.contains("stopped mid-answer") == true)
                        #expect(!text.hasPrefix("The best fit"), "the engine's own words")
                    } else {
                        #expect(text.hasPrefix("The best fit is "), "\(text)")
                        #expect(!text.contains("[12]"))
                        #expect(message["notice"] == nil)
                    }
                    let detail = try await client.call(.get, "/v1/me/threads/\(thread)", token: token).json()
                    let stored = (detail["messages"] as! [[String: Any]]).last!
                    #expect(stored["text"] as? String == text, "kept as streamed")
                }
            }
            try await writer.shutdown()
        }
        let requests = try await standIn.requests()
        let followUp = try #require(requests.count == 4 ? requests[1]["messages"] as? [[String: String]] : nil)
        #expect(followUp.map { $0["role"] } == ["system", "user", "assistant", "user"], "the thread so far")
        #expect(followUp[1]["content"] == "a cli tool in rust")
    }

    @Test("a client that leaves over a real socket while the model writes: the model stops, its words kept as stopped")
    func goesAwayMidAnswer() async throws {
        let standIn = try ModelStandIn()
        defer { standIn.stop() }
        // Two pieces, then the model stays silent for a minute: the answer is under way when the client leaves.
        let writer = ChatCompletionsWriter(
            AskModelConfiguration(
                baseURL: standIn.baseURL, model: "standin-stall", key: standIn.key, timeout: .seconds(60)))
        try await withStore(.sqliteMemory) { test in
            try await ServerHarness.run(test, askWriter: writer, mode: .live) { client, _ in
                let port = try #require(client.port)
                let token = try await client.newToken()
                let thread = try await Self.newThread(client, token)
                let body = #"{"text":"a cli tool in rust"}"#
                let started = Date()
                let seen = try await offThePool {
                    let connection = try RawConnection(port: port)
                    _ = connection.send(
                        "POST /v1/me/threads/\(thread)/messages HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\n"
                            + "Accept: text/event-stream\r\nContent-Type: application/json\r\n"
                            + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
                    // The model's first words, then the connection is closed (released here).
                    return connection.read(until: "\"text\":\"The\"", timeout: 60)
                }
                #expect(seen.contains("event: text"), "\(seen)")
                var stored: [String: Any]?
                while Date().timeIntervalSince(started) < 50 {
                    let detail = try await client.call(.get, "/v1/me/threads/\(thread)", token: token).json()
                    // The answer is stored (stopped, with no words) as it begins: wait for what the client left.
                    if let messages = detail["messages"] as? [[String: Any]], messages.count == 2,
                        (messages.last?["text"] as? String)?.isEmpty == false
                    {
                        stored = messages.last
                        break
                    }
                    try await Task.sleep(for: .milliseconds(100))
                }
                let answer = try #require(stored, "the partial answer is kept")
                #expect(answer["stopped"] as? Bool == true)
                #expect((answer["text"] as? String)?.hasPrefix("The") == true, "\(answer)")
                #expect(Date().timeIntervalSince(started) < 30, "kept when the client left, not when the model woke")
            }
        }
        try await writer.shutdown()
    }

    @Test("bad questions get clear errors and count nothing", arguments: [Engine.sqliteMemory])
    func badInput(engine: Engine) async throws {
        try await ServerHarness.run(engine) { client, store in
            let token = try await client.newToken()
            let thread = try await Self.newThread(client, token)
            let path = "/v1/me/threads/\(thread)/messages"
            for (body, status) in [
                (#"{"text": "   "}"#, HTTPResponse.Status.badRequest),
                (#"{"text": "\#(String(repeating: "a", count: 501))"}"#, .badRequest),
                (#"{"txt": "hello"}"#, .badRequest), ("not json", .badRequest),
                (#"{"text": "why this one?", "repository": "not a name"}"#, .badRequest),
            ] {
                let response = try await client.call(.post, path, token: token, json: body)
                #expect(response.status == status, "\(body): \(String(buffer: response.body))")
                #expect(try response.errorCode() == "bad_request")
            }
            let unknown = try await client.call(
                .post, "/v1/me/threads/nope/messages", token: token, json: #"{"text": "hello"}"#)
            #expect(unknown.status == .notFound)
            #expect(try await client.call(.post, path, json: #"{"text": "hello"}"#).status == .unauthorized)
            let list = try await client.call(.get, "/v1/me/threads", token: token)
            #expect((try list.json()["quota"] as! [String: Any])["used"] as? Int == 0, "nothing was counted")
            _ = store
        }
    }

    @Test("the monthly quota: past it, 429 with the quota and its renewal date; next month it renews")
    func quota() async throws {
        let clock = ManualClock(Self.instant)
        var configuration = ServerConfiguration.unlimited
        configuration.askQuota = 2
        try await withStore(.sqliteMemory) { test in
            try await ServerHarness.run(test, configuration: configuration, clock: { clock.read() }) { client, _ in
                let token = try await client.newToken()
                let thread = try await Self.newThread(client, token)
                #expect(try await Self.ask(client, token, thread, "a cli tool in rust").status == .ok)
                let second = try await Self.ask(client, token, thread, "and for Go?")
                #expect((try second.json()["quota"] as! [String: Any])["left"] as? Int == 0)
                let third = try await Self.ask(client, token, thread, "and for Swift?")
                #expect(third.status == .tooManyRequests)
                #expect(try third.errorCode() == "quota_exhausted")
                let quota = try third.json()["quota"] as! [String: Any]
                #expect(quota["renewsOn"] as? String == "2026-12-01")
                #expect(quota["limit"] as? Int == 2)
                #expect((try third.json()["message"] as! String).contains("2026-12-01"))
                // Every 429 says when to come back (the contract requires it): at the latest when the quota renews.
                let wait = try #require(third.headers[.retryAfter].flatMap { Int($0) })
                #expect(wait >= 1 && wait <= 31 * 86_400, "\(wait) s: at most a month")
                let streamed = try await Self.ask(client, token, thread, "and for Swift?", stream: true)
                #expect(streamed.status == .tooManyRequests, "refused before any event is sent")
                #expect(streamed.headers[.retryAfter] != nil)
                clock.advance(8 * 86_400)
                #expect(try await Self.ask(client, token, thread, "and for Swift?").status == .ok, "a new month")
            }
        }
    }

    @Test("a person who goes away stops the answer; what it wrote is kept, marked stopped")
    func stoppedAnswerIsKept() async throws {
        try await withStore(.sqliteMemory) { test in
            try await SyntheticCatalog.seed(test.store)
            let deck = try await APIServer.makeDeck(store: test.store, logger: ServerHarness.quietLogger)
            let user = try await test.store.createUser(tokenHash: "ask-stop", at: Self.instant).id
            try await test.store.createThread(
                AskThread(id: "t", title: "New thread", createdAt: Self.instant), userID: user)
            let desk = AskDesk(
                store: test.store, recommender: { deck.recommender },
                sessions: DealingSessions(store: test.store, served: deck.served), limit: nil, clock: { Self.instant },
                engine: AnswerEngine())
            let asking = try await desk.begin(userID: user, threadID: "t", text: "a cli tool in rust", card: nil)
            let work = Task { try await desk.answer(asking) { _ in withUnsafeCurrentTask { $0?.cancel() } } }
            let answered = try await work.value
            #expect(answered.message.stopped)
            let kept = try await test.store.messages(threadID: "t", userID: user) ?? []
            #expect(kept.map(\.role) == [.user, .assistant])
            #expect(kept.last?.stopped == true)
        }
    }

    @Test("retention: threads untouched for 90 days go unless pinned; export and account deletion include threads")
    func retentionAndExport() async throws {
        try await withStore(.sqliteMemory) { test in
            try await ServerHarness.run(test) { client, test in
                let token = try await client.newToken()
                let thread = try await Self.newThread(client, token)
                _ = try await Self.ask(client, token, thread, "a cli tool in rust")
                let export = try await client.call(.get, "/v1/me/export", token: token)
                let threads = try export.json()["threads"] as! [[String: Any]]
                #expect(threads.count == 1)
                #expect((threads[0]["messages"] as! [[String: Any]]).count == 2)
                let service = AskRetentionService(
                    store: test.store, clock: ContinuousClock(), logger: ServerHarness.quietLogger)
                #expect(await service.sweep(now: Date().addingTimeInterval(89 * 86_400)) == 0)
                #expect(await service.sweep(now: Date().addingTimeInterval(91 * 86_400)) == 1)
                #expect(try await client.call(.get, "/v1/me/threads/\(thread)", token: token).status == .notFound)
                #expect(try await client.call(.delete, "/v1/me", token: token).status == .noContent)
            }
        }
    }
}

/// Server-sent events as a client reads them (the tests' own reading; the app core has its parser).
enum ServerSentEvents {
    struct Event {
        var name: String
        var data: String
    }

    static func parse(_ text: String) -> [Event] {
        text.components(separatedBy: "\n\n").compactMap { block in
            var name = "message"
            var data: [String] = []
            for line in block.split(separator: "\n") {
                if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
                if line.hasPrefix("data: ") { data.append(String(line.dropFirst(6))) }
            }
            return data.isEmpty ? nil : Event(name: name, data: data.joined(separator: "\n"))
        }
    }
}
