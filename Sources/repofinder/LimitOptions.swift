import ArgumentParser
import Foundation
import Logging
import RepoFinderServer
import RepoFinderSettings

/// `serve`'s flags for what one client or account may do and how connections are held (each also from the
/// environment variable its help names; the defaults are ``ServerConfiguration``'s).
struct LimitOptions: ParsableArguments {
    @Option(
        name: .customLong("analytics-retention-days"), help: ArgumentHelp(Setting.analyticsRetentionDays.help))
    var analyticsRetentionDays: Int?

    @Option(name: .customLong("account-rate"), help: ArgumentHelp(Setting.accountRate.help))
    var accountRate: Double?

    @Option(name: .customLong("trusted-proxies"), help: ArgumentHelp(Setting.trustedProxies.help))
    var trustedProxies: String?

    @Option(name: .customLong("interactions-per-account"), help: ArgumentHelp(Setting.interactionsPerAccount.help))
    var interactionsPerAccount: Int?

    @Option(name: .customLong("interactions-per-day"), help: ArgumentHelp(Setting.interactionsPerDay.help))
    var interactionsPerDay: Int?

    @Option(name: .customLong("ask-questions-per-month"), help: ArgumentHelp(Setting.askQuota.help))
    var askQuestionsPerMonth: Int?

    @Option(name: .customLong("ask-threads-per-account"), help: ArgumentHelp(Setting.askThreadsPerAccount.help))
    var askThreadsPerAccount: Int?

    @Option(name: .customLong("github-lookups-per-hour"), help: ArgumentHelp(Setting.githubLookupsPerHour.help))
    var githubLookupsPerHour: Double?

    @Option(name: .customLong("star-imports-per-hour"), help: ArgumentHelp(Setting.starImportsPerHour.help))
    var starImportsPerHour: Double?

    @Option(name: .customLong("github-reserve"), help: ArgumentHelp(Setting.githubReservePercent.help))
    var githubReserve: Int?

    @Option(name: .customLong("new-filters-per-minute"), help: ArgumentHelp(Setting.newFiltersPerMinute.help))
    var newFiltersPerMinute: Double?

    @Option(name: .customLong("abandoned-days"), help: ArgumentHelp(Setting.abandonedDays.help))
    var abandonedDays: Int?

    @Option(name: .customLong("idle-timeout"), help: ArgumentHelp(Setting.idleTimeoutSeconds.help))
    var idleTimeout: Int?

    @Option(name: .customLong("drain-seconds"), help: ArgumentHelp(Setting.drainSeconds.help))
    var drainSeconds: Int?

    @Option(name: .customLong("request-timeout"), help: ArgumentHelp(Setting.requestTimeoutSeconds.help))
    var requestTimeout: Int?

    @Option(name: .customLong("max-connections"), help: ArgumentHelp(Setting.maximumConnections.help))
    var maximumConnections: Int?

    @Option(
        name: .customLong("max-connections-per-address"), help: ArgumentHelp(Setting.maximumConnectionsPerAddress.help))
    var maximumConnectionsPerAddress: Int?

    /// Adds the flags given to `flags`.
    func add(to flags: inout [Setting: String]) {
        flags[.accountRate] = accountRate.map { String($0) }
        flags[.analyticsRetentionDays] = analyticsRetentionDays.map { String($0) }
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
        flags[.drainSeconds] = drainSeconds.map { String($0) }
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
