import ArgumentParser
import Foundation
import Logging
import RepoFinderServer
import RepoFinderSettings

/// `serve`'s flags for what one client or account may do and how connections are held (each also from the
/// environment variable its help names; the defaults are ``ServerConfiguration``'s).
struct LimitOptions: ParsableArguments {
    @Option(
        name: .customLong("account-rate"),
        help: "New accounts per hour per client address (or LIMITS_ACCOUNT_RATE; default 60); 0: unlimited.")
    var accountRate: Double?

    @Option(
        name: .customLong("trusted-proxies"),
        help: ArgumentHelp(
            "Proxies whose X-Forwarded-For names the client: addresses or CIDR ranges, comma-separated (or "
                + "LIMITS_TRUSTED_PROXIES; default none)."))
    var trustedProxies: String?

    @Option(
        name: .customLong("interactions-per-account"),
        help: "Interactions one account may store (or LIMITS_INTERACTIONS_PER_ACCOUNT; default 20000); 0: unlimited.")
    var interactionsPerAccount: Int?

    @Option(
        name: .customLong("interactions-per-day"),
        help: ArgumentHelp(
            "Interactions one account may send per 24 hours (or LIMITS_INTERACTIONS_PER_DAY; default 2000); "
                + "0: unlimited."))
    var interactionsPerDay: Int?

    @Option(
        name: .customLong("ask-questions-per-month"),
        help: ArgumentHelp(
            "Questions one account may ask the Ask assistant per calendar month, UTC (or LIMITS_ASK_PER_MONTH; "
                + "default 50); 0: unlimited."))
    var askQuestionsPerMonth: Int?

    @Option(
        name: .customLong("ask-threads-per-account"),
        help: ArgumentHelp(
            "Ask threads one account may hold; one more is refused until some are deleted (or "
                + "ASK_THREADS_PER_ACCOUNT; default 500); 0: unlimited."))
    var askThreadsPerAccount: Int?

    @Option(
        name: .customLong("github-lookups-per-hour"),
        help: ArgumentHelp(
            "GitHub lookups of repositories the catalog lacks, per client address and per account, an hour (or "
                + "GITHUB_LOOKUPS_PER_HOUR; default 60, 20 at once); 0: unlimited."))
    var githubLookupsPerHour: Double?

    @Option(
        name: .customLong("star-imports-per-hour"),
        help: ArgumentHelp(
            "Star imports started per client address and per account, an hour (or STAR_IMPORTS_PER_HOUR; "
                + "default 3); 0: unlimited."))
    var starImportsPerHour: Double?

    @Option(
        name: .customLong("github-reserve"),
        help: ArgumentHelp(
            "Percent of GitHub's hourly limit that lookups and imports by people not signed in with GitHub leave "
                + "to the catalog refresh and signed-in people (or GITHUB_RESERVE_PERCENT; default 25); 0: none."))
    var githubReserve: Int?

    @Option(
        name: .customLong("new-filters-per-minute"),
        help: ArgumentHelp(
            "Deck filters not yet worked out, per client address and per account, a minute (or "
                + "LIMITS_NEW_FILTERS_PER_MINUTE; default 30, 10 at once); 0: unlimited."))
    var newFiltersPerMinute: Double?

    @Option(
        name: .customLong("abandoned-days"),
        help: ArgumentHelp(
            "Delete accounts that never came back this many days after their creation (or ACCOUNTS_ABANDONED_DAYS; "
                + "default 30); 0: never."))
    var abandonedDays: Int?

    @Option(
        name: .customLong("idle-timeout"),
        help: ArgumentHelp(
            "Seconds a connection may wait for a request, idle or part-way through its headers (or "
                + "HTTP_IDLE_TIMEOUT_SECONDS; default 30)."))
    var idleTimeout: Int?

    @Option(
        name: .customLong("request-timeout"),
        help: "Seconds a request's body may take after its headers (or HTTP_REQUEST_TIMEOUT_SECONDS; default 30).")
    var requestTimeout: Int?

    @Option(
        name: .customLong("max-connections"),
        help: "Connections open at once (or HTTP_MAX_CONNECTIONS; default 4096).")
    var maximumConnections: Int?

    @Option(
        name: .customLong("max-connections-per-address"),
        help: "Connections one client address may hold (or HTTP_MAX_CONNECTIONS_PER_ADDRESS; default 64).")
    var maximumConnectionsPerAddress: Int?

    /// Adds the flags given to `flags`.
    func add(to flags: inout [Setting: String]) {
        flags[.accountRate] = accountRate.map { String($0) }
        flags[.trustedProxies] = trustedProxies
        flags[.interactionsPerAccount] = interactionsPerAccount.map { String($0) }
        flags[.interactionsPerDay] = interactionsPerDay.map { String($0) }
        flags[.askQuota] = askQuestionsPerMonth.map { String($0) }
        flags[.askThreadsPerAccount] = askThreadsPerAccount.map { String($0) }
        flags[.abandonedDays] = abandonedDays.map { String($0) }
        flags[.githubLookupsPerHour] = githubLookupsPerHour.map { String($0) }
        flags[.starImportsPerHour] = starImportsPerHour.map { String($0) }
        flags[.githubReservePercent] = githubReserve.map { String($0) }
        flags[.newFiltersPerMinute] = newFiltersPerMinute.map { String($0) }
        flags[.idleTimeoutSeconds] = idleTimeout.map { String($0) }
        flags[.requestTimeoutSeconds] = requestTimeout.map { String($0) }
        flags[.maximumConnections] = maximumConnections.map { String($0) }
        flags[.maximumConnectionsPerAddress] = maximumConnectionsPerAddress.map { String($0) }
    }
}

/// The process's open-file limit, which bounds its connections.
enum FileDescriptors {
    /// Raises the soft limit of open files to the hard limit, so the connection cap (plus database files and
    /// headroom) is what bounds connections, not an accidental default of 1024; warns when even the hard limit is
    /// below what the cap needs.
    static func raiseLimit(toServe connections: Int, logger: Logger) {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
        if limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max
            _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
        let needed = rlim_t(connections + 256)
        if limit.rlim_cur < needed {
            logger.warning(
                "the open-file limit is below the connection cap",
                metadata: ["limit": "\(limit.rlim_cur)", "needed": "\(needed)"])
        }
    }
}
