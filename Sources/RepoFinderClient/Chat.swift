public import Foundation
public import RepoFinderCore

/// An Ask thread as the app lists it.
public struct ChatThread: Hashable, Sendable, Identifiable {
    public var id: String
    public var title: String
    public var preview: String
    public var pinned: Bool
    public var archived: Bool
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        id: String, title: String, preview: String, pinned: Bool, archived: Bool, createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.title = title
        self.preview = preview
        self.pinned = pinned
        self.archived = archived
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// Threads under one heading: Pinned, Today, Yesterday, Last 7 days, Older, Archived.
public struct ChatThreadGroup: Hashable, Sendable {
    public var title: String
    public var threads: [ChatThread]

    public init(title: String, threads: [ChatThread]) {
        self.title = title
        self.threads = threads
    }
}

/// The monthly question quota.
public struct ChatQuota: Hashable, Sendable {
    public var used: Int
    /// Nil: this server sets no limit.
    public var limit: Int?
    public var left: Int?
    /// The first day of next month, `YYYY-MM-DD`.
    public var renewsOn: String

    public init(used: Int, limit: Int?, left: Int?, renewsOn: String) {
        self.used = used
        self.limit = limit
        self.left = left
        self.renewsOn = renewsOn
    }
}

/// The person's threads, grouped, and their quota: a page of them, or several put together (``appending(_:)``).
public struct ChatThreads: Hashable, Sendable {
    public var groups: [ChatThreadGroup]
    public var quota: ChatQuota
    /// Where the next page starts (``ChatService/threads(timeZone:after:)``); nil: these are all.
    public var nextCursor: String?

    public init(groups: [ChatThreadGroup], quota: ChatQuota, nextCursor: String? = nil) {
        self.groups = groups
        self.quota = quota
        self.nextCursor = nextCursor
    }

    /// How many threads, in every group.
    public var count: Int { groups.reduce(0) { $0 + $1.threads.count } }

    /// These threads followed by the next page's: a group the page continues (the same title) grows, new ones
    /// follow; the quota and the cursor are the page's.
    public func appending(_ page: ChatThreads) -> ChatThreads {
        var groups = groups
        for group in page.groups {
            if let index = groups.firstIndex(where: { $0.title == group.title }) {
                groups[index].threads += group.threads
            } else {
                groups.append(group)
            }
        }
        return ChatThreads(groups: groups, quota: page.quota, nextCursor: page.nextCursor)
    }
}

/// A tool an answer ran, as a chip.
public struct ChatToolChip: Hashable, Sendable {
    /// The tool: search, repository, similar, alternatives, clusters, trending, compare, list or reasons.
    public var name: String
    /// What ran, worded by the server in the language asked in.
    public var chip: String
    /// What the tool was given.
    public var inputs: [String: String]
    /// How many it found (nil for tools that do not count).
    public var found: Int?

    public init(name: String, chip: String, inputs: [String: String] = [:], found: Int? = nil) {
        self.name = name
        self.chip = chip
        self.inputs = inputs
        self.found = found
    }
}

/// A question or an answer of a thread.
public struct ChatMessage: Hashable, Sendable, Identifiable {
    public enum Role: String, Hashable, Sendable { case user, assistant }

    public var id: String
    public var role: Role
    /// An answer cites its n-th source as [n].
    public var text: String
    public var tools: [ChatToolChip]
    public var sources: [Repository]
    public var createdAt: Date
    /// The answer was stopped before it was finished.
    public var stopped: Bool
    public var notice: String?

    public init(
        id: String, role: Role, text: String, tools: [ChatToolChip] = [], sources: [Repository] = [],
        createdAt: Date, stopped: Bool = false, notice: String? = nil
    ) {
        self.id = id
        self.role = role
        self.text = text
        self.tools = tools
        self.sources = sources
        self.createdAt = createdAt
        self.stopped = stopped
        self.notice = notice
    }
}

/// What an answer streams: tool chips, sources, words, then the stored answer with the thread and the quota.
public enum ChatStreamEvent: Hashable, Sendable {
    case tool(ChatToolChip)
    case source(Repository)
    case text(String)
    /// The server's writing model failed: drop the words so far; the answer starts again (the notice says why).
    case fallback(notice: String)
    /// The answer waits for the server's writing model, busy with others: `position` is its place in line (1: next).
    case queued(position: Int)
    case done(answer: ChatMessage, thread: ChatThread, quota: ChatQuota)
}

/// The Ask assistant's side of the server.
public protocol ChatService: Sendable {
    /// A page of the person's threads grouped by their local day (`timeZone`, an IANA name; nil: UTC), with the
    /// quota: the first page, or the one after `cursor` (an earlier page's ``ChatThreads/nextCursor``).
    func threads(timeZone: String?, after cursor: String?) async throws(ClientFailure) -> ChatThreads
    /// A new, empty thread.
    func newThread() async throws(ClientFailure) -> ChatThread
    /// One thread and its messages, oldest first.
    func thread(_ id: String) async throws(ClientFailure) -> (thread: ChatThread, messages: [ChatMessage])
    /// Renames, pins or archives a thread (nil: unchanged).
    func changeThread(
        _ id: String, title: String?, pinned: Bool?, archived: Bool?
    ) async throws(ClientFailure) -> ChatThread
    func deleteThread(_ id: String) async throws(ClientFailure)
    /// Asks `text` in a thread (from `card`'s card, if given): the answer's events as they stream. The stream fails
    /// with a ``ClientFailure`` (``ClientFailure/quotaExhausted(_:)`` past the quota); cancelling its reader stops
    /// the answer.
    func ask(
        _ text: String, in thread: String, about card: RepositoryName?
    ) -> AsyncThrowingStream<ChatStreamEvent, any Error>
}

extension ChatService {
    /// The first page of the person's threads (see ``threads(timeZone:after:)``).
    public func threads(timeZone: String?) async throws(ClientFailure) -> ChatThreads {
        try await threads(timeZone: timeZone, after: nil)
    }
}
