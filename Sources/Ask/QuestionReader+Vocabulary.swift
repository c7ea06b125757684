import RepoFinderCore

extension QuestionReader {
    /// Languages as people write them, spelled as GitHub spells them. `cued` ones are ordinary words too ("go",
    /// "c", "shell"): they name a language only after "in", "for", "with", "using", "written" or before a word like
    /// "projects" or "library".
    static let languages: [String: (name: String, cued: Bool)] = {
        var table: [String: (name: String, cued: Bool)] = [:]
        let plain: [String: String] = [
            "swift": "Swift", "rust": "Rust", "python": "Python", "golang": "Go", "javascript": "JavaScript",
            "js": "JavaScript", "typescript": "TypeScript", "ts": "TypeScript", "java": "Java", "kotlin": "Kotlin",
            "c++": "C++", "cpp": "C++", "c#": "C#", "csharp": "C#", "ruby": "Ruby", "php": "PHP", "scala": "Scala",
            "elixir": "Elixir", "erlang": "Erlang", "haskell": "Haskell", "clojure": "Clojure", "dart": "Dart",
            "lua": "Lua", "julia": "Julia", "zig": "Zig", "nim": "Nim", "ocaml": "OCaml", "perl": "Perl",
            "objective-c": "Objective-C", "objc": "Objective-C", "powershell": "PowerShell", "solidity": "Solidity",
            "crystal": "Crystal", "f#": "F#", "fortran": "Fortran", "cobol": "COBOL", "assembly": "Assembly",
            "matlab": "MATLAB", "groovy": "Groovy", "elm": "Elm",
        ]
        let cued: [String: String] = [
            "go": "Go", "c": "C", "r": "R", "d": "D", "v": "V", "shell": "Shell", "bash": "Shell",
        ]
        for (word, name) in plain { table[word] = (name, false) }
        for (word, name) in cued { table[word] = (name, true) }
        return table
    }()

    /// Words before a cued language that make it one: "written in go", "for c".
    static let languageCues: Set<String> = ["in", "for", "with", "using", "written", "about"]

    /// Words after a cued language that make it one: "go projects", "c library".
    static let softwareNouns: Set<String> = [
        "project", "projects", "repo", "repos", "repository", "repositories", "library", "libraries", "framework",
        "frameworks", "tool", "tools", "code", "app", "apps", "module", "modules", "package", "packages", "cli",
        "developers", "program", "programs", "web", "?",
    ]

    /// Words that carry no subject: how a question is asked, not what about.
    static let fillers: Set<String> = [
        "a", "an", "the", "some", "something", "anything", "any", "one", "ones", "good", "best", "great", "nice",
        "cool", "top", "awesome", "i", "im", "i'm", "me", "my", "we", "us", "our", "need", "needs", "want", "wanna",
        "looking", "look", "find", "show", "tell", "give", "list", "recommend", "suggest", "please", "can", "could",
        "would", "should", "you", "your", "what", "whats", "which", "who", "where", "how", "are", "is", "was", "were",
        "be", "there", "here", "to", "use", "used", "using", "that", "this", "these", "those", "with", "in", "of",
        "on", "for", "about", "from", "by", "it", "its", "and", "also", "just", "really", "very", "project",
        "projects", "repo", "repos", "repository", "repositories", "do", "does", "did", "have", "has", "there's",
        "other", "else", "myself", "written", "known", "i'd", "id", "like", "get", "new", "open", "source",
        "open-source", "opensource", "free", "write", "make", "lately", "recently", "recent", "what's", "who's",
        "where's", "how's", "it's", "that's", "here's", "you're", "i've", "ive", "finest",
        "decent", "popular", "recommended", "suggestions", "actually", "people", "pick", "pls", "plz", "tbh",
        "ideally", "preferably", "etc", "anyone", "someone", "currently", "or", "so", "if", "than", "then", "now",
        "recommendation", "recommendations", "options", "guys", "folks",
    ]

    /// Trending windows as questions name them.
    static let windows: [String: TrendingWindow] = [
        "today": .daily, "daily": .daily, "day": .daily, "week": .weekly, "weekly": .weekly, "month": .monthly,
        "monthly": .monthly,
    ]

    /// Words that ask what gains stars now.
    static let trendingWords: Set<String> = ["trending", "hot", "rising", "gaining", "trend", "buzz", "hottest"]

    /// Words that ask for welcoming projects.
    static let beginnerWords: Set<String> = [
        "beginner", "beginners", "beginner-friendly", "newcomer", "newcomers", "novice", "first-timers", "contribute",
        "contributing", "contribution", "contributions", "contributor",
    ]

    /// Words of a beginner question that are about the asking, not the subject.
    static let beginnerFillers: Set<String> = [
        "friendly", "first", "issue", "issues", "good", "easy", "start", "starting", "as", "open", "help", "wanted",
        "welcoming", "can", "make", "want", "learn",
    ]

    /// Words that ask about one repository's facts.
    static let factWords: Set<String> = [
        "tell", "about", "what", "whats", "what's", "is", "how", "many", "stars", "does", "have", "has", "license",
        "licence", "use", "uses", "still", "maintained", "active", "alive", "dead", "who", "maintains", "info",
        "information", "on", "me", "the", "a", "an", "it", "popular", "much",
    ]

    /// Questions that are not about software at all — unless they name a language or one of ``softwareCues``
    /// ("forecast weekly sales in python", "a self-hosted app for our family recipes").
    static let offTopic: Set<String> = [
        "weather", "forecast", "tomorrow", "yesterday", "recipe", "recipes", "joke", "jokes", "horoscope", "lottery",
    ]

    /// Words that make a question about software whatever else it mentions.
    static let softwareCues: Set<String> = softwareNouns.subtracting(["?", "web", "code"]).union([
        "api", "sdk", "self-hosted", "selfhosted", "hosted", "docker", "server", "library", "model", "models",
        "dataset", "open-source", "opensource", "github", "plugin", "extension", "software", "database",
    ])

    /// Words that open a follow-up: "and for Go?", "what about Python?".
    static let followUpOpeners: [[String]] = [
        ["and"], ["what", "about"], ["how", "about"], ["now"], ["same", "for"], ["also"], ["ok"], ["okay"], ["then"],
    ]
}
