import Ask
import Catalog
import Configuration
import Foundation
import GitHub
import GitHubAccounts
import Logging
import RepoFinderCore
import RepoFinderServer
import RepoFinderSettings
import Storage
import Testing

@Suite("Settings: flags over the environment over the defaults, checked, secrets never shown")
struct SettingsTests {
    /// Settings read from an in-memory provider with these keys.
    static func settings(_ values: [AbsoluteConfigKey: ConfigValue]) -> Settings {
        Settings(reader: ConfigReader(provider: InMemoryProvider(values: values)))
    }

    @Test("nothing set: every default is the one its configuration type declares")
    func defaults() throws {
        let settings = Settings(environment: [:])
        // `serve` refreshes the catalog daily; the configuration type's own default is off (in-process tests).
        var served = ServerConfiguration()
        served.catalogRefresh = CatalogRefreshSchedule()
        #expect(try settings.server() == served)
        #expect(try settings.database() == .sqliteFile(path: DatabaseLocation.defaultPath))
        #expect(try settings.logLevel() == .info)
        let github = try settings.github()
        #expect(github.token == nil)
        #expect(github.baseURL == GitHubConfiguration().baseURL)
        #expect(github.timeout == GitHubConfiguration().timeout)
        #expect(settings.summary.isEmpty)
    }

    @Test("the limits: each from the environment, 0 turns a bound off, a bad proxy list is named")
    func limits() throws {
        let settings = Settings(environment: [
            "LIMITS_ACCOUNT_RATE": "120", "LIMITS_TRUSTED_PROXIES": "10.0.0.0/8, ::1",
            "LIMITS_INTERACTIONS_PER_ACCOUNT": "0", "LIMITS_INTERACTIONS_PER_DAY": "500",
            "ACCOUNTS_ABANDONED_DAYS": "0",
            "HTTP_IDLE_TIMEOUT_SECONDS": "9", "HTTP_REQUEST_TIMEOUT_SECONDS": "11", "HTTP_MAX_CONNECTIONS": "100",
            "HTTP_MAX_CONNECTIONS_PER_ADDRESS": "8", "METRICS_TOKEN": "scrape-me",
        ])
        let server = try settings.server()
        #expect(server.accountCreationLimit == RateLimit(perHour: 120))
        #expect(server.trustedProxies == (try TrustedProxies(parsing: "10.0.0.0/8,::1")))
        #expect(server.interactionQuota == InteractionQuota(perAccount: nil, perDay: 500))
        #expect(server.abandonedAccountAge == nil)
        #expect(server.idleTimeout == .seconds(9))
        #expect(server.requestTimeout == .seconds(11))
        #expect(server.maximumConnections == 100)
        #expect(server.maximumConnectionsPerAddress == 8)
        #expect(server.metricsToken == "scrape-me")
        #expect(!settings.summary.contains("scrape-me"))
        #expect(throws: SettingsError.self) {
            try Settings(environment: ["LIMITS_TRUSTED_PROXIES": "10.0.0.0/99"]).server()
        }
        #expect(throws: SettingsError.self) { try Settings(environment: ["HTTP_IDLE_TIMEOUT_SECONDS": "0"]).server() }
    }

    @Test("CATALOG_LISTS: list ids to follow, none, or unset for the database's; a bad id is named")
    func catalogLists() throws {
        #expect(try Settings(environment: [:]).server().catalogRefresh?.curatedLists == nil)
        #expect(try Settings(environment: ["CATALOG_LISTS": "none"]).server().catalogRefresh?.curatedLists == [])
        let followed = try Settings(
            environment: ["CATALOG_LISTS": "avelino/awesome-go, jaywcjlove/awesome-mac/command-line-apps.md"]
        ).server().catalogRefresh?.curatedLists
        #expect(followed?.map(\.id) == ["avelino/awesome-go", "jaywcjlove/awesome-mac/command-line-apps.md"])
        #expect {
            try Settings(environment: ["CATALOG_LISTS": "awesome-go"]).server()
        } throws: { error in
            "\(error)".contains("--catalog-lists or CATALOG_LISTS takes list ids")
        }
    }

    @Test("OPERATOR_TOKEN: one that could be guessed stops the start, naming the variable (issue 63, finding 11)")
    func operatorTokenStrength() throws {
        for weak in ["admin", "short-token-123", String(repeating: "ab", count: 20)] {
            #expect {
                try Settings(environment: ["OPERATOR_TOKEN": weak]).server()
            } throws: { error in
                "\(error)".contains("OPERATOR_TOKEN must be at least 32 characters")
            }
        }
        let strong = "3f9c1e07b2d84a6e9f5c0b1a7d2e8c4f"
        #expect(try Settings(environment: ["OPERATOR_TOKEN": strong]).server().operatorToken == strong)
        #expect(try Settings(environment: [:]).server().operatorToken == nil)
    }

    @Test("the environment sets every setting; a flag wins over it")
    func precedence() throws {
        let environment = [
            "DATABASE_URL": "postgres://app:hunter2@db.local:5433/catalog", "HTTP_HOST": "0.0.0.0", "HTTP_PORT": "9090",
            "LIMITS_TOKEN_RATE": "5", "LIMITS_ADDRESS_RATE": "0", "LIMITS_BODY_KIB": "64",
            "RECOMMENDER_REBUILD_SECONDS": "30", "SESSIONS_REFRESH_SECONDS": "10", "LOG_LEVEL": "debug",
            "GITHUB_TOKEN": "ghp_secret", "GITHUB_API_URL": "http://127.0.0.1:9999", "GITHUB_TIMEOUT_SECONDS": "7",
        ]
        let settings = Settings(environment: environment)
        let server = try settings.server()
        #expect(server.host == "0.0.0.0")
        #expect(server.port == 9090)
        #expect(server.perTokenLimit == RateLimit(perSecond: 5, burst: 15))
        #expect(server.perAddressLimit == nil, "0 turns the limit off")
        #expect(server.maximumBodySize == 64 * 1024)
        #expect(server.rebuildInterval == .seconds(30))
        #expect(server.sessionRefresh == .seconds(10))
        #expect(try settings.logLevel() == .debug)
        guard case .postgres(let postgres) = try settings.database() else {
            Issue.record("DATABASE_URL names PostgreSQL")
            return
        }
        #expect(postgres.password == "hunter2")
        #expect(postgres.port == 5433)
        let github = try settings.github()
        #expect(github.token == "ghp_secret")
        #expect(github.baseURL.absoluteString == "http://127.0.0.1:9999")
        #expect(github.timeout == .seconds(7))

        let flagged = Settings(
            flags: [.port: "7070", .database: "other.sqlite", .logLevel: "error"], environment: environment)
        #expect(try flagged.server().port == 7070)
        #expect(try flagged.server().host == "0.0.0.0", "what no flag gives still comes from the environment")
        #expect(try flagged.database() == .sqliteFile(path: "other.sqlite"))
        #expect(try flagged.logLevel() == .error)
    }

    @Test("secrets are never in the summary that is logged")
    func redaction() throws {
        let settings = Self.settings([
            "database.url": ConfigValue(.string("postgres://app:hunter2@db.local:5432/catalog"), isSecret: true),
            "github.token": ConfigValue(.string("ghp_secret"), isSecret: true), "http.port": "8081",
        ])
        let summary = settings.summary
        #expect(!summary.contains("hunter2"))
        #expect(!summary.contains("ghp_secret"))
        #expect(summary.contains("database.url=PostgreSQL app@db.local:5432/catalog"))
        #expect(summary.contains("github.token=(set)"))
        #expect(summary.contains("http.port=8081"))
    }

    @Test("a value that cannot be used is named with the flag and the variable that set it")
    func badValues() throws {
        let cases: [(AbsoluteConfigKey, ConfigValue, String)] = [
            ("http.port", "99999", "--port or HTTP_PORT must be a number from 0 to 65535, not '99999'."),
            ("http.port", "eighty", "--port or HTTP_PORT must be a number from 0 to 65535, not 'eighty'."),
            (
                "limits.token.rate", "-1",
                "--token-rate or LIMITS_TOKEN_RATE must be requests per second from 0 (no limit) to 1000000, not '-1'."
            ),
            ("limits.body.kib", "0", "--max-body or LIMITS_BODY_KIB must be a number from 1 to 1048576, not '0'."),
            ("recommender.rebuild.seconds", "0", "--rebuild-every or RECOMMENDER_REBUILD_SECONDS must be a number"),
            ("sessions.refresh.seconds", "soon", "SESSIONS_REFRESH_SECONDS must be a number from 1 to 86400"),
        ]
        for (key, value, message) in cases {
            #expect {
                _ = try Self.settings([key: value]).server()
            } throws: { error in
                (error as? SettingsError)?.description.hasPrefix(message) == true
            }
        }
        #expect(throws: SettingsError.self) { try Self.settings(["log.level": "loud"]).logLevel() }
        #expect(throws: SettingsError.self) { try Self.settings(["github.api.url": "ftp://x"]).github() }
        #expect {
            try Self.settings(["database.url": "postgres://nobody"]).database()
        } throws: { error in
            (error as? SettingsError)?.description.hasPrefix("--database or DATABASE_URL: ") == true
        }
        // A pool's size per server (docs/deploy.md sizes them against max_connections).
        guard
            case .postgres(let pooled) = try Self.settings(["database.url": "postgres://a@db/x?pool_size=20"])
                .database()
        else { Issue.record("not PostgreSQL"); return }
        #expect(pooled.poolSize == 20)
        for size in ["0", "501", "many"] {
            #expect {
                try Self.settings([
                    "database.url": ConfigValue(.string("postgres://a@db/x?pool_size=\(size)"), isSecret: true)
                ])
                .database()
            } throws: { error in
                (error as? SettingsError)?.description.contains("pool_size must be a number from 1 to 500") == true
            }
        }
    }

    @Test("HTTPS: both files or neither, readable; a redirect port only with TLS and not the main port; HSTS")
    func tls() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tls-setting-\(UUID()).pem")
        try Data("not checked here".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let path = file.path
        let served = try Settings(environment: [
            "TLS_CERTIFICATE": path, "TLS_KEY": path, "HTTP_REDIRECT_PORT": "8080", "HTTP_PORT": "8443",
            "HTTP_HSTS_SECONDS": "0",
        ]).server()
        #expect(served.tls == TLSFiles(certificatePath: path, keyPath: path))
        #expect(served.httpRedirectPort == 8080)
        #expect(served.hstsSeconds == 0)
        #expect(try Settings(environment: [:]).server().tls == nil)
        let refused: [([String: String], String)] = [
            (["TLS_CERTIFICATE": path], "Set both --tls-certificate or TLS_CERTIFICATE and --tls-key or TLS_KEY"),
            (["TLS_KEY": path], "Set both --tls-certificate or TLS_CERTIFICATE and --tls-key or TLS_KEY"),
            (["TLS_CERTIFICATE": path, "TLS_KEY": "/nonexistent/key.pem"], "--tls-key or TLS_KEY: cannot read"),
            (["HTTP_REDIRECT_PORT": "80"], "--http-redirect-port or HTTP_REDIRECT_PORT redirects to HTTPS"),
            (
                ["TLS_CERTIFICATE": path, "TLS_KEY": path, "HTTP_REDIRECT_PORT": "8443", "HTTP_PORT": "8443"],
                "--http-redirect-port or HTTP_REDIRECT_PORT must differ"
            ),
        ]
        for (environment, message) in refused {
            #expect {
                try Settings(environment: environment).server()
            } throws: { error in
                (error as? SettingsError)?.description.hasPrefix(message) == true
            }
        }
    }

    @Test(
        "Ask's writing model: off unless an address is set; the name is needed; the key stays secret; bad values named")
    func askModel() throws {
        #expect(try Settings(environment: [:]).askModel() == nil)
        let settings = Settings(environment: [
            "ASK_MODEL_URL": "http://127.0.0.1:11434/v1", "ASK_MODEL_NAME": "qwen2.5:7b", "ASK_MODEL_KEY": "sk-secret",
            "ASK_MODEL_TIMEOUT_SECONDS": "20", "ASK_MODEL_CONNECTIONS": "2",
        ])
        let model = try #require(try settings.askModel())
        #expect(model.endpoint.absoluteString == "http://127.0.0.1:11434/v1/chat/completions")
        #expect(model.model == "qwen2.5:7b")
        #expect(model.key == "sk-secret")
        #expect(model.timeout == .seconds(20))
        #expect(model.connections == 2)
        #expect(!settings.summary.contains("sk-secret"))
        #expect(settings.summary.contains("ask.model.key=(set)"))
        let flagged = Settings(
            flags: [.askModelURL: "http://10.0.0.2:8000/v1/chat/completions", .askModelName: "m"],
            environment: ["ASK_MODEL_URL": "http://127.0.0.1:1/v1"])
        #expect(try flagged.askModel()?.endpoint.absoluteString == "http://10.0.0.2:8000/v1/chat/completions")
        #expect(try flagged.askModel()?.timeout == .seconds(10))
        #expect(try flagged.askModel()?.connections == 8, "eight connections unless told")
        let cases: [([String: String], String)] = [
            (["ASK_MODEL_URL": "http://127.0.0.1:11434/v1"], "name the model too with --ask-model or ASK_MODEL_NAME"),
            (["ASK_MODEL_URL": "llama", "ASK_MODEL_NAME": "m"], "must be an http(s) address"),
            (
                ["ASK_MODEL_URL": "http://h/v1", "ASK_MODEL_NAME": "m", "ASK_MODEL_TIMEOUT_SECONDS": "0"],
                "--ask-model-timeout or ASK_MODEL_TIMEOUT_SECONDS must be a number from 1 to 600"
            ),
            (
                ["ASK_MODEL_URL": "http://h/v1", "ASK_MODEL_NAME": "m", "ASK_MODEL_CONNECTIONS": "0"],
                "--ask-model-connections or ASK_MODEL_CONNECTIONS must be a number from 1 to 1024"
            ),
        ]
        for (environment, message) in cases {
            #expect {
                _ = try Settings(environment: environment).askModel()
            } throws: { error in
                (error as? SettingsError)?.description.contains(message) == true
            }
        }
    }

    @Test("sign-in: on with the app's id, secret and a 32-byte key; off when any is missing; a bad key is named")
    func signIn() throws {
        let key = Data(repeating: 7, count: 32).base64EncodedString()
        let full = Settings(environment: [
            "GITHUB_CLIENT_ID": "Iv1.abc", "GITHUB_CLIENT_SECRET": "shh", "GITHUB_TOKEN_KEY": key,
            "GITHUB_URL": "https://github.example.com",
        ])
        let configuration = try #require(try full.signIn())
        #expect(configuration.app == GitHubOAuthApp(clientID: "Iv1.abc", clientSecret: "shh"))
        #expect(configuration.scopes == ["read:user", "public_repo"])
        #expect(try full.github().webURL == URL(string: "https://github.example.com")!)
        #expect(!full.summary.contains("shh") && !full.summary.contains(key))
        #expect(full.summary.contains("github.client.secret=(set)"))
        #expect(try Settings(environment: ["GITHUB_CLIENT_ID": "Iv1.abc", "GITHUB_TOKEN_KEY": key]).signIn() == nil)
        #expect(try Settings(environment: [:]).signIn() == nil)
        #expect(try Settings(environment: [:]).github().webURL == URL(string: "https://github.com")!)
        #expect {
            try Settings(environment: ["GITHUB_TOKEN_KEY": "too-short"]).signIn()
        } throws: { error in
            "\(error)".hasPrefix("GITHUB_TOKEN_KEY must be 32 random bytes in base64")
        }
        #expect {
            try Settings(environment: ["GITHUB_URL": "github.com"]).github()
        } throws: { error in
            "\(error)" == "GITHUB_URL must be an http(s) address, not 'github.com'."
        }
    }
}
