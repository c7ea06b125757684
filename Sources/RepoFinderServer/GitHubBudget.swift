import Foundation
import GitHub
import HTTPTypes
import Storage
import Synchronization

/// How the server's GitHub rate limit is shared, so that no client can spend it for everyone.
///
/// Every on-demand lookup (a repository the catalog lacks) and every star import is charged to the client's address
/// and to its account, each with a budget of its own (``ServerConfiguration/githubLookupLimit``,
/// ``ServerConfiguration/starImportLimit``); over it, 429 `github_budget`. A person signed in
/// with GitHub asks GitHub with their own token (their own limit, nobody else's), charged to their account alone. Everyone else uses the server's
/// token only while GitHub's remaining core budget is above the reserve (a share of the hour's limit) that the
/// scheduled catalog refresh keeps; below it, 503 `github_unavailable` until GitHub's reset.
final class GitHubBudget: Sendable {
    /// What a GitHub call is for.
    enum Spending: String, Sendable {
        case lookup = "lookups"
        case starImport = "star imports"
    }

    /// The server's own client (its `GITHUB_TOKEN`), if the server talks to GitHub at all.
    let server: GitHubClient?
    private let reservePercent: Int
    private let lookups: RateLimiter?
    private let imports: RateLimiter?
    /// The person's own GitHub client when they are signed in with GitHub.
    private let personal: @Sendable (_ userID: String) async -> GitHubClient?
    private let now: @Sendable () -> Date
    /// The server's calls granted this hour, counted here as they are granted: GitHub's own figure comes back
    /// only with each answer, so many calls at once would otherwise take the budget past the reserve.
    private let ledger = Mutex(Ledger())

    private struct Ledger {
        /// When GitHub's hour the figures are of resets (`distantPast` before GitHub said anything).
        var window = Date.distantPast
        /// What is left of it, less what was granted since GitHub last said.
        var remaining = Int.max
    }

    init(
        server: GitHubClient?, configuration: ServerConfiguration, shared: (any SharedRateLimits)? = nil,
        personal: @escaping @Sendable (_ userID: String) async -> GitHubClient? = { _ in nil },
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.server = server
        self.reservePercent = configuration.githubReservePercent
        self.lookups = configuration.githubLookupLimit.map { RateLimiter(limit: $0, scope: "lookups", shared: shared) }
        self.imports = configuration.starImportLimit.map { RateLimiter(limit: $0, scope: "imports", shared: shared) }
        self.personal = personal
        self.now = now
    }

    /// The client to ask GitHub with for one `spending` by the current request's client (``RequestIdentity``) and
    /// account: the person's own when signed in with GitHub, else the server's; nil when the server has no GitHub.
    /// Throws 429 `github_budget` over the client's budget, 503 `github_unavailable` when only the reserve is left.
    func client(for spending: Spending, userID: String?) async throws(APIError) -> GitHubClient? {
        guard let server else { return nil }
        if let userID, let own = await personal(userID) {
            // Their own GitHub limit: only the account's budget applies (it bounds what they add to the catalog).
            try await charge(spending, keys: ["account " + userID])
            return own
        }
        try await charge(
            spending,
            keys: ["address " + RequestIdentity.current.clientAddress] + (userID.map { ["account " + $0] } ?? []))
        try await checkReserve(of: server, for: spending, taking: true)
        return server
    }

    /// Whether an anonymous import may read another page: only above the reserve.
    func mayGoOn(_ server: GitHubClient) async -> Bool {
        guard reservePercent > 0 else { return true }
        do {
            try await checkReserve(of: server, for: .starImport)
            return true
        } catch {
            return false
        }
    }

    private func charge(_ spending: Spending, keys: [String]) async throws(APIError) {
        guard let limiter = spending == .lookup ? lookups : imports else { return }
        for key in keys {
            if let wait = await limiter.admit(key) {
                let seconds = String(wait)
                let message =
                    switch (spending, key.hasPrefix("account")) {
                    case (.lookup, true): APIError.text("error.github-budget.lookups-account", seconds)
                    case (.lookup, false): APIError.text("error.github-budget.lookups-address", seconds)
                    case (.starImport, true): APIError.text("error.github-budget.imports-account", seconds)
                    case (.starImport, false): APIError.text("error.github-budget.imports-address", seconds)
                    }
                throw APIError(.tooManyRequests, code: "github_budget", message: message, retryAfter: wait)
            }
        }
    }

    /// Throws 503 when GitHub's remaining budget, less what was granted since GitHub last said, is down to the
    /// reserve; otherwise, when `taking`, counts one more call granted.
    private func checkReserve(
        of server: GitHubClient, for spending: Spending, taking: Bool = false
    ) async throws(APIError) {
        guard reservePercent > 0 else { return }
        // Before GitHub has said anything: its documented hour (5,000 with a token, 60 without), all of it left.
        let known = await server.rateLimit(for: "core").flatMap { $0.resetsAt > now() ? $0 : nil }
        let documented = await server.configuration.token == nil ? 60 : 5_000
        let status =
            known
            ?? RateLimitStatus(
                resource: "core", limit: documented, remaining: documented, resetsAt: now().addingTimeInterval(3_600))
        let limit = status.limit ?? documented
        let window = known?.resetsAt ?? .distantPast
        let refused = ledger.withLock { ledger in
            if ledger.window != window {
                ledger.window = window
                ledger.remaining = status.remaining
            }
            ledger.remaining = min(ledger.remaining, status.remaining)
            if ledger.remaining * 100 <= limit * reservePercent { return true }
            if taking { ledger.remaining -= 1 }
            return false
        }
        guard refused else { return }
        let wait = max(1, Int(status.resetsAt.timeIntervalSince(now()).rounded(.up)))
        throw APIError(
            .serviceUnavailable, code: "github_unavailable",
            message: spending == .lookup
                ? APIError.text("error.github-reserve.lookups", String(wait))
                : APIError.text("error.github-reserve.imports", String(wait)),
            retryAfter: wait)
    }
}
