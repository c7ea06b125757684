import Dealing
import ServiceLifecycle
import Storage

/// Applies what other servers sharing the database changed (``ClusterChange``), as they tell it: tokens they ended are
/// forgotten here, so they are refused at the next request; a person whose taste changed there is read from the store
/// before this server answers them again. After the channel was down, everything cached is treated as stale.
struct ClusterChangesService: Service {
    let channel: any ClusterChannel
    let accounts: Accounts
    let sessions: DealingSessions

    func run() async throws {
        for await change in channel.changes().cancelOnGracefulShutdown() {
            switch change {
            case .tokensEnded(let userID):
                accounts.forgetHere(userIDs: [userID])
                await sessions.changedElsewhere(userID)
            case .tasteChanged(let userID):
                await sessions.changedElsewhere(userID)
            case .resynchronize:
                accounts.forgetAll()
                await sessions.changedElsewhereAll()
            }
        }
    }
}
