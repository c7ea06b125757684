import Foundation
public import GitHub
public import Logging
public import RepoFinderCore
public import Storage

/// Imports a GitHub user's public stars into a person's account, in the background: each page of GitHub's listing
/// (newest star first) becomes `star` interactions dated with GitHub's `starred_at`, starred repositories the catalog
/// lacks are added from the listing itself, and progress is saved after every page. An import of a login imported
/// before stops at the first star it already has, so it reads only what is new.
public actor StarImporter {
    /// Bounds of one import.
    public struct Limits: Sendable {
        /// Stars read at most (a person with more keeps their newest this many).
        public var maximumStars: Int
        /// A running import that has not reported for this long was interrupted (a server stopped); a new one may
        /// start and the old one reads as failed.
        public var staleAfter: Duration

        public init(maximumStars: Int = 50_000, staleAfter: Duration = .seconds(120)) {
            self.maximumStars = maximumStars
            self.staleAfter = staleAfter
        }
    }

    /// Called after each page is stored, with the star interactions that were new: the server tells the person's
    /// deck, so the next batch reflects them.
    public typealias StoredHandler = @Sendable (_ userID: String, _ stars: [Interaction]) async -> Void

    private let store: any CatalogStore & StarImportStore & InteractionStore
    private let github: GitHubClient
    private let limits: Limits
    private let logger: Logger
    private let onStored: StoredHandler
    private var tasks: [String: Task<Void, Never>] = [:]
    /// Whose each running import is (by import id).
    private var running: [String: String] = [:]
    private var isShutDown = false

    public init(
        store: any CatalogStore & StarImportStore & InteractionStore, github: GitHubClient, limits: Limits = Limits(),
        logger: Logger,
        onStored: @escaping StoredHandler = { _, _ in }
    ) {
        self.store = store
        self.github = github
        self.limits = limits
        self.logger = logger
        self.onStored = onStored
    }

    /// Whether an import may read its next page (checked before each page after the first); false ends it as
    /// failed with ``StarImportError/budgetReserved``.
    public typealias Allowance = @Sendable () async -> Bool

    /// Starts importing `login`'s stars into `userID`'s account, after checking the login with GitHub; or the
    /// person's running import, if they have one. `client` reads GitHub instead of the importer's own (a person's own
    /// token, say); `mayGoOn` is asked before each further page.
    public func start(
        userID: String, login: String, using client: GitHubClient? = nil, mayGoOn: Allowance? = nil
    ) async throws -> StarImportStart {
        let github = client ?? self.github
        guard GitHubLogin.isValid(login) else { throw StarImportError.invalidLogin(login) }
        guard !isShutDown else { throw StarImportError.interrupted }
        let now = Date()
        let staleBefore = now - limits.staleAfter.secondsDouble
        // Answer a running import without asking GitHub anything.
        if let running = try await store.starImports(userID: userID).first(where: { $0.state == .running }),
            running.updatedAt >= staleBefore
        {
            return .alreadyRunning(running)
        }
        let user: GitHubUser
        do {
            user = try await github.user(login: login)
        } catch .notFound {
            throw StarImportError.unknownLogin(login)
        } catch {
            throw StarImportError.github(error)
        }
        let candidate = StarImport(userID: userID, login: user.login, startedAt: now)
        let start = try await store.beginStarImport(candidate, staleBefore: staleBefore)
        if case .started(let started) = start {
            if isShutDown {
                // Stopped while GitHub was asked: the import never runs, and says so.
                await run(started, github: github, mayGoOn: mayGoOn, cancelled: true)
            } else {
                running[started.id] = userID
                tasks[started.id] = Task { await self.run(started, github: github, mayGoOn: mayGoOn) }
            }
        }
        return start
    }

    /// One of the person's imports, a running one that stopped reporting read as failed.
    public func status(id: String, userID: String) async throws -> StarImport? {
        guard var found = try await store.starImport(id: id, userID: userID) else { return nil }
        if found.state == .running, tasks[id] == nil,
            found.updatedAt < Date() - limits.staleAfter.secondsDouble
        {
            found.state = .failed
            found.failure = StarImportError.interrupted.description
        }
        return found
    }

    /// Stops the person's running import, if any, and waits for it (their account is being deleted).
    public func cancel(userID: String) async {
        let theirs = running.filter { $0.value == userID }.map(\.key)
        for id in theirs { tasks[id]?.cancel() }
        for id in theirs { await tasks[id]?.value }
    }

    /// Stops every running import (each is saved as interrupted, with what it had stored) and waits for them; no
    /// import starts after this. The server calls it as it stops, before the store closes.
    public func shutdown() async {
        isShutDown = true
        for task in tasks.values { task.cancel() }
        for task in tasks.values { await task.value }
    }

    private func run(
        _ begun: StarImport, github: GitHubClient, mayGoOn: Allowance?, cancelled: Bool = false
    ) async {
        var progress = begun
        do {
            if cancelled { throw CancellationError() }
            try await importStars(into: &progress, github: github, mayGoOn: mayGoOn)
            progress.state = .done
        } catch {
            progress.state = .failed
            progress.failure = Self.reason(error)
        }
        progress.finishedAt = Date()
        progress.updatedAt = progress.finishedAt!
        do {
            // Saved even when the import was cancelled (the server stopping): a new task is not cancelled.
            try await Task { [store, progress] in try await store.updateStarImport(progress) }.value
        } catch {
            logger.error("star import: could not save its outcome", metadata: ["error": "\(error)"])
        }
        logger.info(
            "star import ended",
            metadata: [
                "state": "\(progress.state.rawValue)", "read": "\(progress.read)", "imported": "\(progress.imported)",
                "added": "\(progress.added)", "pages": "\(progress.pagesRead)",
            ])
        tasks[begun.id] = nil
        running[begun.id] = nil
    }

    /// Why an import stopped, in a person's words.
    private static func reason(_ error: any Error) -> String {
        if error is CancellationError || Task.isCancelled { return StarImportError.interrupted.description }
        if let error = error as? GitHubError { return StarImportError.github(error).description }
        if let error = error as? StarImportError { return error.description }
        if let error = error as? StorageError { return "The import could not be saved: \(error)." }
        return "The import stopped: \(error)."
    }

    private func importStars(into progress: inout StarImport, github: GitHubClient, mayGoOn: Allowance?) async throws {
        let previous = try await store.starImports(userID: progress.userID).first {
            $0.state == .done && $0.login.lowercased() == progress.login.lowercased() && $0.id != progress.id
        }
        let known = previous?.newestStarredAt
        progress.newestStarredAt = known
        var page = try await github.firstStarredPage(of: progress.login)
        while true {
            try Task.checkCancellation()
            progress.pagesRead += 1
            progress.pagesTotal = page.lastPage ?? (page.next == nil ? progress.pagesRead : progress.pagesTotal)
            let room = limits.maximumStars - progress.read
            var stars = Array(page.stars.prefix(max(0, room)))
            progress.read += stars.count
            // Newest first: once a star is no newer than the newest one imported before, the rest are known too.
            let reachedKnown =
                known.map { known in stars.contains { ($0.starredAt ?? .distantPast) <= known } } ?? false
            if let known { stars = stars.filter { ($0.starredAt ?? .distantPast) > known } }
            try await store(stars, into: &progress)
            progress.updatedAt = Date()
            try await store.updateStarImport(progress)
            guard !reachedKnown, progress.read < limits.maximumStars, let next = page.next else { return }
            if let mayGoOn, await !mayGoOn() { throw StarImportError.budgetReserved }
            page = try await github.starredPage(at: next)
        }
    }

    /// Adds the repositories the catalog lacks, then records the stars; counts both.
    private func store(_ stars: [StarredRepository], into progress: inout StarImport) async throws {
        guard !stars.isEmpty else { return }
        if let newest = stars.compactMap(\.starredAt).max(), newest > progress.newestStarredAt ?? .distantPast {
            progress.newestStarredAt = newest
        }
        let missing = try await store.missingRepositories(stars.map(\.repository.repositoryName))
        if !missing.isEmpty {
            let counts = try await store.upsertRepositories(
                stars.map(\.repository).filter { missing.contains($0.repositoryName) })
            progress.added += counts.inserted
        }
        let now = Date()
        var seen = Set<String>()
        let interactions = stars.compactMap { star -> Interaction? in
            let name = star.repository.repositoryName
            guard seen.insert(name.key).inserted else { return nil }
            return Interaction(id: "github-star:" + name.key, repository: name, kind: .star, at: star.starredAt ?? now)
        }
        let receipt = try await store.recordInteractions(interactions, userID: progress.userID, quota: .unlimited)
        progress.imported += receipt.accepted
        if receipt.accepted > 0 { await onStored(progress.userID, interactions) }
    }
}

/// Why an import could not start or did not finish, in words a person can act on.
public enum StarImportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not a GitHub login (letters, digits and single hyphens, at most 39).
    case invalidLogin(String)
    /// GitHub has no such user.
    case unknownLogin(String)
    /// GitHub failed or refused.
    case github(GitHubError)
    /// A running import stopped reporting (its server stopped).
    case interrupted
    /// The server's GitHub budget came down to what it keeps for its catalog and for people signed in with GitHub.
    case budgetReserved

    public var description: String {
        switch self {
        case .invalidLogin(let login):
            GitHubLogin.problem(with: login)
        case .unknownLogin(let login):
            "GitHub has no user named '\(login)'. Check the spelling."
        case .github(.rateLimited(_, let resetsAt)):
            "GitHub's rate limit is used up until \(Timestamp.format(resetsAt)); the import can run again then."
        case .github(let error):
            "GitHub could not list the stars: \(error)."
        case .interrupted:
            "The import was interrupted (the server stopped); start it again."
        case .budgetReserved:
            "The import stopped with what it had read: this server's GitHub budget for people not signed in with "
                + "GitHub is used up for the hour. Sign in with GitHub to import with your own, or start it again later."
        }
    }
}
