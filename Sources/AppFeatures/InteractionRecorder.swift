import Foundation
import OfflineStore
import RepoFinderCore

/// Makes interactions (a fresh idempotency key, the time) and writes them to the outbox.
struct InteractionRecorder: Sendable {
    let outbox: Outbox
    let now: @Sendable () -> Date
    let makeID: @Sendable () -> String

    /// The interaction, written to the outbox.
    func record(_ kind: InteractionKind, _ repository: RepositoryName) throws -> Interaction {
        let interaction = Interaction(id: makeID(), repository: repository, kind: kind, at: now())
        try outbox.enqueue(interaction)
        return interaction
    }
}
