import Foundation
import RepoFinderCore
import Storage

/// The embedded answering engine: reads a question, runs tools over the catalog and the person's lists, and writes a
/// short answer from what they returned — each repository it names cited as [n], nothing stated that no tool said. No
/// model: rules over a reviewed vocabulary and the tools' facts. Streamed: tool chips as tools run, then the sources,
/// then the words.
public struct AnswerEngine: Sendable {
    /// How many repositories a list answer names.
    public static let listSize = 5
    /// The longest question read, in characters.
    public static let maximumQuestionLength = 500

    let reader = QuestionReader()
    /// Words the answer in place of the engine when set (a language model); the engine's words are the fallback.
    let writer: (any AnswerWriter)?

    public init(writer: (any AnswerWriter)? = nil) {
        self.writer = writer
    }

    /// Whether a writing model words the answers (then it is told the thread so far).
    public var hasWriter: Bool { writer != nil }

    /// Answers `text`, streaming. `previous` is the thread's earlier question as read (``Answer/question``), `card`
    /// the repository the question is asked from. The stream ends after ``AskEvent/done(_:)``; cancelling the task
    /// that reads it stops the work.
    public func stream(
        _ text: String, previous: Question? = nil, card: String? = nil, tools: any AskTools
    ) -> AsyncThrowingStream<AskEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: AskEvent.self)
        let task = Task {
            do {
                let answer = try await answer(text, previous: previous, card: card, tools: tools) { event in
                    continuation.yield(event)
                }
                continuation.yield(.done(answer))
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// Answers `text`, telling `emit` each tool run, source and piece of text as it is ready; returns the whole answer.
    /// `earlier` is the thread so far, for a writer.
    public func answer(
        _ text: String, previous: Question? = nil, card: String? = nil, earlier: [AskTurn] = [], tools: any AskTools,
        emit: @escaping @Sendable (AskEvent) -> Void = { _ in }
    ) async throws -> Answer {
        let question = reader.read(text, after: previous, card: card)
        var draft = Draft()
        let context = AskContext(tools: tools, emit: emit, words: AskWords())
        switch question.intent {
        case .find: try await find(question, into: &draft, context)
        case .like(let seed): try await like(seed, question, into: &draft, context)
        case .trending: try await trending(question, into: &draft, context)
        case .compare(let names) where question.looseComparison:
            try await compareOrFind(names, question, into: &draft, context)
        case .compare(let names): try await compare(names, into: &draft, context)
        case .beginner: try await beginner(question, into: &draft, context)
        case .mine(let list): try await mine(list, question, into: &draft, context)
        case .why(let name): try await why(name, into: &draft, context)
        case .facts(let name): try await facts(name, question, into: &draft, context)
        case .unclear:
            draft.dontKnow(context.words.text("answer.unclear"))
        }
        try Task.checkCancellation()
        for source in draft.sources { emit(.source(source)) }
        let body = draft.lines.joined(separator: "\n")
        var notice: String?
        if let writer, draft.found, !draft.sources.isEmpty {
            let request = WritingRequest(
                question: text, earlier: earlier, tools: draft.tools, sources: draft.sources, draft: body,
                now: context.now, language: context.words.language)
            do {
                let written = try await Self.write(request, with: writer, emit: emit)
                return Answer(
                    text: written, tools: draft.tools, sources: draft.sources, question: question, found: true)
            } catch let failure as AnswerWriterFailure {
                // A reader that went away keeps the model's words (stopped), not a fallback.
                try Task.checkCancellation()
                notice = failure.notice(in: context.words.language)
                emit(.fallback(failure.notice(in: context.words.language)))
            }
        }
        for piece in Self.pieces(of: body) {
            try Task.checkCancellation()
            emit(.text(piece))
        }
        return Answer(
            text: body, tools: draft.tools, sources: draft.sources, question: question, found: draft.found,
            notice: notice)
    }

    /// The writer's answer, its citations kept to the sources, each piece emitted as it comes.
    static func write(
        _ request: WritingRequest, with writer: any AnswerWriter, emit: @escaping @Sendable (AskEvent) -> Void
    ) async throws -> String {
        var filter = CitationFilter(sources: request.sources.count)
        var written = ""
        // A writer that takes only so many answers at once: wait for a turn (the stream says so), hold it throughout.
        let turn = try await writer.queue?.turn { emit(.queued(position: $0)) }
        defer { turn?.end() }
        do {
            for try await piece in writer.write(request) {
                let kept = filter.feed(piece)
                guard !kept.isEmpty else { continue }
                written += kept
                emit(.text(kept))
            }
        } catch let error where error is AnswerWriterFailure || error is CancellationError {
            throw error
        } catch {
            throw AnswerWriterFailure.unexpected
        }
        // A stream ends early, without an error, when the task reading it is cancelled.
        try Task.checkCancellation()
        let rest = filter.finish().trimmingCharacters(in: .whitespaces)
        if !rest.isEmpty {
            written += rest
            emit(.text(rest))
        }
        guard !written.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw AnswerWriterFailure("answered nothing")
        }
        return written
    }

    /// The text in streamable pieces: each word with the space or line break before it.
    static func pieces(of text: String) -> [String] {
        var pieces: [String] = []
        var current = ""
        for character in text {
            if (character == " " || character == "\n"), !current.isEmpty, current.last != " ", current.last != "\n" {
                pieces.append(current)
                current = ""
            }
            current.append(character)
        }
        if !current.isEmpty { pieces.append(current) }
        return pieces
    }
}

/// What the handlers work with: the tools, where events go, and the asking person's language.
struct AskContext: Sendable {
    let tools: any AskTools
    let emit: @Sendable (AskEvent) -> Void
    let words: AskWords

    var now: Date { tools.now }
    /// What activity is judged against (``AskTools/catalogAge``).
    var age: CatalogAge? { tools.catalogAge }
}

extension Draft {
    /// Runs `body` as the tool `name`, then announces it with `chip` (which may read the result) and keeps it.
    mutating func run<T>(
        _ name: String, _ context: AskContext, inputs: [String: String] = [:], found: (T) -> Int? = { _ in nil },
        chip: (T) -> String, _ body: (any AskTools) async throws -> T
    ) async throws -> T {
        try Task.checkCancellation()
        let result = try await body(context.tools)
        let use = AskToolRun(name: name, chip: chip(result), inputs: inputs, found: found(result))
        tools.append(use)
        context.emit(.tool(use))
        return result
    }
}

extension Question {
    /// “web framework” in Swift — the subject and language as an answer names them.
    func phrase(_ said: AskWords) -> String {
        let subject = words.isEmpty ? "" : said.quoted(words.joined(separator: " "))
        switch (subject.isEmpty, language) {
        case (false, let language?): return said.text("answer.phrase.subject-in", subject, language)
        case (false, nil): return subject
        case (true, let language?): return language
        case (true, nil): return said.text("answer.phrase.that")
        }
    }
}
