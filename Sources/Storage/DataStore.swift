public import Foundation
public import RepoFinderCore

/// Everything RepoFinder keeps: the catalog, star history, people, their preferences and interactions.
///
/// One interface, two engines (SQLite and PostgreSQL); the contract test suite holds both to the same
/// behaviour. Every method is atomic: it either happens completely or throws and changes nothing.
public protocol DataStore: Sendable {
    // MARK: Catalog

    /// Inserts new repositories and updates changed ones (matched case-insensitively by full name).
    /// Importing the same repositories again changes nothing and counts them as unchanged.
    func upsertRepositories(_ repositories: [Repository]) async throws -> UpsertCounts

    /// The repository with this name, if the catalog has it.
    func repository(named name: RepositoryName) async throws -> Repository?

    /// A slice of the catalog, most starred first (ties by name), for listing and for loading it into memory.
    func repositories(offset: Int, limit: Int) async throws -> [Repository]

    /// Full-text search over name, full name, topics and description, filtered, sorted and paged, with the total,
    /// the words to highlight and a correction when the words as typed found nothing.
    func searchResults(_ query: SearchQuery) async throws -> SearchResults

    /// What to offer while someone types `text` into search: repository names, topics and languages that start with
    /// it, at most `limit`.
    func searchSuggestions(_ text: String, limit: Int) async throws -> [SearchSuggestion]

    /// Makes search ready now (its index of the catalog), so the first search does not wait for it: a server calls it
    /// when it starts.
    func prepareSearch() async throws

    /// Repositories that do the job of the repository keyed `key` — other projects of the same kind, by meaning, not
    /// its plugins, bindings or the same owner's companions — best fit first (empty when search has no meaning).
    func alternatives(to key: String, limit: Int) async throws -> [Repository]

    /// Inserts or updates star snapshots (one per repository and day). Snapshots of repositories that are
    /// not in the catalog are skipped and named in the result; the rest are stored.
    func upsertStarSnapshots(_ snapshots: [StarSnapshot]) async throws -> SnapshotUpsertResult

    /// Repositories that gained the most stars over a window, from star snapshots.
    func trending(_ query: TrendingQuery) async throws -> TrendingList

    /// A repository's snapshots, oldest day first.
    func starSnapshots(of name: RepositoryName) async throws -> [StarSnapshot]

    /// The first day with any snapshot and the latest day whose counts are complete (the latest, unless it holds
    /// fewer than half the snapshots of the day before: a few fetched on demand, a refresh under way); nil when there
    /// are none. Cheap (the index on `day`), for `/health`; trending ends on its upper bound by default.
    func snapshotCoverage() async throws -> ClosedRange<Day>?

    /// How much the store holds.
    func statistics() async throws -> StoreStatistics

    /// How old the catalog's facts are (``CatalogAge``, from the days of the repositories' last pushes), for faces
    /// that judge activity outside a server (the command line); one grouped scan of the repositories.
    func catalogAge() async throws -> CatalogAge

    // MARK: Keeping the catalog current

    /// Moves a repository GitHub renamed to its new name and saves its current facts (`current`): star snapshots,
    /// everyone's signals and lists follow it, and the old name resolves to the new one (``currentName(of:)``). When
    /// the catalog already holds the new name as another record, the two become one (the new record's snapshot wins
    /// on a day both have). False when neither name is in the catalog.
    func renameRepository(_ old: RepositoryName, to current: Repository, at date: Date) async throws -> Bool

    /// The name a repository has now if `name` is one it had before it was renamed; nil otherwise.
    func currentName(of name: RepositoryName) async throws -> RepositoryName?

    /// Marks repositories GitHub no longer has: never dealt, found or trending again, kept (marked) on lists.
    /// Returns how many were newly marked.
    func markGone(_ names: [RepositoryName], at date: Date) async throws -> Int

    /// Notes that GitHub confirmed these repositories at `date` (a gone one that is back is no longer gone).
    func markChecked(_ names: [RepositoryName], at date: Date) async throws

    /// Up to `limit` repositories (not gone) that GitHub has not confirmed since `date`, those never checked first,
    /// then those checked longest ago: the order a refresh works in, so a refresh cut short resumes where it stopped.
    func repositoriesToCheck(notCheckedSince date: Date, limit: Int) async throws -> [RepositoryName]

    /// Claims a period's refresh for `run.runner`: true when nobody had claimed the period, its runner stopped
    /// reporting before `staleBefore` (taken over), or it stopped early (``CatalogRefreshRun/State/partial``) before
    /// `retryBefore` (tried again); false when another server has it or it finished.
    func claimCatalogRefresh(_ run: CatalogRefreshRun, staleBefore: Date, retryBefore: Date) async throws -> Bool

    /// Saves a claimed run's progress or outcome (only while `run.runner` holds it).
    func saveCatalogRefresh(_ run: CatalogRefreshRun) async throws

    /// The latest refreshes, newest first.
    func catalogRefreshes(limit: Int) async throws -> [CatalogRefreshRun]

    // MARK: People

    /// Creates an anonymous account identified by the hash of its bearer token.
    func createUser(tokenHash: String, at date: Date) async throws -> UserAccount

    /// Notes that an account came back: used at `date`, a day or more after it was created. Accounts that never come
    /// back are the ones ``deleteAbandonedAccounts(createdBefore:limit:)`` removes. Throws
    /// ``StorageError/unknownUser(_:)``.
    func markReturned(userID: String, at date: Date) async throws

    /// Deletes (with everything they stored) up to `limit` accounts created before `date` that never came back (see
    /// ``markReturned(userID:at:)``); returns how many.
    func deleteAbandonedAccounts(createdBefore date: Date, limit: Int) async throws -> Int

    /// Deletes the person and every row that is theirs (preferences, interactions, lists, what was dealt, imports):
    /// false when there was no such person.
    func deleteAccount(userID: String) async throws -> Bool

    /// How many rows of each table name the person (`user_id`), for checking that a deleted account left nothing.
    func rowsReferencing(userID: String) async throws -> [String: Int]

    /// The account whose token has this hash, if any (an account has a token per device it is signed in on).
    func user(tokenHash: String) async throws -> UserAccount?

    // MARK: Devices and GitHub identities

    /// Gives the account another token (a device that signed in). Throws ``StorageError/unknownUser(_:)``.
    func addToken(tokenHash: String, userID: String, at date: Date) async throws

    /// Ends one token (sign out on this device): false when no account had it.
    func deleteToken(tokenHash: String) async throws -> Bool

    /// Ends every token of the account (sign out everywhere); returns how many.
    func deleteTokens(userID: String) async throws -> Int

    /// The GitHub identity the account is linked to, if any.
    func githubIdentity(userID: String) async throws -> GitHubIdentity?

    /// The account linked to this GitHub user (by GitHub's numeric id), if any.
    func account(githubID: Int64) async throws -> String?

    /// Links the account to a GitHub identity, or refreshes it (login, name, sealed token, scopes). A linked account
    /// counts as having come back (it is never cleaned up as abandoned). Throws ``StorageError/unknownUser(_:)``, and
    /// ``StorageError/identityTaken(_:)`` when another account holds that GitHub user.
    func saveGitHubIdentity(_ identity: GitHubIdentity) async throws

    /// Moves everything of `source` into `target` and deletes `source` (its tokens die with it): interactions kept
    /// once by their idempotency ids, Saved and Liked united, preferences kept unless `target` had none, what was
    /// dealt united, finished imports moved. Throws ``StorageError/unknownUser(_:)`` for either.
    func mergeAccount(_ source: String, into target: String) async throws -> AccountMerge

    /// Turns "star on GitHub when I like" on or off for a linked account; false when the account is not linked.
    func setStarOnLike(_ on: Bool, userID: String) async throws -> Bool

    // MARK: Stars on GitHub waiting to go through

    /// Keeps a star or unstar for later, replacing the person's earlier wish for that repository.
    func queueStarChange(_ change: StarChange) async throws

    /// The person's waiting change for a repository, if any.
    func pendingStarChange(userID: String, repository: RepositoryName) async throws -> StarChange?

    /// The person's waiting changes, oldest first.
    func pendingStarChanges(userID: String) async throws -> [StarChange]

    /// Everyone's changes due by `date`, soonest first, at most `limit`.
    func dueStarChanges(by date: Date, limit: Int) async throws -> [StarChange]

    /// Drops a waiting change once it went through (only if it is still the same wish).
    func completeStarChange(_ change: StarChange) async throws

    /// Saves a failed try: attempts, the next try's time and why (only if it is still the same wish).
    func deferStarChange(_ change: StarChange) async throws

    /// A person's preferences; nil until they were first saved. Throws ``StorageError/unknownUser(_:)``.
    func preferences(userID: String) async throws -> UserPreferences?

    /// Replaces a person's preferences. Throws ``StorageError/unknownUser(_:)``.
    func setPreferences(_ preferences: UserPreferences, userID: String) async throws

    // MARK: Star imports

    /// Records `candidate` as the person's running import, unless one is already running: a running import that has
    /// not reported since `staleBefore` was interrupted and is marked failed first. One running import per person,
    /// however many servers ask at once. Throws ``StorageError/unknownUser(_:)``.
    func beginStarImport(_ candidate: StarImport, staleBefore: Date) async throws -> StarImportStart

    /// Saves an import's progress or outcome (found by its id and person).
    func updateStarImport(_ starImport: StarImport) async throws

    /// One of the person's imports; nil when they have none with that id.
    func starImport(id: String, userID: String) async throws -> StarImport?

    /// The person's imports, newest first.
    func starImports(userID: String) async throws -> [StarImport]

    /// Which of `names` are not in the catalog.
    func missingRepositories(_ names: [RepositoryName]) async throws -> Set<RepositoryName>

    // MARK: Interactions and lists

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

    // MARK: The deck

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

    /// Everyone's interactions in the order they were received, for the recommender's community signals.
    func everyonesInteractions() async throws -> [PersonInteraction]

    // MARK: Ask threads

    /// Adds a thread for the person unless they hold `limit` threads already: then false, and nothing is added.
    /// Atomic: requests at once (on one server or several) never take an account past `limit`. Throws `unknownUser`.
    func createThread(_ thread: AskThread, userID: String, limit: Int) async throws -> Bool

    /// At most `limit` of the person's threads in list order (``AskThreadCursor``), after `cursor` (nil: from the
    /// first). Throws `unknownUser`.
    func threads(userID: String, after cursor: AskThreadCursor?, limit: Int) async throws -> [AskThread]

    /// One of the person's threads; nil when they have none with `id`.
    func thread(id: String, userID: String) async throws -> AskThread?

    /// Renames, pins or archives one of the person's threads (touching it at `date`); the thread as changed, or nil
    /// when they have none with `id`.
    func changeThread(id: String, userID: String, _ change: AskThreadChange, at date: Date) async throws -> AskThread?

    /// Deletes one of the person's threads and its messages; false when they have none with `id`.
    func deleteThread(id: String, userID: String) async throws -> Bool

    /// Adds a message to one of the person's threads, which then shows it as its preview (and takes `title` when
    /// given) and counts as touched at the message's time. False when they have no such thread.
    func addMessage(_ message: AskMessage, userID: String, title: String?) async throws -> Bool

    /// Rewrites a stored answer with how it ended (its text, tools, sources, stop and notice; its id, thread and time
    /// stay): an answer is stored stopped when it begins and finished here. The thread shows the text as its preview
    /// and counts as touched at `date`. False when the person has no such message (the thread was deleted).
    func finishMessage(_ message: AskMessage, userID: String, at date: Date) async throws -> Bool

    /// The messages of one of the person's threads, oldest first; nil when they have no such thread.
    func messages(threadID: String, userID: String) async throws -> [AskMessage]?

    /// The texts of the last `limit` questions asked in one of the person's threads, oldest first (what a follow-up
    /// builds on, without reading the answers); nil when they have no such thread.
    func recentQuestions(threadID: String, userID: String, limit: Int) async throws -> [String]?

    /// Deletes up to `limit` threads (with their messages) untouched since `date` and not pinned, oldest first;
    /// returns how many.
    func deleteThreads(untouchedBefore date: Date, limit: Int) async throws -> Int

    /// Counts a question against the person's quota for `month` (`YYYY-MM`): the use after counting it, or nil
    /// (nothing counted) when `limit` questions were asked already. Atomic: two servers never let the last one through
    /// twice. Throws `unknownUser`.
    func countQuestion(userID: String, month: String, limit: Int) async throws -> AskQuotaUse?

    /// Adds a question to one of the person's threads and counts it against their quota for `month`, in one
    /// transaction: both or neither (past the quota, or without the thread, nothing changes).
    func addQuestion(
        _ message: AskMessage, userID: String, title: String?, month: String, limit: Int
    ) async throws -> AskQuestionOutcome

    /// Questions the person asked in `month` (`YYYY-MM`).
    func questionsAsked(userID: String, month: String) async throws -> Int

    // MARK: Lifecycle

    /// How the cards dealt to a person are to be recorded in this store (see ``DealtCardsRecording``).
    var dealtCardsRecording: DealtCardsRecording { get }

    /// Answers once the database does (for readiness checks); throws ``StorageError/unavailable(_:)`` otherwise.
    func ping() async throws

    /// Runs the store's background work (PostgreSQL's connection pool) until the calling task is cancelled; queries
    /// are answered only while it runs. A server runs it as the first service of its service group (so it stops
    /// last); commands and tests use ``whileRunning(_:)``. A store with no background work (SQLite) just waits.
    func run() async throws

    /// Closes connections; the store is unusable afterwards.
    func close() async throws
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

extension DataStore {
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

    /// Runs `body` while the store runs (``run()`` in a child task), then stops it. The store stays open: the
    /// caller closes it.
    public func whileRunning<T>(_ body: (any DataStore) async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: Void.self, returning: T.self) { group in
            group.addTask { try await self.run() }
            do {
                let result = try await body(self)
                group.cancelAll()
                return result
            } catch {
                group.cancelAll()
                throw error
            }
        }
    }

    /// A page of ``searchResults(_:)`` alone.
    public func search(_ query: SearchQuery) async throws -> Page<Repository> {
        try await searchResults(query).page
    }

    /// Every repository of the catalog, read in pages.
    public func allRepositories(pageSize: Int = 5_000) async throws -> [Repository] {
        var all: [Repository] = []
        while true {
            let page = try await repositories(offset: all.count, limit: pageSize)
            all += page
            if page.count < pageSize { return all }
        }
    }

    /// Stars gained this week by repository key (``RepositoryName/key``), for the recommender's trending prior:
    /// the week's top gainers, as ``trending(_:)`` ranks them (unusual bursts left out, as on the default list).
    public func weeklyGains() async throws -> [String: Int] {
        let list = try await trending(TrendingQuery(window: .weekly, limit: TrendingQuery.maximumLimit))
        return Dictionary(list.entries.map { ($0.repository.id, $0.starsGained) }, uniquingKeysWith: max)
    }
}

/// How many rows an upsert inserted, changed, or found already up to date.
public struct UpsertCounts: Hashable, Sendable {
    public var inserted: Int
    public var updated: Int
    public var unchanged: Int

    public init(inserted: Int = 0, updated: Int = 0, unchanged: Int = 0) {
        self.inserted = inserted
        self.updated = updated
        self.unchanged = unchanged
    }

    /// Adds another batch's counts.
    public static func + (lhs: Self, rhs: Self) -> Self {
        Self(
            inserted: lhs.inserted + rhs.inserted, updated: lhs.updated + rhs.updated,
            unchanged: lhs.unchanged + rhs.unchanged)
    }
}

/// The outcome of storing star snapshots.
public struct SnapshotUpsertResult: Hashable, Sendable {
    /// What was written.
    public var counts: UpsertCounts
    /// Repositories named by snapshots but missing from the catalog (their snapshots were skipped).
    public var unknownRepositories: Set<RepositoryName>

    public init(counts: UpsertCounts, unknownRepositories: Set<RepositoryName>) {
        self.counts = counts
        self.unknownRepositories = unknownRepositories
    }
}

/// The outcome of recording a batch of interactions.
public struct InteractionReceipt: Hashable, Sendable {
    /// Newly stored.
    public var accepted: Int
    /// Already stored earlier (or repeated within the batch); not stored again.
    public var duplicates: Int

    public init(accepted: Int, duplicates: Int) {
        self.accepted = accepted
        self.duplicates = duplicates
    }
}

/// The outcome of withdrawing an interaction (undo).
public enum InteractionWithdrawal: Hashable, Sendable {
    /// The like, save or skip of this repository is withdrawn now.
    case withdrawn(InteractionKind, RepositoryName)
    /// It was withdrawn before (nothing changed: an offline queue may send the same undo twice).
    case alreadyWithdrawn(InteractionKind, RepositoryName)
    /// This person recorded no interaction with that id.
    case notFound
    /// The interaction is a view, an open or an imported star, which undo does not take back (nothing changed).
    case notWithdrawable(InteractionKind)

    /// The kinds undo takes back.
    public static let withdrawableKinds: Set<InteractionKind> = [.like, .save, .skip]
}

/// One interaction of some person, as the recommender learns from it.
public struct PersonInteraction: Hashable, Sendable {
    /// The person's account id.
    public var userID: String
    /// ``RepositoryName/key`` of the repository.
    public var repositoryKey: String
    public var kind: InteractionKind

    public init(userID: String, repositoryKey: String, kind: InteractionKind) {
        self.userID = userID
        self.repositoryKey = repositoryKey
        self.kind = kind
    }
}

/// A person's two lists of repositories.
public enum RepositoryList: String, CaseIterable, Sendable {
    case saved
    case liked
}

/// A repository on a list, with when it was added.
public struct ListedRepository: Hashable, Sendable {
    public var repository: Repository
    public var addedAt: Date

    public init(repository: Repository, addedAt: Date) {
        self.repository = repository
        self.addedAt = addedAt
    }
}

/// Which page to read: pages count from 1; at most ``maximumPerPage`` items a page.
public struct PageRequest: Hashable, Sendable {
    public let page: Int
    public let perPage: Int

    /// Largest page size.
    public static let maximumPerPage = 100

    /// Clamps to valid values: page ≥ 1, 1 ≤ perPage ≤ 100.
    public init(page: Int = 1, perPage: Int = 20) {
        self.page = max(1, page)
        self.perPage = min(max(1, perPage), Self.maximumPerPage)
    }

    /// Rows to skip.
    public var offset: Int { (page - 1) * perPage }
}

/// One page of results and the total across all pages.
public struct Page<Item: Hashable & Sendable>: Hashable, Sendable {
    public var items: [Item]
    public var total: Int
    public var request: PageRequest

    public init(items: [Item], total: Int, request: PageRequest) {
        self.items = items
        self.total = total
        self.request = request
    }
}

/// Row counts, for `repofinder stats` and health checks.
public struct StoreStatistics: Hashable, Sendable {
    public var repositories: Int
    public var topics: Int
    public var starSnapshots: Int
    public var firstSnapshotDay: Day?
    public var lastSnapshotDay: Day?
    public var users: Int
    public var interactions: Int
    public var schemaVersion: Int

    public init(
        repositories: Int, topics: Int, starSnapshots: Int, firstSnapshotDay: Day?, lastSnapshotDay: Day?,
        users: Int, interactions: Int, schemaVersion: Int
    ) {
        self.repositories = repositories
        self.topics = topics
        self.starSnapshots = starSnapshots
        self.firstSnapshotDay = firstSnapshotDay
        self.lastSnapshotDay = lastSnapshotDay
        self.users = users
        self.interactions = interactions
        self.schemaVersion = schemaVersion
    }
}

extension InteractionKind {
    /// The list an interaction of this kind adds to, if any.
    public var list: RepositoryList? {
        switch self {
        case .like: .liked
        case .save: .saved
        case .skip, .view, .open, .star: nil
        }
    }
}
