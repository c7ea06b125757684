import RepoFinderCore

/// What curated lists say a repository is about, as topic words: the headings a list places it under. The most
/// famous repositories of the starter catalog carry no topics (ripgrep, shadcn/ui, etcd), so without this they match
/// a person only by language; awesome-rust places ripgrep under "Applications › Command-line", which matches "cli".
/// These words join the topics the deck matches onboarding answers with and that place a repository in an area —
/// never the topics a card shows, which stay GitHub's.
enum ListedTopics {
    /// Heading words that say nothing about a subject ("Projects", "Libraries", "Other").
    static let generic: Set<String> = [
        "a", "an", "and", "the", "of", "for", "in", "on", "to", "with", "by", "or", "other", "others", "misc",
        "miscellaneous", "general", "projects", "project", "contents", "table", "software", "applications",
        "application", "apps", "app", "tools", "tool", "libraries", "library", "frameworks", "framework",
        "resources", "resource", "related", "uncategorized", "more", "lists", "list", "awesome", "etc", "utilities",
        "utility", "packages", "package", "modules", "module", "plugins", "plugin", "extensions", "extension",
    ]

    /// The topic words of one heading path: each heading as a slug ("Command-line Tools" → `command-line-tools`)
    /// and its singular, each subject word of it singular (`command`, `line`… less ``generic`` ones), and `cli` for
    /// a heading about the command line.
    static func words(of heading: [String]) -> [String] {
        var found: [String] = []
        func add(_ word: String) {
            if word.count >= 2, !found.contains(word) { found.append(word) }
        }
        for part in heading {
            let words = part.lowercased().split { !($0.isLetter || $0.isNumber) }.map(String.init)
            guard !words.isEmpty else { continue }
            let slug = words.joined(separator: "-")
            if !(words.count == 1 && generic.contains(slug)) {
                add(slug)
                add(singular(slug))
            }
            for word in words where !generic.contains(word) && word.count >= 3 { add(singular(word)) }
            if slug.contains("command-line") || slug.contains("commandline") || words.contains("cli") {
                add("cli")
                add("command-line")
            }
        }
        return found
    }

    /// A plural heading word's singular, by the plain English rules headings use: `databases` → `database`,
    /// `libraries` → `library`; words that only look plural (`analysis`, `kubernetes`, `news`) are kept.
    static func singular(_ word: String) -> String {
        guard word.count > 4, !word.hasSuffix("ss"), !word.hasSuffix("is"), !word.hasSuffix("us"),
            !word.hasSuffix("netes"), !word.hasSuffix("news"), !word.hasSuffix("ics")
        else { return word }
        if word.hasSuffix("ies") { return String(word.dropLast(3)) + "y" }
        if word.hasSuffix("s") { return String(word.dropLast()) }
        return word
    }

    /// Each repository's listed topic words by key, from every placement of every list. A list's own name is left
    /// out: awesome-ios places TensorFlow and ncnn too, and `ios` on them dealt machine learning to an iOS beginner.
    static func byRepository(_ entries: [CuratedListEntry]) -> [String: [String]] {
        var words: [String: [String]] = [:]
        for entry in entries {
            var known = words[entry.key, default: []]
            for word in Self.words(of: entry.heading) where !known.contains(word) { known.append(word) }
            words[entry.key] = known
        }
        return words
    }
}
