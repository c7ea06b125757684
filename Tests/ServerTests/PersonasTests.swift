import Catalog
import Dealing
import Foundation
import HTTPTypes
import HummingbirdTesting
import Localization
import Recommender
import RepoFinderCore
import RepoFinderServer
import Storage
import TestSupport
import Testing

/// Six people set up through the API and dealt cards, on the starter catalog (facts only) and on the shared catalog
/// (with descriptions), as issue 44 asks: what share of the first 20 is inside what they asked for, how the fit labels
/// spread, whether cards 6–20 change after five likes of one kind (and differ from a twin who liked another kind),
/// whether one like or view puts unrelated popular repositories first, and whether today's pick is personal. Prints a
/// table per catalog.
@Suite("Personas: the deck as six people meet it, through the API", .serialized)
struct PersonasTests {
    enum CatalogChoice: String, CaseIterable, Sendable {
        case starter
        case full
    }

    @Test("six personas on each catalog", arguments: CatalogChoice.allCases)
    func personas(catalog: CatalogChoice) async throws {
        try await withStore(.sqliteMemory) { test in
            switch catalog {
            case .starter:
                _ = try await StarterCatalog.loadIfEmpty(into: test.store)
            case .full:
                let path = SharedDataFolder.url.appendingPathComponent("catalog/repos.jsonl.gz").path
                _ = try await CatalogImporter(store: test.store).importRepositories(from: path)
            }
            let deck = try await APIServer.makeDeck(store: test.store, logger: ServerHarness.quietLogger)
            let popular = Set(
                deck.recommender.index.repositories.sorted { $0.stars > $1.stars }.prefix(1_000).map(\.id))
            let known = Set(deck.recommender.index.repositories.map(\.id))
            let application = try APIServer.makeApplication(
                configuration: .unlimited, store: test.store, deck: deck, logger: ServerHarness.quietLogger)
            try await application.test(.router) { client in
                var rows: [Row] = []
                for persona in Persona.all + Persona.heldOut {
                    rows.append(try await Self.walk(persona.named(in: known), client: client, popular: popular))
                }
                print(Row.table(Array(rows.prefix(Persona.all.count)), catalog: catalog.rawValue))
                print(Row.table(Array(rows.dropFirst(Persona.all.count)), catalog: catalog.rawValue + " (held out)"))
                for row in rows {
                    #expect(row.inside >= 12, "\(row.persona): \(row.inside) of 20 inside what they asked for")
                    // Experience shows: learning material comes forward for beginners and steps back for advanced
                    // people (before: 3 and 8 for the two beginners, 2 and 2 for the two advanced personas).
                    if row.level == "beginner" {
                        #expect(row.learning >= 3, "\(row.persona): \(row.learning) learning")
                    }
                    if row.level == "advanced" {
                        #expect(row.learning <= 1, "\(row.persona): \(row.learning) learning")
                    }
                    #expect(Set(row.labels.keys).count >= 2, "\(row.persona): every fit label the same \(row.labels)")
                    #expect(row.changed >= 5, "\(row.persona): only \(row.changed) of cards 6–20 changed after likes")
                    // Likes of another kind deal another deck (the security persona read 14 of 15 the same before
                    // content took over the share of co-stars nobody has on a fresh install).
                    #expect(row.twinOverlap <= 10, "\(row.persona): \(row.twinOverlap) of 15 the same for a twin")
                    #expect(row.likedKind <= 12, "\(row.persona): \(row.likedKind) of 15 in the liked kind: over-fit")
                    #expect(row.derailed.isEmpty, "\(row.persona): unrelated popular first: \(row.derailed)")
                    #expect(row.pickFit > 0, "\(row.persona): today's pick has fit \(row.pickFit)")
                    #expect(row.pickBeforeSetUp == nil, "\(row.persona): a pick before set-up: \(row.pickBeforeSetUp!)")
                }
                #expect(Set(rows.map(\.pick)).count >= rows.count - 1, "today's pick is not personal")
            }
        }
    }

    /// One persona through the API.
    static func walk(_ persona: Persona, client: some TestClientProtocol, popular: Set<String>) async throws -> Row {
        var row = Row(persona: persona.name)
        row.level = ["beginner", "intermediate", "advanced"].first { persona.preferences.contains("\"\($0)\"") } ?? ""
        // Home before set-up: no pick yet (it would be nobody's).
        let newcomer = try await client.newToken()
        let early = try await client.call(.get, "/v1/me/home?timeZone=UTC", token: newcomer).json()
        row.pickBeforeSetUp = ((early["pick"] as? [String: Any])?["item"] as? [String: Any]).flatMap(Self.name)
        // Set up, then the first 20 cards.
        let person = try await client.newToken()
        try await setUp(persona, token: person, client: client)
        let first = try await client.call(.get, "/v1/me/feed?limit=20", token: person).items()
        row.inside = first.filter(persona.asked).count
        row.learning = first.filter(Self.isLearning).count
        for item in first { row.labels[Self.label(item["fitScore"] as? Int ?? 0), default: 0] += 1 }
        row.firstFive = first.prefix(5).compactMap(Self.name)
        // Five likes of one kind, then cards 6–20 given back and dealt again; a twin likes another kind.
        let before = Set(first.dropFirst(5).compactMap(Self.name))
        let dealt = try await redeal(person, liking: persona.kinds.0, hand: first, client: client)
        let after = Set(dealt.compactMap(Self.name))
        row.afterLikes = dealt.prefix(8).compactMap(Self.name)
        row.changed = after.subtracting(before).count
        // Cards whose reasons name one of the five liked: the likes' share of the new cards.
        let liked = persona.kinds.0.map { $0.split(separator: "/").last.map(String.init)! }
        row.likedKind =
            dealt.filter { item in
                let reasons = (item["reasons"] as? [String] ?? []).joined(separator: " ")
                return liked.contains { reasons.contains($0) }
            }.count
        let twin = try await client.newToken()
        try await setUp(persona, token: twin, client: client)
        let twinFirst = try await client.call(.get, "/v1/me/feed?limit=20", token: twin).items()
        let twinAfter = Set(
            try await redeal(twin, liking: persona.kinds.1, hand: twinFirst, client: client).compactMap(Self.name))
        row.twinOverlap = after.intersection(twinAfter).count
        // One like or view, before or after the set-up: never unrelated popular repositories first.
        for (order, kind, repository) in [
            ("like→set-up", "like", persona.kinds.0[0]), ("set-up→like", "like", persona.kinds.0[0]),
            ("view→set-up", "view", persona.unrelated),
        ] {
            let token = try await client.newToken()
            if order.hasPrefix("set-up") { try await setUp(persona, token: token, client: client) }
            try await act(kind, on: [repository], token: token, client: client)
            if !order.hasPrefix("set-up") { try await setUp(persona, token: token, client: client) }
            let cards = try await client.call(.get, "/v1/me/feed?limit=4", token: token).items()
            let off = cards.filter { !persona.asked($0) && popular.contains((Self.name($0) ?? "").lowercased()) }
            if !off.isEmpty { row.derailed.append("\(order): " + off.compactMap(Self.name).joined(separator: ", ")) }
        }
        // Today's pick after the set-up.
        let home = try await client.call(.get, "/v1/me/home?timeZone=UTC", token: person).json()
        let pick = (home["pick"] as? [String: Any])?["item"] as? [String: Any]
        row.pick = pick.flatMap(Self.name) ?? "none"
        row.pickFit = pick?["fitScore"] as? Int ?? 0
        row.pickInside = pick.map(persona.asked) ?? false
        return row
    }

    static func setUp(_ persona: Persona, token: String, client: some TestClientProtocol) async throws {
        let response = try await client.call(.put, "/v1/me/preferences", token: token, json: persona.preferences)
        #expect(response.status == .ok)
    }

    static func act(_ kind: String, on names: [String], token: String, client: some TestClientProtocol) async throws {
        let items = names.map {
            #"{"id":"\#(UUID().uuidString)","repo":"\#($0)","kind":"\#(kind)","at":"2026-08-22T10:00:00Z"}"#
        }
        let response = try await client.call(
            .post, "/v1/me/interactions", token: token, json: #"{"interactions":[\#(items.joined(separator: ","))]}"#)
        #expect(response.status == .ok, "\(kind) of \(names)")
    }

    /// Likes `kind` (five repositories), gives cards 6–20 of `hand` back and deals 15: the cards dealt.
    static func redeal(
        _ token: String, liking kind: [String], hand: [[String: Any]], client: some TestClientProtocol
    ) async throws -> [[String: Any]] {
        try await act("like", on: kind, token: token, client: client)
        let unseen = hand.dropFirst(5).compactMap(name).map { "\"\($0)\"" }.joined(separator: ",")
        _ = try await client.call(.post, "/v1/me/feed/returns", token: token, json: #"{"repos":[\#(unseen)]}"#)
        return try await client.call(.get, "/v1/me/feed?limit=15", token: token).items()
    }

    /// Learning material: the Learning resources area, or a topic that says so.
    static func isLearning(_ item: [String: Any]) -> Bool {
        let topics = ((item["repository"] as? [String: Any])?["topics"] as? [String]) ?? []
        return item["cluster"] as? String == "learning"
            || topics.contains {
                ["tutorial", "tutorials", "beginner", "beginners", "course", "examples"].contains($0)
            }
    }

    static func name(_ item: [String: Any]) -> String? {
        (item["repository"] as? [String: Any])?["fullName"] as? String
    }

    /// The label the apps show for a fit (the web's thresholds).
    static func label(_ fit: Int) -> String { (FitLevel(fit) ?? .some).rawValue.capitalized }
}

/// What one persona met.
struct Row {
    var persona: String
    var level = ""
    var pickBeforeSetUp: String?
    var inside = 0
    var learning = 0
    var labels: [String: Int] = [:]
    var firstFive: [String] = []
    var afterLikes: [String] = []
    var changed = 0
    var likedKind = 0
    var twinOverlap = 0
    var derailed: [String] = []
    var pick = "none"
    var pickFit = 0
    var pickInside = false

    static func table(_ rows: [Row], catalog: String) -> String {
        var lines = [
            "Personas on the \(catalog) catalog",
            "persona | inside 20 | learning | Strong/Good/Some | 6–20 changed | 15 from the likes | twin overlap | derailed | pick (fit, inside)",
        ]
        for row in rows {
            let labels = ["Strong", "Good", "Some"].map { String(row.labels[$0] ?? 0) }.joined(separator: "/")
            lines.append(
                "\(row.persona) | \(row.inside) | \(row.learning) | \(labels) | \(row.changed) | \(row.likedKind) | \(row.twinOverlap) | "
                    + "\(row.derailed.isEmpty ? "none" : row.derailed.joined(separator: "; ")) | "
                    + "\(row.pick) (\(row.pickFit), \(row.pickInside ? "yes" : "no"))")
            lines.append("    first five: \(row.firstFive.joined(separator: ", "))")
            lines.append("    after five likes: \(row.afterLikes.joined(separator: ", "))")
        }
        return lines.joined(separator: "\n")
    }
}

/// A scripted person: what they tell onboarding, what counts as inside it, and two kinds of things to like.
struct Persona: Sendable {
    var name: String
    var preferences: String
    var languages: Set<String>
    var clusters: Set<String>
    /// Five repositories of one kind, and five of another (the twin's).
    var kinds: ([String], [String])
    /// A popular repository outside what they asked for (viewed once).
    var unrelated: String

    /// Repositories that moved, by their old name: the starter catalog holds only the new one (scripts/starter_moves.py),
    /// the shared catalog both.
    static let moved = ["facebook/react": "react/react", "microsoft/DeepSpeed": "deepspeedai/DeepSpeed"]

    /// This persona with every repository the catalog (`known`, lowercased names) lacks under its new name, if it moved.
    func named(in known: Set<String>) -> Persona {
        func current(_ name: String) -> String {
            known.contains(name.lowercased()) ? name : Self.moved[name] ?? name
        }
        var persona = self
        persona.kinds = (kinds.0.map(current), kinds.1.map(current))
        persona.unrelated = current(unrelated)
        return persona
    }

    /// Whether a card is inside what the person asked for: one of their languages or areas.
    func asked(_ item: [String: Any]) -> Bool {
        let repository = item["repository"] as? [String: Any] ?? [:]
        let language = repository["language"] as? String ?? ""
        return languages.contains(language) || clusters.contains(item["cluster"] as? String ?? "")
    }

    /// Three more people, written before the deck was tuned on the six above and never tuned on: their table is
    /// printed apart ("held out") and they must meet the same checks.
    static let heldOut: [Persona] = [
        Persona(
            name: "Java backend (intermediate)",
            preferences: #"""
                {"techStack":["Java","Spring"],"interests":["microservices","api"],"experienceLevel":"intermediate",
                 "primaryCluster":"web-backend","onboardingCompleted":true}
                """#,
            languages: ["Java", "Kotlin"], clusters: ["web-backend"],
            kinds: (
                [
                    "spring-projects/spring-boot", "spring-projects/spring-framework", "apache/dubbo", "google/guava",
                    "ReactiveX/RxJava",
                ],
                [
                    "elastic/elasticsearch", "dbeaver/dbeaver", "apache/shardingsphere", "Tencent/APIJSON",
                    "jeecgboot/JeecgBoot",
                ]
            ),
            unrelated: "pytorch/pytorch"),
        Persona(
            name: "C++ game developer (beginner)",
            preferences: #"""
                {"techStack":["C++","C#"],"interests":["gamedev","game-engine"],"experienceLevel":"beginner",
                 "primaryCluster":"games-graphics","secondaryClusters":["learning"],"goals":["learning-new-tech"],
                 "onboardingCompleted":true}
                """#,
            languages: ["C++", "C#", "C"], clusters: ["games-graphics", "learning"],
            kinds: (
                [
                    "godotengine/godot", "lettier/3d-game-shaders-for-beginners", "libgdx/libgdx", "bevyengine/bevy",
                    "mxgmn/WaveFunctionCollapse",
                ],
                [
                    "obsproject/obs-studio", "LizardByte/Sunshine", "Anuken/Mindustry", "lichess-org/lila",
                    "aframevr/aframe",
                ]
            ),
            unrelated: "kubernetes/kubernetes"),
        Persona(
            name: "Data engineer (advanced)",
            preferences: #"""
                {"techStack":["SQL","Python","Go"],"interests":["database","sql"],"experienceLevel":"advanced",
                 "primaryCluster":"data","onboardingCompleted":true}
                """#,
            languages: ["Python", "Go", "SQL", "PLpgSQL", "TSQL"], clusters: ["data"],
            kinds: (
                ["duckdb/duckdb", "pingcap/tidb", "cockroachdb/cockroach", "facebook/rocksdb", "rqlite/rqlite"],
                [
                    "dbeaver/dbeaver", "sqlitebrowser/sqlitebrowser", "PostgREST/postgrest", "typicode/lowdb",
                    "pouchdb/pouchdb",
                ]
            ),
            unrelated: "facebook/react"),
    ]

    static let all: [Persona] = [
        Persona(
            name: "Rust, CLI and systems (intermediate)",
            preferences: #"""
                {"techStack":["Rust"],"interests":["cli","terminal","systems"],"experienceLevel":"intermediate",
                 "primaryCluster":"developer-tools","secondaryClusters":["systems"],"onboardingCompleted":true}
                """#,
            languages: ["Rust"], clusters: ["developer-tools", "systems"],
            kinds: (
                ["BurntSushi/ripgrep", "sharkdp/bat", "sharkdp/fd", "ajeetdsouza/zoxide", "eza-community/eza"],
                ["tokio-rs/tokio", "serde-rs/serde", "hyperium/hyper", "rust-lang/rust-analyzer", "sxyazi/yazi"]
            ),
            unrelated: "facebook/react"),
        Persona(
            name: "iOS beginner in Swift, wants to learn",
            preferences: #"""
                {"techStack":["Swift","SwiftUI"],"interests":["ios","swiftui"],"experienceLevel":"beginner",
                 "primaryCluster":"mobile","secondaryClusters":["learning"],"goals":["learning-new-tech"],
                 "onboardingCompleted":true}
                """#,
            languages: ["Swift", "Objective-C"], clusters: ["mobile", "learning"],
            kinds: (
                [
                    "airbnb/lottie-ios", "SnapKit/SnapKit", "onevcat/Kingfisher", "kean/Nuke",
                    "twostraws/HackingWithSwift",
                ],
                [
                    "Alamofire/Alamofire", "SwiftyJSON/SwiftyJSON", "realm/realm-swift", "ReactiveX/RxSwift",
                    "pointfreeco/swift-composable-architecture",
                ]
            ),
            unrelated: "kubernetes/kubernetes"),
        Persona(
            name: "Python data scientist, ML (advanced)",
            preferences: #"""
                {"techStack":["Python"],"interests":["machine-learning","deep-learning"],"experienceLevel":"advanced",
                 "primaryCluster":"machine-learning","secondaryClusters":["data"],"onboardingCompleted":true}
                """#,
            languages: ["Python", "Jupyter Notebook"], clusters: ["machine-learning", "data"],
            kinds: (
                ["scikit-learn/scikit-learn", "pandas-dev/pandas", "numpy/numpy", "optuna/optuna", "mlflow/mlflow"],
                [
                    "huggingface/peft", "microsoft/DeepSpeed", "vllm-project/vllm", "huggingface/transformers",
                    "pytorch/pytorch",
                ]
            ),
            unrelated: "facebook/react"),
        Persona(
            name: "Go, DevOps and cloud (intermediate)",
            preferences: #"""
                {"techStack":["Go"],"interests":["kubernetes","docker","devops"],"experienceLevel":"intermediate",
                 "primaryCluster":"devops-cloud","onboardingCompleted":true}
                """#,
            languages: ["Go"], clusters: ["devops-cloud"],
            kinds: (
                ["kubernetes/kubernetes", "helm/helm", "kubernetes/minikube", "derailed/k9s", "istio/istio"],
                [
                    "prometheus/prometheus", "grafana/grafana", "traefik/traefik", "hashicorp/terraform",
                    "aquasecurity/trivy",
                ]
            ),
            unrelated: "pytorch/pytorch"),
        Persona(
            name: "TypeScript frontend (advanced)",
            preferences: #"""
                {"techStack":["TypeScript","JavaScript"],"interests":["react","frontend"],"experienceLevel":"advanced",
                 "primaryCluster":"web-frontend","onboardingCompleted":true}
                """#,
            languages: ["TypeScript", "JavaScript", "Vue", "Svelte", "CSS", "HTML"], clusters: ["web-frontend"],
            kinds: (
                ["facebook/react", "vercel/next.js", "remix-run/react-router", "TanStack/query", "pmndrs/zustand"],
                ["vuejs/core", "sveltejs/svelte", "vitejs/vite", "tailwindlabs/tailwindcss", "shadcn-ui/ui"]
            ),
            unrelated: "pytorch/pytorch"),
        Persona(
            name: "Security beginner",
            preferences: #"""
                {"techStack":["Python","Go"],"interests":["security","pentesting"],"experienceLevel":"beginner",
                 "primaryCluster":"security","secondaryClusters":["learning"],"goals":["learning-new-tech"],
                 "onboardingCompleted":true}
                """#,
            languages: [], clusters: ["security", "learning"],
            kinds: (
                [
                    "OWASP/CheatSheetSeries", "swisskyrepo/PayloadsAllTheThings", "danielmiessler/SecLists",
                    "OWASP/wstg", "trimstray/the-book-of-secret-knowledge",
                ],
                [
                    "sqlmapproject/sqlmap", "nmap/nmap", "projectdiscovery/nuclei", "gchq/CyberChef",
                    "aquasecurity/trivy",
                ]
            ),
            unrelated: "facebook/react"),
    ]
}
