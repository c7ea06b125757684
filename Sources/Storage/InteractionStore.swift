public import Foundation
public import RepoFinderCore

/// What people did with repositories (likes, saves, skips, views, opens, stars) and their lists. One of the roles ``DataStore`` composes;
/// a module that needs only this part takes it alone. Every method is atomic (see ``DataStore``).
public protocol InteractionStore: Sendable {
    /// Records interactions idempotently: an id this user already sent (or sent twice in this batch) counts as a
    /// duplicate and is not stored again. Likes add to the liked list, saves to the saved list. If any
    /// repository is unknown, nothing is stored and ``StorageError/unknownRepositories(_:)`` names them; if the new
    /// ones would take the account over `quota`, nothing is stored and ``StorageError/quotaExceeded(_:)`` says which
    /// bound. One person's batches are recorded one after another, so the quota holds exactly.
    func recordInteractions(_ interactions: [Interaction], userID: String, quota: InteractionQuota) async throws
        -> InteractionReceipt

    /// Withdraws the like, save or skip this person recorded with client id `id` (undo): it stays in the record,
    /// marked withdrawn at `date`, and no longer counts (not in their interactions, stats, quota or anyone's
    /// community signals); a withdrawn like or save also leaves its list. Withdrawing it again changes nothing and
    /// says so; other kinds are left alone and reported. Throws ``StorageError/unknownUser(_:)``.
    func withdrawInteraction(id: String, userID: String, at date: Date) async throws -> InteractionWithdrawal

    /// A person's interactions in the order they happened (ties in the order received).
    func interactions(userID: String) async throws -> [Interaction]

    /// A person's activity (interactions by kind, their lists' top `top` languages and topics), aggregated in the
    /// database. Throws ``StorageError/unknownUser(_:)``.
    func activity(userID: String, top: Int) async throws -> PersonStats

    /// A page of a person's saved or liked repositories, most recently added first.
    func list(_ list: RepositoryList, userID: String, page: PageRequest) async throws -> Page<ListedRepository>

    /// Takes a repository off a person's list; false if it was not on it.
    func remove(_ name: RepositoryName, from list: RepositoryList, userID: String) async throws -> Bool

    /// The keys (``RepositoryName/key``) of every repository on a person's lists, by list. Throws
    /// ``StorageError/unknownUser(_:)``.
    func listedKeys(userID: String) async throws -> [RepositoryList: Set<String>]

    /// Everyone's interactions in the order they were received, for the recommender's community signals.
    func everyonesInteractions() async throws -> [PersonInteraction]
}
