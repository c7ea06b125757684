import RepoFinderCore

extension QuestionReader {
    /// "like X (but …)", "similar to X", "alternative(s) to X", "X alternative", "X replacement", "instead of X",
    /// "replacement for X", "faster than X", "X is too slow …": the seed's words and what follows it. A mistyped link
    /// word ("alternitive") is read as meant.
    func likeSeed(_ typed: [String]) -> (String, ArraySlice<String>)? {
        let tokens = typed.map(Self.linkWord)
        let ends: Set<String> = ["but", "for", "in", "with", "that", "written", "?", "which", "only", "and"]
        func seed(from start: Int) -> (String, ArraySlice<String>)? {
            var end = start
            while end < tokens.count, !ends.contains(tokens[end]) { end += 1 }
            let words = tokens[start..<end].filter { !["a", "an", "the"].contains($0) }
            guard !words.isEmpty, words.count <= 3, !words.contains(where: Self.notASeed.contains) else { return nil }
            return (words.joined(separator: " "), tokens[end...])
        }
        for (position, token) in tokens.enumerated() {
            let before = position > 0 ? tokens[position - 1] : ""
            switch token {
            case "like" where !["i", "i'd", "id", "would", "did", "you"].contains(before):
                // "Kafka seems like a lot", "feels like overkill": an opinion, not a repository to start from.
                if Self.opinionVerbs.contains(before) { continue }
                let next = tokens[(position + 1)...].first { !["a", "an", "the"].contains($0) }
                if let next, Self.notASeed.contains(next) { continue }
                return seed(from: position + 1)
            case "to" where ["similar", "alternative", "alternatives", "replacement", "comparable"].contains(before):
                return seed(from: position + 1)
            case "of" where before == "instead":
                return seed(from: position + 1)
            case "replaces",
                "replace" where position + 1 < tokens.count:
                return seed(from: position + 1)
            case "to" where before == "successor":
                return seed(from: position + 1)
            case "but" where (1...2).contains(position):
                // "redis but multithreaded", "dropbox but on my own server": a name opens the question, and what
                // should differ follows. "simple but fast …" describes, it names nothing.
                let name = tokens[..<position]
                guard
                    name.allSatisfy({
                        !Self.fillers.contains($0) && !Self.butDescribing.contains($0) && Self.languages[$0] == nil
                    })
                else { continue }
                return (name.joined(separator: " "), tokens[(position + 1)...])
            case "for" where ["replacement", "substitute", "alternative", "alternatives"].contains(before):
                return seed(from: position + 1)
            case "than" where Self.comparatives.contains(before):
                // "a js bundler faster than webpack": what replaces webpack, about what the question asked first.
                guard let (name, _) = seed(from: position + 1) else { continue }
                return (name, tokens[..<(position - 1)])
            case "too" where position >= 2:
                // "datadog is way too expensive", "pandas is too slow on 20gb": the name that opens the question.
                guard let found = Self.tooSeed(tokens, too: position) else { continue }
                return found
            case "alternative", "alternatives", "replacement",
                "replacements" where position > 0:
                if position + 1 < tokens.count, ["to", "of"].contains(tokens[position + 1]) { continue }
                let name = tokens[..<position].filter { !Self.fillers.contains($0) }
                // "alternatives for X" names X after it; "slack alternative for our team" names slack before it.
                guard let last = name.last else { continue }
                // "heroku replacement …" opens with the name; "google photos replacement" is better searched whole.
                if token.hasPrefix("replacement"), name.count > 1 { continue }
                return (last, tokens[(position + 1)...])
            default: continue
            }
        }
        return nil
    }

    /// Words that describe rather than name, before a "but" that opens a question ("simple but fast").
    static let butDescribing: Set<String> = [
        "simple", "fast", "small", "light", "lightweight", "cheap", "easy", "old", "new", "slow", "big", "tiny",
        "minimal", "modern", "powerful", "basic", "nice", "pretty", "ugly", "stable", "quick", "short", "long",
        "safe", "secure", "private", "portable", "compact", "clean", "lean", "boring", "mature", "young", "free",
    ]

    /// Verbs after which "like" gives an opinion ("seems like a lot"), not a repository to start from.
    static let opinionVerbs: Set<String> = [
        "seems", "seem", "seemed", "feels", "feel", "felt", "sounds", "sound", "looks", "look", "much", "more",
    ]

    /// Words after "like" that are no repository ("like a lot", "like a bit", "like this", "like magic").
    static let notASeed: Set<String> = [
        "lot", "lots", "bit", "little", "much", "overkill", "too", "it", "this", "that", "these", "those", "so", "to",
        "magic", "crazy", "forever", "ages", "hell", "mine", "ours", "everyone", "everything", "something", "before",
        "i", "you", "we", "nothing", "ever", "usual", "expected",
    ]

    /// Words after a seed that open a clause about why, not what should differ ("heroku replacement now that the free
    /// tier is gone"): the rest is not searched.
    static let clauseStarts: Set<String> = ["now", "since", "because", "cause", "cuz", "after", "as"]

    /// Words after a seed that say how it should differ in general, or who uses what, not what about ("faster",
    /// "what do people use instead").
    static let likeFillers: Set<String> = [
        "but", "faster", "prettier", "better", "lighter", "simpler", "instead", "people", "ppl", "folks", "everyone",
    ]

    /// Comparatives before "than" that ask for what does the named thing's job better.
    static let comparatives: Set<String> = [
        "faster", "lighter", "smaller", "simpler", "better", "easier", "cheaper", "nicer", "leaner", "quicker",
        "slimmer", "saner", "friendlier",
    ]

    /// The link words a seed hangs on, as ``linkWord(_:)`` corrects them.
    static let linkWords = ["alternative", "alternatives", "replacement", "replacements"]

    /// `token`, or the link word it mistypes ("alternitive", "altenatives", "replacment": two edits at most, the same
    /// first letter, eight letters or more).
    static func linkWord(_ token: String) -> String {
        guard token.count >= 8, !linkWords.contains(token) else { return token }
        return linkWords.first { word in
            word.first == token.first && abs(word.count - token.count) <= 2 && EditDistance.between(word, token) <= 2
        } ?? token
    }

    /// "X is (way) too …" opening a question: X (one or two words that name, not describe) and what follows the
    /// complaint. `too` is the position of "too".
    static func tooSeed(_ tokens: [String], too: Int) -> (String, ArraySlice<String>)? {
        guard
            let verb = tokens[..<too].firstIndex(where: { ["is", "feels", "seems", "gets", "got", "'s"].contains($0) }),
            (1...2).contains(verb), too - verb <= 3
        else { return nil }
        let name = tokens[..<verb]
        guard
            name.allSatisfy({
                !fillers.contains($0) && !butDescribing.contains($0) && languages[$0] == nil && !notASeed.contains($0)
            })
        else { return nil }
        return (name.joined(separator: " "), tokens[min(tokens.count, too + 2)...])
    }
}
