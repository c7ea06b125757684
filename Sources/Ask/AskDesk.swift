public import Dealing
public import Foundation
public import Localization
public import Recommender
public import RepoFinderCore
public import Storage
import Synchronization

/// Asking in a thread, for both ways of answering (server-sent events and JSON): checks the question, counts it
/// against the monthly quota, stores it, answers with the embedded engine over the catalog and the person's lists,
/// and stores the answer — whole, or as far as it got when the person went away (marked stopped).
public struct AskDesk: Sendable {
    let store: any DataStore
    /// The recommender of the moment (a rebuild replaces it).
    let recommender: @Sendable () -> Recommender
    let sessions: DealingSessions
    /// Questions per account per month; nil: no limit.
    let limit: Int?
    /// What time it is.
    public let clock: @Sendable () -> Date
    let engine: AnswerEngine
    /// Trending lists and a repository's recent star history, as the server keeps them (nil: from the store).
    let trending: (@Sendable (TrendingQuery) async throws -> TrendingList)?
    let history: (@Sendable (Repository) async throws -> [StarSnapshot])?

    public init(
        store: any DataStore, recommender: @escaping @Sendable () -> Recommender, sessions: DealingSessions,
        limit: Int?, clock: @escaping @Sendable () -> Date, engine: AnswerEngine,
        trending: (@Sendable (TrendingQuery) async throws -> TrendingList)? = nil,
        history: (@Sendable (Repository) async throws -> [StarSnapshot])? = nil
    ) {
        self.store = store
        self.recommender = recommender
        self.sessions = sessions
        self.limit = limit
        self.clock = clock
        self.engine = engine
        self.trending = trending
        self.history = history
    }

    /// How many of a thread's latest questions a follow-up is read against ("and for Go?" after "…this week?").
    static let questionsRead = 8

    /// A question checked, counted and stored, ready to answer.
    public struct Asking: Sendable {
        public var userID: String
        public var threadID: String
        public var question: AskMessage
        public var quota: AskQuotaUse
        /// The thread's earlier question as read (what a follow-up builds on).
        var previous: Question?
        var card: String?
        /// The thread so far, for a writing model (empty without one).
        var earlier: [AskTurn] = []
        /// The language the question was asked in (the request's): the answer is worded in it.
        public internal(set) var language: Language = .english
    }

    /// Checks `text` (and `card`, an `owner/name`), counts it against the quota and stores it in the thread.
    public func begin(userID: String, threadID: String, text: String, card: String?) async throws -> Asking {
        let question = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let said = AskWords()
        guard !question.isEmpty else { throw AskRefusal.badQuestion(said.text("asking.empty")) }
        guard question.count <= AnswerEngine.maximumQuestionLength else {
            throw AskRefusal.badQuestion(said.text("asking.too-long", AnswerEngine.maximumQuestionLength))
        }
        if let card, (try? RepositoryName(parsing: card)) == nil {
            throw AskRefusal.badQuestion(said.text("asking.bad-repository"))
        }
        guard
            let earlier = try await store.recentQuestions(
                threadID: threadID, userID: userID, limit: Self.questionsRead)
        else { throw AskRefusal.noThread(id: threadID) }
        let now = clock()
        let reader = QuestionReader()
        var previous: Question?
        for text in earlier { previous = reader.read(text, after: previous) }
        let stored = AskMessage(
            id: UUID().uuidString.lowercased(), threadID: threadID, role: .user, text: question, createdAt: now)
        let title = earlier.isEmpty ? AskThread.shortened(question, to: AskThread.titleLength) : nil
        let month = AskQuotaUse.month(of: now)
        let quota: AskQuotaUse
        switch try await store.addQuestion(
            stored, userID: userID, title: title, month: month, limit: limit ?? Int(Int32.max))
        {
        case .added(let use): quota = use
        case .noThread: throw AskRefusal.noThread(id: threadID)
        case .overQuota(let used):
            throw AskRefusal.overQuota(limit: limit ?? used, used: used, renewsOn: AskQuotaUse.renewal(after: now))
        }
        var earlierTurns: [AskTurn] = []
        if engine.hasWriter, !earlier.isEmpty,
            let messages = try await store.messages(threadID: threadID, userID: userID)
        {
            earlierTurns = messages.filter { $0.id != stored.id }.suffix(WritingRequest.turnsKept)
                .map { AskTurn(role: $0.role, text: $0.text) }
        }
        return Asking(
            userID: userID, threadID: threadID, question: stored, quota: quota, previous: previous, card: card,
            earlier: earlierTurns, language: said.language)
    }

    /// What an answer says until it is finished, in `language`: read meanwhile, it is still being written; left so,
    /// the server stopped (or was killed) while writing it.
    public static func interrupted(in language: Language = .english) -> String {
        AskWords(language).text("answer.interrupted")
    }

    /// The engine's tools for the asking person.
    func tools(for userID: String) -> CatalogAskTools {
        let recommender = recommender()
        return CatalogAskTools(
            store: store, recommender: recommender,
            person: SessionPerson(userID: userID, store: store, session: sessions.session(userID)), now: clock(),
            trending: trending, history: history)
    }

    /// Answers, telling `emit` each event; the answer is stored whether it completes or the task is cancelled (then
    /// as far as it got, marked stopped). Returns the stored answer, its sources and the thread as it now stands.
    public func answer(
        _ asking: Asking, emit: @escaping @Sendable (AskEvent) -> Void
    ) async throws -> (message: AskMessage, sources: [Repository], thread: AskThread) {
        // Stored stopped before a word is written, and finished below: a server killed mid-answer leaves the
        // question with this answer, which says so, rather than with none. Not part of the request's cancellation.
        let store = store
        let userID = asking.userID
        let begun = AskMessage(
            id: UUID().uuidString.lowercased(), threadID: asking.threadID, role: .assistant, text: "",
            createdAt: clock(), stopped: true, notice: Self.interrupted(in: asking.language))
        _ = try await Task { try await store.addMessage(begun, userID: userID, title: nil) }.value
        let partial = Mutex(PartialAnswer())
        let outcome: Answer?
        do {
            // In the language asked in, wherever the answer is written (a streamed answer is written after the
            // request's handler returned).
            outcome = try await Language.$chosen.withValue(asking.language) {
                try await engine.answer(
                    asking.question.text, previous: asking.previous, card: asking.card, earlier: asking.earlier,
                    tools: tools(for: asking.userID)
                ) { event in
                    partial.withLock { $0.add(event) }
                    emit(event)
                }
            }
        } catch is CancellationError {
            outcome = nil
        }
        let got = partial.withLock { $0 }
        let message = AskMessage(
            id: begun.id, threadID: asking.threadID, role: .assistant,
            text: outcome?.text ?? got.text,
            tools: outcome?.tools ?? got.tools,
            sources: (outcome?.sources ?? got.sources).map(\.repositoryName), createdAt: begun.createdAt,
            stopped: outcome == nil, notice: outcome?.notice ?? got.notice)
        // Stored even when the request was cancelled (the person went away): not part of its cancellation.
        let finishedAt = clock()
        let thread = try await Task {
            _ = try await store.finishMessage(message, userID: userID, at: finishedAt)
            return try await store.thread(id: message.threadID, userID: userID)
        }.value
        // Deleted while it was answered: the answer still goes out, with the thread as it was named.
        let current =
            thread ?? AskThread(id: asking.threadID, title: asking.question.text, createdAt: message.createdAt)
        return (message, outcome?.sources ?? got.sources, current)
    }

    /// The quota as the API states it, after `use`.
    public func quota(_ use: AskQuotaUse) -> (used: Int, limit: Int?, renewsOn: Day) {
        (use.used, limit, AskQuotaUse.renewal(after: clock()))
    }
}

/// What an answer had streamed so far.
struct PartialAnswer: Sendable {
    var text = ""
    var tools: [AskToolRun] = []
    var sources: [Repository] = []
    var notice: String?

    mutating func add(_ event: AskEvent) {
        switch event {
        case .tool(let use): tools.append(use)
        case .source(let repository): sources.append(repository)
        case .text(let words): text += words
        case .fallback(let reason):
            text = ""
            notice = reason
        case .queued, .done: break
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
