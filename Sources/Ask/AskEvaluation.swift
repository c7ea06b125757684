import Foundation
public import RepoFinderCore
import Storage

/// The judged questions (`Tests/Fixtures/ask-questions.tsv`): for each, what a knowledgeable developer would accept
/// among the first three sources, and the person and thread it is asked in. Scores the engine per kind.
public struct AskEvaluation: Sendable {
    /// One judged question.
    public struct Item: Sendable {
        public var kind: String
        public var text: String
        /// Accepted `owner/name` keys (lowercased).
        public var accepted: Set<String>
        /// Accepted: the first ten of this trending list (language nil for all).
        public var trending: (language: String?, window: TrendingWindow)?
        /// The person's lists, oldest first (`owner/name`).
        public var saved: [String] = []
        public var liked: [String] = []
        /// The card it is asked from.
        public var card: String?
        /// The thread's earlier question.
        public var previous: String?

        /// Whether the right answer is "I don't know".
        public var expectsNothing: Bool { accepted.isEmpty && trending == nil }
    }

    /// How one question went.
    public struct Outcome: Sendable {
        public var item: Item
        public var answer: Answer
        /// Whether an accepted repository is among the first three sources (for "nothing fits": no sources, and the
        /// answer says it does not know).
        public var success: Bool
        /// How long the answer took (its tools included).
        public var duration: Duration
    }

    public let items: [Item]

    /// Reads a judged file (see the fixture's header for the columns).
    public init(file: String) throws {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        var items: [Item] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard !line.hasPrefix("#"), !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard columns.count >= 2 else {
                throw AskEvaluationError("line \(number + 1) of \(file): expected kind<TAB>question<TAB>accepted")
            }
            var item = Item(kind: columns[0], text: columns[1], accepted: [])
            for accepted in (columns.count > 2 ? columns[2] : "").split(separator: " ") {
                if accepted.hasPrefix("@trending") {
                    let parts = accepted.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
                    guard parts.count == 3, let window = TrendingWindow(rawValue: parts[2]) else {
                        throw AskEvaluationError("line \(number + 1): @trending:LANGUAGE:WINDOW expected")
                    }
                    item.trending = (parts[1].isEmpty ? nil : parts[1], window)
                } else {
                    item.accepted.insert(accepted.lowercased())
                }
            }
            if columns.count > 3 { Self.readContext(columns[3], into: &item) }
            items.append(item)
        }
        self.items = items
    }

    static func readContext(_ text: String, into item: inout Item) {
        if let range = text.range(of: "previous=") {
            item.previous = String(text[range.upperBound...])
        }
        let head = text.range(of: "previous=").map { String(text[..<$0.lowerBound]) } ?? text
        for part in head.split(separator: " ") {
            let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2 else { continue }
            let names = pair[1].split(separator: ",").map(String.init)
            switch pair[0] {
            case "saved": item.saved = names
            case "liked": item.liked = names
            case "card": item.card = pair[1]
            default: continue
            }
        }
    }

    /// Asks every question with the tools `tools(item)` makes (the item's person), each in its thread; an accepted
    /// repository counts under the name `currentKey` gives it (the catalog's current name of a renamed project).
    public func run(
        engine: AnswerEngine = AnswerEngine(), currentKey: (String) -> String = { $0 },
        tools: (Item) async throws -> any AskTools
    ) async throws -> [Outcome] {
        var outcomes: [Outcome] = []
        for item in items {
            let asking = try await tools(item)
            var previous: Question?
            if let earlier = item.previous {
                previous = try await engine.answer(earlier, tools: asking).question
            }
            let started = ContinuousClock.now
            let answer = try await engine.answer(item.text, previous: previous, card: item.card, tools: asking)
            let duration = ContinuousClock.now - started
            var accepted = Set(item.accepted.map(currentKey))
            if let trending = item.trending {
                let list = try await asking.trending(language: trending.language, window: trending.window, limit: 10)
                accepted = Set(list.entries.map(\.repository.id))
            }
            let success =
                item.expectsNothing
                ? answer.sources.isEmpty && !answer.found
                : answer.sources.prefix(3).contains { accepted.contains($0.id) }
            outcomes.append(Outcome(item: item, answer: answer, success: success, duration: duration))
        }
        return outcomes
    }

    /// The share of successes per kind, in the file's order of kinds, and over all.
    public static func figures(_ outcomes: [Outcome]) -> (
        kinds: [(kind: String, count: Int, rate: Double)], all: Double
    ) {
        var kinds: [String] = []
        for outcome in outcomes where !kinds.contains(outcome.item.kind) { kinds.append(outcome.item.kind) }
        let rows = kinds.map { kind in
            let ofKind = outcomes.filter { $0.item.kind == kind }
            return (kind, ofKind.count, Double(ofKind.filter(\.success).count) / Double(ofKind.count))
        }
        let all = outcomes.isEmpty ? 0 : Double(outcomes.filter(\.success).count) / Double(outcomes.count)
        return (rows, all)
    }
}

/// A judged file that cannot be read, with where and why.
public struct AskEvaluationError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
