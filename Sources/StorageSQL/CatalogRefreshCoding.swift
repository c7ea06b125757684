package import Foundation
package import Storage

/// A refresh run's summary as the JSON text both engines keep, and a run read back from columns.
package enum CatalogRefreshCoding {
    package static func encode(_ summary: CatalogRefreshSummary) throws -> String {
        String(decoding: try JSONEncoder().encode(summary), as: UTF8.self)
    }

    package static func run(
        slot: String, runner: String, state: String, startedAt: Date?, heartbeatAt: Date?, finishedAt: Date?,
        summary: String
    ) throws -> CatalogRefreshRun {
        let decoded =
            (try? JSONDecoder().decode(CatalogRefreshSummary.self, from: Data(summary.utf8)))
            ?? CatalogRefreshSummary()
        let started = startedAt ?? Date(timeIntervalSince1970: 0)
        return CatalogRefreshRun(
            slot: slot, runner: runner, state: CatalogRefreshRun.State(rawValue: state) ?? .partial,
            startedAt: started, heartbeatAt: heartbeatAt ?? started, finishedAt: finishedAt, summary: decoded)
    }
}
