public import Foundation
public import Localization
public import RepoFinderCore
public import Storage

/// Writes an answer's words from what the tools found — a language model behind an OpenAI-compatible endpoint, say.
/// The engine chooses the sources and runs the tools; a writer only words the answer. Its text streams through a
/// ``CitationFilter`` (a citation of anything but the sources is dropped), and when it fails the engine's own words
/// answer instead, with a notice.
public protocol AnswerWriter: Sendable {
    /// The answer's text in pieces as they are written. The stream ends when the answer is whole; it throws an
    /// ``AnswerWriterFailure`` when the writer fails part-way. Ending the iteration stops the writing.
    func write(_ request: WritingRequest) -> AsyncThrowingStream<String, any Error>

    /// The line answers wait in for a turn at the writer, when it takes only so many at once (nil: no limit). The
    /// engine holds a turn while the writer writes, and falls back to its own words when none comes in time.
    var queue: WritingQueue? { get }
}

extension AnswerWriter {
    /// No line: every answer is written at once.
    public var queue: WritingQueue? { nil }
}

/// Why a writer gave no (whole) answer, said as the notice on the answer the engine wrote instead.
public struct AnswerWriterFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong: "went silent for 10 s", "answered 401: invalid key".
    public let reason: String

    public init(_ reason: String) { self.reason = reason }

    public var description: String { reason }

    /// A failure nothing more is known of, in plain words (never an error type's name, such as
    /// `HTTPClientError.getConnectionFromPoolTimeout`, which means nothing to a reader).
    public static let unexpected = AnswerWriterFailure("failed unexpectedly")

    /// "was busy with other answers for 10 s": no turn at the writer came within `patience`.
    public static func busy(for patience: Duration) -> AnswerWriterFailure {
        let milliseconds = patience.milliseconds
        let seconds = milliseconds % 1_000 == 0 ? "\(milliseconds / 1_000) s" : "\(Double(milliseconds) / 1_000) s"
        return AnswerWriterFailure("was busy with other answers for \(seconds)")
    }

    /// The notice an answer carries when the engine answered instead of the writer, in `language` (the reason stays
    /// as the writer said it).
    public func notice(in language: Language = .english) -> String {
        AskWords(language).text("answer.writer-failed", reason)
    }
}

/// A turn of the thread as a writer is told it.
public struct AskTurn: Hashable, Sendable {
    public var role: AskRole
    public var text: String

    public init(role: AskRole, text: String) {
        self.role = role
        self.text = text
    }
}

/// What a writer is given: the question, the thread so far, what the tools did and found (numbered as they are to be
/// cited), and the engine's own answer from those facts.
public struct WritingRequest: Hashable, Sendable {
    public var question: String
    /// The thread's earlier turns, oldest first.
    public var earlier: [AskTurn]
    public var tools: [AskToolRun]
    /// The sources: the n-th is cited [n].
    public var sources: [Repository]
    /// The engine's answer from the same facts.
    public var draft: String
    public var now: Date
    /// The language the answer is written in (the asking person's).
    public var language: Language

    public init(
        question: String, earlier: [AskTurn] = [], tools: [AskToolRun], sources: [Repository], draft: String,
        now: Date, language: Language = .english
    ) {
        self.question = question
        self.earlier = earlier
        self.tools = tools
        self.sources = sources
        self.draft = draft
        self.now = now
        self.language = language
    }

    /// How many earlier turns a writer is told, and how much of each.
    public static let turnsKept = 6
    public static let turnLength = 1_200

    /// The instructions a model is given.
    public static let instructions = """
        You are RepoFinder's assistant for developers looking for GitHub repositories. Answer the question in at most \
        120 words, using only the numbered sources you are given. Cite a source as [n] right after naming it. Never \
        name or recommend a repository that is not a numbered source, and never state a fact the sources do not give \
        (no star counts, dates or features of your own). If the sources do not fit the question, say so plainly.
        """

    /// The instructions for this answer: ``instructions``, and the language to write in when it is not English.
    public var instructionsInLanguage: String {
        let words = AskWords(language)
        guard words.englishName != "English" else { return Self.instructions }
        return Self.instructions + " Write the answer in \(words.englishName), whatever language the question is in; "
            + "keep repository names, topics and quoted descriptions as they are."
    }

    /// The conversation as chat messages (`system`, the earlier turns, then the question with the facts).
    public var messages: [(role: String, content: String)] {
        var messages: [(role: String, content: String)] = [("system", instructionsInLanguage)]
        for turn in earlier.suffix(Self.turnsKept) {
            messages.append((turn.role == .user ? "user" : "assistant", String(turn.text.prefix(Self.turnLength))))
        }
        var facts = ["Question: \(question)"]
        if !tools.isEmpty {
            facts.append("What RepoFinder did: " + tools.map(\.chip).joined(separator: "; ") + ".")
        }
        facts.append("Sources:")
        for (index, source) in sources.enumerated() {
            facts.append(
                FactLine.item(source, number: index + 1, now: now, words: AskWords(language)) + " "
                    + source.webURL.absoluteString)
        }
        facts.append("An answer written from these facts alone (reword it, keep its citations):\n\(draft)")
        messages.append(("user", facts.joined(separator: "\n")))
        return messages
    }
}
