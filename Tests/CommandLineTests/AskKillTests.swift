import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Issue 42, finding 8: `kill -9` while an answer streams. The question was counted; after a restart the thread holds
/// it with an answer marked stopped that says so, never a question left without one.
@Suite("repofinder serve: kill -9 during an Ask stream")
struct AskKillTests {
    typealias ServerProcess = ServerProcessTests.ServerProcess

    @Test("after kill -9 mid-answer and a restart, the question has a stopped answer", .timeLimit(.minutes(5)))
    func stoppedAnswerSurvivesKill() async throws {
        let helper = ServerProcessTests()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("repofinder-ask-kill-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try await helper.makeDatabase(in: directory)
        // About 35 pieces 3 s apart: the answer is still being written a minute and a half in, so a kill meant for
        // one second after the model is asked lands mid-answer even when a busy parallel run delays this task by
        // many seconds (a 9 s window was missed once on CI).
        let model = try ModelStandIn(delay: 3)
        defer { model.stop() }
        let environment = [
            "ASK_MODEL_URL": model.baseURL.absoluteString, "ASK_MODEL_NAME": "standin", "ASK_MODEL_KEY": model.key,
            "ASK_MODEL_TIMEOUT_SECONDS": "30",
        ]

        let first = try ServerProcess(database: database, directory: directory, environment: environment)
        defer { if first.process.isRunning { first.process.terminate() } }
        try await first.waitUntilListening()
        let (created, account) = try await helper.send("POST", first.url.appendingPathComponent("v1/users"))
        #expect(created == 201)
        let token = try #require(
            (try JSONSerialization.jsonObject(with: account) as? [String: Any])?["token"] as? String)
        let (_, threadBody) = try await helper.send(
            "POST", first.url.appendingPathComponent("v1/me/threads"), token: token)
        let thread = try #require(
            (try JSONSerialization.jsonObject(with: threadBody) as? [String: Any])?["id"] as? String)
        let threadURL = first.url.appendingPathComponent("v1/me/threads/\(thread)")

        // The stream: it never finishes here (the server dies under it).
        let streaming = Task {
            var request = URLRequest(url: threadURL.appendingPathComponent("messages"))
            request.httpMethod = "POST"
            request.timeoutInterval = 60
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
            request.httpBody = Data(#"{"text": "swift projects"}"#.utf8)
            _ = try? await URLSession.shared.data(for: request)
        }
        // Kill once the model is writing: the question is stored and the model has been asked.
        let deadline = ContinuousClock.now + .seconds(30)
        while try await model.requests().isEmpty, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
        }
        try await Task.sleep(for: .seconds(1))
        await first.kill9()
        _ = await streaming.value

        let second = try ServerProcess(database: database, directory: directory)
        try await second.waitUntilListening()
        defer { if second.process.isRunning { second.process.terminate() } }
        let (status, body) = try await helper.send(
            "GET", second.url.appendingPathComponent("v1/me/threads/\(thread)"), token: token)
        #expect(status == 200)
        let messages = try #require(
            (try JSONSerialization.jsonObject(with: body) as? [String: Any])?["messages"] as? [[String: Any]])
        #expect(messages.map { $0["role"] as? String } == ["user", "assistant"], "the question has its answer")
        let answer = try #require(messages.last)
        #expect(answer["stopped"] as? Bool == true)
        #expect((answer["notice"] as? String)?.contains("stopped") == true, "the answer says why it is cut short")
        let (_, listBody) = try await helper.send(
            "GET", second.url.appendingPathComponent("v1/me/threads"), token: token)
        let list = try #require(try JSONSerialization.jsonObject(with: listBody) as? [String: Any])
        #expect((list["quota"] as? [String: Any])?["used"] as? Int == 1, "the question was counted")
        let listed = (list["groups"] as? [[String: Any]] ?? []).flatMap { $0["threads"] as? [[String: Any]] ?? [] }
        #expect(listed.first?["preview"] as? String == "swift projects", "the preview stays the question")
    }
}
