public import Foundation
public import GitHub
public import RepoFinderCore
public import Storage

/// Finds the repository a person asked for by name: in the catalog (a gone one too, marked), under the new name of a
/// renamed one, or else on GitHub, where a repository found is added to the catalog (with today's star snapshot) and a
/// name GitHub does not know is remembered for a while, so it is not asked again at once.
public actor RepositoryLocator {
    /// What a lookup found.
    public enum Outcome: Sendable {
        case found(Repository)
        /// Nobody has it: the problem says why.
        case notFound(Problem)
        /// GitHub could not be asked now: the problem says why, and when to try again (seconds).
        case unavailable(Problem, retryAfter: Int)
    }

    /// Why a lookup found nothing, as data (each face words it in its person's language); `description` is English.
    public enum Problem: Hashable, Sendable, CustomStringConvertible {
        /// GitHub has no such repository (`recently`: as it said a while ago, not asked again).
        case notOnGitHub(RepositoryName, recently: Bool)
        /// The catalog lacks it and no GitHub client may be asked.
        case notInCatalog(RepositoryName)
        /// GitHub's rate limit is used up until it resets.
        case rateLimited(RepositoryName)
        /// GitHub cannot be reached from here.
        case unreachable(RepositoryName)

        public var description: String {
            switch self {
            case .notOnGitHub(let name, recently: true): "GitHub has no repository \(name.fullName) (checked recently)."
            case .notOnGitHub(let name, recently: false): "GitHub has no repository \(name.fullName)."
            case .notInCatalog(let name): "\(name.fullName) is not in the catalog."
            case .rateLimited(let name):
                "GitHub's rate limit is used up, so \(name.fullName) cannot be fetched until it resets."
            case .unreachable(let name):
                "\(name.fullName) is not in RepoFinder's catalog, and GitHub cannot be reached from here to look it up."
            }
        }
    }

    private let store: any CatalogStore & CatalogUpkeepStore
    private let github: GitHubClient?
    private let now: @Sendable () -> Date
    /// How long a name GitHub does not know is answered from memory.
    private let missingFor: TimeInterval
    private var missing = LRUCache<String, Date>(capacity: 10_000)

    public init(
        store: any CatalogStore & CatalogUpkeepStore, github: GitHubClient?, missingFor: TimeInterval = 3_600,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.store = store
        self.github = github
        self.missingFor = missingFor
        self.now = now
    }

    /// Where a lookup asks GitHub, worked out only when GitHub is to be asked: a client (nil: none), or a refusal
    /// thrown (a client's GitHub budget, see ``GitHubBudget``).
    public typealias GitHubSource = @Sendable () async throws -> GitHubClient?

    /// Finds `name`, asking GitHub through `source` (default: the finder's own client) when nothing here has it.
    public func find(_ name: RepositoryName, github source: GitHubSource? = nil) async throws -> Outcome {
        if let repository = try await store.repository(named: name) { return .found(repository) }
        if let current = try await store.currentName(of: name),
            let repository = try await store.repository(named: current)
        {
            return .found(repository)
        }
        if let until = missing.value(for: name.key), until > now() {
            return .notFound(.notOnGitHub(name, recently: true))
        }
        let client: GitHubClient?
        if let source { client = try await source() } else { client = github }
        guard let github = client else {
            return .notFound(.notInCatalog(name))
        }
        let fetched: Result<Repository, GitHubError>
        do {
            fetched = .success(try await github.repository(name))
        } catch {
            fetched = .failure(error)
        }
        switch fetched {
        case .success(let repository):
            return .found(try await add(repository, askedAs: name))
        case .failure(.notFound):
            missing.set(now().addingTimeInterval(missingFor), for: name.key)
            return .notFound(.notOnGitHub(name, recently: false))
        case .failure(.rateLimited(_, let resetsAt)):
            return .unavailable(
                .rateLimited(name), retryAfter: max(1, Int(resetsAt.timeIntervalSince(now()).rounded(.up))))
        case .failure:
            // The transport's own words ("api.github.com: unknown host") mean nothing to a person.
            return .unavailable(.unreachable(name), retryAfter: 30)
        }
    }

    /// Saves a repository fetched from GitHub under its current name, confirmed now (one that was gone is back), with
    /// today's snapshot; when GitHub followed a rename, the name asked for is kept as an old name of it.
    private func add(_ repository: Repository, askedAs name: RepositoryName) async throws -> Repository {
        let date = now()
        try await store.markChecked([repository.repositoryName], at: date)
        _ = try await store.upsertRepositories([repository])
        try await store.markChecked([repository.repositoryName], at: date)
        if repository.id != name.key { _ = try await store.renameRepository(name, to: repository, at: date) }
        _ = try await store.upsertStarSnapshots([
            StarSnapshot(
                repository: repository.repositoryName, day: Day(containing: date), stars: repository.stars,
                forks: repository.forks)
        ])
        return try await store.repository(named: repository.repositoryName) ?? repository
    }
}
