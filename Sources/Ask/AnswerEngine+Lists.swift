import Foundation
import RepoFinderCore
import Storage

extension AnswerEngine {
    /// The trending list for the language and window asked.
    func trending(_ question: Question, into draft: inout Draft, _ context: AskContext) async throws {
        let window = question.window
        let language = question.language
        let said = context.words
        let list = try await draft.run(
            "trending", context, inputs: ["window": window.rawValue, "language": language ?? ""],
            found: { $0.entries.count }
        ) { (list: TrendingList) in
            guard let language else { return said.text("tool.trending.\(window.rawValue)", list.entries.count) }
            return said.text("tool.trending-in.\(window.rawValue)", language, list.entries.count)
        } _: { tools in
            try await tools.trending(language: language, window: window, limit: Self.listSize)
        }
        let scope = said.scope(window, language: language)
        guard !list.entries.isEmpty else {
            draft.dontKnow(said.text("answer.trending.none", scope))
            return
        }
        let span =
            list.start.flatMap { start in
                list.end.map { said.text("answer.trending.span", start.description, $0.description) }
            } ?? ""
        draft.lines.append(said.text("answer.trending.intro", scope, span))
        let period = said.scope(window, language: nil)
        for entry in list.entries {
            let gain = said.text("answer.trending.gain", entry.starsGained, period)
            draft.lines.append(
                FactLine.item(
                    entry.repository, number: draft.cite(entry.repository), now: context.now, words: said, extra: gain))
        }
    }

    /// The named repositories side by side.
    /// A comparison read from a sentence: compared when both names are repositories the catalog knows, else the
    /// question is answered as a search (the "or" was not a choice between two projects).
    func compareOrFind(
        _ names: [String], _ question: Question, into draft: inout Draft, _ context: AskContext
    ) async throws {
        var known = 0
        for name in names where try await context.tools.repository(named: name) != nil { known += 1 }
        if known == names.count {
            try await compare(names, into: &draft, context)
        } else {
            try await find(question, into: &draft, context)
        }
    }

    func compare(_ names: [String], into draft: inout Draft, _ context: AskContext) async throws {
        var found: [Repository] = []
        var unknown: [String] = []
        for name in names {
            if let repository = try await draft.lookUp(name, context) {
                if !found.contains(where: { $0.id == repository.id }) { found.append(repository) }
            } else {
                unknown.append(name)
            }
        }
        let said = context.words
        let missing = said.list(unknown.map(said.quoted))
        guard found.count >= 2 else {
            if let only = found.first {
                draft.lines.append(said.text("answer.compare.unknown-other", missing))
                draft.lines.append(FactLine.item(only, number: draft.cite(only), now: context.now, words: said))
            } else {
                draft.dontKnow(said.text("answer.compare.unknown-both", missing))
            }
            return
        }
        let comparison = try await draft.run(
            "compare", context, inputs: ["repositories": found.map(\.fullName).joined(separator: ",")]
        ) { (_: Comparison) in
            said.text("tool.compare", said.list(found.map(\.fullName)))
        } _: { tools in
            try await tools.compare(found)
        }
        let now = context.now
        if !unknown.isEmpty { draft.lines.append(said.text("answer.compare.unknown", missing)) }
        draft.lines.append(said.text("answer.compare.intro"))
        for (position, entry) in comparison.entries.enumerated() {
            let repository = entry.repository
            var facts = [FactLine.summary(repository, now: now, words: said)]
            if let gained = entry.gained30 { facts.append(said.text("answer.compare.gained", gained)) }
            if let forks = repository.forks { facts.append(said.text("answer.fact.forks", forks)) }
            if let issues = repository.openIssues { facts.append(said.text("answer.fact.open-issues", issues)) }
            if let license = repository.license?.spdxID { facts.append(license) }
            let reason = comparison.reasons.indices.contains(position) ? " " + comparison.reasons[position] : ""
            draft.lines.append(
                "• \(repository.fullName) [\(draft.cite(repository))]: \(said.sentence(said.joined(facts)))\(reason)")
        }
        if !comparison.sharedTopics.isEmpty {
            draft.lines.append(
                said.text("answer.compare.shared", said.joined(Array(comparison.sharedTopics.sorted().prefix(5)))))
        }
    }

    /// The person's list, narrowed to the subject (what the search tool finds for it) and the language.
    func mine(
        _ list: RepositoryList?, _ question: Question, into draft: inout Draft, _ context: AskContext
    ) async throws {
        let said = context.words
        var items: [Repository] = []
        for kind in list.map({ [$0] }) ?? [.saved, .liked] {
            let read = try await draft.run("list", context, inputs: ["list": kind.rawValue], found: { $0.count }) {
                (found: [Repository]) in
                kind == .saved ? said.text("tool.list.saved", found.count) : said.text("tool.list.liked", found.count)
            } _: { tools in
                try await tools.list(kind)
            }
            items += read.filter { item in !items.contains { $0.id == item.id } }
        }
        // Which list the words are about: "saved", "liked" or "any" (both).
        let what = list.map { $0 == .saved ? "saved" : "liked" } ?? "any"
        guard !items.isEmpty else {
            draft.dontKnow(said.text("answer.mine.empty.\(what)"))
            return
        }
        var chosen = items.filter { question.language == nil || $0.language == question.language }
        if !question.words.isEmpty {
            let query = question.words.joined(separator: " ")
            let matching = try await draft.search(query, language: question.language, limit: 100, context)
            let rank = Dictionary(matching.enumerated().map { ($1.id, $0) }) { first, _ in first }
            chosen = chosen.filter { rank[$0.id] != nil || Self.mentions($0, question.words) }
                .sorted { (rank[$0.id] ?? Int.max) < (rank[$1.id] ?? Int.max) }
        }
        guard !chosen.isEmpty else {
            draft.dontKnow(said.text("answer.mine.none.\(what)", items.count, question.phrase(said)))
            return
        }
        let count =
            question.words.isEmpty && question.language == nil
            ? said.text("answer.mine.count.\(what)", chosen.count)
            : said.text("answer.mine.count-about.\(what)", chosen.count, question.phrase(said))
        let order = question.recent ? said.text("answer.mine.recent-first") : ""
        draft.lines.append(count + order + ":")
        for repository in chosen.prefix(Self.listSize) {
            draft.lines.append(
                FactLine.item(repository, number: draft.cite(repository), now: context.now, words: said))
        }
    }

    /// Whether a repository's name, description or topics hold every word, or its singular (a plain check beside
    /// search).
    static func mentions(_ repository: Repository, _ words: [String]) -> Bool {
        let text = ([repository.fullName, repository.description ?? ""] + repository.topics).joined(separator: " ")
            .lowercased()
        return words.allSatisfy { word in
            text.contains(word) || (word.count > 3 && word.hasSuffix("s") && text.contains(word.dropLast()))
        }
    }

    /// Why a repository was dealt: the recommender's fit and reasons for the person.
    func why(_ name: String?, into draft: inout Draft, _ context: AskContext) async throws {
        let said = context.words
        guard let name else {
            draft.dontKnow(said.text("answer.why.which"))
            return
        }
        guard let repository = try await draft.lookUp(name, context) else {
            draft.dontKnow(said.text("answer.compare.unknown", said.quoted(name)))
            return
        }
        let assessed = try await draft.run("reasons", context, inputs: ["repository": repository.fullName]) {
            (_: (fit: Int, reasons: [String])?) in
            said.text("tool.reasons", repository.fullName)
        } _: { tools in
            try await tools.reasons(for: repository)
        }
        let number = draft.cite(repository)
        guard let assessed, !assessed.reasons.isEmpty else {
            draft.dontKnow(said.text("answer.why.no-reasons", repository.fullName, number))
            return
        }
        draft.lines.append(said.text("answer.why.fit", repository.fullName, number, assessed.fit))
        for reason in assessed.reasons { draft.lines.append("• \(reason)") }
    }
}
