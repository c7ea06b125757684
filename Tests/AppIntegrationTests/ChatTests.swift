import AppFeatures
import AppServerSupport
import Ask
import AskLive
import Foundation
import OpenAPIRuntime
import RepoFinderClient
import RepoFinderCore
import Storage
import TestSupport
import Testing

@Suite("Ask in the app core: the real server over HTTP, streamed answers, threads, the quota")
struct ChatTests {
    @Test("an answer streams over HTTP as server-sent events: chips, sources, many words, then the kept answer")
    func streamsOverHTTP() async throws {
        try await LiveServer.run { url, _ in
            let client = LiveServer.client(url)
            let thread = try await client.newThread()
            var events: [ChatStreamEvent] = []
            for try await event in client.ask("a cli tool in rust", in: thread.id, about: nil) { events.append(event) }
            guard case .done(let answer, let kept, let quota) = events.last else {
                Issue.record("no done event: \(events)")
                return
            }
            let words = events.compactMap { if case .text(let words) = $0 { words } else { nil } }
            #expect(words.count > 5)
            #expect(words.joined() == answer.text)
            let sources = events.compactMap { if case .source(let repository) = $0 { repository } else { nil } }
            #expect(sources == answer.sources)
            #expect(sources.allSatisfy { $0.language == "Rust" })
            #expect(events.contains { if case .tool = $0 { true } else { false } })
            #expect(kept.title == "a cli tool in rust")
            #expect(quota.used == 1)
            let (_, messages) = try await client.thread(thread.id)
            #expect(messages.map(\.role) == [.user, .assistant])
            #expect(messages[1].sources == answer.sources)
        }
    }

    @Test("server-sent events split at every byte boundary read the same")
    func everyByteBoundary() async throws {
        let stream = """
            event: tool
            data: {"chip":"Searched “cli” in Rust · 5 found","inputs":{"language":"Rust","query":"cli"},"name":"search"}

            event: queued
            data: {"position":2}

            event: text
            data: {"text":"For “cli” in Rust, these fit best:"}

            :

            event: fallback
            data: {"notice":"The writing model went silent for 10 s, so this answer was written from the facts alone."}

            event: text
            data: {"text":"\\n• rust-dev0/rust-project-0 [1]"}

            : a comment line, skipped
            event: error
            data: {"error":"unavailable","message":"The database did not answer."}


            """
        let bytes = Array(stream.utf8)
        let whole = try await Self.read([bytes[...]])
        #expect(whole.events.count == 5, "the heartbeat (a lone comment) is no event")
        #expect(whole.events[1] == .queued(position: 2), "the answer's place in line for the writing model")
        #expect(
            whole.events[3]
                == .fallback(
                    notice: "The writing model went silent for 10 s, so this answer was written from the facts alone."))
        #expect(
            whole.events.first
                == .tool(
                    ChatToolChip(
                        name: "search", chip: "Searched “cli” in Rust · 5 found",
                        inputs: ["language": "Rust", "query": "cli"])))
        #expect(whole.events.last == .text("\n• rust-dev0/rust-project-0 [1]"))
        #expect(whole.failure == .serverTrouble("The database did not answer."))
        for split in 1..<bytes.count {
            let read = try await Self.read([bytes[..<split], bytes[split...]])
            #expect(read.events == whole.events, "split at byte \(split)")
            #expect(read.failure == whole.failure, "split at byte \(split)")
        }
        let byteByByte = try await Self.read(bytes.indices.map { bytes[$0...$0] })
        #expect(byteByByte.events == whole.events)
    }

    /// The events a body of these chunks makes, and the failure it ends with.
    static func read(_ chunks: [ArraySlice<UInt8>]) async throws -> (events: [ChatStreamEvent], failure: ClientFailure?)
    {
        let (source, continuation) = AsyncStream.makeStream(of: ArraySlice<UInt8>.self)
        for chunk in chunks { continuation.yield(chunk) }
        continuation.finish()
        let body = HTTPBody(source, length: .unknown, iterationBehavior: .single)
        var events: [ChatStreamEvent] = []
        do {
            for try await event in ChatMapping.events(body) { events.append(event) }
        } catch let failure as ClientFailure {
            return (events, failure)
        }
        return (events, nil)
    }

    @Test("a writing model that fails midway: the words so far withdrawn, the engine's answer with its notice")
    @MainActor
    func writingModelFallsBack() async throws {
        let standIn = try ModelStandIn()
        defer { standIn.stop() }
        let writer = ChatCompletionsWriter(
            AskModelConfiguration(
                baseURL: standIn.baseURL, model: "standin-disconnect", key: standIn.key, timeout: .seconds(60)))
        try await LiveServer.run(askWriter: writer) { @MainActor url, _ in
            let client = LiveServer.client(url)
            let thread = try await client.newThread()
            var events: [ChatStreamEvent] = []
            for try await event in client.ask("a cli tool in rust", in: thread.id, about: nil) { events.append(event) }
            let fallback = try #require(events.firstIndex { if case .fallback = $0 { true } else { false } })
            guard case .fallback(let notice) = events[fallback], case .done(let answer, _, _) = events.last else {
                Issue.record("no fallback and done: \(events)")
                return
            }
            #expect(notice.contains("stopped mid-answer"))
            let before = events[..<fallback].compactMap { if case .text(let words) = $0 { words } else { nil } }
            // Its first pieces ("The", " be") come before it fails; a busy machine may read the close with the second,
            // or with both (then the server has relayed none and there is nothing to withdraw: seen once on CI).
            #expect("The be".hasPrefix(before.joined()), "\(before)")
            let after = events[fallback...].compactMap { if case .text(let words) = $0 { words } else { nil } }
            #expect(after.joined() == answer.text)
            #expect(answer.notice == notice)

            let chat = ChatViewModel(service: client, threadID: thread.id)
            await chat.load().value
            #expect(chat.messages.last?.notice == notice, "kept with the answer")
            await chat.ask("kubernetes tools in Go").value
            #expect(chat.messages.last?.notice?.contains("stopped mid-answer") == true)
            #expect(chat.streaming == nil)
        }
        try await writer.shutdown()
    }

    @Test("the chat and threads view models: ask, stream, keep; history groups, pin, archive; the quota said kindly")
    @MainActor
    func viewModels() async throws {
        try await LiveServer.run(askQuota: 2) { @MainActor url, _ in
            let client = LiveServer.client(url)
            let threads = ThreadsViewModel(service: client, timeZone: "Europe/Lisbon")
            let thread = try await threads.newThread()
            let chat = ChatViewModel(service: client, threadID: thread.id)
            await chat.load().value
            #expect(chat.state == .ready)
            chat.draft = "a cli tool in rust"
            await chat.ask().value
            #expect(chat.state == .ready)
            #expect(chat.streaming == nil)
            #expect(chat.messages.map(\.role) == [.user, .assistant])
            #expect(!(chat.messages.last?.sources.isEmpty ?? true))
            #expect(chat.announcement == chat.messages.last?.text, "the finished answer is announced once")
            #expect(chat.quota?.left == 1)
            #expect(chat.thread?.title == "a cli tool in rust")

            await threads.send(.appear).value
            guard case .loaded(let listed) = threads.state else {
                Issue.record("threads not loaded: \(threads.state)")
                return
            }
            #expect(listed.groups.map(\.title) == ["Today"])
            #expect(threads.quotaLine?.hasPrefix("1 of 2 questions left this month") == true)
            await threads.send(.pin(id: thread.id, true)).value
            guard case .loaded(let pinned) = threads.state else { return }
            #expect(pinned.groups.map(\.title) == ["Pinned"])

            await chat.ask("and for Go?").value
            await chat.ask("and for Swift?").value
            #expect(chat.notice?.contains("renews on") == true, "\(chat.notice ?? "")")
            #expect(chat.draft == "and for Swift?", "the question not asked goes back into the field")
            #expect(chat.messages.count == 4)
        }
    }
}
