import Foundation
import RepoFinderCore
import Storage

extension AnswerEngine {
    /// The trending list for the language and window asked.
    func trending(_ question: Question, into draft: inout Draft, _ context: AskContext) async throws {
        let window = question.window
        let language = question.language
        let list = try await draft.run(
            "trending", context, inputs: ["window": window.rawValue, "language": language ?? ""]
        ) { (list: TrendingList) in
            "Read trending\(language.map { " in \($0)" } ?? "") \(Self.period(window)) · \(list.entries.count) found"
        } _: { tools in
            try await tools.trending(language: language, window: window, limit: Self.listSize)
        }
        guard !list.entries.isEmpty else {
            draft.dontKnow(
                "I don't know what is trending\(language.map { " in \($0)" } ?? "") \(Self.period(window)): "
                    + "the catalog's star counts do not cover it.")
            return
        }
        let span = list.start.flatMap { start in list.end.map { " (\(start.description) to \($0.description))" } } ?? ""
        draft.lines.append(
            "Most stars gained\(language.map { " in \($0)" } ?? "") \(Self.period(window))\(span):")
        for entry in list.entries {
            let gain = "+\(Number.grouped(entry.starsGained)) stars \(Self.period(window))."
            draft.lines.append(
                FactLine.item(entry.repository, number: draft.cite(entry.repository), now: context.now, extra: gain))
        }
    }

    /// "today", "this week", "this month".
    static func period(_ window: TrendingWindow) -> String {
        switch window {
        case .daily: "today"
        case .weekly: "this week"
        case .monthly: "this month"
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
        let missing = unknown.map { "“\($0)”" }.joined(separator: " and ")
        guard found.count >= 2 else {
            if let only = found.first {
                draft.lines.append("I don't know \(missing): it is not in the catalog. What I know of the other:")
                draft.lines.append(FactLine.item(only, number: draft.cite(only), now: context.now))
            } else {
                draft.dontKnow("I don't know \(missing): not in the catalog, so I cannot compare them.")
            }
            return
        }
        let comparison = try await draft.run(
            "compare", context, inputs: ["repositories": found.map(\.fullName).joined(separator: ",")]
        ) { (_: Comparison) in
            "Compared \(found.map(\.fullName).joined(separator: " and "))"
        } _: { tools in
            try await tools.compare(found)
        }
        let now = context.now
        if !unknown.isEmpty { draft.lines.append("I don't know \(missing): it is not in the catalog.") }
        draft.lines.append("Side by side:")
        for (position, entry) in comparison.entries.enumerated() {
            let repository = entry.repository
            var facts = [FactLine.summary(repository, now: now)]
            if let gained = entry.gained30 { facts.append("+\(Number.grouped(gained)) stars in 30 days") }
            if let forks = repository.forks { facts.append("\(Number.grouped(forks)) forks") }
            if let issues = repository.openIssues { facts.append("\(Number.grouped(issues)) open issues") }
            if let license = repository.license?.spdxID { facts.append(license) }
            let reason = comparison.reasons.indices.contains(position) ? " " + comparison.reasons[position] : ""
            draft.lines.append(
                "• \(repository.fullName) [\(draft.cite(repository))]: \(facts.joined(separator: ", ")).\(reason)")
        }
        if !comparison.sharedTopics.isEmpty {
            draft.lines.append("Both are about \(comparison.sharedTopics.sorted().prefix(5).joined(separator: ", ")).")
        }
    }

    /// The person's list, narrowed to the subject (what the search tool finds for it) and the language.
    func mine(
        _ list: RepositoryList?, _ question: Question, into draft: inout Draft, _ context: AskContext
    ) async throws {
        var items: [Repository] = []
        for kind in list.map({ [$0] }) ?? [.saved, .liked] {
            let read = try await draft.run("list", context, inputs: ["list": kind.rawValue]) {
                (found: [Repository]) in
                "Read your \(kind.rawValue) list · \(found.count)"
            } _: { tools in
                try await tools.list(kind)
            }
            items += read.filter { item in !items.contains { $0.id == item.id } }
        }
        let what = list.map { $0 == .saved ? "saved" : "liked" } ?? "saved or liked"
        guard !items.isEmpty else {
            draft.dontKnow("You have not \(what) anything yet, so I don't know.")
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
            draft.dontKnow(
                "None of the \(items.count) repositories you \(what) is about \(question.phrase), as far as I know.")
            return
        }
        let about = question.words.isEmpty && question.language == nil ? "" : " about \(question.phrase)"
        let order = question.recent ? ", most recent first" : ""
        draft.lines.append("You \(what) \(chosen.count)\(about)\(order):")
        for repository in chosen.prefix(Self.listSize) {
            draft.lines.append(FactLine.item(repository, number: draft.cite(repository), now: context.now))
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
        guard let name else {
            draft.dontKnow("Which repository? Ask from its card, or name it: “why was vapor/vapor in my deck?”")
            return
        }
        guard let repository = try await draft.lookUp(name, context) else {
            draft.dontKnow("I don't know “\(name)”: it is not in the catalog.")
            return
        }
        let assessed = try await draft.run("reasons", context, inputs: ["repository": repository.fullName]) {
            (_: (fit: Int, reasons: [String])?) in
            "Read why \(repository.fullName) fits you"
        } _: { tools in
            try await tools.reasons(for: repository)
        }
        let number = draft.cite(repository)
        guard let assessed, !assessed.reasons.isEmpty else {
            draft.dontKnow("I don't know why \(repository.fullName) [\(number)] was dealt to you: I have no reasons.")
            return
        }
        draft.lines.append("\(repository.fullName) [\(number)] fits you at \(assessed.fit)%:")
        for reason in assessed.reasons { draft.lines.append("• \(reason)") }
    }
}
