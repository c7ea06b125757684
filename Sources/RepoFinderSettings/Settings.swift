public import Ask
import Catalog
public import Configuration
public import Foundation
public import GitHub
public import GitHubAccounts
public import Logging
import RepoFinderCore
public import RepoFinderServer
public import Storage

/// Everything RepoFinder reads from outside, typed and checked: command-line flags over environment variables over
/// defaults (``Setting`` lists each one). Commands read only what they use.
public struct Settings: Sendable {
    private let reader: ConfigReader

    /// Settings from `flags` (the values of the command-line flags a person gave, by ``Setting``) over
    /// `environment`.
    public init(flags: [Setting: String] = [:], environment: [String: String] = ProcessInfo.processInfo.environment) {
        var values: [AbsoluteConfigKey: ConfigValue] = [:]
        for (setting, value) in flags {
            values[AbsoluteConfigKey(stringLiteral: setting.key)] = ConfigValue(
                .string(value), isSecret: setting.isSecret)
        }
        self.init(
            reader: ConfigReader(providers: [
                InMemoryProvider(name: "flags", values: values),
                EnvironmentVariablesProvider(environmentVariables: environment),
            ]))
    }

    /// Settings from any reader (tests use an in-memory provider).
    public init(reader: ConfigReader) {
        self.reader = reader
    }

    /// The text of a setting, trimmed; nil when unset or empty.
    public func text(_ setting: Setting) -> String? {
        let value = reader.string(forKey: ConfigKey(stringLiteral: setting.key), isSecret: setting.isSecret)?
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return value?.isEmpty == false ? value : nil
    }

    /// Where the data lives (`--database` or `DATABASE_URL`; default `repofinder.sqlite`).
    public func database() throws(SettingsError) -> DatabaseLocation {
        do {
            return try DatabaseLocation(parsing: text(.database) ?? DatabaseLocation.defaultPath)
        } catch {
            throw SettingsError("\(Setting.database.howToSet): \(error.description)")
        }
    }

    /// The server's configuration; the defaults are ``ServerConfiguration``'s.
    public func server() throws(SettingsError) -> ServerConfiguration {
        let defaults = ServerConfiguration()
        var configuration = defaults
        configuration.host = text(.host) ?? defaults.host
        configuration.port = try number(.port, Int.self, default: defaults.port, in: 0...65_535)
        configuration.perTokenLimit = try rate(.tokenRate, default: defaults.perTokenLimit)
        configuration.perAddressLimit = try rate(.addressRate, default: defaults.perAddressLimit)
        configuration.maximumBodySize =
            try number(.maximumBodyKiB, Int.self, default: defaults.maximumBodySize / 1024, in: 1...1_048_576) * 1024
        configuration.rebuildInterval = .seconds(
            try number(.rebuildSeconds, Int.self, default: Int(defaults.rebuildInterval.secondsDouble), in: 1...86_400))
        configuration.sessionRefresh = .seconds(
            try number(
                .sessionRefreshSeconds, Int.self, default: Int(defaults.sessionRefresh.secondsDouble), in: 1...86_400))
        try readAbuseLimits(into: &configuration, defaults: defaults)
        try readConnectionLimits(into: &configuration, defaults: defaults)
        configuration.metricsToken = text(.metricsToken)
        configuration.operatorToken = try operatorToken()
        configuration.analyticsRetentionDays = try number(
            .analyticsRetentionDays, Int.self, default: defaults.analyticsRetentionDays, in: 1...3_650)
        configuration.catalogRefresh = try catalogRefresh()
        try readSignIn(into: &configuration, defaults: defaults)
        try readTLS(into: &configuration, defaults: defaults)
        return configuration
    }

    /// The operator's token (`OPERATOR_TOKEN`): it opens every person's usage figures, so one that can be guessed is
    /// refused at the start — at least 32 characters, of at least 10 different ones (`openssl rand -hex 32` makes one).
    private func operatorToken() throws(SettingsError) -> String? {
        guard let token = text(.operatorToken) else { return nil }
        guard token.count >= 32, Set(token).count >= 10 else {
            throw SettingsError(
                "\(Setting.operatorToken.howToSet) must be at least 32 characters, of at least 10 different ones "
                    + "(it opens everyone's usage figures): make one with `openssl rand -hex 32`.")
        }
        return token
    }

    /// HTTPS served by the server itself: both files or neither, a redirect port only with them and not the main
    /// port, and the HSTS lifetime.
    private func readTLS(into configuration: inout ServerConfiguration, defaults: ServerConfiguration)
        throws(SettingsError)
    {
        switch (text(.tlsCertificate), text(.tlsKey)) {
        case (nil, nil): break
        case (let certificate?, let key?):
            for (setting, path) in [(Setting.tlsCertificate, certificate), (.tlsKey, key)]
            where !FileManager.default.isReadableFile(atPath: path) {
                throw SettingsError("\(setting.howToSet): cannot read '\(path)'.")
            }
            configuration.tls = TLSFiles(certificatePath: certificate, keyPath: key)
        default:
            throw SettingsError(
                "Set both \(Setting.tlsCertificate.howToSet) and \(Setting.tlsKey.howToSet) to serve HTTPS, or neither."
            )
        }
        let redirect = try number(.httpRedirectPort, Int.self, default: 0, in: 0...65_535)
        if redirect > 0 {
            guard configuration.tls != nil else {
                throw SettingsError(
                    "\(Setting.httpRedirectPort.howToSet) redirects to HTTPS: set \(Setting.tlsCertificate.howToSet) "
                        + "and \(Setting.tlsKey.howToSet) too.")
            }
            guard redirect != configuration.port else {
                throw SettingsError("\(Setting.httpRedirectPort.howToSet) must differ from \(Setting.port.howToSet).")
            }
            configuration.httpRedirectPort = redirect
        }
        configuration.hstsSeconds = try number(
            .hstsSeconds, Int.self, default: defaults.hstsSeconds, in: 0...100_000_000)
        configuration.pseudoLanguage = try number(.pseudoLanguage, Int.self, default: 0, in: 0...1) == 1
    }

    /// Where web sign-ins come back (`--public-url`: an http(s) origin) and how many device sign-ins may be live.
    private func readSignIn(into configuration: inout ServerConfiguration, defaults: ServerConfiguration)
        throws(SettingsError)
    {
        if let address = text(.publicURL) {
            guard let components = URLComponents(string: address), let scheme = components.scheme?.lowercased(),
                ["http", "https"].contains(scheme), components.host?.isEmpty == false, components.user == nil,
                components.password == nil, components.query == nil, components.fragment == nil,
                let url = components.url
            else {
                throw SettingsError(
                    "\(Setting.publicURL.howToSet) must be the http(s) address people reach the server at, such as "
                        + "https://repofinder.example, not '\(address)'.")
            }
            configuration.publicURL = url
        }
        configuration.deviceSignIns = try number(
            .deviceSignIns, Int.self, default: defaults.deviceSignIns, in: 1...100_000)
    }

    /// When and what the server refreshes from GitHub: every 24 hours by default, new repositories of the popular
    /// languages with 50 stars or more.
    private func catalogRefresh() throws(SettingsError) -> CatalogRefreshSchedule? {
        let hours = try number(
            .catalogRefreshHours, Int.self, default: Int(CatalogRefreshSchedule().interval.components.seconds / 3_600),
            in: 0...8_760)
        guard hours > 0 else { return nil }
        func list(_ setting: Setting) -> [String]? {
            text(setting).map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
                .map { $0.filter { !$0.isEmpty } }
        }
        var schedule = CatalogRefreshSchedule(interval: .seconds(hours * 3_600))
        if let languages = list(.catalogLanguages) { schedule.languages = languages }
        if let topics = list(.catalogTopics) { schedule.topics = topics }
        schedule.minimumStars = try number(
            .catalogMinimumStars, Int.self, default: schedule.minimumStars, in: 0...10_000_000)
        if let ids = list(.catalogLists) {
            do {
                schedule.curatedLists =
                    ids.map { $0.lowercased() } == ["none"]
                    ? []
                    : try ids.map { id throws(RepositoryNameError) in
                        try CuratedListSource(id: id)
                    }
            } catch {
                throw SettingsError(
                    "\(Setting.catalogLists.howToSet) takes list ids such as avelino/awesome-go or "
                        + "owner/name/path.md, comma-separated (or none): \(error)")
            }
        }
        return schedule
    }

    /// What one client or account may do: accounts per hour, trusted proxies, the interaction quota, cleanup.
    private func readAbuseLimits(into configuration: inout ServerConfiguration, defaults: ServerConfiguration)
        throws(SettingsError)
    {
        if text(.accountRate) != nil {
            let accountsPerHour = try number(.accountRate, Double.self, default: 0, in: 0...1_000_000)
            configuration.accountCreationLimit = accountsPerHour > 0 ? RateLimit(perHour: accountsPerHour) : nil
        }
        if let proxies = text(.trustedProxies) {
            do {
                configuration.trustedProxies = try TrustedProxies(parsing: proxies)
            } catch {
                throw SettingsError("\(Setting.trustedProxies.howToSet): \(error.description)")
            }
        }
        func bound(_ setting: Setting, _ fallback: Int?) throws(SettingsError) -> Int? {
            let value = try number(setting, Int.self, default: fallback ?? 0, in: 0...1_000_000_000)
            return value > 0 ? value : nil
        }
        configuration.interactionQuota = InteractionQuota(
            perAccount: try bound(.interactionsPerAccount, defaults.interactionQuota.perAccount),
            perDay: try bound(.interactionsPerDay, defaults.interactionQuota.perDay))
        configuration.askQuota = try bound(.askQuota, defaults.askQuota)
        configuration.askThreadLimit = try bound(.askThreadsPerAccount, defaults.askThreadLimit)
        try readGitHubBudget(into: &configuration, defaults: defaults)
        if text(.abandonedDays) != nil {
            let days = try number(.abandonedDays, Int.self, default: 0, in: 0...36_500)
            configuration.abandonedAccountAge = days > 0 ? .seconds(days * 86_400) : nil
        }
    }

    /// Each client's share of GitHub (lookups and star imports an hour), the reserve, and new deck filters a minute.
    private func readGitHubBudget(into configuration: inout ServerConfiguration, defaults: ServerConfiguration)
        throws(SettingsError)
    {
        /// `count` a period, a `share` of it at once (at least 1).
        func rate(_ setting: Setting, _ fallback: RateLimit?, per seconds: Double, burst share: Double = 1.0 / 3)
            throws(SettingsError) -> RateLimit?
        {
            guard text(setting) != nil else { return fallback }
            let count = try number(setting, Double.self, default: 0, in: 0...1_000_000)
            return count > 0 ? RateLimit(perSecond: count / seconds, burst: max(1, (count * share).rounded())) : nil
        }
        configuration.githubLookupLimit = try rate(.githubLookupsPerHour, defaults.githubLookupLimit, per: 3_600)
        configuration.starImportLimit = try rate(.starImportsPerHour, defaults.starImportLimit, per: 3_600, burst: 1)
        configuration.newFilterLimit = try rate(.newFiltersPerMinute, defaults.newFilterLimit, per: 60)
        configuration.githubReservePercent = try number(
            .githubReservePercent, Int.self, default: defaults.githubReservePercent, in: 0...90)
    }

    /// How connections are held: timeouts and caps.
    private func readConnectionLimits(into configuration: inout ServerConfiguration, defaults: ServerConfiguration)
        throws(SettingsError)
    {
        configuration.idleTimeout = .seconds(
            try number(.idleTimeoutSeconds, Int.self, default: Int(defaults.idleTimeout.secondsDouble), in: 1...3_600))
        configuration.requestTimeout = .seconds(
            try number(
                .requestTimeoutSeconds, Int.self, default: Int(defaults.requestTimeout.secondsDouble), in: 1...3_600))
        configuration.drainTime = .seconds(
            try number(.drainSeconds, Int.self, default: Int(defaults.drainTime.secondsDouble), in: 0...300))
        configuration.maximumConnections = try number(
            .maximumConnections, Int.self, default: defaults.maximumConnections, in: 1...1_000_000)
        configuration.maximumConnectionsPerAddress = try number(
            .maximumConnectionsPerAddress, Int.self, default: defaults.maximumConnectionsPerAddress, in: 1...1_000_000)
    }

    /// The writing model Ask words its answers with (`--ask-model-url`, `--ask-model`, `ASK_MODEL_KEY`,
    /// `--ask-model-timeout`, `--ask-model-connections`); nil when no address is set. An address without a model name is an error.
    public func askModel() throws(SettingsError) -> AskModelConfiguration? {
        guard let address = text(.askModelURL) else { return nil }
        guard let url = URL(string: address), let scheme = url.scheme, ["http", "https"].contains(scheme),
            url.host != nil
        else {
            throw SettingsError(
                "\(Setting.askModelURL.howToSet) must be an http(s) address such as http://127.0.0.1:11434/v1, "
                    + "not '\(address)'.")
        }
        guard let model = text(.askModelName) else {
            throw SettingsError(
                "\(Setting.askModelURL.howToSet) is set; name the model too with \(Setting.askModelName.howToSet).")
        }
        let defaults = AskModelConfiguration(baseURL: url, model: model)
        let seconds = try number(
            .askModelTimeoutSeconds, Int.self, default: Int(defaults.timeout.components.seconds), in: 1...600)
        let connections = try number(.askModelConnections, Int.self, default: defaults.connections, in: 1...1_024)
        return AskModelConfiguration(
            baseURL: url, model: model, key: text(.askModelKey), timeout: .seconds(seconds), connections: connections)
    }

    /// The log level when nobody sets one.
    public static let defaultLogLevel = Logger.Level.info

    /// How much the server logs (`--log-level` or `LOG_LEVEL`; default ``defaultLogLevel``).
    public func logLevel() throws(SettingsError) -> Logger.Level {
        guard let text = text(.logLevel) else { return Self.defaultLogLevel }
        guard let level = Logger.Level(rawValue: text.lowercased()) else {
            let levels = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
            throw SettingsError("\(Setting.logLevel.howToSet) must be one of \(levels), not '\(text)'.")
        }
        return level
    }

    /// How to reach GitHub; the defaults are `GitHubConfiguration`'s, the token comes from `GITHUB_TOKEN` only.
    public func github() throws(SettingsError) -> GitHubConfiguration {
        let defaults = GitHubConfiguration()
        var configuration = defaults
        configuration.token = text(.githubToken)
        if let api = text(.githubAPI) {
            guard let url = URL(string: api), let scheme = url.scheme, ["http", "https"].contains(scheme),
                url.host != nil
            else {
                throw SettingsError("\(Setting.githubAPI.howToSet) must be an http(s) address, not '\(api)'.")
            }
            configuration.baseURL = url
        }
        if let web = text(.githubURL) {
            guard let url = URL(string: web), let scheme = url.scheme, ["http", "https"].contains(scheme),
                url.host != nil
            else {
                throw SettingsError("\(Setting.githubURL.howToSet) must be an http(s) address, not '\(web)'.")
            }
            configuration.webURL = url
        }
        configuration.timeout = .seconds(
            try number(
                .githubTimeoutSeconds, Int.self, default: Int(defaults.timeout.secondsDouble), in: 1...600))
        return configuration
    }

    /// Sign-in with GitHub: the OAuth app (`GITHUB_CLIENT_ID`, `GITHUB_CLIENT_SECRET`) and the key that seals tokens
    /// (`GITHUB_TOKEN_KEY`). Nil when any is missing: sign-in is then unavailable (every face says so). A key that is
    /// not 32 bytes of base64 is an error.
    public func signIn() throws(SettingsError) -> GitHubSignIn.Configuration? {
        let key = text(.githubTokenKey)
        let sealer = try key.map { key throws(SettingsError) in
            guard let sealer = SecretSealer(base64Key: key) else {
                throw SettingsError(
                    "\(Setting.githubTokenKey.howToSet) must be 32 random bytes in base64 "
                        + "(for example the output of: openssl rand -base64 32).")
            }
            return sealer
        }
        guard let id = text(.githubClientID), let secret = text(.githubClientSecret), let sealer else { return nil }
        return GitHubSignIn.Configuration(app: GitHubOAuthApp(clientID: id, clientSecret: secret), sealer: sealer)
    }

    /// The settings as they apply, one `key=value` each, secrets shown only as set or not: for the log.
    public var summary: String {
        Setting.all.compactMap { setting in
            guard let value = text(setting) else { return nil }
            if setting == .database, let location = try? DatabaseLocation(parsing: value) {
                return "\(setting.key)=\(location)"
            }
            return "\(setting.key)=\(setting.isSecret ? "(set)" : value)"
        }.joined(separator: " ")
    }

    private func number<Value: LosslessStringConvertible & Comparable>(
        _ setting: Setting, _: Value.Type, default fallback: Value, in range: ClosedRange<Value>
    ) throws(SettingsError) -> Value {
        guard let text = text(setting) else { return fallback }
        guard let value = Value(text), range.contains(value) else {
            throw SettingsError(
                "\(setting.howToSet) must be a number from \(range.lowerBound) to \(range.upperBound), not '\(text)'.")
        }
        return value
    }

    /// Requests per second with a burst of three seconds' worth; 0 turns the limit off.
    private func rate(_ setting: Setting, default fallback: RateLimit?) throws(SettingsError) -> RateLimit? {
        guard let text = text(setting) else { return fallback }
        guard let perSecond = Double(text), perSecond.isFinite, (0...1_000_000).contains(perSecond) else {
            throw SettingsError(
                "\(setting.howToSet) must be requests per second from 0 (no limit) to 1000000, not '\(text)'.")
        }
        return perSecond > 0 ? RateLimit(perSecond: perSecond, burst: max(1, perSecond * 3)) : nil
    }
}
