import Foundation
import RepoFinderCore

/// A store's connection: readiness, background work and closing. One of the roles ``DataStore`` composes;
/// a module that needs only this part takes it alone. Every method is atomic (see ``DataStore``).
public protocol StoreLifecycle: Sendable {
    /// Answers once the database does (for readiness checks); throws ``StorageError/unavailable(_:)`` otherwise.
    func ping() async throws

    /// Runs the store's background work (PostgreSQL's connection pool) until the calling task is cancelled; queries
    /// are answered only while it runs. A server runs it as the first service of its service group (so it stops
    /// last); commands and tests use ``whileRunning(_:)``. A store with no background work (SQLite) just waits.
    func run() async throws

    /// Closes connections; the store is unusable afterwards.
    func close() async throws

    /// How this server hears of changes other servers sharing the database make (``ClusterChannel``); nil when the
    /// store is not shared (SQLite: one server process).
    var clusterChannel: (any ClusterChannel)? { get }

    /// Rate-limit buckets shared by the servers (``SharedRateLimits``); nil when the store is not shared.
    var sharedRateLimits: (any SharedRateLimits)? { get }
}

extension StoreLifecycle {
    /// No channel: the store is not shared between servers.
    public var clusterChannel: (any ClusterChannel)? { nil }

    /// None: the store is not shared between servers.
    public var sharedRateLimits: (any SharedRateLimits)? { nil }

    /// Waits until the calling task is cancelled: the store has no background work.
    public func run() async throws {
        while !Task.isCancelled {
            do {
                try await Task.sleep(for: .seconds(86_400))
            } catch {
                return
            }
        }
    }
}
