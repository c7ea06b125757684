/// The reviewed table of words developers write for the same thing. Each group lists equivalent forms; a form of
/// two words stands for them written together or apart (`machine learning` also matches `machine-learning` and
/// `machinelearning`, since the index keeps neighbouring words joined too); a longer one for all its words in one
/// repository. (Names with symbols — C++, C#, .NET — are left out: their words alone are `c` and `net`.)
///
/// Reviewed by hand: a group goes in only when every form means the same thing in a developer's search (`go` and
/// `golang` yes; `ai` and `ml` no). Kept small on purpose — a wrong synonym makes every search with it worse.
enum Synonyms {
    static let groups: [[String]] = [
        // Languages and runtimes.
        ["javascript", "js"], ["typescript", "ts"], ["python", "py"], ["golang", "go"], ["rust", "rustlang"],
        ["objective c", "objc"], ["node", "nodejs"],
        ["react", "reactjs"], ["vue", "vuejs"], ["next", "nextjs"], ["nuxt", "nuxtjs"], ["svelte", "sveltejs"],
        ["angular", "angularjs"], ["deno", "denojs"], ["webassembly", "wasm"], ["kotlin", "kt"],
        // Infrastructure.
        ["kubernetes", "k8s", "kube"], ["postgresql", "postgres", "pg"], ["mongodb", "mongo"], ["database", "db"],
        ["databases", "dbs"], ["command line", "cli", "commandline"], ["terminal", "console"],
        ["terminal ui", "tui", "terminal user interface"], ["graphical user interface", "gui"],
        ["user interface", "ui"],
        ["operating system", "os"], ["continuous integration", "ci"], ["infrastructure as code", "iac"],
        ["virtual machine", "vm"], ["object relational mapping", "orm"], ["single page application", "spa"],
        ["server side rendering", "ssr"], ["content management system", "cms"], ["software development kit", "sdk"],
        ["application programming interface", "api"], ["configuration", "config"], ["documentation", "docs"],
        ["repository", "repo"], ["asynchronous", "async"], ["authentication", "auth"], ["authorization", "authz"],
        ["internationalization", "i18n"], ["localization", "l10n"], ["accessibility", "a11y"],
        ["regular expression", "regex", "regexp"], ["markdown", "md"], ["yaml", "yml"], ["websocket", "ws"],
        ["self hosted", "selfhosted"], ["open source", "opensource"], ["e2e", "end to end"],
        ["file manager", "filemanager"], ["package manager", "pkg"], ["library", "lib"], ["dotfiles", "dot files"],
        // Machine learning.
        ["machine learning", "ml"], ["deep learning", "dl"], ["natural language processing", "nlp"],
        ["large language model", "llm"], ["large language models", "llms"], ["computer vision", "cv"],
        ["reinforcement learning", "rl"], ["text to speech", "tts"], ["speech to text", "stt", "speech recognition"],
        ["optical character recognition", "ocr"], ["retrieval augmented generation", "rag"],
        ["artificial intelligence", "ai"], ["generative adversarial network", "gan"],
    ]

    /// One way of writing a thing: its words, and them written together.
    struct Form: Hashable {
        let words: [String]
        var joined: String { words.joined() }
    }

    /// Form written together → the other forms of its groups.
    static let table: [String: [Form]] = {
        var table: [String: [Form]] = [:]
        for group in groups {
            let forms = group.map { Form(words: SearchText.words($0)) }
            for form in forms {
                for other in forms where other != form && !(table[form.joined] ?? []).contains(other) {
                    table[form.joined, default: []].append(other)
                }
            }
        }
        return table
    }()

    /// The forms of two or more words, to find in what was typed ("machine learning" → also `ml`).
    static let phrases: [Form] = Set(groups.joined().map { Form(words: SearchText.words($0)) }).filter {
        $0.words.count > 1
    }.sorted { $0.joined < $1.joined }

    /// The other forms of `form` (a word, or words written together).
    static func others(of form: String) -> [Form] { table[form] ?? [] }
}
