public import Foundation
public import Observation
public import RepoFinderClient
public import RepoFinderCore

/// One Ask thread: its messages, the question being typed, and the answer as it streams in — the tool chips, the
/// sources, the words — until it is kept. A question can be stopped; past the monthly quota the person is told when
/// it renews.
@Observable @MainActor
public final class ChatViewModel {
    public enum State: Hashable, Sendable {
        case loading
        case ready
        /// An answer is streaming in.
        case answering
        case failed(String)
    }

    /// The answer being written.
    public struct Streaming: Hashable, Sendable {
        public var text = ""
        public var tools: [ChatToolChip] = []
        public var sources: [Repository] = []
        /// Why the words started again (the server's writing model failed), or nil.
        public var notice: String?
        /// The answer's place in line for the server's writing model (1: next), while it waits; nil otherwise.
        public var queuePosition: Int?
        /// Nothing written yet: show a typing indicator.
        public var isTyping: Bool { text.isEmpty }
    }

    public private(set) var state = State.loading
    public private(set) var thread: ChatThread?
    public private(set) var messages: [ChatMessage] = []
    public private(set) var streaming: Streaming?
    public private(set) var quota: ChatQuota?
    /// Something to tell the person (the quota is used up; a question that failed).
    public private(set) var notice: String?
    /// The question being typed.
    public var draft = ""
    /// The finished answer, once, for an accessibility announcement (not every word).
    public private(set) var announcement: String?

    private let service: any ChatService
    private let threadID: String
    private let now: @Sendable () -> Date
    private let analytics: AnalyticsRecorder
    private var asking: Task<Void, Never>?
    /// Whether the screen view was recorded (loading again is not another view).
    private var viewed = false

    /// - Parameter analytics: where the screen view, each question asked and a refusal for the month's quota go.
    public init(
        service: any ChatService, threadID: String, now: @escaping @Sendable () -> Date = Date.init,
        analytics: AnalyticsRecorder = .disabled
    ) {
        self.service = service
        self.threadID = threadID
        self.now = now
        self.analytics = analytics
    }

    /// Loads the thread and its messages.
    @discardableResult
    public func load() -> Task<Void, Never> {
        if !viewed {
            viewed = true
            analytics.screen(.chat)
        }
        return Task {
            do throws(ClientFailure) {
                let (thread, messages) = try await service.thread(threadID)
                self.thread = thread
                self.messages = messages
                state = .ready
            } catch {
                state = .failed(error.message)
            }
        }
    }

    /// Asks the draft (or `text`), from `card`'s card if given.
    @discardableResult
    public func ask(_ text: String? = nil, about card: RepositoryName? = nil) -> Task<Void, Never> {
        let question = (text ?? draft).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !question.isEmpty, state != .answering else { return Task {} }
        draft = ""
        notice = nil
        announcement = nil
        messages.append(ChatMessage(id: "pending-\(messages.count)", role: .user, text: question, createdAt: now()))
        streaming = Streaming()
        state = .answering
        analytics.track(.askQuestion)
        let task = Task {
            do {
                for try await event in service.ask(question, in: threadID, about: card) { apply(event) }
                if streaming != nil { finishStopped() }
            } catch is CancellationError {
                finishStopped()
            } catch let failure as ClientFailure {
                fail(failure)
            } catch {
                fail(.from(error))
            }
            state = .ready
        }
        asking = task
        return task
    }

    /// Stops the answer; what arrived stays, marked stopped (the server keeps it too).
    public func stop() {
        asking?.cancel()
    }

    private func apply(_ event: ChatStreamEvent) {
        switch event {
        case .tool(let chip): streaming?.tools.append(chip)
        case .source(let repository): streaming?.sources.append(repository)
        case .text(let words):
            streaming?.queuePosition = nil
            streaming?.text += words
        case .queued(let position): streaming?.queuePosition = position
        case .fallback(let notice):
            streaming?.text = ""
            streaming?.queuePosition = nil
            streaming?.notice = notice
        case .done(let answer, let thread, let quota):
            messages.append(answer)
            self.thread = thread
            self.quota = quota
            streaming = nil
            announcement = answer.text
        }
    }

    private func finishStopped() {
        guard let partial = streaming else { return }
        messages.append(
            ChatMessage(
                id: "stopped-\(messages.count)", role: .assistant, text: partial.text, tools: partial.tools,
                sources: partial.sources, createdAt: now(), stopped: true, notice: partial.notice))
        streaming = nil
    }

    private func fail(_ failure: ClientFailure) {
        streaming = nil
        // The question was not asked: take it back into the field.
        if let last = messages.last, last.role == .user, last.id.hasPrefix("pending-") {
            messages.removeLast()
            draft = last.text
        }
        if case .quotaExhausted(let message) = failure {
            analytics.track(.askQuota)
            notice = message
            if var quota { quota.left = 0; self.quota = quota }
        } else {
            notice = failure.message
        }
    }
}
