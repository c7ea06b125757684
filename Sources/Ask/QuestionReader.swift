import Foundation
import RepoFinderCore
import Storage

/// Reads a question: its intent (find, like, trending, compare, beginner, mine, why, facts), its subject words and
/// the filters it names — by rules over a small, reviewed vocabulary, no model. A question that names only a filter
/// ("and for Go?") builds on the thread's earlier one.
public struct QuestionReader: Sendable {
    public init() {}

    /// Reads `text`; `previous` is the thread's earlier question as read, `card` the repository the question is
    /// asked from (an `owner/name`), if any.
    public func read(_ text: String, after previous: Question? = nil, card: String? = nil) -> Question {
        let tokens = Self.tokens(of: text)
        var question = Question(text: text, intent: .unclear)
        question.window = window(in: tokens) ?? .weekly
        (question.meaning, question.excluded) = Self.meaning(of: text)
        // What the question asks for, without what it rules out ("a smart home hub that doesn't depend on the cloud"
        // searches for a smart home hub; "a static site generator, no javascript" names no language).
        let wanted = Self.tokens(of: question.meaning)
        question.language = language(in: wanted)
        question.languageAsked = zip(tokens, tokens.dropFirst()).contains { cue, word in
            Self.languageCues.contains(cue) && Self.languages[word] != nil
        }
        question.recent = tokens.contains { ["lately", "recently", "recent", "latest", "newest"].contains($0) }
        let set = Set(tokens)

        if let previous, isFollowUp(tokens, previous: previous) {
            return followUp(tokens, question: question, previous: previous)
        }
        if !set.isDisjoint(with: Self.offTopic), question.language == nil, set.isDisjoint(with: Self.softwareCues) {
            return question
        }
        if let names = comparedNames(tokens) {
            question.intent = .compare(names)
            return question
        }
        if tokens.first == "why" {
            let named = subject(tokens.dropFirst(), dropping: Self.whyFillers)
            question.intent = .why(named.count == 1 ? named[0] : card)
            return question
        }
        if let list = listAsked(tokens) {
            question.intent = .mine(list)
            question.words = subject(tokens, dropping: Self.mineFillers)
            return question
        }
        if !set.isDisjoint(with: Self.trendingWords) || (set.contains("popular") && window(in: tokens) != nil)
            || Self.trendingPhrases.contains(where: { Self.contains($0, in: tokens) })
        {
            question.intent = .trending
            return question
        }
        if let (seed, rest) = likeSeed(tokens) {
            question.intent = .like(seed)
            let clause = rest.firstIndex { Self.clauseStarts.contains($0) } ?? rest.endIndex
            question.words = subject(rest[..<clause], dropping: Self.likeFillers)
            return question
        }
        if !set.isDisjoint(with: Self.beginnerWords) || text.lowercased().contains("first issue") {
            question.intent = .beginner
            question.words = subject(wanted, dropping: Self.beginnerFillers.union(Self.beginnerWords))
            return question
        }
        if let name = factsSubject(tokens) {
            question.intent = .facts(name)
            return question
        }
        if let names = looseComparison(tokens) {
            question.intent = .compare(names)
            question.looseComparison = true
            question.words = subject(tokens)
            return question
        }
        question.words = subject(wanted)
        question.intent = question.words.isEmpty && question.language == nil ? .unclear : .find
        return question
    }
}

extension QuestionReader {
    static let whyFillers: Set<String> = [
        "deck", "recommend", "recommended", "seeing", "shown", "suggested", "pick", "picked", "dealt", "one", "card",
        "it", "am", "getting", "see", "mine",
    ]
    static let mineFillers: Set<String> = [
        "saved", "save", "saves", "liked", "likes", "like", "lately", "recently", "list", "lists", "ive", "i've",
    ]

    /// Lowercased words, punctuation around them removed ("node.js", "c++", "owner/name" kept whole); a question
    /// mark is kept as its own token. One pass over the text's scalars: every question is read with the thread's
    /// earlier ones, and Foundation's splitting and trimming were most of Ask's time outside the search.
    static func tokens(of text: String) -> [String] {
        var tokens: [String] = []
        for raw in text.lowercased().split(whereSeparator: \.isWhitespace) {
            var scalars = raw.unicodeScalars[...]
            while let first = scalars.first, trimmedAround.contains(first) { scalars.removeFirst() }
            while let last = scalars.last, trimmedAround.contains(last) { scalars.removeLast() }
            if !scalars.isEmpty { tokens.append(Self.straightApostrophes(Substring(scalars))) }
            if raw.unicodeScalars.last == "?" { tokens.append("?") }
        }
        return tokens
    }

    /// What ``tokens(of:)`` trims from either end of a word (a typographic apostrophe too: it reads as `'`).
    private static let trimmedAround = Set("?!,;:()\"“”.'’".unicodeScalars)

    /// `text` with each typographic apostrophe (’) written `'`, as questions are compared.
    static func straightApostrophes(_ text: Substring) -> String {
        text.unicodeScalars.contains("’") ? String(text).replacing("’", with: "'") : String(text)
    }

    /// The window a question names ("this week", "today", "monthly").
    func window(in tokens: [String]) -> TrendingWindow? {
        tokens.lazy.compactMap { Self.windows[$0] }.first
    }

    /// The language a question names, with the cues that make an ordinary word one ("written in go").
    func language(in tokens: [String]) -> String? {
        // "coming from ruby, want to learn elixir": the language after "from" is where the asker comes from, not
        // what they ask for — unless it is the only one named.
        let named = tokens.indices.filter { Self.languages[tokens[$0]] != nil }
        let origins = named.filter { $0 > 0 && tokens[$0 - 1] == "from" }
        let skipped = origins.count < named.count ? Set(origins) : []
        for (position, token) in tokens.enumerated() where !skipped.contains(position) {
            guard let entry = Self.languages[token] else { continue }
            if !entry.cued { return entry.name }
            let before = position > 0 ? tokens[position - 1] : ""
            let after = position + 1 < tokens.count ? tokens[position + 1] : ""
            if Self.languageCues.contains(before) || Self.softwareNouns.contains(after) { return entry.name }
        }
        return nil
    }

    /// The subject: the words left once fillers, languages, windows and question marks are gone.
    func subject(_ tokens: some Collection<String>, dropping extra: Set<String> = []) -> [String] {
        let tokens = Array(tokens)
        var words: [String] = []
        for (position, token) in tokens.enumerated() {
            if token == "?" || Self.fillers.contains(token) || extra.contains(token) || Self.windows[token] != nil
                || Self.isYear(token)
            {
                continue
            }
            if let entry = Self.languages[token] {
                let before = position > 0 ? tokens[position - 1] : ""
                let after = position + 1 < tokens.count ? tokens[position + 1] : ""
                if !entry.cued || Self.languageCues.contains(before) || Self.softwareNouns.contains(after) { continue }
            }
            words.append(token)
        }
        return words
    }

    /// Whether `token` is a year ("starting a new php project in 2026"): when a question is asked, not what about.
    static func isYear(_ token: String) -> Bool {
        token.count == 4 && (token.hasPrefix("19") || token.hasPrefix("20")) && token.allSatisfy(\.isASCII)
            && token.allSatisfy(\.isNumber)
    }

    /// Whether a question builds on the earlier one: it opens like a follow-up ("and for Go?", "what about
    /// Python?"), or is nothing but a filter ("in rust?", "this month?"). "rust projects" is a question of its own.
    func isFollowUp(_ tokens: [String], previous: Question) -> Bool {
        guard previous.intent != .unclear else { return false }
        if Self.followUpOpeners.contains(where: { tokens.starts(with: $0) }) { return true }
        let filterWords = Self.languageCues.union(["this", "last", "past", "?"])
        let onlyFilters = tokens.allSatisfy {
            filterWords.contains($0) || Self.windows[$0] != nil || Self.languages[$0] != nil
        }
        return onlyFilters && (language(in: tokens) != nil || window(in: tokens) != nil)
    }

    /// The earlier question with what this one changes: its language, its window, or its subject words.
    func followUp(_ tokens: [String], question: Question, previous: Question) -> Question {
        var next = previous
        next.text = question.text
        next.followsUp = true
        next.meaning = [previous.meaning, question.meaning].joined(separator: " ")
        next.excluded = previous.excluded + question.excluded
        if let language = question.language { next.language = language }
        if let window = window(in: tokens) { next.window = window }
        let words = subject(tokens, dropping: ["and", "now", "same", "also", "ok", "okay", "then"]).filter {
            !Self.functionWords.contains($0)
        }
        if !words.isEmpty {
            switch previous.intent {
            case .find, .beginner, .mine, .trending: next.words = words
            case .like: next.words = words
            case .compare(let names): next.intent = .compare(names + words.prefix(4 - min(names.count, 3)))
            case .why, .facts, .unclear:
                next.intent = .find
                next.words = words
            }
        }
        return next
    }

    /// The names a comparison asks about: "compare A and B", "A vs B", "A or B?", "difference between A and B".
    func comparedNames(_ tokens: [String]) -> [String]? {
        let words = tokens.filter { $0 != "?" }
        let joiners: Set<String> = ["and", "vs", "versus", "or", "with", "to", "against", "&"]
        var body: ArraySlice<String>
        if words.first == "compare" {
            body = words.dropFirst()
        } else if let between = words.firstIndex(of: "between"), words.contains("difference") {
            body = words[(between + 1)...]
        } else if words.contains("vs") || words.contains("versus") {
            body = words[...]
        } else if words.count == 3, words[1] == "or" {
            body = words[...]
        } else {
            return nil
        }
        var names: [String] = []
        var current: [String] = []
        for word in body {
            if joiners.contains(word) || word == "," {
                if !current.isEmpty { names.append(current.joined(separator: " ")) }
                current = []
            } else if !["the", "a", "an", "which", "is", "better"].contains(word) {
                current.append(word)
            }
        }
        if !current.isEmpty { names.append(current.joined(separator: " ")) }
        return (2...4).contains(names.count) ? names : nil
    }

    /// The list a question asks about: "what did I save", "my liked repos", "which of my likes".
    func listAsked(_ tokens: [String]) -> RepositoryList?? {
        let set = Set(tokens)
        let personal = set.contains("i") || set.contains("my") || set.contains("i've") || set.contains("ive")
        guard personal else { return nil }
        let saved = !set.isDisjoint(with: ["save", "saved", "saves", "bookmarked"])
        let liked = !set.isDisjoint(with: ["liked", "likes"]) || (set.contains("like") && set.contains("did"))
        switch (saved, liked) {
        case (true, false): return .some(.saved)
        case (false, true): return .some(.liked)
        case (true, true): return .some(nil)
        case (false, false): return nil
        }
    }

    /// The one repository a facts question is about: "tell me about ripgrep", "what is deno?", "is express still
    /// maintained?", "how many stars does kubernetes have?".
    func factsSubject(_ tokens: [String]) -> String? {
        let asks =
            tokens.starts(with: ["tell", "me", "about"]) || tokens.starts(with: ["what", "is"])
            || tokens.starts(with: ["whats"]) || tokens.starts(with: ["what's"]) || tokens.starts(with: ["is"])
            || tokens.starts(with: ["how", "many", "stars"]) || tokens.starts(with: ["what", "license"])
            || tokens.starts(with: ["who", "maintains"]) || tokens.starts(with: ["info", "on"])
        guard asks else { return nil }
        let rest = tokens.filter { $0 != "?" && !Self.factWords.contains($0) }
        return rest.count == 1 ? rest[0] : nil
    }
}
