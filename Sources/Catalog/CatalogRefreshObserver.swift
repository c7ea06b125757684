public import Foundation
public import Storage

/// Told how the scheduled refresh goes (the server's metrics): when a run starts, after each batch, and when it ends.
public protocol CatalogRefreshObserver: Sendable {
    /// The run that started at `startedAt` has done `summary` so far; `outcome` is its end state's name once it
    /// ended, nil while it runs.
    func recordRefresh(startedAt: Date, summary: CatalogRefreshSummary, outcome: String?)
}
