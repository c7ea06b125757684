import Foundation
import RepoFinderClient
import RepoFinderCore
import Synchronization

/// A ``ChatService`` with threads in memory, answering every question with the same streamed words and one source.
final class FakeChatService: ChatService {
    private let state = Mutex<[ChatThread]>([])
    private let changes = Mutex<[String]>([])
    let answer: [String]
    let source: Repository

    init(threads: [ChatThread] = [], answer: [String] = ["Try ", "owner7/project-7."], source: Repository) {
        state.withLock { $0 = threads }
        self.answer = answer
        self.source = source
    }

    /// The changes asked for, as `pin id` / `archive id`.
    var changed: [String] { changes.withLock { $0 } }

    static func thread(_ id: String, _ title: String, pinned: Bool = false) -> ChatThread {
        ChatThread(
            id: id, title: title, preview: "", pinned: pinned, archived: false,
            createdAt: Date(timeIntervalSince1970: 0),
            updatedAt: Date(timeIntervalSince1970: 0))
    }

    func threads(timeZone: String?, after cursor: String?) async throws(ClientFailure) -> ChatThreads {
        let threads = state.withLock { $0 }
        let groups = threads.isEmpty ? [] : [ChatThreadGroup(title: "Today", threads: threads)]
        return ChatThreads(
            groups: groups,
            quota: ChatQuota(used: threads.count, limit: 20, left: 20 - threads.count, renewsOn: "2026-12-01"))
    }

    func newThread() async throws(ClientFailure) -> ChatThread {
        let thread = Self.thread("t\(state.withLock { $0.count } + 1)", "New question")
        state.withLock { $0.append(thread) }
        return thread
    }

    func thread(_ id: String) async throws(ClientFailure) -> (thread: ChatThread, messages: [ChatMessage]) {
        guard let thread = state.withLock({ $0.first { $0.id == id } }) else { throw .notFound("No such thread.") }
        return (thread, [])
    }

    func changeThread(_ id: String, title: String?, pinned: Bool?, archived: Bool?) async throws(ClientFailure)
        -> ChatThread
    {
        if let pinned { changes.withLock { $0.append("pin \(id) \(pinned)") } }
        if let archived { changes.withLock { $0.append("archive \(id) \(archived)") } }
        return state.withLock { threads in
            let index = threads.firstIndex { $0.id == id }!
            if let pinned { threads[index].pinned = pinned }
            if let archived { threads[index].archived = archived }
            return threads[index]
        }
    }

    func deleteThread(_ id: String) async throws(ClientFailure) { state.withLock { $0.removeAll { $0.id == id } } }

    func ask(_ text: String, in thread: String, about card: RepositoryName?) -> AsyncThrowingStream<
        ChatStreamEvent, any Error
    > {
        let words = answer
        let source = source
        let stored = state.withLock { $0.first { $0.id == thread } }!
        return AsyncThrowingStream { continuation in
            continuation.yield(.tool(ChatToolChip(name: "search", chip: "Searched \"\(text)\"")))
            continuation.yield(.source(source))
            for word in words { continuation.yield(.text(word)) }
            let message = ChatMessage(
                id: "a-\(thread)", role: .assistant, text: words.joined(), tools: [], sources: [source],
                createdAt: Date(timeIntervalSince1970: 0))
            continuation.yield(
                .done(
                    answer: message, thread: stored,
                    quota: ChatQuota(used: 1, limit: 20, left: 19, renewsOn: "2026-12-01")))
            continuation.finish()
        }
    }
}
