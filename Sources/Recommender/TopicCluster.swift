/// A named group of related repositories (web frontend, machine learning, …). Every repository has exactly one
/// primary cluster, decided from its topics first, then the words of its name, then its language.
public struct TopicCluster: Hashable, Sendable, Identifiable {
    /// A stable id, used in preferences (`primaryCluster`) and URLs, for example `machine-learning`.
    public let id: String
    /// What people read, for example "Machine learning & AI".
    public let name: String
    /// Topics that put a repository in this cluster (exact GitHub topics, lowercase).
    let topics: Set<String>
    /// Words of a repository's name that suggest this cluster.
    let nameWords: Set<String>
    /// Languages (lowercase) whose repositories fall here when nothing else decides.
    let languages: Set<String>

    /// The cluster of repositories nothing else places.
    public static let general = TopicCluster(
        id: "general", name: "General", topics: [], nameWords: [], languages: [])

    /// All clusters, in the order ties are broken; ``general`` last.
    public static let all: [TopicCluster] = [
        TopicCluster(
            id: "machine-learning", name: "Machine learning & AI",
            topics: [
                "machine-learning", "deep-learning", "tensorflow", "pytorch", "neural-network", "neural-networks",
                "natural-language-processing", "nlp", "computer-vision", "keras", "artificial-intelligence", "ai",
                "convolutional-neural-networks", "deep-neural-networks", "reinforcement-learning",
                "machine-learning-algorithms", "scikit-learn", "cnn", "classification", "object-detection", "ml",
                "deep-reinforcement-learning", "deeplearning", "segmentation", "rnn", "gan", "lstm", "bert", "llm",
                "chatgpt", "openai", "transformers", "caffe", "mxnet", "onnx", "image-classification", "word2vec",
                "semantic-segmentation", "machinelearning", "graph-neural-networks", "sentiment-analysis", "opencv",
                "large-language-models", "generative-ai", "stable-diffusion", "langchain", "rag", "agents",
            ],
            nameWords: ["learning", "neural", "gpt", "llm", "llama", "tensorflow", "torch", "diffusion", "vision"],
            languages: ["jupyter notebook"]),
        TopicCluster(
            id: "data", name: "Data & databases",
            topics: [
                "data-science", "database", "data-visualization", "visualization", "sql", "data-analysis", "postgresql",
                "mysql", "sqlite", "mongodb", "redis", "analytics", "pandas", "numpy", "statistics", "spark",
                "big-data", "elasticsearch", "nosql", "orm", "time-series", "data-mining", "dataset", "charts",
                "matplotlib", "plotly", "jupyter", "datascience", "postgres", "database-management", "csv", "etl",
            ],
            nameWords: ["db", "sql", "data", "database", "analytics", "chart", "charts"],
            languages: ["r", "matlab", "julia", "sas", "tsql", "plpgsql"]),
        TopicCluster(
            id: "web-frontend", name: "Web frontend",
            topics: [
                "react", "vue", "angular", "css", "html", "bootstrap", "frontend", "front-end", "reactjs", "vuejs",
                "webpack", "redux", "jquery", "svelte", "nextjs", "tailwindcss", "sass", "scss", "ui", "ui-components",
                "components", "material-design", "theme", "bootstrap4", "bootstrap5", "bootstrap-4", "bootstrap-5",
                "bootstrap-theme", "bootstrap-template", "html5", "svg", "animation", "es6", "threejs", "webgl",
                "template", "admin-dashboard",
            ],
            nameWords: ["react", "vue", "angular", "css", "ui", "html", "svelte", "next", "bootstrap", "jquery"],
            languages: ["css", "html", "vue", "svelte", "scss", "less", "coffeescript", "javascript", "typescript"]),
        TopicCluster(
            id: "web-backend", name: "Web backend & APIs",
            topics: [
                "api", "rest-api", "graphql", "server", "http", "flask", "django", "nodejs", "node", "express", "rails",
                "laravel", "spring-boot", "microservices", "rest", "websocket", "backend", "web-framework",
                "openapi", "swagger", "json-api", "authentication", "oauth2", "fastapi", "php", "webapp",
                "content-management-systems-(cms)", "wordpress", "e-commerce",
            ],
            nameWords: ["api", "server", "http", "rest", "graphql", "django", "flask", "rails", "express", "web"],
            languages: ["php", "ruby", "elixir", "java", "groovy"]),
        TopicCluster(
            id: "mobile", name: "Mobile",
            topics: [
                "android", "ios", "swift", "swiftui", "flutter", "react-native", "kotlin", "mobile", "objective-c",
                "cocoapods", "xcode", "android-library", "carthage", "tvos", "watchos", "jetpack-compose", "xamarin",
                "uikit", "ipados",
            ],
            nameWords: ["android", "ios", "swift", "flutter", "kotlin", "mobile"],
            languages: ["swift", "objective-c", "kotlin", "dart"]),
        TopicCluster(
            id: "devops-cloud", name: "DevOps & cloud",
            topics: [
                "devops", "kubernetes", "docker", "aws", "azure", "cloud", "terraform", "serverless", "deployment",
                "monitoring", "ansible", "aws-lambda", "lambda", "containers", "continuous-deployment",
                "continuous-delivery", "ci", "infrastructure", "metrics", "cloudformation", "heroku", "docker-image",
                "azure-functions", "amazon-web-services", "s3", "terraform-module", "serverless-framework", "gcp",
                "self-hosted", "observability", "helm",
            ],
            nameWords: ["docker", "kubernetes", "k8s", "aws", "cloud", "terraform", "deploy", "ops"],
            languages: ["hcl", "dockerfile", "powershell", "nix"]),
        TopicCluster(
            id: "security", name: "Security & privacy",
            topics: [
                "security", "hacking", "privacy", "pentest", "penetration-testing", "cryptography", "ctf",
                "reverse-engineering", "malware", "osint", "vulnerability", "vpn", "encryption", "infosec",
            ],
            nameWords: ["security", "hack", "hacking", "crypto", "pentest", "exploit", "vpn"],
            languages: []),
        TopicCluster(
            id: "developer-tools", name: "CLI & developer tools",
            topics: [
                "cli", "git", "command-line", "terminal", "vim", "neovim", "editor", "developer-tools", "testing",
                "productivity", "vscode", "shell", "bash", "zsh", "dotfiles", "linter", "ide", "atom", "atom-package",
                "homebrew", "automation", "github", "markdown", "documentation", "plugin", "debugging", "json",
                "parser", "parsing", "library", "framework", "sdk", "bash-script", "shell-script", "tool",
            ],
            nameWords: ["cli", "vim", "git", "shell", "terminal", "lint", "test", "editor", "dotfiles", "tool"],
            languages: ["shell", "vim script", "vim script", "emacs lisp", "lua", "batchfile", "perl"]),
        TopicCluster(
            id: "systems", name: "Systems & languages",
            topics: [
                "compiler", "operating-system", "kernel", "linux", "embedded", "os", "programming-language",
                "interpreter", "webassembly", "performance", "assembly", "x86", "arm", "emulator", "osdev", "rust",
                "c", "cpp", "c-plus-plus", "cplusplus", "golang", "go", "raspberry-pi", "arduino", "esp32", "esp8266",
                "iot", "arduino-library", "ros", "robotics", "network", "proxy",
            ],
            nameWords: ["os", "kernel", "compiler", "lang", "emulator", "vm", "rtos"],
            languages: ["c", "c++", "rust", "assembly", "zig", "go", "haskell", "ocaml", "nim", "arduino"]),
        TopicCluster(
            id: "games-graphics", name: "Games & graphics",
            topics: [
                "game", "games", "game-engine", "gamedev", "unity", "unity3d", "opengl", "vulkan", "graphics", "3d",
                "virtual-reality", "vr", "webvr", "godot", "emulation", "shader", "rendering",
            ],
            nameWords: ["game", "engine", "gl", "render", "unity", "3d"],
            languages: ["gdscript", "glsl", "hlsl", "dm", "actionscript", "c#"]),
        TopicCluster(
            id: "desktop", name: "Desktop apps",
            topics: [
                "macos", "windows", "electron", "desktop", "gui", "qt", "gtk", "osx", "mac", "windows-10", "uwp",
                "tauri", "chrome-extension", "chrome", "browser", "firefox", "apple",
            ],
            nameWords: ["mac", "macos", "desktop", "windows", "electron", "app"],
            languages: []),
        TopicCluster(
            id: "learning", name: "Learning resources",
            topics: [
                "awesome", "awesome-list", "tutorial", "algorithms", "algorithm", "data-structures", "interview",
                "interview-questions", "education", "learning", "leetcode", "book", "competitive-programming",
                "computer-science", "coursera", "datastructures", "algorithms-and-data-structures", "cheatsheet",
                "roadmap", "course", "books", "sorting-algorithms", "data-structure", "samples", "demo",
            ],
            nameWords: ["awesome", "tutorial", "interview", "learn", "book", "books", "course", "guide", "leetcode"],
            languages: ["tex", "jupyter notebook"]),
        TopicCluster(
            id: "blockchain", name: "Blockchain & crypto",
            topics: [
                "blockchain", "ethereum", "bitcoin", "cryptocurrency", "crytocurrency", "web3", "solidity",
                "smart-contracts", "defi", "nft", "trading",
            ],
            nameWords: ["chain", "bitcoin", "ethereum", "coin", "wallet"],
            languages: ["solidity"]),
        general,
    ]
}

extension TopicCluster {
    /// The cluster whose id or name is `text` (any case), if any.
    public static func named(_ text: String) -> TopicCluster? {
        let wanted = text.lowercased()
        return all.first { $0.id == wanted || $0.name.lowercased() == wanted }
    }

    /// Topics that name a phone or tablet platform (not a language such as `swift`, shared with the Mac).
    static let mobilePlatformTopics: Set<String> = [
        "ios", "android", "mobile", "ipados", "iphone", "ipad", "watchos", "tvos", "react-native", "flutter",
        "xamarin", "jetpack-compose", "android-library", "android-app", "ios-app", "uikit",
    ]

    /// Topics and description words that name a desktop platform.
    static let desktopPlatformWords: Set<String> = [
        "macos", "osx", "mac", "macosx", "mac-osx", "menubar", "menu-bar", "macos-app", "windows", "desktop",
    ]

    /// Description words that name the Mac (other desktops' names, "Windows" or "desktop", say less in prose).
    static let macWords: Set<String> = ["macos", "osx", "mac", "menubar"]

    /// Description words that name a phone or tablet platform.
    static let mobilePlatformWords: Set<String> = ["ios", "iphone", "ipad", "ipados", "android", "mobile", "watchos"]

    /// Whether a repository is for a desktop platform and not a mobile one: by its topics, or, when its topics name
    /// no platform at all, by the words of its description ("Lightweight clipboard manager for macOS").
    static func isDesktopOnly(topics: [String], description: String?) -> Bool {
        if topics.contains(where: mobilePlatformTopics.contains) { return false }
        if topics.contains(where: desktopPlatformWords.contains) { return true }
        guard let description else { return false }
        return namesTheMacAndNoPhone(description)
    }

    /// Whether a description's words name the Mac and no phone or tablet, its words split as
    /// ``namesTheMacAndNoPhone(words:)`` splits them, read scalar by scalar without making a set of them (every
    /// repository's primary area is decided on each index build).
    static func namesTheMacAndNoPhone(_ description: String) -> Bool {
        var namesTheMac = false
        var word = PackedWord()
        for scalar in description.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                let byte = UInt8(value)
                let folded = byte | 0x20
                if (byte >= 0x30 && byte <= 0x39) || (folded >= 0x61 && folded <= 0x7A) {
                    word.append(byte >= 0x41 && byte <= 0x5A ? folded : byte)
                    continue
                }
            } else {
                let properties = scalar.properties
                switch properties.generalCategory {
                case .nonspacingMark, .spacingMark, .enclosingMark:
                    // Joins the character before it: a word's letter stays a letter (no longer plain ASCII), a
                    // separator stays one.
                    word.markNonASCII()
                    continue
                default:
                    if value == 0x200D {
                        word.markNonASCII()
                        continue
                    }
                    if properties.isAlphabetic || properties.numericType != nil {
                        word.appendNonASCII()
                        continue
                    }
                }
            }
            if let packed = word.end() {
                if mobilePlatformPacked.contains(packed) { return false }
                if macPacked.contains(packed) { namesTheMac = true }
            }
        }
        if let packed = word.end() {
            if mobilePlatformPacked.contains(packed) { return false }
            if macPacked.contains(packed) { namesTheMac = true }
        }
        return namesTheMac
    }

    /// Whether a description's words name the Mac and no phone or tablet: its lowercased words, split at every
    /// character that is neither a letter nor a number.
    static func namesTheMacAndNoPhone(words description: String) -> Bool {
        let words = Set(description.lowercased().split { !($0.isLetter || $0.isNumber) }.map(String.init))
        return words.isDisjoint(with: mobilePlatformWords) && !words.isDisjoint(with: macWords)
    }

    private static let mobilePlatformPacked = Set(mobilePlatformWords.compactMap(PackedWord.packed))
    private static let macPacked = Set(macWords.compactMap(PackedWord.packed))

    /// Decides a repository's primary cluster: each matching topic counts 3, each matching name word 2, the language
    /// 1; the highest total wins (earlier clusters win ties); nothing at all → ``general``. A repository for the Mac
    /// or another desktop and no phone (``isDesktopOnly(topics:description:)``) is never Mobile, whatever its
    /// language (Swift) says; a platform read from its description counts 3 for Desktop apps, as a topic would.
    static func primary(topics: [String], nameWords: [String], language: String?, description: String? = nil) -> Int {
        var best = all.count - 1
        var bestScore = 0
        let language = language?.lowercased()
        let desktopOnly = isDesktopOnly(topics: topics, description: description)
        // With no topics, the description's platform stands in for one.
        let platformFromDescription = desktopOnly && !topics.contains(where: desktopPlatformWords.contains)
        for (index, cluster) in all.enumerated() {
            if desktopOnly, cluster.id == "mobile" { continue }
            var score = platformFromDescription && cluster.id == "desktop" ? 3 : 0
            for topic in topics where cluster.topics.contains(topic) { score += 3 }
            for word in nameWords where cluster.nameWords.contains(word) { score += 2 }
            if let language, cluster.languages.contains(language) { score += 1 }
            if score > bestScore {
                best = index
                bestScore = score
            }
        }
        return best
    }
}

/// A word of up to eight lowercase ASCII letters and digits packed into an integer, gathered one character at a time.
private struct PackedWord {
    private var bits: UInt64 = 0
    private var length = 0
    private var plain = true

    /// The packing of `word`, or nil when it is longer than eight bytes or not ASCII.
    static func packed(_ word: String) -> UInt64? {
        var packed = PackedWord()
        for byte in word.utf8 { byte < 0x80 ? packed.append(byte) : packed.appendNonASCII() }
        return packed.end()
    }

    mutating func append(_ byte: UInt8) {
        if length < 8 { bits |= UInt64(byte) << (8 * UInt64(length)) }
        length += 1
    }

    mutating func appendNonASCII() {
        plain = false
        length += 1
    }

    /// A mark joining the last character: only a word's letters change.
    mutating func markNonASCII() {
        if length > 0 { plain = false }
    }

    /// Ends the word: its packing when it is one (plain ASCII, 1…8 bytes), and starts the next.
    mutating func end() -> UInt64? {
        defer { self = PackedWord() }
        return plain && length > 0 && length <= 8 ? bits : nil
    }
}
