public import Foundation
public import GitHub
public import Logging
import RepoFinderCore
public import Storage

/// Runs the catalog's scheduled refresh: each period (a day by default, from midnight UTC) one server of those sharing
/// the database claims the period and refreshes every repository (see `CatalogRefresh`); the others see it claimed and
/// wait for the next. A run whose server stopped reporting is taken over; one that stopped early is tried again later.
public actor CatalogRefresher {
    private let store: any CatalogStore & CatalogUpkeepStore & CuratedListStore
    private let github: GitHubClient
    private let schedule: CatalogRefreshSchedule
    private let metrics: (any CatalogRefreshObserver)?
    private let logger: Logger
    private let now: @Sendable () -> Date
    /// Names this server in the runs it claims.
    public nonisolated let runner: String

    /// - Parameter now: the clock (tests inject one).
    public init(
        store: any CatalogStore & CatalogUpkeepStore & CuratedListStore, github: GitHubClient,
        schedule: CatalogRefreshSchedule,
        metrics: (any CatalogRefreshObserver)? = nil,
        logger: Logger, runner: String? = nil, now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.store = store
        self.github = github
        self.schedule = schedule
        self.metrics = metrics
        self.logger = logger
        self.now = now
        self.runner =
            runner ?? "\(ProcessInfo.processInfo.hostName)/\(ProcessInfo.processInfo.processIdentifier)/"
            + String(UInt32.random(in: 0...UInt32.max), radix: 36)
    }

    /// The period `date` falls in: its start, as the slot text the database keys runs by.
    public nonisolated func period(of date: Date) -> (slot: String, start: Date) {
        let length = max(schedule.interval.secondsDouble, 60)
        let start = Date(timeIntervalSince1970: (date.timeIntervalSince1970 / length).rounded(.down) * length)
        return (Timestamp.format(start), start)
    }

    /// Runs the current period's refresh if it is this server's to run; returns the run, or nil when another server
    /// has it or it is done.
    @discardableResult
    public func runIfDue() async throws -> CatalogRefreshRun? {
        let started = now()
        let (slot, periodStart) = period(of: started)
        var run = CatalogRefreshRun(slot: slot, runner: runner, startedAt: started)
        let claimed = try await store.claimCatalogRefresh(
            run, staleBefore: started.addingTimeInterval(-schedule.staleAfter.secondsDouble),
            retryBefore: started.addingTimeInterval(-schedule.retryAfter.secondsDouble))
        guard claimed else { return nil }
        logger.info("catalog refresh: started", metadata: ["period": "\(slot)", "runner": "\(runner)"])
        metrics?.recordRefresh(startedAt: started, summary: run.summary, outcome: nil)
        let plan = RefreshPlan(
            day: Day(containing: started), now: started, notCheckedSince: periodStart,
            discovery: discoveryPlan(day: Day(containing: started)))
        let batched = await github.configuration.token != nil
        let (summary, finished) = await CatalogRefresh(store: store, github: github, batched: batched).run(plan) {
            [self] summary in
            await self.report(slot: slot, startedAt: started, summary: summary)
        }
        run.summary = summary
        if schedule.curatedLists?.isEmpty != true {
            await refreshLists(at: started)
        }
        run.state = finished ? .finished : .partial
        run.heartbeatAt = now()
        run.finishedAt = run.heartbeatAt
        try await store.saveCatalogRefresh(run)
        metrics?.recordRefresh(startedAt: started, summary: summary, outcome: run.state.rawValue)
        let seconds = String(format: "%.1f", run.heartbeatAt.timeIntervalSince(started))
        var metadata: Logger.Metadata = [
            "period": "\(slot)", "checked": "\(summary.checked)", "snapshots": "\(summary.snapshots)",
            "requests": "\(summary.requests)", "renamed": "\(summary.renamed)", "gone": "\(summary.gone)",
            "added": "\(summary.added)", "remaining": "\(summary.remaining)", "seconds": "\(seconds)",
        ]
        if let reason = summary.stoppedBecause { metadata["stopped"] = "\(reason)" }
        if finished {
            logger.info("catalog refresh: finished", metadata: metadata)
        } else {
            logger.warning("catalog refresh: stopped early; what it saved is kept", metadata: metadata)
        }
        return run
    }

    /// Reads the followed curated lists again (an unchanged one costs a 304), after the repositories; says so in the
    /// log. A list that cannot be read keeps what it had; the run's outcome is the repositories'.
    private func refreshLists(at date: Date) async {
        let lists = await CuratedListRefresh(store: store, github: github).run(schedule.curatedLists, at: date)
        var metadata: Logger.Metadata = [
            "read": "\(lists.read)", "unchanged": "\(lists.unchanged)", "missing": "\(lists.missing)",
            "failed": "\(lists.failed)", "placements": "\(lists.placements)",
        ]
        if let reason = lists.stoppedBecause {
            metadata["stopped"] = "\(reason)"
            logger.warning("curated lists: stopped early; what was read is kept", metadata: metadata)
        } else {
            logger.info("curated lists: refreshed", metadata: metadata)
        }
    }

    /// Progress after each batch: the log at debug, the metrics, and the database (which says the run is alive).
    private func report(slot: String, startedAt: Date, summary: CatalogRefreshSummary) async {
        metrics?.recordRefresh(startedAt: startedAt, summary: summary, outcome: nil)
        logger.debug(
            "catalog refresh: progress", metadata: ["checked": "\(summary.checked)", "requests": "\(summary.requests)"])
        let run = CatalogRefreshRun(
            slot: slot, runner: runner, startedAt: startedAt, heartbeatAt: now(), summary: summary)
        do {
            try await store.saveCatalogRefresh(run)
        } catch {
            logger.warning("catalog refresh: could not save progress", metadata: ["error": "\(error)"])
        }
    }

    private func discoveryPlan(day: Day) -> SyncPlan? {
        guard !schedule.languages.isEmpty || !schedule.topics.isEmpty else { return nil }
        // Young repositories that passed the threshold: a search by stars alone reaches only the best known.
        return SyncPlan(
            languages: schedule.languages, topics: schedule.topics, minimumStars: schedule.minimumStars, today: day,
            createdSince: day.adding(days: -90))
    }
}
