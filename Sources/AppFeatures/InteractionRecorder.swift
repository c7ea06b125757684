import Foundation
import Localization
import OfflineStore
import RepoFinderClient
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

    /// What to tell the person when the device could not keep an interaction.
    static func problem(_ kind: InteractionKind, _ error: any Error) -> String {
        Words(Language.device).text("app.keep-failed.\(kind.rawValue)", "\(error)")
    }
}

extension FlushReport {
    /// What the person should know about a flush: an item the server refused, else why it stopped; nil if all went.
    var notice: String? {
        if let dropped = dropped.last { return Words(Language.device).text("app.not-recorded", dropped.reason) }
        return stoppedBy?.message
    }
}
