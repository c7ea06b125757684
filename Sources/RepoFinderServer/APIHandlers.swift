import APISchemas
import Ask
import Dealing
import Foundation
import GitHubAccounts
import Localization
import Logging
import OpenAPIRuntime
import Recommender
import RepoFinderAPI
import RepoFinderCore
import Storage

/// The API's handlers: each reads its validated input, asks the store, the recommender or the person's session,
/// and answers with the contract's types. Errors are thrown as ``APIError`` (or come from the store) and become
/// JSON in ``ErrorMiddleware``.
struct APIHandlers: APIProtocol {
    let store: any DataStore
    let deck: ServerRecommender
    let accounts: Accounts
    let sessions: DealingSessions
    let metrics: ServerMetrics
    /// How many interactions one account may store.
    let quota: InteractionQuota
    /// The token `/metrics` asks for (nil: loopback clients only).
    let metricsToken: String?
    /// Imports people's GitHub stars; nil when the server has no GitHub client.
    let starImporter: StarImporter?
    /// Signs people in with GitHub; nil when the server is not set up for it (``signInUnavailable`` says why).
    let signIn: GitHubSignIn?
    /// Whether the server talks to GitHub at all (``signInUnavailable`` words why there is no sign-in).
    let connectedToGitHub: Bool
    /// Stars repositories back on GitHub; nil without sign-in.
    let starBack: StarBack?
    let logger: Logger
    /// Finds repositories by name in the catalog, or on GitHub for those it lacks.
    let finder: BudgetedLocator
    /// Each client's share of the server's GitHub budget (lookups and star imports).
    let githubBudget: GitHubBudget
    /// Deck filters the recommender has not resolved yet, per client address and per account (nil: no limit).
    let newFilters: RateLimiter?
    /// Trending lists kept a few minutes (Home's movers).
    let trendingCache: ExpiringCache<TrendingQuery, TrendingList>
    /// Star histories kept a few minutes (Compare), by repository key.
    let historyCache: ExpiringCache<String, [StarSnapshot]>
    /// What time it is (tests set it: today's pick follows the person's local day).
    let clock: @Sendable () -> Date
    /// Questions one account may ask per calendar month; nil: no limit.
    let askLimit: Int?
    /// Answers Ask's questions (in a writing model's words when one is set).
    let askEngine: AnswerEngine
    /// The Ask answers each account has under way (at most two at once).
    let answersInProgress = AnswersInProgress()
    /// Ask threads one account may hold; nil: no limit.
    var askThreadLimit: Int?
    /// Whether to be sent requests (`/health/ready`).
    var readiness = Readiness()
    /// The token the operator report asks for; nil: no report over HTTP.
    var operatorToken: String?
    /// Days analytics events are kept (older ones are refused).
    var analyticsRetentionDays = 400
    /// Each account's share of analytics events (``eventsPerHour``); nil: no limit.
    var eventQuota: RateLimiter?
    /// Device sign-ins each client address may begin (``ServerConfiguration/deviceSignInsPerAddress``); nil: no
    /// limit.
    var deviceSignInsPerAddress: RateLimiter?
    /// Who maintains which repositories, asked of GitHub; nil without sign-in with GitHub.
    var maintainers: Maintainers?

    // MARK: Accounts and preferences

    func createUser(_ input: Operations.CreateUser.Input) async throws -> Operations.CreateUser.Output {
        let (id, token) = try await accounts.createAccount(at: Date())
        return .created(.init(body: .json(.init(id: id, token: token))))
    }

    func getPreferences(_ input: Operations.GetPreferences.Input) async throws -> Operations.GetPreferences.Output {
        let userID = try await accounts.authenticate()
        let preferences = try await store.preferences(userID: userID) ?? UserPreferences()
        return .ok(.init(body: .json(APISchemas.preferences(preferences))))
    }

    func putPreferences(_ input: Operations.PutPreferences.Input) async throws -> Operations.PutPreferences.Output {
        let userID = try await accounts.authenticate()
        guard case .json(let body) = input.body else {
            throw APIError.badRequest(APIError.text("error.preferences.not-json"))
        }
        var preferences = try InputMapping.preferences(body)
        // The deck filter is kept beside the preferences and replaced only through PUT /v1/me/deck-filter; the language
        // stays unless the body names one ("" goes back to each device's own).
        let stored = try await store.preferences(userID: userID)
        preferences.deckFilter = stored?.deckFilter
        if body.language == nil { preferences.language = stored?.language }
        preferences.analytics = body.analytics ?? stored?.analytics
        try await store.setPreferences(preferences, userID: userID)
        await sessions.session(userID).didSetPreferences(preferences)
        return .ok(.init(body: .json(APISchemas.preferences(preferences))))
    }

    // MARK: The deck

    /// The generated form of `GET /v1/me/feed`; the server answers it with ``FeedEndpoint`` instead (same input,
    /// same deal, the same JSON written without `JSONEncoder`). Kept so the contract stays whole and as the
    /// reference the endpoint's tests compare with.
    func getFeed(_ input: Operations.GetFeed.Input) async throws -> Operations.GetFeed.Output {
        let query = input.query
        let filter = try Self.feedFilter(
            languages: query.language, excludedLanguages: query.without, clusters: query.cluster?.map(\.rawValue),
            minimumStars: query.minStars,
            health: query.health?.rawValue, choice: query.filter?.rawValue)
        let dealt = try await dealFeed(limit: query.limit, filter: filter, recommender: deck.recommender)
        return .ok(.init(body: .json(APISchemas.feed(dealt.deck, filter: dealt.filter, now: Date()))))
    }

    /// Deals the signed-in person's next cards (`limit` 1–50, 20 by default) within `filter`, or within the filter
    /// they saved when it is nil; returns the filter dealt with too. `userID`: the person, when the caller has
    /// authenticated them already.
    func dealFeed(limit: Int?, filter: DeckFilter?, recommender: Recommender, userID known: String? = nil) async throws
        -> (deck: Deck, filter: DeckFilter)
    {
        let userID: String
        if let known { userID = known } else { userID = try await accounts.authenticate() }
        let size = try InputMapping.limit(limit, default: 20, maximum: 50)
        if let filter { try await chargeNewFilter(filter, userID: userID, recommender: recommender) }
        return try await sessions.session(userID).deal(size: size, choosing: filter, recommender: recommender)
    }

    func returnCards(_ input: Operations.ReturnCards.Input) async throws -> Operations.ReturnCards.Output {
        let userID = try await accounts.authenticate()
        guard case .json(let body) = input.body else {
            throw APIError.badRequest(APIError.text("error.cards.not-json"))
        }
        guard body.repos.count <= 50 else {
            throw APIError.unprocessable(APIError.text("error.cards.too-many", String(body.repos.count)))
        }
        var names: [RepositoryName] = []
        for (position, repo) in body.repos.enumerated() {
            do {
                names.append(try RepositoryName(parsing: repo))
            } catch {
                let reason = Words(Language.current).repositoryNameProblem(error)
                throw APIError.unprocessable(APIError.text("error.cards.not-a-name", position, reason))
            }
        }
        let returned = try await sessions.session(userID).giveBack(names, recommender: deck.recommender)
        return .ok(.init(body: .json(.init(returned: returned.map(\.fullName)))))
    }

    func postInteractions(_ input: Operations.PostInteractions.Input) async throws
        -> Operations.PostInteractions.Output
    {
        let userID = try await accounts.authenticate()
        guard case .json(let body) = input.body else {
            throw APIError.badRequest(APIError.text("error.interactions.not-json"))
        }
        let interactions = try Self.interactions(body)
        let receipt = try await store.recordInteractions(interactions, userID: userID, quota: quota)
        if receipt.accepted > 0 {
            await sessions.session(userID).didRecord(interactions)
            deck.noteSignals(interactions.filter { SignalKind($0.kind).weight > 0 }.count)
            if let starBack {
                // "Star on GitHub when I like", if the person turned it on: in the background, never slowing a swipe.
                let liked = interactions.filter { $0.kind == .like }.map(\.repository)
                Task { await starBack.likes(liked, userID: userID) }
            }
        }
        return .ok(.init(body: .json(.init(accepted: receipt.accepted, duplicates: receipt.duplicates))))
    }

    func withdrawInteraction(_ input: Operations.WithdrawInteraction.Input) async throws
        -> Operations.WithdrawInteraction.Output
    {
        let userID = try await accounts.authenticate()
        let id = input.path.id
        guard InputMapping.isClientID(id) else {
            throw APIError.badRequest(APIError.text("error.interaction.id-invalid", InputMapping.maximumClientIDBytes))
        }
        switch try await store.withdrawInteraction(id: id, userID: userID, at: clock()) {
        case .withdrawn(let kind, let repository):
            await sessions.session(userID).didWithdraw(kind, of: repository)
            return .noContent(.init())
        case .alreadyWithdrawn:
            return .noContent(.init())
        case .notFound:
            throw APIError.notFound(APIError.text("error.interaction.not-found", id))
        case .notWithdrawable(let kind):
            throw APIError.unprocessable(APIError.text("error.interaction.not-withdrawable.\(kind.rawValue)", id))
        }
    }

    /// Maximum interactions in one request.
    static let maximumBatch = 500

    private static func interactions(_ body: Components.Schemas.InteractionBatch) throws(APIError) -> [Interaction] {
        guard body.interactions.count <= maximumBatch else {
            throw .unprocessable(
                APIError.text("error.interactions.too-many", String(body.interactions.count), maximumBatch))
        }
        let latest = Date().addingTimeInterval(24 * 3600)
        let earliest = Date(timeIntervalSince1970: 1_199_145_600)  // 2008-01-01, before GitHub
        var result: [Interaction] = []
        for (position, item) in body.interactions.enumerated() {
            let field = "interactions[\(position)]"
            let id = item.id.trimmingCharacters(in: .whitespacesAndNewlines)
            guard InputMapping.isClientID(id) else {
                throw .unprocessable(
                    APIError.text("error.interaction.field-id", field, InputMapping.maximumClientIDBytes))
            }
            let name: RepositoryName
            do {
                name = try RepositoryName(parsing: item.repo)
            } catch {
                throw .unprocessable(
                    APIError.text(
                        "error.interaction.field-repo", field, Words(Language.current).repositoryNameProblem(error)))
            }
            guard item.at >= earliest, item.at <= latest else {
                throw .unprocessable(APIError.text("error.interaction.field-at", field))
            }
            result.append(
                Interaction(id: id, repository: name, kind: InteractionKind(rawValue: item.kind.rawValue)!, at: item.at)
            )
        }
        return result
    }

    // MARK: Lists and statistics

    func getSaved(_ input: Operations.GetSaved.Input) async throws -> Operations.GetSaved.Output {
        .ok(.init(body: .json(try await listPage(.saved, input.query.page, input.query.perPage))))
    }

    func getLiked(_ input: Operations.GetLiked.Input) async throws -> Operations.GetLiked.Output {
        .ok(.init(body: .json(try await listPage(.liked, input.query.page, input.query.perPage))))
    }

    private func listPage(_ list: RepositoryList, _ page: Int?, _ perPage: Int?) async throws
        -> Components.Schemas.ListPage
    {
        let userID = try await accounts.authenticate()
        let request = try InputMapping.page(page, perPage)
        let result = try await store.list(list, userID: userID, page: request)
        let viewers = try await viewerStates(of: result.items.map(\.repository))
        let now = Date()
        return .init(
            items: result.items.map {
                .init(
                    repository: APISchemas.repository($0.repository, now: now, viewer: viewers?[$0.repository.id]),
                    addedAt: $0.addedAt)
            },
            page: request.page, perPage: request.perPage, total: result.total)
    }

    func deleteSaved(_ input: Operations.DeleteSaved.Input) async throws -> Operations.DeleteSaved.Output {
        try await remove(from: .saved, owner: input.path.owner, name: input.path.name)
        return .noContent(.init())
    }

    func deleteLiked(_ input: Operations.DeleteLiked.Input) async throws -> Operations.DeleteLiked.Output {
        try await remove(from: .liked, owner: input.path.owner, name: input.path.name)
        return .noContent(.init())
    }

    private func remove(from list: RepositoryList, owner: String, name: String) async throws {
        let userID = try await accounts.authenticate()
        let repository = try InputMapping.repositoryName(owner: owner, name: name)
        guard try await store.remove(repository, from: list, userID: userID) else {
            throw APIError.notFound(
                list == .saved
                    ? APIError.text("error.list.not-saved", repository.fullName)
                    : APIError.text("error.list.not-liked", repository.fullName))
        }
        await sessions.session(userID).didRemove(repository, from: list)
    }

    func getStats(_ input: Operations.GetStats.Input) async throws -> Operations.GetStats.Output {
        let userID = try await accounts.authenticate()
        var activity = try await store.activity(userID: userID, top: APISchemas.topCount)
        let listed = try await store.listedKeys(userID: userID)
        activity.liked = listed[.liked]?.count ?? 0
        activity.saved = listed[.saved]?.count ?? 0
        return .ok(.init(body: .json(APISchemas.stats(activity))))
    }
}
