public import Ask
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import OpenAPIRuntime
import RepoFinderCore
import Synchronization

/// The writing model behind an OpenAI-compatible chat-completions endpoint, streamed: `POST {base}/chat/completions`
/// with `"stream": true`, read as server-sent events whose `data` is a chunk
/// (`{"choices": [{"delta": {"content": "…"}, "finish_reason": null}]}`) until `data: [DONE]`. A model that stays
/// silent longer than the timeout, an error status, a chunk that is not JSON, an `error` chunk, or a stream that ends
/// before `[DONE]` (or a finish reason) fail the answer with an ``AnswerWriterFailure``; the engine then answers.
///
/// It keeps ``AskModelConfiguration/connections`` connections to the model and writes as many answers at once; the
/// others wait their turn in its ``queue`` (the engine says so, and falls back after the timeout).
public final class ChatCompletionsWriter: AnswerWriter {
    public let configuration: AskModelConfiguration
    /// The line answers wait in for one of the connections.
    public let queue: WritingQueue?
    private let client: HTTPClient
    private let isShutDown = Mutex(false)

    public init(_ configuration: AskModelConfiguration) {
        self.configuration = configuration
        let silence = TimeAmount.milliseconds(configuration.timeout.milliseconds)
        var http = HTTPClient.Configuration(
            redirectConfiguration: .disallow, timeout: HTTPClient.Configuration.Timeout(connect: silence, read: silence)
        )
        // A model that refuses connections fails now; the engine answers instead.
        http.connectionPool.retryConnectionEstablishment = false
        // As many connections as answers written at once (the queue lets no more through).
        http.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = max(1, configuration.connections)
        queue = WritingQueue(capacity: configuration.connections, patience: configuration.timeout)
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: http)
    }

    /// Closes connections; call when done (otherwise deinit starts the shutdown without waiting for it).
    public func shutdown() async throws {
        let isFirstCall = isShutDown.withLock { wasShutDown in
            defer { wasShutDown = true }
            return !wasShutDown
        }
        guard isFirstCall else { return }
        try await client.shutdown()
    }

    deinit {
        if !isShutDown.withLock({ $0 }) { _ = client.shutdown() }
    }

    public func write(_ request: WritingRequest) -> AsyncThrowingStream<String, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: String.self)
        let task = Task {
            do {
                try await send(request) { continuation.yield($0) }
                continuation.finish()
            } catch {
                continuation.finish(throwing: failure(error))
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    private func send(_ request: WritingRequest, yield: (String) -> Void) async throws {
        var outgoing = HTTPClientRequest(url: configuration.endpoint.absoluteString)
        outgoing.method = .POST
        outgoing.headers.add(name: "Content-Type", value: "application/json")
        outgoing.headers.add(name: "Accept", value: "text/event-stream")
        if let key = configuration.key { outgoing.headers.add(name: "Authorization", value: "Bearer \(key)") }
        let body = ChatRequest(
            model: configuration.model,
            messages: request.messages.map { ChatRequest.Message(role: $0.role, content: $0.content) },
            stream: true, temperature: 0.2, maxTokens: configuration.maximumTokens)
        outgoing.body = .bytes(ByteBuffer(bytes: try JSONEncoder().encode(body)))
        let response = try await client.execute(
            outgoing, timeout: .milliseconds(configuration.timeout.milliseconds))
        guard response.status == .ok else {
            let text = try? await response.body.collect(upTo: 64 * 1024)
            throw AnswerWriterFailure(Self.refusal(status: response.status, body: text))
        }
        if response.headers.first(name: "content-type")?.contains("application/json") == true {
            // A server that does not stream answers the whole completion at once.
            let text = try await response.body.collect(upTo: 1 << 20)
            guard let completion = try? JSONDecoder().decode(Completion.self, from: Data(text.readableBytesView)) else {
                throw AnswerWriterFailure("sent an answer that is not a chat completion")
            }
            // The model's words are data: no control characters or escape sequences pass (README, "Ask").
            yield(SafeText.clean(completion.choices.first?.message.content ?? ""))
            return
        }
        var ended = false
        // The model's words are data: no control characters or escape sequences pass, even split across chunks.
        var words = SafeTextStream()
        let decoder = JSONDecoder()
        let events = response.body.map { ArraySlice($0.readableBytesView) }.asDecodedServerSentEvents()
        for try await event in events {
            guard let data = event.data?.trimmingCharacters(in: .whitespaces), !data.isEmpty else { continue }
            if data == "[DONE]" {
                ended = true
                break
            }
            guard let chunk = try? decoder.decode(Chunk.self, from: Data(data.utf8)) else {
                throw AnswerWriterFailure("sent a piece that is not JSON")
            }
            if let error = chunk.error {
                throw AnswerWriterFailure("failed: \(SafeText.clean(error.message ?? "an error", layout: .line))")
            }
            guard let choice = chunk.choices?.first else { continue }
            if let content = choice.delta?.content {
                let safe = words.feed(content)
                if !safe.isEmpty { yield(safe) }
            }
            if choice.finishReason != nil { ended = true }
        }
        try Task.checkCancellation()
        guard ended else { throw AnswerWriterFailure("stopped mid-answer (the stream ended without [DONE])") }
    }

    /// The failure an error is, as the answer's notice says it.
    private func failure(_ error: any Error) -> any Error {
        switch error {
        case let failure as AnswerWriterFailure: return failure
        case is CancellationError: return error
        case let error as HTTPClientError where [.readTimeout, .deadlineExceeded].contains(error):
            return AnswerWriterFailure("went silent for \(Self.seconds(configuration.timeout))")
        case let error as HTTPClientError where error == .connectTimeout:
            return AnswerWriterFailure("could not be reached (\(target): connection timed out)")
        case let error as HTTPClientError where error == .getConnectionFromPoolTimeout:
            return AnswerWriterFailure.busy(for: configuration.timeout)
        case let error as HTTPClientError where error == .remoteConnectionClosed:
            return AnswerWriterFailure("stopped mid-answer (the connection closed)")
        case is HTTPParserError:
            // The connection closed inside the chunked body.
            return AnswerWriterFailure("stopped mid-answer (the connection closed)")
        case let error as IOError:
            return AnswerWriterFailure(
                "could not be reached (\(target): \(String(cString: strerror(error.errnoCode)).lowercased()))")
        default:
            // In plain words: an error's own description names Swift types (`HTTPClientError.…`).
            return AnswerWriterFailure.unexpected
        }
    }

    /// `host:port` of the endpoint.
    private var target: String {
        let url = configuration.endpoint
        return "\(url.host ?? "?"):\(url.port ?? (url.scheme == "https" ? 443 : 80))"
    }

    /// "answered 401: Incorrect API key provided" — the status and the error's message, when the body has one.
    static func refusal(status: HTTPResponseStatus, body: ByteBuffer?) -> String {
        let message = body.flatMap { try? JSONDecoder().decode(Chunk.self, from: Data($0.readableBytesView)) }?
            .error?.message
        return "answered \(status.code)"
            + (message.map { ": \(String(SafeText.clean($0, layout: .line).prefix(200)))" } ?? "")
    }

    static func seconds(_ duration: Duration) -> String {
        let milliseconds = duration.milliseconds
        return milliseconds % 1_000 == 0 ? "\(milliseconds / 1_000) s" : "\(Double(milliseconds) / 1_000) s"
    }
}

/// The request body of `POST /chat/completions`.
struct ChatRequest: Encodable {
    struct Message: Encodable {
        var role: String
        var content: String
    }
    var model: String
    var messages: [Message]
    var stream: Bool
    var temperature: Double
    var maxTokens: Int

    enum CodingKeys: String, CodingKey {
        case model, messages, stream, temperature
        case maxTokens = "max_tokens"
    }
}

/// One streamed chunk (`chat.completion.chunk`), or an error as OpenAI-compatible servers send one.
struct Chunk: Decodable {
    struct Choice: Decodable {
        struct Delta: Decodable { var content: String? }
        var delta: Delta?
        var finishReason: String?

        enum CodingKeys: String, CodingKey {
            case delta
            case finishReason = "finish_reason"
        }
    }
    struct Failure: Decodable { var message: String? }
    var choices: [Choice]?
    var error: Failure?
}

/// A whole chat completion (a server that does not stream).
struct Completion: Decodable {
    struct Choice: Decodable {
        struct Message: Decodable { var content: String? }
        var message: Message
    }
    var choices: [Choice]
}
