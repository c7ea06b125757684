import Foundation
public import OpenAPIRuntime
import RepoFinderAPI
import RepoFinderAPIClient
import RepoFinderCore

/// The server's Ask shapes as the app's values, and its server-sent events as ``ChatStreamEvent``s.
public enum ChatMapping {
    static func thread(_ thread: Components.Schemas.AskThread) -> ChatThread {
        ChatThread(
            id: thread.id, title: thread.title, preview: thread.preview, pinned: thread.pinned,
            archived: thread.archived, createdAt: thread.createdAt, updatedAt: thread.updatedAt)
    }

    static func quota(_ quota: Components.Schemas.AskQuota) -> ChatQuota {
        ChatQuota(used: quota.used, limit: quota.limit, left: quota.left, renewsOn: quota.renewsOn)
    }

    static func message(_ message: Components.Schemas.AskMessage) throws -> ChatMessage {
        ChatMessage(
            id: message.id, role: message.role == .user ? .user : .assistant, text: message.text,
            tools: message.tools.map(tool), sources: try message.sources.map(ResponseMapping.repository),
            createdAt: message.createdAt, stopped: message.stopped, notice: message.notice)
    }

    static func tool(_ tool: Components.Schemas.AskTool) -> ChatToolChip {
        ChatToolChip(name: tool.name, chip: tool.chip, inputs: tool.inputs.additionalProperties, found: tool.found)
    }

    private struct Text: Decodable { var text: String }
    private struct Fallback: Decodable { var notice: String }
    private struct Queued: Decodable { var position: Int }
    private struct Done: Decodable {
        var message: Components.Schemas.AskMessage
        var thread: Components.Schemas.AskThread
        var quota: Components.Schemas.AskQuota
    }
    private struct Failure: Decodable {
        var error: String
        var message: String
    }

    /// The events of an answer's server-sent event stream (the runtime's parser, so chunks may split anywhere), each
    /// `data` decoded; an `error` event ends the stream with a ``ClientFailure``; events of other names are skipped.
    public static func events(_ body: HTTPBody) -> AsyncThrowingStream<ChatStreamEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: ChatStreamEvent.self)
        let task = Task {
            do {
                for try await event in body.asDecodedServerSentEvents() {
                    guard let data = event.data.map({ Data($0.utf8) }) else { continue }
                    if let mapped = try decode(name: event.event ?? "message", data: data) {
                        continuation.yield(mapped)
                    }
                }
                continuation.finish()
            } catch let failure as ClientFailure {
                continuation.finish(throwing: failure)
            } catch is DecodingError {
                continuation.finish(throwing: ClientFailure.serverTrouble("an answer this app cannot read"))
            } catch {
                continuation.finish(throwing: ClientFailure.from(error))
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    static func decode(name: String, data: Data) throws -> ChatStreamEvent? {
        let decoder = JSONDecoder()
        let dates = LenientDateTranscoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            try dates.decode(try decoder.singleValueContainer().decode(String.self))
        }
        switch name {
        case "tool": return .tool(tool(try decoder.decode(Components.Schemas.AskTool.self, from: data)))
        case "source":
            return .source(
                try ResponseMapping.repository(try decoder.decode(Components.Schemas.Repository.self, from: data)))
        case "text": return .text(try decoder.decode(Text.self, from: data).text)
        case "fallback": return .fallback(notice: try decoder.decode(Fallback.self, from: data).notice)
        case "queued": return .queued(position: try decoder.decode(Queued.self, from: data).position)
        case "done":
            let done = try decoder.decode(Done.self, from: data)
            return .done(answer: try message(done.message), thread: thread(done.thread), quota: quota(done.quota))
        case "error":
            let failure = try decoder.decode(Failure.self, from: data)
            throw failure.error == "quota_exhausted"
                ? ClientFailure.quotaExhausted(failure.message) : ClientFailure.serverTrouble(failure.message)
        default: return nil
        }
    }
}
