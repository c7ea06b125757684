import APISchemas
import Ask
import Dealing
import Foundation
import HTTPTypes
import OpenAPIRuntime
import Recommender
import RepoFinderAPI
import RepoFinderCore
import Storage

extension APIHandlers {
    /// Asking in a thread, shared by ``AskEndpoint`` and ``askInThread(_:)``.
    var askDesk: AskDesk {
        let (store, deck, trendingCache, historyCache) = (store, deck, trendingCache, historyCache)
        return AskDesk(
            store: store, recommender: { deck.recommender }, sessions: sessions, limit: askLimit, clock: clock,
            engine: askEngine,
            trending: { query in try await trendingCache.value(for: query) { try await store.trending(query) } },
            history: { repository in
                try await historyCache.value(for: repository.id) {
                    try await store.starSnapshots(of: repository.repositoryName)
                        .last(days: ComparedRepository.historyDays)
                }
            })
    }

    func listThreads(_ input: Operations.ListThreads.Input) async throws -> Operations.ListThreads.Output {
        let userID = try await accounts.authenticate()
        let local: LocalTime
        do {
            local = try LocalTime(timeZoneIdentifier: input.query.timeZone)
        } catch {
            throw APIError.badRequest(APIError.text("error.time-zone.not-iana", APIError.timeZoneProblem(error)))
        }
        let limit = input.query.limit ?? Self.threadsPerPage
        guard (1...Self.maximumThreadsPerPage).contains(limit) else {
            throw APIError.badRequest(APIError.text("error.threads.limit-out-of-range", Self.maximumThreadsPerPage))
        }
        var cursor: AskThreadCursor?
        if let token = input.query.cursor {
            guard let read = AskThreadCursor(token: token) else {
                throw APIError.badRequest(APIError.text("error.threads.bad-cursor"))
            }
            cursor = read
        }
        let now = clock()
        // One more than asked: whether another page follows.
        var threads = try await store.threads(userID: userID, after: cursor, limit: limit + 1)
        let more = threads.count > limit
        threads = Array(threads.prefix(limit))
        let used = try await store.questionsAsked(userID: userID, month: AskQuotaUse.month(of: now))
        let quota = APISchemas.askQuota(used: used, limit: askLimit, renewsOn: AskQuotaUse.renewal(after: now))
        var list = APISchemas.askThreadList(threads, local: local, now: now, quota: quota)
        list.nextCursor = more ? threads.last.map { AskThreadCursor(after: $0).token } : nil
        return .ok(.init(body: .json(list)))
    }

    /// Threads a page of `GET /v1/me/threads` lists unless `limit` says otherwise, and the most it may say.
    static let threadsPerPage = 50
    static let maximumThreadsPerPage = 200

    func createThread(_ input: Operations.CreateThread.Input) async throws -> Operations.CreateThread.Output {
        let userID = try await accounts.authenticate()
        let thread = AskThread(id: UUID().uuidString.lowercased(), title: "New thread", createdAt: clock())
        guard try await store.createThread(thread, userID: userID, limit: askThreadLimit ?? .max) else {
            throw APIError.threadLimit(askThreadLimit ?? .max)
        }
        return .created(.init(body: .json(APISchemas.askThread(thread))))
    }

    func getThread(_ input: Operations.GetThread.Input) async throws -> Operations.GetThread.Output {
        let userID = try await accounts.authenticate()
        let id = input.path.id
        guard let thread = try await store.thread(id: id, userID: userID),
            let messages = try await store.messages(threadID: id, userID: userID)
        else { throw Self.noThread(id) }
        let now = clock()
        var known: [String: Repository] = [:]
        for name in Set(messages.flatMap(\.sources)) {
            if let repository = try await lookUp(name) { known[name.key] = repository }
        }
        let detail = Components.Schemas.AskThreadDetail(
            thread: APISchemas.askThread(thread),
            messages: messages.map { message in
                APISchemas.askMessage(message, sources: message.sources.compactMap { known[$0.key] }, now: now)
            })
        return .ok(.init(body: .json(detail)))
    }

    func changeThread(_ input: Operations.ChangeThread.Input) async throws -> Operations.ChangeThread.Output {
        let userID = try await accounts.authenticate()
        guard case .json(let body) = input.body else {
            throw APIError.badRequest(APIError.text("error.thread.change-not-json"))
        }
        var title = body.title?.trimmingCharacters(in: .whitespacesAndNewlines)
        if let given = title {
            guard !given.isEmpty else { throw APIError.unprocessable(APIError.text("error.thread.empty-title")) }
            title = AskThread.shortened(given, to: AskThread.titleLength)
        }
        let change = AskThreadChange(title: title, pinned: body.pinned, archived: body.archived)
        guard let thread = try await store.changeThread(id: input.path.id, userID: userID, change, at: clock()) else {
            throw Self.noThread(input.path.id)
        }
        return .ok(.init(body: .json(APISchemas.askThread(thread))))
    }

    func deleteThread(_ input: Operations.DeleteThread.Input) async throws -> Operations.DeleteThread.Output {
        let userID = try await accounts.authenticate()
        guard try await store.deleteThread(id: input.path.id, userID: userID) else {
            throw Self.noThread(input.path.id)
        }
        return .noContent(.init())
    }

    /// The generated form of asking (JSON only); the server answers the path with ``AskEndpoint`` (the same desk,
    /// server-sent events too). Kept so the contract stays whole.
    func askInThread(_ input: Operations.AskInThread.Input) async throws -> Operations.AskInThread.Output {
        let userID = try await accounts.authenticate()
        guard case .json(let question) = input.body else {
            throw APIError.badRequest(APIError.text("error.question.not-json"))
        }
        let slot = try answersInProgress.begin(userID: userID)
        defer { slot.end() }
        let desk = askDesk
        let asking = try await desk.begin(
            userID: userID, threadID: input.path.id, text: question.text, card: question.repository)
        let answered = try await desk.answer(asking) { _ in }
        let now = clock()
        let quota = desk.quota(asking.quota)
        return .ok(
            .init(
                body: .json(
                    .init(
                        question: APISchemas.askMessage(asking.question, sources: [], now: now),
                        answer: APISchemas.askMessage(answered.message, sources: answered.sources, now: now),
                        thread: APISchemas.askThread(answered.thread),
                        quota: APISchemas.askQuota(used: quota.used, limit: quota.limit, renewsOn: quota.renewsOn)))))
    }

    /// Up to `limit` of the person's threads after `cursor`, with their messages, for the export; and where the next
    /// ones start (nil after the last).
    func exportedThreads(
        userID: String, after cursor: AskThreadCursor?, limit: Int
    ) async throws -> (threads: [Components.Schemas.ExportedAskThread], next: AskThreadCursor?) {
        let threads = try await store.threads(userID: userID, after: cursor, limit: limit)
        var exported: [Components.Schemas.ExportedAskThread] = []
        for thread in threads {
            let messages = try await store.messages(threadID: thread.id, userID: userID) ?? []
            exported.append(
                .init(
                    thread: APISchemas.askThread(thread),
                    messages: messages.map { message in
                        .init(
                            id: message.id, role: message.role == .user ? .user : .assistant, text: message.text,
                            tools: message.tools.map(APISchemas.askTool), sources: message.sources.map(\.fullName),
                            createdAt: message.createdAt, stopped: message.stopped, notice: message.notice)
                    }))
        }
        return (exported, threads.count == limit ? threads.last.map(AskThreadCursor.init(after:)) : nil)
    }

    /// A cited repository as the catalog has it now (the recommender's index first).
    private func lookUp(_ name: RepositoryName) async throws -> Repository? {
        let index = deck.recommender.index
        if let item = index.item(forKey: name.key) { return index.repositories[item] }
        return try await store.repository(named: name)
    }

    static func noThread(_ id: String) -> APIError {
        APIError(AskRefusal.noThread(id: id))
    }
}

extension APIError {
    /// What a refused question answers: 400 for the question, 404 for the thread, 429 `quota_exhausted`.
    init(_ refusal: AskRefusal) {
        switch refusal {
        case .badQuestion(let text): self = .badRequest(text)
        case .noThread: self = .notFound(refusal.message)
        case .overQuota(let limit, let used, let renewsOn):
            self = .quotaExhausted(refusal.message, limit: limit, used: used, renewsOn: renewsOn)
        }
    }

    /// 409: the account holds as many Ask threads as it may.
    static func threadLimit(_ limit: Int) -> Self {
        Self(.conflict, code: "thread_limit", message: text("error.threads.too-many", String(limit)))
    }
}
