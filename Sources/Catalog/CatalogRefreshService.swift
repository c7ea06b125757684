public import Logging
import Scheduling
public import ServiceLifecycle

/// Looks every `checkEvery` whether the catalog's refresh is due and runs it (see `CatalogRefresher`); a graceful
/// shutdown cancels a running refresh, which keeps what it saved.
public struct CatalogRefreshService<C: Clock>: Service where C.Duration == Duration {
    let refresher: CatalogRefresher
    let checkEvery: Duration
    let clock: C
    let logger: Logger

    public init(refresher: CatalogRefresher, checkEvery: Duration, clock: C, logger: Logger) {
        self.refresher = refresher
        self.checkEvery = checkEvery
        self.clock = clock
        self.logger = logger
    }

    public func run() async throws {
        await check()
        await repeatEvery(checkEvery, on: clock) { await check() }
    }

    private func check() async {
        do {
            _ = try await cancelWhenGracefulShutdown { try await refresher.runIfDue() }
        } catch {
            logger.warning("catalog refresh: could not run", metadata: ["error": "\(error)"])
        }
    }
}
