public import Foundation
public import GitHub
public import Logging
public import RepoFinderCore
public import Storage

/// Starring repositories back on GitHub for people signed in with GitHub: a star or unstar is tried at once; one
/// GitHub refuses (a missing scope), limits or cannot be reached waits in the store's queue, the person is told why,
/// and ``retryDue(now:)`` (run every so often by the server) tries again with a growing pause until it goes through.
public actor StarBack {
    /// How often and how patiently queued changes are retried.
    public struct Policy: Sendable {
        /// The first pause after a failed try; doubled after each, up to ``longestPause``.
        public var firstPause: Duration
        public var longestPause: Duration
        /// Changes tried in one round.
        public var batch: Int

        public init(firstPause: Duration = .seconds(30), longestPause: Duration = .seconds(3_600), batch: Int = 50) {
            self.firstPause = firstPause
            self.longestPause = longestPause
            self.batch = batch
        }
    }

    private let store: any AccountStore & StarQueueStore
    private let github: GitHubClient
    private let signIn: GitHubSignIn
    private let policy: Policy
    private let logger: Logger

    public init(
        store: any AccountStore & StarQueueStore, github: GitHubClient, signIn: GitHubSignIn, policy: Policy = Policy(),
        logger: Logger
    ) {
        self.store = store
        self.github = github
        self.signIn = signIn
        self.policy = policy
        self.logger = logger
    }

    /// Whether the person starred a repository on GitHub (asked of GitHub), and any change still waiting for it.
    public func state(of repository: RepositoryName, userID: String) async throws(StarBackError) -> StarBackState {
        let token = try await token(userID)
        let pending = try await storage { try await store.pendingStarChange(userID: userID, repository: repository) }
        do {
            let starred = try await github.isStarred(repository, token: token)
            return StarBackState(repository: repository, starred: starred, pending: pending)
        } catch {
            // GitHub cannot say now: what is known is the wish that waits.
            return StarBackState(repository: repository, starred: nil, pending: pending, problem: Self.reason(error))
        }
    }

    /// Stars or unstars a repository on GitHub now; if GitHub does not take it, the change waits and is retried.
    public func apply(_ action: StarChange.Action, to repository: RepositoryName, userID: String)
        async throws(StarBackError) -> StarBackState
    {
        let token = try await token(userID)
        let now = Date()
        var change = StarChange(
            userID: userID, repository: repository, action: action, nextAttemptAt: now, createdAt: now)
        do {
            try await send(change, token: token)
            // Done: an older opposite wish must not undo it later.
            if let stale = try? await store.pendingStarChange(userID: userID, repository: repository) {
                try? await store.completeStarChange(stale)
            }
            return StarBackState(repository: repository, starred: action == .star, pending: nil)
        } catch {
            change.attempts = 1
            change.lastError = Self.reason(error)
            change.nextAttemptAt = now + pause(after: 1, error).secondsDouble
            let queued = change
            try await storage { try await store.queueStarChange(queued) }
            logger.info("star back: queued", metadata: ["action": "\(action.rawValue)"])
            return StarBackState(repository: repository, starred: nil, pending: change, problem: change.lastError)
        }
    }

    /// Stars on GitHub what a person just liked, when they asked for that (a setting, off by default); failures wait
    /// in the queue like any other.
    public func likes(_ repositories: [RepositoryName], userID: String) async {
        guard !repositories.isEmpty,
            let identity = try? await store.githubIdentity(userID: userID), identity.starOnLike
        else { return }
        for repository in repositories { _ = try? await apply(.star, to: repository, userID: userID) }
    }

    /// Tries every queued change that is due; returns how many went through.
    @discardableResult
    public func retryDue(now: Date = Date()) async -> Int {
        guard let due = try? await store.dueStarChanges(by: now, limit: policy.batch) else { return 0 }
        var done = 0
        for var change in due {
            do {
                guard let token = try await signIn.accessToken(userID: change.userID) else {
                    try await store.completeStarChange(change)  // signed out of GitHub: nothing to do it with
                    continue
                }
                try await send(change, token: token)
                try await store.completeStarChange(change)
                done += 1
            } catch let error as GitHubError {
                change.attempts += 1
                change.lastError = Self.reason(error)
                change.nextAttemptAt = now + pause(after: change.attempts, error).secondsDouble
                try? await store.deferStarChange(change)
            } catch {
                logger.warning("star back: the store failed", metadata: ["error": "\(error)"])
            }
        }
        if !due.isEmpty {
            logger.info("star back: retried", metadata: ["due": "\(due.count)", "done": "\(done)"])
        }
        return done
    }

    // MARK: - Helpers

    private func send(_ change: StarChange, token: String) async throws(GitHubError) {
        switch change.action {
        case .star: try await github.star(change.repository, token: token)
        case .unstar: try await github.unstar(change.repository, token: token)
        }
    }

    private func token(_ userID: String) async throws(StarBackError) -> String {
        let token: String?
        do {
            token = try await signIn.accessToken(userID: userID)
        } catch {
            throw .storage("\(error)")
        }
        guard let token else { throw .notSignedIn }
        return token
    }

    private func storage<T>(_ body: () async throws -> T) async throws(StarBackError) -> T {
        do {
            return try await body()
        } catch {
            throw .storage((error as? StorageError)?.description ?? "\(error)")
        }
    }

    /// The pause before try `attempt + 1`: until a used-up rate limit resets, else doubling from the first pause.
    private func pause(after attempt: Int, _ error: GitHubError) -> Duration {
        if case .rateLimited(_, let resetsAt) = error {
            return .seconds(max(1, Int(resetsAt.timeIntervalSinceNow.rounded(.up))))
        }
        let doubled = policy.firstPause * (1 << min(max(attempt - 1, 0), 16))
        return min(doubled, policy.longestPause)
    }

    /// Why GitHub did not take a change, in words a person can act on.
    static func reason(_ error: GitHubError) -> String {
        switch error {
        case .notFound, .forbidden, .unauthorized:
            "GitHub refused (RepoFinder may lack permission to star: sign in with GitHub again to allow it)"
        case .rateLimited(_, let resetsAt):
            "GitHub's rate limit is used up until \(Timestamp.format(resetsAt))"
        default:
            "GitHub could not be reached (\(error))"
        }
    }
}

/// A repository's star on GitHub as the person sees it.
public struct StarBackState: Sendable, Equatable {
    public var repository: RepositoryName
    /// GitHub's answer; nil when GitHub could not be asked.
    public var starred: Bool?
    /// A change still waiting for GitHub, if any.
    public var pending: StarChange?
    /// Why GitHub did not answer or take the change.
    public var problem: String?

    public init(repository: RepositoryName, starred: Bool?, pending: StarChange?, problem: String? = nil) {
        self.repository = repository
        self.starred = starred
        self.pending = pending
        self.problem = problem ?? pending?.lastError
    }
}

/// Why starring back could not start.
public enum StarBackError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The account is not linked to GitHub.
    case notSignedIn
    /// The store failed.
    case storage(String)

    public var description: String {
        switch self {
        case .notSignedIn: "Sign in with GitHub to star repositories there (Profile → Sign in with GitHub)."
        case .storage(let reason): reason
        }
    }
}
