public import Catalog
public import Foundation
public import Storage

/// What a server may be told: where to listen and how strict to be. The defaults are the documented limits (README,
/// "Limits"); `RepoFinderSettings` reads each from a flag or an environment variable.
public struct ServerConfiguration: Hashable, Sendable {
    public var host: String
    public var port: Int
    /// Largest request body accepted (413 beyond).
    public var maximumBodySize: Int
    /// Per bearer token; nil: unlimited.
    public var perTokenLimit: RateLimit?
    /// Per client address; nil: unlimited.
    public var perAddressLimit: RateLimit?
    /// New accounts per client address (`POST /v1/users`); nil: unlimited.
    public var accountCreationLimit: RateLimit?
    /// Proxies whose `X-Forwarded-For` names the client (for the address limits); nobody by default.
    public var trustedProxies: TrustedProxies
    /// How many interactions one account may store, in all and per 24 hours.
    public var interactionQuota: InteractionQuota
    /// Accounts that never came back (see `DataStore.markReturned`) are deleted this long after they were created;
    /// nil: never.
    public var abandonedAccountAge: Duration?
    /// A connection waiting for a request (idle between requests, or part-way through its headers) is closed after
    /// this.
    public var idleTimeout: Duration
    /// A request's body must have arrived this long after its headers, or the connection is closed.
    public var requestTimeout: Duration
    /// A TLS connection whose handshake has not ended this long after it was accepted is closed (one address may
    /// have at most ``maximumConnectionsPerAddress`` handshakes under way).
    public var handshakeTimeout: Duration = .seconds(10)
    /// The plain-HTTP redirect listener (`--http-redirect-port`): connections open at once, and how long one may wait
    /// for its request (it answers at once, so one that says nothing is closed soon).
    public var redirectConnections = 256
    public var redirectIdleTimeout: Duration = .seconds(10)
    /// Analytics events one account may store in an hour (a bucket of as many that refills over the hour); nil: no
    /// limit.
    public var eventsPerHour: Int? = 1_000
    /// Connections open at once; beyond it the server stops accepting until some close.
    public var maximumConnections: Int
    /// Connections one client address may hold at once; more are closed as soon as they are accepted (trusted
    /// proxies are exempt).
    public var maximumConnectionsPerAddress: Int
    /// The bearer token `/metrics` asks for; nil: `/metrics` answers only clients on this machine (loopback).
    public var metricsToken: String?
    /// How often the recommender is rebuilt with new interactions (when there are any).
    public var rebuildInterval: Duration
    /// How long a person's cached taste is trusted before it is read again (several servers converge after this).
    public var sessionRefresh: Duration
    /// How often stars GitHub did not take are tried again (each waits its own growing pause too).
    public var starBackRetryInterval: Duration = .seconds(30)
    /// The pause after a star GitHub did not take, doubled after each failed try (up to an hour).
    public var starBackFirstPause: Duration = .seconds(30)
    /// When the server refreshes the catalog from GitHub; nil: never (in-process tests; `serve` refreshes daily).
    public var catalogRefresh: CatalogRefreshSchedule?
    /// Questions one account may ask the Ask assistant per calendar month (UTC); nil: no limit.
    public var askQuota: Int? = 50
    /// Ask threads one account may hold (more: 409 `thread_limit`); nil: no limit.
    public var askThreadLimit: Int? = 500
    /// The address people reach the server at (`https://repofinder.example`): a web sign-in may come back only to
    /// its origin's `/auth/github/callback`. Nil: to the origin of the request that starts the sign-in.
    public var publicURL: URL?
    /// Device sign-ins live at once, server-wide (each has GitHub polled while its device asks about it).
    public var deviceSignIns = 100
    /// Device sign-ins one client address may begin in 15 minutes (a device code's life), so that a few addresses
    /// cannot take every one of ``deviceSignIns``; nil: no limit.
    public var deviceSignInsPerAddress: Int? = 5
    /// How long a stopping server stays up not ready (`/health/ready` 503), still answering, so a proxy's health
    /// check moves new requests elsewhere before the server stops taking connections. 0 by default: a lone server
    /// has no proxy to tell, and Ctrl-C should stop it at once; behind a proxy, a few of its check intervals.
    public var drainTime: Duration = .zero
    /// The certificate and key when the server speaks HTTPS itself (HTTP/2 where the client offers it); nil: plain
    /// HTTP (alone on a developer's machine, or behind a proxy that terminates TLS).
    public var tls: TLSFiles?
    /// With ``tls``: a port where plain HTTP requests are answered `308` to the same address over HTTPS; nil: none.
    public var httpRedirectPort: Int?
    /// `Strict-Transport-Security`'s `max-age`, sent on answers that went over HTTPS (served with ``tls``, or through
    /// a trusted proxy that says `X-Forwarded-Proto: https`); 0: never sent.
    public var hstsSeconds = 31_536_000
    /// Whether pages and answers may be asked for in the pseudo-language `en-XA` (development, the language tests).
    public var pseudoLanguage = false
    /// GitHub lookups (repositories the catalog lacks) per client address and per account; nil: no limit.
    public var githubLookupLimit: RateLimit? = RateLimit(perSecond: 60.0 / 3_600, burst: 20)
    /// Star imports started per client address and per account; nil: no limit.
    public var starImportLimit: RateLimit? = RateLimit(perSecond: 3.0 / 3_600, burst: 3)
    /// The share of GitHub's hourly limit, in percent, that lookups and imports by people not signed in with GitHub
    /// leave to the catalog refresh and to people signed in with GitHub; 0: none kept.
    public var githubReservePercent = 25
    /// Deck filters the recommender has not resolved yet, per client address and per account; nil: no limit.
    public var newFilterLimit: RateLimit? = RateLimit(perSecond: 0.5, burst: 10)
    /// The token `/admin` and `GET /v1/admin/report` ask for; nil: no operator report over HTTP.
    public var operatorToken: String?
    /// How many days product analytics events are kept (older ones are deleted every hour).
    public var analyticsRetentionDays = 400

    public init(
        host: String = "127.0.0.1", port: Int = 8080, maximumBodySize: Int = 256 * 1024,
        perTokenLimit: RateLimit? = RateLimit(perSecond: 20, burst: 60),
        perAddressLimit: RateLimit? = RateLimit(perSecond: 100, burst: 300),
        accountCreationLimit: RateLimit? = RateLimit(perHour: 60),
        trustedProxies: TrustedProxies = .none,
        interactionQuota: InteractionQuota = InteractionQuota(perAccount: 20_000, perDay: 2_000),
        abandonedAccountAge: Duration? = .seconds(30 * 86_400),
        idleTimeout: Duration = .seconds(30), requestTimeout: Duration = .seconds(30),
        maximumConnections: Int = 4_096, maximumConnectionsPerAddress: Int = 64, metricsToken: String? = nil,
        rebuildInterval: Duration = .seconds(300), sessionRefresh: Duration = .seconds(60)
    ) {
        self.host = host
        self.port = port
        self.maximumBodySize = maximumBodySize
        self.perTokenLimit = perTokenLimit
        self.perAddressLimit = perAddressLimit
        self.accountCreationLimit = accountCreationLimit
        self.trustedProxies = trustedProxies
        self.interactionQuota = interactionQuota
        self.abandonedAccountAge = abandonedAccountAge
        self.idleTimeout = idleTimeout
        self.requestTimeout = requestTimeout
        self.maximumConnections = maximumConnections
        self.maximumConnectionsPerAddress = maximumConnectionsPerAddress
        self.metricsToken = metricsToken
        self.rebuildInterval = rebuildInterval
        self.sessionRefresh = sessionRefresh
    }

    /// No rate limits, account-creation limit or quota (in-process tests and benchmarks).
    public static var unlimited: ServerConfiguration {
        var configuration = ServerConfiguration(
            perTokenLimit: nil, perAddressLimit: nil, accountCreationLimit: nil, interactionQuota: .unlimited)
        configuration.askQuota = nil
        configuration.askThreadLimit = nil
        configuration.githubLookupLimit = nil
        configuration.starImportLimit = nil
        configuration.githubReservePercent = 0
        configuration.newFilterLimit = nil
        configuration.eventsPerHour = nil
        configuration.deviceSignInsPerAddress = nil
        return configuration
    }
}

extension RateLimit {
    /// `count` an hour, with a burst of a sixth of that (at least 1).
    public init(perHour count: Double) {
        self.init(perSecond: count / 3_600, burst: max(1, (count / 6).rounded()))
    }
}
