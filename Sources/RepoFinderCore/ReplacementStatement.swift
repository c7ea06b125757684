/// What a repository says it replaces, read from its own description: "an open-source alternative to Notion", "a
/// drop-in replacement for Redis and Memcached", "clone of Spark", "a cat(1) clone", "the open source Firebase
/// alternative". The names are products or projects as the description writes them; many are no repository at all
/// (Notion, TeamViewer, AirDrop). Rules over words, no model: a name is one to three capitalised words (or a single
/// word the sentence ends with, "alternative to ls"), so "alternative to the Java date and time classes" names
/// nothing.
public enum ReplacementStatement {
    /// The names `description` says its repository replaces, as written, each once, in order, at most
    /// ``maximumNames``.
    public static func names(in description: String) -> [String] {
        // Most descriptions say nothing of the kind: a look for the link words' stems first (the index reads every
        // description of the catalog when it is built).
        guard mentionsStem(description) else { return [] }
        let words = Word.split(description)
        var names: [String] = []
        var keys: Set<String> = []
        func add(_ found: [String]) {
            for name in found where names.count < maximumNames {
                let key = key(name)
                if !key.isEmpty, keys.insert(key).inserted { names.append(name) }
            }
        }
        for (position, word) in words.enumerated() {
            let next = position + 1 < words.count ? words[position + 1].lower : ""
            if let links = afterLinks[word.lower], links.contains(next), !word.endsClause {
                add(namesAfter(words, from: position + 2))
            } else if word.lower == "replaces", !word.endsClause {
                add(namesAfter(words, from: position + 1))
            } else if nameBefore.contains(word.lower), !afterLinks[word.lower, default: []].contains(next) {
                add(nameEnding(words, before: position).map { [$0] } ?? [])
            }
        }
        return names
    }

    /// A name's key for matching: lower case, letters and digits only, a trailing ".js" dropped ("Moment.js" and
    /// "moment" are one key; "Google Analytics" is "googleanalytics").
    public static func key(_ name: some StringProtocol) -> String {
        var lower = name.lowercased()
        if lower.hasSuffix(".js") { lower.removeLast(3) }
        return String(lower.unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) })
    }

    /// What every statement's link word starts with.
    package static let stems = ["alternative", "replace", "clone", "substitute", "successor"]

    /// ``stems`` as bytes, for ``mentionsStem(_:)``.
    private static let stemBytes = stems.map { Array($0.utf8) }

    /// Whether `text` holds one of ``stems`` in any case: a byte scan, since the index asks it of every description
    /// in the catalog (lowercasing each and searching it as a `String` was 0.8 s of a 2.5 s index build on the full
    /// catalog). ASCII letters are compared with their case bit set; no other byte becomes a letter that way.
    package static func mentionsStem(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            let stems = stemBytes
            var start = 0
            while start < bytes.count {
                let first = bytes[start] | 0x20
                for stem in stems where stem[0] == first && start + stem.count <= bytes.count {
                    var offset = 1
                    while offset < stem.count, bytes[start + offset] | 0x20 == stem[offset] { offset += 1 }
                    if offset == stem.count { return true }
                }
                start += 1
            }
            return false
        }
    }

    /// At most this many names per description.
    public static let maximumNames = 4

    /// Words followed by a link word and then the names: "alternative to", "replacement for", "clone of".
    static let afterLinks: [String: Set<String>] = [
        "alternative": ["to", "for"], "alternatives": ["to", "for"], "replacement": ["for", "of", "to"],
        "replacements": ["for", "of"], "clone": ["of"], "substitute": ["for"], "successor": ["to", "of"],
    ]

    /// Words the name comes before: "Notion alternative", "Trello clone".
    static let nameBefore: Set<String> = ["alternative", "alternatives", "clone", "replacement"]

    /// Words that end a name and may join the next ("Redis and Memcached", "Postman/Insomnia").
    static let joiners: Set<String> = ["and", "or", "&", "+", "/", ","]

    /// Words that may follow a name and still leave it a name ("GitHub Copilot server", "Jekyll for gh-pages").
    static let endings: Set<String> = [
        "and", "or", "&", "+", "/", "for", "in", "on", "with", "that", "which", "written", "built", "made", "using",
        "but", "-", "–", "—", "|", "by", "from", "based", "powered", "to", "like", "app", "apps", "application",
        "server", "client", "library", "framework", "service", "platform", "tool", "cli", "api", "software", "clone",
        "alternative", "replacement", "style", "compatible", "&", "plus", "itself", "etc", "without", "at", "as",
    ]

    /// Capitalised words that describe, not name ("Open-source Firebase alternative", "A Rust alternative").
    static let describing: Set<String> = [
        "a", "an", "the", "open", "source", "open-source", "opensource", "self-hosted", "selfhosted",
        "self-hostable", "free", "modern", "simple", "simpler", "fast", "faster", "better", "lightweight", "minimal",
        "tiny", "small", "native", "secure", "private", "privacy-focused", "privacy-first", "privacy-friendly",
        "beautiful", "powerful", "easy", "elegant", "complete", "full-featured", "cross-platform", "decentralized",
        "distributed", "local-first", "offline-first", "ai-powered", "community-driven", "headless", "serverless",
        "realtime", "real-time", "web-based", "terminal-based", "your", "our", "my", "its", "this", "any", "all",
        "cli", "gui", "tui", "terminal", "desktop", "mobile", "web", "android", "ios", "macos", "linux", "windows",
        "rust", "go", "golang", "python", "javascript", "typescript", "java", "kotlin", "swift", "c", "c++", "c#",
        "ruby", "php", "node.js", "elixir", "haskell", "scala", "dart", "lua", "zig", "nim", "ocaml", "perl", "r",
        "pure", "fully", "highly", "extremely", "very", "blazing", "blazingly", "super", "ultra", "best", "new",
        "another", "yet", "unofficial", "official", "experimental", "ethical", "sustainable", "friendly", "drop-in",
        "direct", "viable", "great", "good", "nice", "alternative", "alternatives", "clone", "replacement",
        "high-performance", "performant", "scalable", "extensible", "customizable", "hackable", "fully-featured",
        "feature-rich", "multi-platform", "enterprise", "enterprise-grade", "production-ready", "oss", "foss",
        "libre", "no-code", "low-code", "multiplayer", "collaborative", "interactive", "visual", "instant",
    ]

    /// Lower-case words that are never a name said alone ("alternative to existing tools").
    static let notNames: Set<String> = [
        "existing", "traditional", "commercial", "proprietary", "popular", "other", "paid", "expensive",
        "closed-source", "mainstream", "standard", "default", "common", "conventional", "heavy", "heavyweight",
        "bloated", "slow", "legacy", "old", "older", "classic", "it", "them", "that", "those", "these", "everything",
        "many", "most", "some", "several", "various", "all", "use", "using", "what", "manual", "manually",
    ]

    /// One to four names from `start` on: each one to three name words, joined by "and", "or", "/", ",".
    static func namesAfter(_ words: [Word], from start: Int) -> [String] {
        var position = start
        while position < words.count, describing.contains(words[position].lower), !words[position].endsClause {
            position += 1
        }
        // A lower-case word names something only right after the link word ("alternative to ls"), not after words
        // that describe ("alternative to the Java date and time classes").
        var lowerCaseNames = position == start
        var names: [String] = []
        while position < words.count, names.count < maximumNames {
            guard let (name, end) = name(words, from: position, lowerCase: lowerCaseNames) else { break }
            lowerCaseNames = true
            names.append(name)
            guard end < words.count, !words[end - 1].endsClause || words[end - 1].endsWithComma else { break }
            var next = end
            while next < words.count, joiners.contains(words[next].lower) { next += 1 }
            guard next > end || words[end - 1].endsWithComma else { break }
            while next < words.count, describing.contains(words[next].lower) { next += 1 }
            position = next
        }
        return names
    }

    /// A name from `start`, and where it ends: name words up to three (or, with `lowerCase`, one lower-case word the
    /// clause ends on), then an ending, a clause's end or the text's.
    static func name(_ words: [Word], from start: Int, lowerCase: Bool) -> (String, Int)? {
        var parts: [String] = []
        var position = start
        while position < words.count, parts.count < 3 {
            let word = words[position]
            if word.isPossessive, parts.isEmpty, word.isCapitalised {
                // "Apple's Reachability": the owner, then the name.
                position += 1
                continue
            }
            guard word.isCapitalised || word.isManPage, !describing.contains(word.lower), !endings.contains(word.lower)
            else { break }
            parts.append(word.text)
            position += 1
            if word.endsClause || word.isManPage { break }
        }
        if parts.isEmpty, lowerCase, position < words.count {
            // A single lower-case word the clause ends on: "alternative to ls", "a replacement for cron.".
            let word = words[position]
            let last = position + 1 == words.count || word.endsClause || endings.contains(words[position + 1].lower)
            if last, word.text.count >= 2, word.text.count <= 20, !notNames.contains(word.lower),
                !describing.contains(word.lower), !endings.contains(word.lower),
                word.lower.allSatisfy(Self.isNameCharacter)
            {
                parts = [word.text]
                position += 1
            }
        }
        // "Dropbox-like": the name without the likeness.
        if let last = parts.last, last.lowercased().hasSuffix("-like"), last.count > 5 {
            parts[parts.count - 1] = String(last.dropLast(5))
        }
        guard !parts.isEmpty, parts.allSatisfy(Self.isNameWord) else { return nil }
        let ended = position == words.count || words[position - 1].endsClause || endings.contains(words[position].lower)
        guard ended else { return nil }
        let name = parts.joined(separator: " ")
        return name.count <= 40 ? (name, position) : nil
    }

    /// The name right before `position` ("Open-source Notion alternative"): one to three name words.
    static func nameEnding(_ words: [Word], before position: Int) -> String? {
        var start = position
        while start > 0, position - start < 3 {
            let word = words[start - 1]
            guard word.isCapitalised || word.isManPage, !word.endsClause, !describing.contains(word.lower),
                !endings.contains(word.lower), !word.isPossessive
            else { break }
            start -= 1
        }
        guard start < position, words[start..<position].allSatisfy({ isNameWord($0.text) }) else { return nil }
        let name = words[start..<position].map(\.text).joined(separator: " ")
        return name.count <= 40 ? name : nil
    }

    /// A word a name is made of: Latin, Greek or Cyrillic letters, digits and a little punctuation, at most 24
    /// characters ("Moment.js", "C++", "Customer.io"); a run of other script is a sentence, not a name.
    static func isNameWord(_ word: String) -> Bool {
        word.count <= 24 && word.unicodeScalars.allSatisfy { $0.value < 0x0530 || "’".unicodeScalars.contains($0) }
    }

    static func isNameCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "." || character == "-" || character == "_"
    }

    /// A word of a description, the punctuation around it set aside.
    struct Word {
        /// The word without the punctuation around it ("Moment.js", "cat(1)").
        let text: String
        /// `text` in lower case.
        let lower: String
        /// Whether punctuation after it ends the clause (",", ".", ";", ":", "!", "?", ")").
        let endsClause: Bool
        /// Whether that punctuation is a comma (the next name may follow).
        let endsWithComma: Bool

        var isCapitalised: Bool {
            guard let first = text.first else { return false }
            return first.isUppercase || first.isNumber || text.dropFirst().contains(where: \.isUppercase)
        }

        /// "cat(1)", a manual page's name.
        var isManPage: Bool { text.hasSuffix("(1)") && text.count > 3 }

        var isPossessive: Bool { lower.hasSuffix("'s") }

        /// The words of `text`: "/" between names is a word of its own ("Postman/Insomnia").
        static func split(_ text: String) -> [Word] {
            let straight = text.replacing("’", with: "'")
            var words: [Word] = []
            for raw in straight.split(whereSeparator: \.isWhitespace) {
                let parts = raw.split(separator: "/", omittingEmptySubsequences: false)
                for (index, part) in parts.enumerated() {
                    if index > 0 { words.append(Word(text: "/", lower: "/", endsClause: false, endsWithComma: false)) }
                    if let word = Word(part) { words.append(word) }
                }
            }
            return words
        }

        init(text: String, lower: String, endsClause: Bool, endsWithComma: Bool) {
            self.text = text
            self.lower = lower
            self.endsClause = endsClause
            self.endsWithComma = endsWithComma
        }

        init?(_ raw: Substring) {
            var text = raw[...]
            while let first = text.first, Self.leading.contains(first) { text.removeFirst() }
            var trailing = ""
            while let last = text.last, Self.trailing.contains(last) {
                // "cat(1)" keeps its parenthesis.
                if last == ")", text.hasSuffix("(1)") { break }
                trailing.append(text.removeLast())
            }
            guard !text.isEmpty else { return nil }
            self.text = String(text)
            lower = text.lowercased()
            endsClause = trailing.contains { Self.clauseEnds.contains($0) }
            endsWithComma = trailing.contains(",")
        }

        static let leading: Set<Character> = ["(", "\"", "“", "'", "‘", "[", "*", "_", "`"]
        static let trailing: Set<Character> = [
            ".", ",", ";", ":", "!", "?", ")", "\"", "”", "'", "’", "]", "*", "_", "`",
        ]
        static let clauseEnds: Set<Character> = [".", ",", ";", ":", "!", "?", ")", "]"]
    }
}
