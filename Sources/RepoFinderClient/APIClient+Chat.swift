import Foundation
import HTTPTypes
import OpenAPIRuntime
import RepoFinderAPI
import RepoFinderAPIClient
public import RepoFinderCore

extension APIClient: ChatService {
    public func threads(timeZone: String?, after cursor: String?) async throws(ClientFailure) -> ChatThreads {
        try await personal {
            let body = try await client.listThreads(.init(query: .init(timeZone: timeZone, cursor: cursor))).ok.body
                .json
            return ChatThreads(
                groups: body.groups.map { group in
                    ChatThreadGroup(title: group.title.rawValue, threads: group.threads.map(ChatMapping.thread))
                }, quota: ChatMapping.quota(body.quota), nextCursor: body.nextCursor)
        }
    }

    public func newThread() async throws(ClientFailure) -> ChatThread {
        try await personal { ChatMapping.thread(try await client.createThread(.init()).created.body.json) }
    }

    public func thread(_ id: String) async throws(ClientFailure) -> (thread: ChatThread, messages: [ChatMessage]) {
        try await personal {
            let body = try await client.getThread(.init(path: .init(id: id))).ok.body.json
            return (ChatMapping.thread(body.thread), try body.messages.map(ChatMapping.message))
        }
    }

    public func changeThread(
        _ id: String, title: String?, pinned: Bool?, archived: Bool?
    ) async throws(ClientFailure) -> ChatThread {
        try await personal {
            let change = Components.Schemas.AskThreadChange(title: title, pinned: pinned, archived: archived)
            return ChatMapping.thread(
                try await client.changeThread(.init(path: .init(id: id), body: .json(change))).ok.body.json)
        }
    }

    public func deleteThread(_ id: String) async throws(ClientFailure) {
        try await personal { _ = try await client.deleteThread(.init(path: .init(id: id))).noContent }
    }

    public func ask(
        _ text: String, in thread: String, about card: RepositoryName?
    ) -> AsyncThrowingStream<ChatStreamEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: ChatStreamEvent.self)
        let task = Task {
            do {
                let body = try await personal {
                    try await client.askInThread(
                        .init(
                            path: .init(id: thread), headers: .init(accept: [.init(contentType: .textEventStream)]),
                            body: .json(.init(text: text, repository: card?.fullName)))
                    ).ok.body.textEventStream
                }
                for try await event in ChatMapping.events(body) { continuation.yield(event) }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}
