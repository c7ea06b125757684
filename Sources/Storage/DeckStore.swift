public import Foundation
public import RepoFinderCore

/// What was dealt to each person, their daily picks, and what a person's session loads. One of the roles ``DataStore`` composes;
/// a module that needs only this part takes it alone. Every method is atomic (see ``DataStore``).
public protocol DeckStore: Sendable {
    /// How the cards dealt to a person are to be recorded in this store (see ``DealtCardsRecording``).
    var dealtCardsRecording: DealtCardsRecording { get }

    /// Records that these repositories were dealt to a person and returns those that were not dealt to them before,
    /// in the given order. Several servers dealing to one person at once never deal a card twice: the store decides.
    /// Unknown repositories are ignored. Throws ``StorageError/unknownUser(_:)``.
    func recordServed(_ names: [RepositoryName], userID: String, at date: Date) async throws -> [RepositoryName]

    /// The keys (``RepositoryName/key``) of every repository dealt to a person. Throws ``StorageError/unknownUser(_:)``.
    func served(userID: String) async throws -> Set<String>

    /// Forgets that these repositories were dealt to a person — cards a device held but never showed, going back to
    /// the pool so a later deal can choose again — and returns the keys forgotten (those that had been dealt). The
    /// caller decides which cards may go back (never one the person saw or acted on). Unknown repositories are
    /// ignored. Throws ``StorageError/unknownUser(_:)``.
    func returnServed(_ names: [RepositoryName], userID: String) async throws -> Set<String>

    /// The repository picked for the person on `day` (their local day), if one was kept.
    func dailyPick(userID: String, day: Day) async throws -> RepositoryName?

    /// The picks kept for the person's `day` and any later day, by day.
    func dailyPicks(userID: String, from day: Day) async throws -> [Day: RepositoryName]

    /// Keeps `name` as the person's pick for `day` unless one is kept already, and returns the one kept: the first
    /// pick wins, so two devices (or two servers) asking at once show the same. Picks older than 60 days are dropped.
    /// Throws `unknownUser` for an unknown person and `unknownRepositories` for a repository the catalog lacks.
    func keepDailyPick(_ name: RepositoryName, userID: String, day: Day, at date: Date) async throws -> RepositoryName

    /// Replaces the person's pick of `day` with `new` while it is still `old` (the person turned it down: "Not for
    /// me"), and returns the day's pick after that: `new`, or the one another device or server put there first. A
    /// day with no pick kept yet gets `new`. Throws `unknownUser` and `unknownRepositories` as
    /// ``keepDailyPick(_:userID:day:at:)`` does.
    func replaceDailyPick(
        _ old: RepositoryName, with new: RepositoryName, userID: String, day: Day, at date: Date
    ) async throws -> RepositoryName

    /// What a person's session reads when it loads (``PersonRecord``), in one trip to the database where the engine
    /// can. Throws ``StorageError/unknownUser(_:)``.
    func personRecord(userID: String, _ request: PersonRecordRequest) async throws -> PersonRecord
}

/// How a store wants dealt cards recorded: a capability of the engine, so the code that deals never asks which
/// engine it has.
public enum DealtCardsRecording: Sendable {
    /// Several servers may share the store (PostgreSQL): record each deal at once and let the store decide which
    /// cards are new, so two servers never deal a person the same card.
    case atOnce
    /// Only one server process uses the store (a SQLite file): that server's memory is the authority on what it
    /// dealt, so deals may be written behind, many people's together.
    case writeBehind
}
