import APISchemas
import Ask
import Foundation
import HTTPTypes
import Hummingbird
import Localization
import NIOCore
import RepoFinderAPI
import RepoFinderCore
import Storage
import Synchronization

/// `POST /v1/me/threads/{id}/messages`, answered by hand: with `Accept: text/event-stream` the answer streams as
/// server-sent events (`tool`, `source`, `text`, then `done` or `error`) while the engine writes it; otherwise the
/// whole exchange comes as one `AskAnswer`. A client that goes away stops the work; what was answered by then is kept,
/// marked stopped.
struct AskEndpoint: HandAnsweredEndpoint {
    static let operation = ContractOperation(method: .post, path: "/v1/me/threads/{id}/messages")
    /// How long a stream may go without a write before a comment line (`:`, which clients skip) is sent: a client that
    /// left is then noticed — only a write tells — while a slow writing model is silent, and proxies keep the stream.
    static let heartbeat = Duration.seconds(1)
    /// The largest question body read (a question is at most 500 characters): beyond it 413 `content_too_large`.
    static let maximumBodySize = 64 * 1024

    let api: APIHandlers

    func respond(to request: Request, context: ServerContext) async throws -> Response {
        let started = ContinuousClock.now
        let userID = try await api.accounts.authenticate()
        guard let threadID = context.parameters.get("id"), (1...100).contains(threadID.count) else {
            throw APIError.badRequest(APIError.text("error.thread.id-invalid"))
        }
        var request = request
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: Self.maximumBodySize)
        } catch is NIOTooManyBytesError {
            throw APIError.tooLarge(limit: Self.maximumBodySize)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw APIError.tooLarge(limit: Self.maximumBodySize)
        }
        let question: Components.Schemas.AskQuestion
        do {
            question = try JSONDecoder().decode(Components.Schemas.AskQuestion.self, from: Data(body.readableBytesView))
        } catch {
            throw APIError.badRequest(APIError.text("error.question.not-json-example"))
        }
        // Before it is counted or stored: an account writes at most two answers at once (429 `ask_busy`).
        let slot = try api.answersInProgress.begin(userID: userID)
        // The repositories an answer cites count as dealt to the person, for their maintainers' dashboards.
        let cited: Cited = { [api] sources in
            await api.recordDealt(sources.map(\.repositoryName), source: .ask, userID: userID)
        }
        let desk = api.askDesk
        let asking = try await desk.begin(
            userID: userID, threadID: threadID, text: question.text, card: question.repository)
        guard request.headers[.accept]?.contains("text/event-stream") ?? false else {
            defer { slot.end() }
            return try await Self.whole(asking, desk: desk, cited: cited)
        }
        return Self.stream(asking, desk: desk, metrics: api.metrics, started: started, slot: slot, cited: cited)
    }

    /// What is told the repositories an answer cited.
    typealias Cited = @Sendable ([Repository]) async -> Void

    /// The whole exchange as one `AskAnswer`.
    static func whole(_ asking: AskDesk.Asking, desk: AskDesk, cited: Cited = { _ in }) async throws -> Response {
        let answered = try await desk.answer(asking) { _ in }
        await cited(answered.sources)
        let now = desk.clock()
        let quota = desk.quota(asking.quota)
        let body = Components.Schemas.AskAnswer(
            question: APISchemas.askMessage(asking.question, sources: [], now: now),
            answer: APISchemas.askMessage(answered.message, sources: answered.sources, now: now),
            thread: APISchemas.askThread(answered.thread),
            quota: APISchemas.askQuota(used: quota.used, limit: quota.limit, renewsOn: quota.renewsOn))
        return Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: try SchemaJSON.line(body))))
    }

    /// The answer as server-sent events, written as the engine produces them, with a comment line after each
    /// ``heartbeat`` of silence. The time from `started` to the first words written and to the end goes to `metrics`;
    /// `slot` (the account's answer under way) ends with the stream.
    static func stream(
        _ asking: AskDesk.Asking, desk: AskDesk, metrics: ServerMetrics, started: ContinuousClock.Instant,
        slot: AnswerSlot? = nil, cited: @escaping Cited = { _ in }
    ) -> Response {
        let headers: HTTPFields = [
            .contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-cache",
            HTTPField.Name("X-Accel-Buffering")!: "no",
        ]
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                defer { slot?.end() }
                // Written after the handler returned: in the language asked in, as the handler was.
                try await Language.$chosen.withValue(asking.language) {
                    try await streamEvents(
                        asking, desk: desk, metrics: metrics, started: started, cited: cited, to: &writer)
                }
            })
    }

    /// Writes the answer's events to `writer` as they come, then `done` (or `error`), and finishes it.
    private static func streamEvents(
        _ asking: AskDesk.Asking, desk: AskDesk, metrics: ServerMetrics, started: ContinuousClock.Instant,
        cited: Cited, to writer: inout any ResponseBodyWriter
    ) async throws {
        // Events are written as they come, each batch of those waiting in one write (the embedded engine
        // writes a whole answer in a few milliseconds: one packet, not one per word).
        let pending = EventBuffer()
        let (signals, signal) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let work = Task {
            defer { signal.finish() }
            return try await desk.answer(asking) { event in
                pending.append(event)
                signal.yield()
            }
        }
        let beats = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: Self.heartbeat)
                signal.yield()
            }
        }
        defer { beats.cancel() }
        var firstWords: Duration?
        var lastWrite = ContinuousClock.now
        func flush() async throws {
            let batch = pending.take()
            guard !batch.isEmpty else {
                if ContinuousClock.now - lastWrite >= Self.heartbeat {
                    try await writer.write(ByteBuffer(string: ":\n\n"))
                    lastWrite = .now
                }
                return
            }
            var text = ""
            for event in batch { text += try ServerSentEvent.encode(event, now: desk.clock()) ?? "" }
            try await writer.write(ByteBuffer(string: text))
            lastWrite = .now
            if firstWords == nil, batch.contains(where: { if case .text = $0 { true } else { false } }) {
                firstWords = ContinuousClock.now - started
            }
        }
        do {
            for await _ in signals { try await flush() }
            try await flush()
            let answered = try await work.value
            await cited(answered.sources)
            let done = ServerSentEvent.done(answered, quota: desk.quota(asking.quota), now: desk.clock())
            try await writer.write(ByteBuffer(string: done))
            metrics.recordAsk(
                firstWords: firstWords?.secondsDouble, answer: (ContinuousClock.now - started).secondsDouble)
        } catch {
            // The person went away (a write failed), or the answer failed: stop the work, keep what it wrote.
            work.cancel()
            _ = try? await work.value
            let failure = ErrorMiddleware<ServerContext>.apiError(for: error)
            let payload = ServerSentEvent.Failure(error: failure.code, message: failure.message)
            _ = try? await writer.write(
                ByteBuffer(string: ServerSentEvent.text("error", (try? SchemaJSON.line(payload)) ?? "{}")))
        }
        try await writer.finish(nil)
    }
}

/// The answer's events as server-sent events: `event: NAME`, then `data: JSON` on one line, then a blank line.
enum ServerSentEvent {
    struct Failure: Encodable {
        var error: String
        var message: String
    }

    /// One event's text; nil for `done` (written with the stored message once it is kept).
    static func encode(_ event: AskEvent, now: Date) throws -> String? {
        switch event {
        case .tool(let use):
            var json = JSONOutput(capacity: 256)
            json.askTool(use)
            return text("tool", String(decoding: json.bytes, as: UTF8.self))
        case .source(let repository):
            // Written as the feed writes its cards (the contract's `Repository`), without JSONEncoder.
            var json = JSONOutput(capacity: 1_024)
            json.repository(repository, now: now)
            return text("source", String(decoding: json.bytes, as: UTF8.self))
        case .text(let words): return text("text", object("text", words))
        case .fallback(let notice): return text("fallback", object("notice", notice))
        case .queued(let position): return text("queued", "{\"position\":\(position)}")
        case .done:
            return nil
        }
    }

    /// The `done` event: the answer as kept (``JSONOutput/askDone(message:sources:thread:quota:now:)``).
    static func done(
        _ answered: (message: AskMessage, sources: [Repository], thread: AskThread),
        quota: (used: Int, limit: Int?, renewsOn: Day), now: Date
    ) -> String {
        var json = JSONOutput(capacity: 2_048 + answered.sources.count * 1_024)
        json.askDone(
            message: answered.message, sources: answered.sources, thread: answered.thread, quota: quota, now: now)
        return text("done", String(decoding: json.bytes, as: UTF8.self))
    }

    static func text(_ name: String, _ data: String) -> String { "event: \(name)\ndata: \(data)\n\n" }

    /// `{"key": "value"}`.
    static func object(_ key: StaticString, _ value: String) -> String {
        var json = JSONOutput(capacity: value.utf8.count + key.utf8CodeUnitCount + 8)
        json.beginObject()
        json.key(key)
        json.string(value)
        json.endObject()
        return String(decoding: json.bytes, as: UTF8.self)
    }
}

/// The events an answer produced and the writer has not sent yet.
final class EventBuffer: Sendable {
    private let events = Mutex<[AskEvent]>([])

    func append(_ event: AskEvent) { events.withLock { $0.append(event) } }

    /// Every event waiting, oldest first; the buffer is then empty.
    func take() -> [AskEvent] {
        events.withLock { events in
            defer { events.removeAll() }
            return events
        }
    }
}
