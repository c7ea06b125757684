import Ask
import Catalog
import Foundation
import GitHub
import Logging
import RepoFinderCore
import RepoFinderServer
import Storage

/// What each ``Setting`` is and what it is when nobody sets it: written once here, with every default read from the
/// type it configures. The command-line help (``Setting/help``) and the settings table of `docs/server.md`
/// (``Setting/markdownTable``, compared by a test) are made from it.
extension Setting {
    /// What the setting is, in a few words, with what 0 means where it turns a limit off ("port (0: any free one)").
    public var summary: String { Self.documentation[key]?.summary ?? key }

    /// Its value when nobody sets it, as a person reads it ("8080", "none: the engine's own words").
    public var defaultText: String { Self.documentation[key]?.defaultText ?? "none" }

    /// The flag's help: the summary, where else to set it and the default.
    public var help: String {
        let first = summary.prefix(1).uppercased() + summary.dropFirst()
        return "\(first) (or \(environmentVariable); default \(defaultText))."
    }

    /// The settings table of `docs/server.md`: every setting, its flag, its environment variable and its default.
    public static var markdownTable: String {
        var lines = ["| setting | flag | environment | default |", "|---|---|---|---|"]
        for setting in all {
            let flag = setting.flag.map { "`\($0)`" } ?? (setting.isSecret ? "— (never on the command line)" : "—")
            let value = setting.defaultText
            let shown =
                value.first?.isNumber == true || value.hasPrefix("none") || value.contains(" ") ? value : "`\(value)`"
            lines.append("| \(setting.summary) | \(flag) | `\(setting.environmentVariable)` | \(shown) |")
        }
        return lines.joined(separator: "\n")
    }

    private static func seconds(_ duration: Duration) -> String { String(duration.components.seconds) }

    private static func perSecond(_ limit: RateLimit?) -> String {
        limit.map { Number.grouped(Int($0.perSecond)) } ?? "0"
    }

    private static func perHour(_ limit: RateLimit?) -> String {
        limit.map { "\(Number.grouped(Int(($0.perSecond * 3_600).rounded()))) (burst \(Int($0.burst)))" } ?? "0"
    }

    private static let documentation: [String: (summary: String, defaultText: String)] = {
        let server = ServerConfiguration()
        let refresh = CatalogRefreshSchedule()
        let github = GitHubConfiguration()
        let model = AskModelConfiguration(baseURL: URL(string: "http://127.0.0.1")!, model: "")
        let entries: [(Setting, String, String)] = [
            (.database, "database", DatabaseLocation.defaultPath),
            (.host, "address to listen on", server.host),
            (.port, "port (0: any free one)", String(server.port)),
            (.tokenRate, "requests/s per token (0: off)", perSecond(server.perTokenLimit)),
            (.addressRate, "requests/s per client address (0: off)", perSecond(server.perAddressLimit)),
            (.maximumBodyKiB, "largest body, KiB", String(server.maximumBodySize / 1_024)),
            (.rebuildSeconds, "seconds between recommender rebuilds", seconds(server.rebuildInterval)),
            (
                .sessionRefreshSeconds,
                "seconds a person's cached taste is trusted (then read again in the background)",
                seconds(server.sessionRefresh)
            ),
            (.accountRate, "new accounts per hour per client address (0: off)", perHour(server.accountCreationLimit)),
            (.trustedProxies, "proxies whose `X-Forwarded-For` names the client", "none"),
            (
                .interactionsPerAccount, "interactions one account may store (0: off)",
                server.interactionQuota.perAccount.map(Number.grouped) ?? "0"
            ),
            (
                .interactionsPerDay, "interactions one account may send per 24 h (0: off)",
                server.interactionQuota.perDay.map(Number.grouped) ?? "0"
            ),
            (
                .askQuota, "questions one account may ask Ask per calendar month, UTC (0: no limit)",
                server.askQuota.map(String.init) ?? "0"
            ),
            (
                .askThreadsPerAccount, "Ask threads one account may keep (0: no limit)",
                server.askThreadLimit.map(String.init) ?? "0"
            ),
            (
                .githubLookupsPerHour,
                "GitHub lookups of repositories the catalog lacks, per client address and per account, an hour (0: off)",
                perHour(server.githubLookupLimit)
            ),
            (
                .starImportsPerHour, "star imports started per client address and per account, an hour (0: off)",
                String(Int(((server.starImportLimit?.perSecond ?? 0) * 3_600).rounded()))
            ),
            (
                .githubReservePercent,
                "percent of GitHub's hourly limit kept from people not signed in with GitHub (0: none)",
                String(server.githubReservePercent)
            ),
            (
                .newFiltersPerMinute,
                "deck filters the server has not worked out yet, per client address and per account, a minute (0: off)",
                server.newFilterLimit.map { "\(Int($0.perSecond * 60)) (burst \(Int($0.burst)))" } ?? "0"
            ),
            (
                .askModelURL, "an OpenAI-compatible API that words Ask's answers (`serve`, local `ask`)",
                "none: the engine's own words"
            ),
            (.askModelName, "the model's name there", "none (needed with the address)"),
            (.askModelKey, "its API key, sent as `Authorization: Bearer`", "none"),
            (
                .askModelTimeoutSeconds, "seconds the model may stay silent before the engine answers instead",
                seconds(model.timeout)
            ),
            (
                .askModelConnections, "connections to the model, so answers it writes at once (more wait their turn)",
                String(model.connections)
            ),
            (
                .abandonedDays, "days until accounts that never came back are deleted (0: never)",
                server.abandonedAccountAge.map { String($0.components.seconds / 86_400) } ?? "0"
            ),
            (
                .catalogRefreshHours, "hours between catalog refreshes from GitHub (0: never)",
                String(refresh.interval.components.seconds / 3_600)
            ),
            (
                .catalogLanguages, "languages whose new repositories a refresh brings in (comma-separated)",
                refresh.languages.joined(separator: ",")
            ),
            (
                .catalogTopics, "topics whose new repositories a refresh brings in (comma-separated)",
                refresh.topics.isEmpty ? "none" : refresh.topics.joined(separator: ",")
            ),
            (.catalogMinimumStars, "stars a new repository needs to come in", String(refresh.minimumStars)),
            (
                .catalogLists, "curated lists a refresh reads again, comma-separated list ids (`none`: none)",
                "the lists the database holds"
            ),
            (.idleTimeoutSeconds, "seconds a connection may wait for a request", seconds(server.idleTimeout)),
            (
                .requestTimeoutSeconds, "seconds a request body may take after its headers",
                seconds(server.requestTimeout)
            ),
            (
                .drainSeconds, "seconds a stopping server answers not ready (`/health/ready` 503) before it stops",
                seconds(server.drainTime)
            ),
            (
                .tlsCertificate, "a PEM certificate chain: the server speaks HTTPS (and HTTP/2) itself",
                "none: plain HTTP"
            ),
            (.tlsKey, "its PEM private key (both files are read again on SIGHUP or when they change)", "none"),
            (.httpRedirectPort, "with TLS, a port whose plain HTTP requests get 308 to HTTPS", "0: none"),
            (
                .hstsSeconds, "`Strict-Transport-Security` max-age on answers over HTTPS (0: never sent)",
                String(server.hstsSeconds)
            ),
            (.maximumConnections, "connections open at once", Number.grouped(server.maximumConnections)),
            (
                .maximumConnectionsPerAddress, "connections per client address",
                Number.grouped(server.maximumConnectionsPerAddress)
            ),
            (.metricsToken, "the token `/metrics` asks for", "none: loopback only"),
            (.operatorToken, "the token `/admin` and `GET /v1/admin/report` ask for", "none: no report over HTTP"),
            (
                .analyticsRetentionDays, "days product analytics events are kept",
                String(server.analyticsRetentionDays)
            ),
            (.pseudoLanguage, "1: the pseudo-language `en-XA` may be asked for (docs/languages.md)", "0: off"),
            (.logLevel, "log level (PostgreSQL's client logs at it too)", Settings.defaultLogLevel.rawValue),
            (
                .githubToken, "GitHub token (`sync`, and `serve`'s star imports)",
                "none (60 requests an hour: a 10,000-star import needs 101)"
            ),
            (.githubAPI, "GitHub API root (`sync`, `serve`)", github.baseURL.absoluteString),
            (.githubTimeoutSeconds, "seconds to wait for GitHub (`sync`)", seconds(github.timeout)),
            (.githubURL, "GitHub's web root, where people sign in (`serve`)", github.webURL.absoluteString),
            (
                .githubClientID, "the OAuth app people sign in with: its client id (`serve`)",
                "none: sign-in unavailable"
            ),
            (.githubClientSecret, "the OAuth app's secret (`serve`)", "none: sign-in unavailable"),
            (
                .githubTokenKey,
                "the key that seals GitHub tokens at rest: 32 random bytes, base64 (`openssl rand -base64 32`)",
                "none: sign-in unavailable"
            ),
            (
                .publicURL, "the address people reach the server at: web sign-ins come back only to its origin",
                "none: the request's own origin"
            ),
            (.deviceSignIns, "device sign-ins under way at once, server-wide", String(server.deviceSignIns)),
        ]
        return Dictionary(uniqueKeysWithValues: entries.map { ($0.0.key, (summary: $0.1, defaultText: $0.2)) })
    }()
}
