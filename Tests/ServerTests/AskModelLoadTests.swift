import Ask
import AskLive
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import RepoFinderCore
import TestSupport
import Testing

@testable import RepoFinderServer

/// Issue 42, finding 5: many answers at once against a slow writing model, over real sockets. One account streams at
/// most two answers at once; answers beyond the model's connections wait in a queue and their streams say so; every
/// notice is in plain words.
@Suite(
    "Server: Ask under load — two answers per account, the model's queue, notices in plain words", .serialized)
struct AskModelLoadTests {
    /// A streamed answer as a client read it over its own connection.
    struct Streamed: Sendable {
        var status: Int
        var head: String
        var events: [ServerSentEvents.Event]

        /// The `data` of each event named `name`, as JSON objects.
        func data(_ name: String) -> [[String: Any]] {
            events.filter { $0.name == name }.compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.data.utf8)) as? [String: Any]
            }
        }

        /// The stored answer the `done` event carries.
        var message: [String: Any]? { data("done").first?["message"] as? [String: Any] }

        /// Every notice the stream carried: `fallback` events' and the stored answer's.
        var notices: [String] {
            data("fallback").compactMap { $0["notice"] as? String } + [message?["notice"] as? String].compactMap(\.self)
        }
    }

    /// A response as a client read it over a connection of its own: status, head and (unchunked) body.
    struct Exchanged: Sendable {
        var status: Int
        var head: String
        var body: String

        /// The value of the header `name` (any case), if the head has it.
        func header(_ name: String) -> String? {
            head.components(separatedBy: "\r\n").dropFirst().first {
                $0.lowercased().hasPrefix(name.lowercased() + ":")
            }
            .map { String($0.dropFirst(name.count + 1)).trimmingCharacters(in: .whitespaces) }
        }

        /// The body as a JSON object.
        var json: [String: Any]? { try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any] }
    }

    /// Sends one request over a connection of its own (`Connection: close`) and reads the whole response. Every
    /// request of these tests does: the harness's one shared connection, idle while slow answers stream, may be
    /// closed by the server on a machine busy with the rest of the suite.
    static func exchange(
        port: Int, _ method: String, _ path: String, token: String, body: String? = nil,
        accept: String = "application/json"
    ) async throws -> Exchanged {
        var request = "\(method) \(path) HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\nAccept: \(accept)\r\n"
        if let body {
            request += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
        }
        request += "Connection: close\r\n\r\n" + (body ?? "")
        let message = request
        // A thread of its own: Dispatch's workers grow by about one a second once all are blocked.
        let raw = try await onOwnThread {
            let connection = try RawConnection(port: port)
            connection.send(message)
            return connection.readUntilClosed(timeout: 60).text
        }
        let parts = raw.components(separatedBy: "\r\n\r\n")
        let head = parts.first ?? ""
        let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        let payload = parts.dropFirst().joined(separator: "\r\n\r\n")
        let text = head.lowercased().contains("transfer-encoding: chunked") ? Self.unchunked(payload) : payload
        return Exchanged(status: status, head: head, body: text)
    }

    /// Asks `text` in `thread` over a connection of its own, as a stream (`Accept: text/event-stream`) or whole.
    static func ask(port: Int, token: String, thread: String, _ text: String, stream: Bool) async throws -> Exchanged {
        try await exchange(
            port: port, "POST", "/v1/me/threads/\(thread)/messages", token: token, body: #"{"text":"\#(text)"}"#,
            accept: stream ? "text/event-stream" : "application/json")
    }

    /// Asks `text` in `thread` as a stream over a connection of its own and reads the whole response.
    static func stream(port: Int, token: String, thread: String, _ text: String = "a cli tool in rust") async throws
        -> Streamed
    {
        let answer = try await ask(port: port, token: token, thread: thread, text, stream: true)
        return Streamed(status: answer.status, head: answer.head, events: ServerSentEvents.parse(answer.body))
    }

    /// A chunked body's content.
    static func unchunked(_ body: String) -> String {
        let bytes = Array(body.utf8)
        var content: [UInt8] = []
        var at = 0
        while let lineEnd = (at..<max(at, bytes.count - 1)).first(where: { bytes[$0] == 13 && bytes[$0 + 1] == 10 }),
            let size = Int(String(decoding: bytes[at..<lineEnd], as: UTF8.self), radix: 16), size > 0
        {
            let start = lineEnd + 2
            let stop = min(start + size, bytes.count)
            content += bytes[start..<stop]
            at = stop + 2
        }
        return String(decoding: content, as: UTF8.self)
    }

    /// Whether `notice` names a Swift error (`HTTPClientError.getConnectionFromPoolTimeout`, `NIOCore.IOError`).
    static func namesAnError(_ notice: String) -> Bool {
        let pattern = #"[A-Z][A-Za-z]*(Error|Failure)\b|\b[A-Za-z]+\.[a-z]+[A-Z][A-Za-z]*"#
        return notice.range(of: pattern, options: .regularExpression) != nil
    }

    @Test("a third answer at once from one account: 429 ask_busy with Retry-After 1, nothing counted")
    func thirdStreamRefused() async throws {
        // About 35 pieces 300 ms apart: each of the first two answers takes about ten seconds, so both are still
        // being written when the third comes, even on a machine busy with the rest of the suite. The later answers
        // are quick (below). Every request after the first two is sent over a connection of its own.
        let standIn = try ModelStandIn(delay: 0.3)
        defer { standIn.stop() }
        let writer = ChatCompletionsWriter(
            AskModelConfiguration(baseURL: standIn.baseURL, model: "standin", key: standIn.key, timeout: .seconds(30)))
        try await withStore(.sqliteMemory) { test in
            try await ServerHarness.run(test, askWriter: writer, mode: .live) { client, _ in
                let port = try #require(client.port)
                let token = try await client.newToken()
                let thread = try await AskServerTests.newThread(client, token)
                let other = try await client.newToken()
                let otherThread = try await AskServerTests.newThread(client, other)
                async let first = Self.stream(port: port, token: token, thread: thread)
                async let second = Self.stream(port: port, token: token, thread: thread)
                // Both are being written: the model has been asked twice (a fixed pause was once too short for both
                // to start, or too long for neither to end).
                let deadline = ContinuousClock.now + .seconds(60)
                while try await standIn.requests().count < 2, ContinuousClock.now < deadline {
                    try await Task.sleep(for: .milliseconds(50))
                }
                let third = try await Self.ask(port: port, token: token, thread: thread, "and for Go?", stream: true)
                #expect(third.status == 429, "\(third.body)")
                #expect(third.json?["error"] as? String == "ask_busy", "\(third.body)")
                #expect(third.header("Retry-After") == "1")
                let whole = try await Self.ask(port: port, token: token, thread: thread, "and for Go?", stream: false)
                #expect(whole.status == 429, "the JSON form counts too")
                try await standIn.answer(delay: 0.01)
                // Whole answers are read over connections of their own: the test client gives up after 20 s, which a
                // ten-second answer can take on a machine busy with the rest of the suite.
                let someoneElse = try await Self.stream(port: port, token: other, thread: otherThread)
                #expect(someoneElse.status == 200, "another account is not held up")
                let answered = try await [first, second]
                #expect(answered.map(\.status) == [200, 200])
                #expect(answered.allSatisfy { $0.message?["stopped"] as? Bool == false })
                let afterwards = try await Self.stream(port: port, token: token, thread: thread, "and for Go?")
                #expect(afterwards.status == 200, "a slot is free again once an answer is done")
                let list = try await Self.exchange(port: port, "GET", "/v1/me/threads", token: token)
                let used = (list.json?["quota"] as? [String: Any])?["used"] as? Int
                #expect(used == 3, "the refused were not counted")
            }
        }
        try await writer.shutdown()
    }

    /// Ten answers streamed at once over real sockets, two from each of five new accounts.
    static func tenAtOnce(_ client: any TestClientProtocol) async throws -> [Streamed] {
        let port = try #require(client.port)
        var askers: [(token: String, thread: String)] = []
        for _ in 0..<5 {
            let token = try await client.newToken()
            askers.append((token, try await AskServerTests.newThread(client, token)))
        }
        return try await withThrowingTaskGroup(of: Streamed.self) { group in
            for (token, thread) in askers + askers {
                group.addTask { try await Self.stream(port: port, token: token, thread: thread) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    @Test("answers beyond the model's connections wait their turn, the stream says so, and the model words them")
    func queuedAnswersGetTheModel() async throws {
        // About 35 pieces 300 ms apart: eight answers hold the connections for ten seconds, so two wait even when a
        // busy machine starts them seconds late.
        let standIn = try ModelStandIn(delay: 0.3)
        defer { standIn.stop() }
        // The default pool: 8 connections; 10 answers from 5 accounts.
        let writer = ChatCompletionsWriter(
            AskModelConfiguration(baseURL: standIn.baseURL, model: "standin", key: standIn.key, timeout: .seconds(20)))
        try await withStore(.sqliteMemory) { test in
            try await ServerHarness.run(test, askWriter: writer, mode: .live) { client, _ in
                let answers = try await Self.tenAtOnce(client)
                #expect(answers.map(\.status) == Array(repeating: 200, count: 10))
                let queued = answers.filter { !$0.data("queued").isEmpty }
                #expect(queued.count >= 2, "two answers waited for a connection and were told")
                for answer in queued {
                    let positions = answer.data("queued").compactMap { $0["position"] as? Int }
                    #expect(positions.allSatisfy { $0 >= 1 } && positions == positions.sorted(by: >), "\(positions)")
                    let names = answer.events.map(\.name)
                    #expect(names.firstIndex(of: "queued")! < names.firstIndex(of: "text")!)
                }
                for answer in answers {
                    #expect(answer.notices.isEmpty, "\(answer.notices)")
                    #expect((answer.message?["text"] as? String)?.hasPrefix("The best fit is ") == true)
                }
            }
        }
        try await writer.shutdown()
    }

    @Test("a wait longer than the model's timeout falls back, and every notice is in plain words")
    func queueTimeoutInPlainWords() async throws {
        // About 35 pieces 100 ms apart: the model never goes silent for a second, but each answer takes 3.5 s.
        let standIn = try ModelStandIn(delay: 0.1)
        defer { standIn.stop() }
        let writer = ChatCompletionsWriter(
            AskModelConfiguration(baseURL: standIn.baseURL, model: "standin", key: standIn.key, timeout: .seconds(1)))
        try await withStore(.sqliteMemory) { test in
            try await ServerHarness.run(test, askWriter: writer, mode: .live) { client, _ in
                let answers = try await Self.tenAtOnce(client)
                #expect(answers.map(\.status) == Array(repeating: 200, count: 10))
                let fellBack = answers.filter { !$0.notices.isEmpty }
                #expect(fellBack.count >= 2, "the answers that found no connection within a second")
                for answer in answers {
                    for notice in answer.notices {
                        #expect(!Self.namesAnError(notice), "\(notice)")
                    }
                }
                for answer in fellBack {
                    #expect(!answer.data("queued").isEmpty, "it was told it waited")
                    #expect(answer.notices.allSatisfy { $0.contains("busy") }, "\(answer.notices)")
                    #expect(answer.message?["stopped"] as? Bool == false)
                }
            }
        }
        try await writer.shutdown()
    }
}
