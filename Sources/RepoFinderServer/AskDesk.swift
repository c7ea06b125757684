import Ask
import Dealing
import Foundation
import Recommender
import RepoFinderCore
import Storage
import Synchronization

/// Asking in a thread, for both ways of answering (server-sent events and JSON): checks the question, counts it
/// against the monthly quota, stores it, answers with the embedded engine over the catalog and the person's lists,
/// and stores the answer — whole, or as far as it got when the person went away (marked stopped).
struct AskDesk: Sendable {
    let store: any DataStore
    let deck: ServerDeck
    let sessions: DealingSessions
    /// Questions per account per month; nil: no limit.
    let limit: Int?
    let clock: @Sendable () -> Date
    let engine = AnswerEngine()

    /// A question checked, counted and stored, ready to answer.
    struct Asking: Sendable {
        var userID: String
        var thread: AskThread
        var question: AskMessage
        var quota: AskQuotaUse
        /// The thread's earlier question as read (what a follow-up builds on).
        var previous: Question?
        var card: String?
    }

    /// Checks `text` (and `card`, an `owner/name`), counts it against the quota and stores it in the thread.
    func begin(userID: String, threadID: String, text: String, card: String?) async throws -> Asking {
        let question = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !question.isEmpty else { throw APIError.badRequest("Ask a question: 'text' is empty.") }
        guard question.count <= AnswerEngine.maximumQuestionLength else {
            throw APIError.badRequest("A question is at most \(AnswerEngine.maximumQuestionLength) characters.")
        }
        if let card, (try? RepositoryName(parsing: card)) == nil {
            throw APIError.badRequest("'repository' must be a repository name like owner/name.")
        }
        guard let thread = try await store.thread(id: threadID, userID: userID),
            let earlier = try await store.messages(threadID: threadID, userID: userID)
        else { throw APIError.notFound("No thread \(threadID) here: it was deleted, or it is another account's.") }
        let now = clock()
        let month = AskQuotaUse.month(of: now)
        guard let quota = try await store.countQuestion(userID: userID, month: month, limit: limit ?? Int(Int32.max))
        else {
            let used = try await store.questionsAsked(userID: userID, month: month)
            throw APIError.quotaExhausted(
                limit: limit ?? used, used: used, renewsOn: AskQuotaUse.renewal(after: now).description)
        }
        let reader = QuestionReader()
        var previous: Question?
        for message in earlier where message.role == .user {
            previous = reader.read(message.text, after: previous)
        }
        let stored = AskMessage(
            id: UUID().uuidString.lowercased(), threadID: threadID, role: .user, text: question, createdAt: now)
        let title = earlier.isEmpty ? AskThread.shortened(question, to: AskThread.titleLength) : nil
        guard try await store.addMessage(stored, userID: userID, title: title) else {
            throw APIError.notFound("No thread \(threadID) here: it was deleted.")
        }
        return Asking(
            userID: userID, thread: thread, question: stored, quota: quota, previous: previous, card: card)
    }

    /// The engine's tools for the asking person.
    func tools(for userID: String) -> CatalogAskTools {
        let recommender = deck.recommender
        return CatalogAskTools(
            store: store, recommender: recommender,
            person: SessionPerson(userID: userID, store: store, session: sessions.session(userID)), now: clock())
    }

    /// Answers, telling `emit` each event; the answer is stored whether it completes or the task is cancelled (then
    /// as far as it got, marked stopped). Returns the stored answer, its sources and the thread as it now stands.
    func answer(
        _ asking: Asking, emit: @escaping @Sendable (AskEvent) -> Void
    ) async throws -> (message: AskMessage, sources: [Repository], thread: AskThread) {
        let partial = Mutex(PartialAnswer())
        let outcome: Answer?
        do {
            outcome = try await engine.answer(
                asking.question.text, previous: asking.previous, card: asking.card, tools: tools(for: asking.userID)
            ) { event in
                partial.withLock { $0.add(event) }
                emit(event)
            }
        } catch is CancellationError {
            outcome = nil
        }
        let got = partial.withLock { $0 }
        let message = AskMessage(
            id: UUID().uuidString.lowercased(), threadID: asking.thread.id, role: .assistant,
            text: outcome?.text ?? got.text,
            tools: (outcome?.tools ?? got.tools).map { AskToolRun(name: $0.name, chip: $0.chip, inputs: $0.inputs) },
            sources: (outcome?.sources ?? got.sources).map(\.repositoryName), createdAt: clock(),
            stopped: outcome == nil)
        // Stored even when the request was cancelled (the person went away): not part of its cancellation.
        let store = store
        let userID = asking.userID
        let thread = try await Task {
            _ = try await store.addMessage(message, userID: userID, title: nil)
            return try await store.thread(id: message.threadID, userID: userID)
        }.value
        return (message, outcome?.sources ?? got.sources, thread ?? asking.thread)
    }

    /// The quota as the API states it, after `use`.
    func quota(_ use: AskQuotaUse) -> (used: Int, limit: Int?, renewsOn: Day) {
        (use.used, limit, AskQuotaUse.renewal(after: clock()))
    }
}

/// What an answer had streamed so far.
struct PartialAnswer: Sendable {
    var text = ""
    var tools: [ToolUse] = []
    var sources: [Repository] = []

    mutating func add(_ event: AskEvent) {
        switch event {
        case .tool(let use): tools.append(use)
        case .source(let repository): sources.append(repository)
        case .text(let words): text += words
        case .done: break
        }
    }
}

/// The asking person as the engine's tools see them: their lists from the store, their fit from their session.
struct SessionPerson: AskPerson {
    let userID: String
    let store: any DataStore
    let session: PersonSession

    func list(_ list: RepositoryList) async throws -> [Repository] {
        try await store.list(list, userID: userID, page: PageRequest(page: 1, perPage: PageRequest.maximumPerPage))
            .items.map(\.repository)
    }

    func assess(_ key: String, recommender: Recommender) async throws -> Recommendation? {
        try await session.assess([key], recommender: recommender).first ?? nil
    }
}
