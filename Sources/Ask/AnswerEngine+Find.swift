import Foundation
import RepoFinderCore

extension AnswerEngine {
    /// Repositories about the subject: the search tool, best match first.
    func find(_ question: Question, into draft: inout Draft, _ context: AskContext) async throws {
        let query = question.words.joined(separator: " ")
        // "airtable open source", "self hosted notion": a product's name and the wish for an open one — answered as
        // "like" it when repositories say they replace it.
        let name = question.words.filter { !Self.openWishWords.contains($0) }
        if (1...2).contains(name.count), Self.asksForAnOpenOne(question.text),
            try await !context.tools.replacing(name.joined(separator: " "), limit: 1).isEmpty
        {
            var product = question
            product.words = []
            try await like(name.joined(separator: " "), product, into: &draft, context)
            return
        }
        // No subject words ("swift projects"): the language's best-known, as the words alone would give.
        let meaning = question.words.isEmpty ? "" : question.meaning
        let matches = try await draft.search(
            query, meaning: meaning, language: question.language, limit: Self.listSize * 3, context)
        let found = Array(Self.withoutExcluded(matches, question.excluded).prefix(Self.listSize))
        guard !found.isEmpty else {
            draft.dontKnow(context.words.text("answer.find.none", question.phrase(context.words)))
            return
        }
        draft.lines.append(context.words.text("answer.find.intro", question.phrase(context.words)))
        for repository in found {
            draft.lines.append(
                FactLine.item(repository, number: draft.cite(repository), now: context.now, words: context.words))
        }
    }

    /// Words of a wish for an open kind of a product, not its name ("self hosted notion", "airtable clone").
    static let openWishWords: Set<String> = [
        "self", "hosted", "selfhosted", "self-hosted", "version", "alternative", "alternatives", "clone", "replacement",
        "foss",
    ]

    /// Whether a question asks for an open-source or self-hosted kind of something.
    static func asksForAnOpenOne(_ text: String) -> Bool {
        // Whole words, so "fossil" or "unhosted" wish for nothing.
        let words = text.lowercased().split { !$0.isLetter && !$0.isNumber && $0 != "-" }.map(String.init)
        let pairs = zip(words, words.dropFirst()).map { "\($0) \($1)" }
        return !Set(words + pairs).isDisjoint(with: Self.openWishPhrases)
    }

    /// Words and word pairs that wish for an open-source or self-hosted kind of something.
    static let openWishPhrases: Set<String> = [
        "open source", "open-source", "opensource", "self hosted", "self-hosted", "selfhosted", "foss",
    ]

    /// Welcoming projects: the subject with words newcomers find (beginner, hacktoberfest, learn, …), kept to active
    /// repositories with open issues.
    func beginner(_ question: Question, into draft: inout Draft, _ context: AskContext) async throws {
        // What the question means (a course, a first pull request, a small codebase to read) first, then projects
        // that call themselves welcoming.
        let meant = try await draft.search(
            question.words.joined(separator: " "), meaning: question.meaning, language: question.language, limit: 15,
            context)
        var lists: [[Repository]] = [Self.withoutExcluded(meant, question.excluded)]
        for word in Self.welcomingWords {
            let query = (question.words + [word]).joined(separator: " ")
            lists.append(try await draft.search(query, language: question.language, limit: 30, context))
        }
        let candidates = Self.interleave(lists, excluding: nil)
        let now = context.now
        let open = candidates.filter { repository in
            guard (repository.openIssues ?? 0) > 0, !repository.archived else { return false }
            // Judged as the cards judge it: as of a stale catalog's newest day (``ActivityFacts``).
            return ActivityFacts(repository, now: now, age: context.age).health.map { $0.level != .dormant } ?? false
        }
        let chosen = Array(open.prefix(Self.listSize))
        let said = context.words
        guard !chosen.isEmpty else {
            draft.dontKnow(said.text("answer.beginner.none", question.phrase(said)))
            return
        }
        draft.lines.append(
            question.words.isEmpty && question.language == nil
                ? said.text("answer.beginner.intro") : said.text("answer.beginner.intro-about", question.phrase(said)))
        for repository in chosen {
            let issues = said.text("answer.beginner.open-issues", repository.openIssues ?? 0)
            draft.lines.append(
                FactLine.item(repository, number: draft.cite(repository), now: now, words: said, extra: issues))
        }
    }

    /// The repositories found, less those the question rules out by name ("not Unity").
    static func withoutExcluded(_ matches: MeaningMatches, _ excluded: [String]) -> [Repository] {
        guard !excluded.isEmpty else { return matches.repositories }
        let names = Set(excluded.map(CatalogAskTools.comparable))
        return matches.repositories.filter { repository in
            !names.contains(CatalogAskTools.comparable(repository.name))
                && !names.contains(CatalogAskTools.comparable(repository.owner.login))
        }
    }

    /// Whether what was found only looks like an answer: no repository has every word, and even the closest in
    /// meaning is far (a cosine below ``weakCloseness``, calibrated on the judged questions nothing fits) while no
    /// repository has even half the question's word weight — or no word of the question is one the catalog uses.
    static func weak(_ matches: MeaningMatches) -> Bool {
        guard matches.completeMatches == 0, let best = matches.closeness.max() else { return false }
        if !matches.anyWordKnown { return true }
        // Words that mostly match one repository are an answer whatever the cosine says (a small catalog's cosines
        // run lower than the whole one's, which the threshold was set on).
        return best < (matches.weakCloseness ?? weakCloseness) && matches.bestWordShare < weakWordShare
    }

    /// At or above this share of the question's word weight in one repository, the words answer it.
    static let weakWordShare: Float = 0.5

    /// Below this cosine, the closest repository by meaning is not about the question, when the token vectors read
    /// it (the sentence model's line travels with its matches) — as they do on an install without the sentence
    /// model. First set just under the weakest find, like or beginner question of the tuned conversational set (0.608
    /// with the shipped table; its nothing-fits questions run 0.48–0.65); lowered to 0.5 when questions written later
    /// at length ran below it and were told nothing fits (issue 65: the fourth set, 12 of 80; 0.4 answered the same).
    /// The first set's questions nothing fits are still told so, by their words. Cosines depend on the table, so a
    /// new table calibrates it anew.
    static let weakCloseness: Float = 0.5

    /// Words newcomers' projects use of themselves.
    static let welcomingWords = ["beginners", "hacktoberfest", "good-first-issue", "learn"]

    /// One repository's facts.
    func facts(_ name: String, _ question: Question, into draft: inout Draft, _ context: AskContext) async throws {
        guard let repository = try await draft.lookUp(name, context) else {
            var asFind = question
            asFind.words = [name]
            try await find(asFind, into: &draft, context)
            return
        }
        let now = context.now
        let said = context.words
        let number = draft.cite(repository)
        var parts = ["\(repository.fullName) [\(number)]:"]
        if let description = FactLine.description(repository, limit: 280) { parts.append(description) }
        var facts = [FactLine.summary(repository, now: now, words: said)]
        if let forks = repository.forks { facts.append(said.text("answer.fact.forks", forks)) }
        if let issues = repository.openIssues { facts.append(said.text("answer.fact.open-issues", issues)) }
        if let license = repository.license?.spdxID ?? repository.license?.name {
            facts.append(said.text("answer.fact.license", license))
        }
        if let created = repository.createdAt {
            facts.append(said.text("answer.fact.created", said.ago(created, now: now)))
        }
        parts.append(said.sentence(said.joined(facts)))
        // Health as the card and the repository page say it: as of a stale catalog's newest day, saying so, so Ask
        // never calls "Quiet" what the card calls "Active" (issue 66).
        let activity = ActivityFacts(repository, now: now, age: context.age)
        if let health = activity.health {
            let summary = said.health(health, of: repository, now: activity.moment)
            let judged =
                activity.asOfDay.map { said.text("facts.activity.as-of", summary, $0.spoken(said.words)) } ?? summary
            parts.append(said.text("answer.fact.health", judged))
        }
        if !repository.topics.isEmpty {
            parts.append(said.text("answer.fact.topics", said.joined(Array(repository.topics.prefix(8)))))
        }
        draft.lines.append(parts.joined(separator: " "))
    }
}

extension Draft {
    /// The search tool by words and meaning, as a chip: "Searched “pdf tables python” by meaning · 15 found".
    mutating func search(
        _ query: String, meaning: String, language: String?, limit: Int, _ context: AskContext
    ) async throws -> MeaningMatches {
        var inputs = ["query": query, "meaning": meaning]
        if let language { inputs["language"] = language }
        // A search by meaning alone shows what it read; what only looks like an answer counts as nothing found, so
        // no chip says "15 found" beside an answer that says nothing matches.
        let shown = Self.shown(query.isEmpty ? meaning.trimmingCharacters(in: .whitespacesAndNewlines) : query)
        return try await run("search", context, inputs: inputs, found: { $0.repositories.count }) {
            (found: MeaningMatches) in
            Self.searchChip(shown, language: language, found: found.repositories.count, context.words)
        } _: { tools in
            var found = try await tools.search(query, meaning: meaning, language: language, limit: limit)
            // A search by meaning alone has no words to judge it by.
            let meaningOnly = query.isEmpty && !meaning.isEmpty
            if !meaningOnly, AnswerEngine.weak(found) { found.repositories = [] }
            return found
        }
    }

    /// The search tool, as a chip: "Searched “web framework” in Swift · 5 results".
    mutating func search(
        _ query: String, language: String?, limit: Int, _ context: AskContext
    ) async throws -> [Repository] {
        var inputs = ["query": query]
        if let language { inputs["language"] = language }
        let shown = Self.shown(query)
        return try await run("search", context, inputs: inputs, found: { $0.count }) { (found: [Repository]) in
            Self.searchChip(shown, language: language, found: found.count, context.words)
        } _: { tools in
            try await tools.search(query, language: language, limit: limit)
        }
    }

    /// The query as a chip shows it: at most 40 characters.
    static func shown(_ query: String) -> String {
        query.count > 40 ? String(query.prefix(40)) + "…" : query
    }

    /// "Searched “web framework” in Swift · 5 found".
    static func searchChip(_ shown: String, language: String?, found: Int, _ said: AskWords) -> String {
        guard let language else { return said.text("tool.search", shown, found) }
        return said.text("tool.search-in", shown, language, found)
    }

    /// The repository tool: the repository a question names, or nil.
    mutating func lookUp(_ name: String, _ context: AskContext) async throws -> Repository? {
        try await run("repository", context, inputs: ["name": name]) { (found: Repository?) in
            guard let found else { return context.words.text("tool.repository.missing", name) }
            return context.words.text("tool.repository.found", found.fullName)
        } _: { tools in
            try await tools.repository(named: name)
        }
    }
}
