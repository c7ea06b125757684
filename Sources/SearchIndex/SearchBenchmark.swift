public import Storage

/// The fixed query set of `repofinder bench search` (202 searches: words, phrases, prefixes, filters, sorts, pages),
/// shared with the tests that hold both engines to the same answers.
public enum SearchBenchmark {
    public static let words = [
        "swift", "react", "rust", "python", "go", "kubernetes", "docker", "machine", "learning", "web", "framework",
        "cli", "database", "awesome", "api", "game", "engine", "android", "ios", "vue", "compiler", "editor",
        "terminal", "http", "server", "graphql", "blockchain", "deep", "neural", "chart", "ui", "css", "testing",
        "security", "linux", "parser", "json", "markdown", "monitoring", "cloud",
    ]
    public static let phrases = [
        "machine learning", "web framework", "rust web framework", "swift server", "react native", "game engine",
        "static site generator", "command line", "deep learning", "kubernetes operator", "text editor", "http client",
        "design system", "data visualization", "neural network", "package manager", "code editor", "self hosted",
        "password manager", "awesome list",
    ]
    public static let prefixes = ["kube", "reac", "tensorf", "pyth", "sw", "j"]

    /// The 202 queries: every word, phrase and prefix three ways: best match; sorted by stars in a language; page 2 with a star floor.
    public static var queries: [SearchQuery] {
        let languages = ["JavaScript", "Python", "Go", "Rust", "Swift", "TypeScript", "Java", "C++"]
        return (words + phrases + prefixes).enumerated().flatMap { index, text in
            [
                SearchQuery(text: text),
                SearchQuery(text: text, language: languages[index % languages.count], sort: .stars),
                SearchQuery(text: text, minimumStars: 1000, sort: .recentlyPushed, page: PageRequest(page: 2)),
            ]
        } + [
            SearchQuery(text: "", sort: .stars), SearchQuery(text: "", language: "Python", sort: .forks),
            SearchQuery(text: "", topic: "machine-learning"), SearchQuery(text: "", topic: "javascript", sort: .stars),
        ]
    }

    /// Searches that are also ranked by meaning: needs in words no repository has all of, and whole questions as
    /// Ask sends them (with their meaning).
    public static var meaningQueries: [SearchQuery] {
        let needs = [
            "make my terminal prompt pretty", "tool to find what eats my disk space",
            "run language models on my laptop",
            "self host a photo library for my family", "turn markdown into pdf from the shell",
        ]
        let questions = [
            "is there a python library to pull tables out of pdf bank statements",
            "my team is drowning in yaml for kubernetes, something to write manifests in a real language",
        ]
        return needs.map { SearchQuery(text: $0) }
            + questions.map { SearchQuery(text: $0, page: PageRequest(page: 1, perPage: 15), meaning: $0) }
    }

    /// What someone types letter by letter, for suggestions: every prefix of these searches.
    public static let typingSearches = [
        "kubernetes", "react native", "home assistant", "terminal file manager", "tensorflow", "sxyazi/yazi",
        "python web framework", "machine learning", "postgres gui", "awesome",
    ]

    /// Every prefix of ``typingSearches`` (ending in a letter or digit).
    public static var typing: [String] {
        typingSearches.flatMap { search in
            (1...search.count).map { String(search.prefix($0)) }.filter {
                $0.last.map { $0.isLetter || $0.isNumber } ?? false
            }
        }
    }
}
