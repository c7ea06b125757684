import Foundation

/// One thing RepoFinder can be told from outside: its key in the configuration (dotted), the environment variable that
/// sets it (the key upper-cased, dots as underscores: `http.port` is `HTTP_PORT`), and the command-line flag, if any.
/// Flags win over the environment, the environment over the default; each default is written once, beside the value
/// it configures (``ServerConfiguration``, `GitHubConfiguration`, `DatabaseLocation`).
public struct Setting: Hashable, Sendable {
    /// The configuration key, such as `http.port`.
    public let key: String
    /// The command-line flag, such as `--port`; nil for settings only the environment gives (secrets, never argv).
    public let flag: String?
    /// Whether the value must never be printed or logged (a token, a URL that may hold a password).
    public let isSecret: Bool

    public init(_ key: String, flag: String? = nil, isSecret: Bool = false) {
        self.key = key
        self.flag = flag
        self.isSecret = isSecret
    }

    /// The environment variable: `http.port` → `HTTP_PORT`.
    public var environmentVariable: String {
        key.uppercased().replacingOccurrences(of: ".", with: "_")
    }

    /// How a person sets it, for messages: "--port or HTTP_PORT".
    public var howToSet: String {
        flag.map { "\($0) or \(environmentVariable)" } ?? environmentVariable
    }
}

extension Setting {
    /// Where the data lives: a SQLite file path, `:memory:` or a `postgres://` URL (may hold a password).
    public static let database = Setting("database.url", flag: "--database", isSecret: true)
    public static let host = Setting("http.host", flag: "--host")
    public static let port = Setting("http.port", flag: "--port")
    public static let tokenRate = Setting("limits.token.rate", flag: "--token-rate")
    public static let addressRate = Setting("limits.address.rate", flag: "--address-rate")
    public static let maximumBodyKiB = Setting("limits.body.kib", flag: "--max-body")
    public static let rebuildSeconds = Setting("recommender.rebuild.seconds", flag: "--rebuild-every")
    public static let sessionRefreshSeconds = Setting("sessions.refresh.seconds")
    public static let logLevel = Setting("log.level", flag: "--log-level")
    /// A GitHub personal access token: from the environment only.
    public static let githubToken = Setting("github.token", isSecret: true)
    public static let githubAPI = Setting("github.api.url", flag: "--api-url")
    public static let githubTimeoutSeconds = Setting("github.timeout.seconds", flag: "--timeout")
    /// GitHub's web root, where people sign in (`GITHUB_URL`).
    public static let githubURL = Setting("github.url")
    /// The OAuth app people sign in with: its client id, and its secret (environment only).
    public static let githubClientID = Setting("github.client.id")
    public static let githubClientSecret = Setting("github.client.secret", isSecret: true)
    /// The key that seals people's GitHub tokens at rest: 32 random bytes in base64 (environment only).
    public static let githubTokenKey = Setting("github.token.key", isSecret: true)
    /// New accounts per hour per client address (0: no limit).
    public static let accountRate = Setting("limits.account.rate", flag: "--account-rate")
    /// Proxies whose X-Forwarded-For is believed: addresses and CIDR ranges, comma-separated.
    public static let trustedProxies = Setting("limits.trusted.proxies", flag: "--trusted-proxies")
    /// Interactions one account may store in all (0: no limit).
    public static let interactionsPerAccount = Setting(
        "limits.interactions.per.account", flag: "--interactions-per-account")
    /// Interactions one account may send per 24 hours (0: no limit).
    public static let interactionsPerDay = Setting("limits.interactions.per.day", flag: "--interactions-per-day")
    /// Questions one account may ask the Ask assistant per calendar month (0: no limit).
    public static let askQuota = Setting("limits.ask.per.month", flag: "--ask-questions-per-month")
    /// Ask threads one account may hold (0: no limit).
    public static let askThreadsPerAccount = Setting("ask.threads.per.account", flag: "--ask-threads-per-account")
    /// GitHub lookups (repositories the catalog lacks) per client address and per account, an hour (0: no limit).
    public static let githubLookupsPerHour = Setting("github.lookups.per.hour", flag: "--github-lookups-per-hour")
    /// Star imports started per client address and per account, an hour (0: no limit).
    public static let starImportsPerHour = Setting("star.imports.per.hour", flag: "--star-imports-per-hour")
    /// The share of GitHub's hourly limit, in percent, kept from people not signed in with GitHub (0: none).
    public static let githubReservePercent = Setting("github.reserve.percent", flag: "--github-reserve")
    /// Deck filters not yet worked out, per client address and per account, a minute (0: no limit).
    public static let newFiltersPerMinute = Setting("limits.new.filters.per.minute", flag: "--new-filters-per-minute")
    /// An OpenAI-compatible endpoint that words Ask's answers, such as http://127.0.0.1:11434/v1 (unset: the engine's
    /// own words).
    public static let askModelURL = Setting("ask.model.url", flag: "--ask-model-url")
    /// The model's name at that endpoint.
    public static let askModelName = Setting("ask.model.name", flag: "--ask-model")
    /// The endpoint's API key (environment only: a secret).
    public static let askModelKey = Setting("ask.model.key", isSecret: true)
    /// Seconds the model may stay silent before the engine answers instead.
    public static let askModelTimeoutSeconds = Setting("ask.model.timeout.seconds", flag: "--ask-model-timeout")
    /// Connections to the model: answers it writes at once (more wait their turn).
    public static let askModelConnections = Setting("ask.model.connections", flag: "--ask-model-connections")
    /// Days after which accounts that never came back are deleted (0: never).
    public static let abandonedDays = Setting("accounts.abandoned.days", flag: "--abandoned-days")
    /// Hours between refreshes of the catalog from GitHub (0: never).
    public static let catalogRefreshHours = Setting("catalog.refresh.hours", flag: "--catalog-refresh-hours")
    /// Languages whose new repositories a refresh brings in, comma-separated.
    public static let catalogLanguages = Setting("catalog.languages", flag: "--catalog-languages")
    /// Topics whose new repositories a refresh brings in, comma-separated.
    public static let catalogTopics = Setting("catalog.topics", flag: "--catalog-topics")
    /// The stars a new repository needs to come in.
    public static let catalogMinimumStars = Setting("catalog.min.stars", flag: "--catalog-min-stars")
    /// The curated lists a refresh reads again, comma-separated list ids (`avelino/awesome-go`,
    /// `jaywcjlove/awesome-mac/command-line-apps.md`); `none` for none. Unset: the lists the database holds.
    public static let catalogLists = Setting("catalog.lists", flag: "--catalog-lists")
    /// Seconds a connection may wait for a request (idle, or part-way through its headers).
    public static let idleTimeoutSeconds = Setting("http.idle.timeout.seconds", flag: "--idle-timeout")
    /// Seconds a request's body may take to arrive after its headers.
    public static let requestTimeoutSeconds = Setting("http.request.timeout.seconds", flag: "--request-timeout")
    /// Connections open at once.
    public static let maximumConnections = Setting("http.max.connections", flag: "--max-connections")
    /// Connections one client address may hold at once.
    public static let maximumConnectionsPerAddress = Setting(
        "http.max.connections.per.address", flag: "--max-connections-per-address")
    /// The bearer token `/metrics` asks for (environment only: a secret).
    public static let metricsToken = Setting("metrics.token", isSecret: true)
    /// The bearer token `/admin` and `GET /v1/admin/report` ask for (environment only: a secret).
    public static let operatorToken = Setting("operator.token", isSecret: true)
    /// Days product analytics events are kept.
    public static let analyticsRetentionDays = Setting(
        "analytics.retention.days", flag: "--analytics-retention-days")
    /// The address people reach the server at; a web sign-in comes back only to its origin (`PUBLIC_URL`).
    public static let publicURL = Setting("public.url", flag: "--public-url")
    /// Device sign-ins live at once, server-wide (`DEVICE_SIGN_INS`).
    public static let deviceSignIns = Setting("device.sign.ins", flag: "--device-sign-ins")
    /// Seconds a stopping server answers not ready before it stops taking connections.
    public static let drainSeconds = Setting("http.drain.seconds", flag: "--drain-seconds")
    /// The PEM certificate chain a server serving HTTPS itself hands out (a path; read again on SIGHUP or change).
    public static let tlsCertificate = Setting("tls.certificate", flag: "--tls-certificate")
    /// The PEM private key of that certificate (a path: the key itself never goes on a command line).
    public static let tlsKey = Setting("tls.key", flag: "--tls-key")
    /// With TLS: a port whose plain HTTP requests are redirected to HTTPS (0: none).
    public static let httpRedirectPort = Setting("http.redirect.port", flag: "--http-redirect-port")
    /// `Strict-Transport-Security` max-age in seconds on answers over HTTPS (0: never sent).
    public static let hstsSeconds = Setting("http.hsts.seconds", flag: "--hsts-seconds")
    /// 1: pages and answers may be asked for in the pseudo-language `en-XA` (development and the language tests).
    public static let pseudoLanguage = Setting("pseudo.language", flag: "--pseudo-language")

    /// Every setting, in the order the settings table of `docs/server.md` lists them (``markdownTable``).
    public static let all: [Setting] = [
        .database, .host, .port, .tokenRate, .addressRate, .maximumBodyKiB, .rebuildSeconds, .sessionRefreshSeconds,
        .accountRate, .trustedProxies, .interactionsPerAccount, .interactionsPerDay, .askQuota,
        .askThreadsPerAccount, .githubLookupsPerHour, .starImportsPerHour, .githubReservePercent,
        .newFiltersPerMinute, .askModelURL,
        .askModelName, .askModelKey, .askModelTimeoutSeconds, .askModelConnections, .abandonedDays,
        .catalogRefreshHours, .catalogLanguages, .catalogTopics, .catalogMinimumStars, .catalogLists,
        .idleTimeoutSeconds, .requestTimeoutSeconds, .drainSeconds, .tlsCertificate, .tlsKey, .httpRedirectPort,
        .hstsSeconds, .maximumConnections, .maximumConnectionsPerAddress,
        .metricsToken, .operatorToken, .analyticsRetentionDays,
        .logLevel, .githubToken, .githubAPI, .githubTimeoutSeconds, .githubURL, .githubClientID, .githubClientSecret,
        .githubTokenKey, .publicURL, .deviceSignIns, .pseudoLanguage,
    ]
}

/// A setting whose value cannot be used, said so a person can fix it.
public struct SettingsError: Error, Hashable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}
