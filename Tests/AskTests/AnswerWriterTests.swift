import Ask
import AskLive
import Foundation
import RepoFinderCore
import Storage
import TestSupport
import Testing

/// The optional writing model: a separate stand-in process speaking OpenAI's streamed chat completions, so the
/// writer speaks real HTTP. The model words the answer; its citations are kept to the sources; whatever way it fails,
/// the engine answers instead, with a notice.
@Suite("Ask's writing model: streamed through, citations kept to the sources, the engine when it fails")
struct AnswerWriterTests {
    static let question = "a web framework for Swift"

    func writer(
        _ standIn: ModelStandIn, model: String = "standin", key: String? = nil, timeout: Duration = .seconds(60)
    )
        -> ChatCompletionsWriter
    {
        ChatCompletionsWriter(
            AskModelConfiguration(
                baseURL: standIn.baseURL, model: model, key: key ?? standIn.key, timeout: timeout))
    }

    /// The events of answering `question` with `writer`, and the answer; the writer is shut down after unless
    /// `shutDown` is false (others still use it).
    func answer(
        _ writer: ChatCompletionsWriter, earlier: [AskTurn] = [], shutDown: Bool = true
    ) async throws -> ([AskEvent], Answer) {
        var events: [AskEvent] = []
        try await AnswerEngineTests().withTools { tools in
            let stream = AsyncThrowingStream<AskEvent, any Error> { continuation in
                let task = Task {
                    do {
                        let answer = try await AnswerEngine(writer: writer).answer(
                            Self.question, earlier: earlier, tools: tools
                        ) { continuation.yield($0) }
                        continuation.yield(.done(answer))
                        continuation.finish()
                    } catch {
                        continuation.finish(throwing: error)
                    }
                }
                continuation.onTermination = { _ in task.cancel() }
            }
            for try await event in stream { events.append(event) }
        }
        if shutDown { try await writer.shutdown() }
        guard case .done(let answer) = events.last else {
            Issue.record("the stream ended without an answer")
            throw CancellationError()
        }
        return (events, answer)
    }

    /// The engine's own answer to the question.
    func embedded() async throws -> Answer {
        var answer: Answer?
        try await AnswerEngineTests().withTools { tools in
            answer = try await AnswerEngine().answer(Self.question, tools: tools)
        }
        return answer!
    }

    @Test(
        "the model's words stream through, each citation kept to the sources; it is told the question, the thread and the facts"
    )
    func modelWordsTheAnswer() async throws {
        let standIn = try ModelStandIn()
        defer { standIn.stop() }
        let earlier = [
            AskTurn(role: .user, text: "a cli tool in rust"), AskTurn(role: .assistant, text: "ripgrep [1]"),
        ]
        let (events, answer) = try await answer(writer(standIn), earlier: earlier)
        #expect(
            answer.text == "The best fit is vapor/vapor [1]; compare Kitura/Kitura [2]. An imagined one is left out.",
            "[12] is no source: dropped")
        #expect(answer.notice == nil)
        #expect(answer.sources.map(\.fullName) == ["vapor/vapor", "Kitura/Kitura"], "the sources stay the tools'")
        let texts = events.compactMap { if case .text(let words) = $0 { words } else { nil } }
        #expect(texts.count > 10, "streamed through piece by piece")
        #expect(texts.joined() == answer.text)
        #expect(!events.contains { if case .fallback = $0 { true } else { false } })

        let requests = try await standIn.requests()
        #expect(requests.count == 1)
        let request = try #require(requests.first)
        #expect(request["stream"] as? Bool == true)
        #expect(request["authorization"] as? String == "Bearer \(standIn.key)")
        let messages = try #require(request["messages"] as? [[String: String]])
        #expect(messages.map { $0["role"] } == ["system", "user", "assistant", "user"])
        let last = try #require(messages.last?["content"])
        #expect(last.contains("Question: a web framework for Swift"))
        #expect(last.contains("• vapor/vapor [1]: A server-side Swift HTTP web framework."))
        #expect(last.contains("Searched “web framework” in Swift"))
    }

    @Test("a server that answers the whole completion at once is read too")
    func wholeCompletion() async throws {
        let standIn = try ModelStandIn()
        defer { standIn.stop() }
        let (_, answer) = try await answer(writer(standIn, model: "standin-whole"))
        #expect(answer.text.hasPrefix("The best fit is vapor/vapor [1]"))
        #expect(answer.notice == nil)
    }

    @Test(
        "whatever way the model fails, the engine answers, with a notice; words it wrote are withdrawn",
        arguments: [
            ("standin-stall", "went silent for 1 s"), ("standin-silent", "went silent for 1 s"),
            ("standin-disconnect", "stopped mid-answer"), ("standin-malformed", "sent a piece that is not JSON"),
            ("standin-error-chunk", "failed: The model crashed."),
            ("standin-overloaded", "answered 503: The model is overloaded"), ("standin-nothing", "answered nothing"),
            ("wrong-key", "answered 401: Incorrect API key provided."),
        ])
    func failuresFallBack(model: String, reason: String) async throws {
        let standIn = try ModelStandIn()
        defer { standIn.stop() }
        // A silent model is given up on after its timeout (1 s; the stand-in would wait a minute); the others have
        // time to spare, so a busy machine cannot make them look silent.
        let timeout: Duration = reason.hasPrefix("went silent") ? .seconds(1) : .seconds(60)
        let writer =
            model == "wrong-key"
            ? writer(standIn, key: "not-the-key", timeout: timeout) : writer(standIn, model: model, timeout: timeout)
        let (events, answer) = try await answer(writer)
        let expected = try await embedded()
        #expect(answer.text == expected.text, "the engine's own answer")
        #expect(answer.sources == expected.sources)
        let notice = try #require(answer.notice)
        #expect(notice.contains(reason), "\(notice)")
        let fallback = try #require(events.firstIndex { if case .fallback = $0 { true } else { false } })
        let after = events[fallback...].compactMap { if case .text(let words) = $0 { words } else { nil } }
        #expect(after.joined() == expected.text, "after the fallback, the engine's words")
    }

    @Test("a model nobody answers at is a notice too")
    func unreachable() async throws {
        let writer = ChatCompletionsWriter(
            AskModelConfiguration(baseURL: URL(string: "http://127.0.0.1:9/v1")!, model: "m", timeout: .seconds(2)))
        let (_, answer) = try await answer(writer)
        #expect(answer.notice?.contains("could not be reached (127.0.0.1:9: connection refused)") == true, "\(answer)")
    }

    @Test("citations of anything but the sources are dropped, however the text is split")
    func citationFilter() {
        let text = "Try a/b [1]; compare c/d [2, 12]. Not [12] this [0], see [the docs], [3]x and [1][2]"
        let expected = "Try a/b [1]; compare c/d [2]. Not this, see [the docs],x and [1][2]"
        func filtered(_ pieces: [String]) -> String {
            var filter = CitationFilter(sources: 2)
            return pieces.map { filter.feed($0) }.joined() + filter.finish()
        }
        #expect(filtered([text]) == expected)
        for split in 1..<text.count {
            let cut = text.index(text.startIndex, offsetBy: split)
            #expect(filtered([String(text[..<cut]), String(text[cut...])]) == expected, "split at \(split)")
        }
        #expect(filtered(text.map { String($0) }) == expected)
        var none = CitationFilter(sources: 0)
        #expect(none.feed("nothing [1] here") + none.finish() == "nothing here")
    }
}
