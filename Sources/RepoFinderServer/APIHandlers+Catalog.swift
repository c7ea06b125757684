import APISchemas
import Catalog
import Dealing
import Foundation
import HTTPTypes
import Localization
import Logging
import OpenAPIRuntime
import Recommender
import RepoFinderAPI
import RepoFinderCore
import Storage

extension APIHandlers {
    func getTrending(_ input: Operations.GetTrending.Input) async throws -> Operations.GetTrending.Output {
        let page = try InputMapping.page(input.query.page, input.query.perPage)
        let language = try InputMapping.filter(input.query.language, "language")
        let window = input.query.since.flatMap { TrendingWindow(rawValue: $0.rawValue) } ?? .standard
        let bursts = input.query.bursts.flatMap { BurstFilter(rawValue: $0.rawValue) } ?? .hidden
        let reach = page.page * page.perPage
        var list: TrendingList?
        if page.offset < TrendingQuery.maximumLimit {
            list = try await store.trending(
                TrendingQuery(
                    language: language, window: window, limit: min(reach, TrendingQuery.maximumLimit), bursts: bursts))
        }
        let viewers = try await viewerStates(of: (list?.entries ?? []).dropFirst(page.offset).map(\.repository))
        return .ok(
            .init(
                body: .json(
                    APISchemas.trendingPage(
                        list, offset: page.offset, window: window, language: language, bursts: bursts, page: page,
                        now: Date(), viewers: viewers))))
    }

    func search(_ input: Operations.Search.Input) async throws -> Operations.Search.Output {
        let query = input.query
        let answer = try await searchAnswer(
            q: query.q, language: query.language, topic: query.topic,
            health: query.health.flatMap { RepositoryHealth.Level(rawValue: $0.rawValue) },
            sort: query.sort.flatMap { SearchSort(rawValue: $0.rawValue) } ?? .bestMatch, page: query.page,
            perPage: query.perPage)
        return .ok(
            .init(
                body: .json(
                    APISchemas.searchPage(
                        answer.page, page: answer.page.request, now: answer.now, viewers: answer.viewers,
                        highlights: answer.highlights, didYouMean: answer.didYouMean))))
    }

    /// A search as the generated handler and ``SearchEndpoint`` both answer it: the words and filters checked, the
    /// index's page, a repository named `owner/name` (or by its GitHub address) first, and where each stands with the
    /// person.
    func searchAnswer(
        q: String, language: String?, topic: String?, health: RepositoryHealth.Level?, sort: SearchSort, page: Int?,
        perPage: Int?
    ) async throws -> SearchAnswer {
        let page = try InputMapping.page(page, perPage)
        let text = q.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw APIError.badRequest(APIError.text("error.search.q-empty")) }
        guard text.count <= Route.maximumQueryLength,
            text.utf8.count <= Route.maximumQueryLength * InputMapping.bytesPerCharacter
        else {
            throw APIError.badRequest(APIError.text("error.search.q-too-long", Route.maximumQueryLength))
        }
        guard page.offset + page.perPage <= InputMapping.maximumSearchReach else {
            let reach = String(InputMapping.maximumSearchReach)
            throw APIError.badRequest(APIError.text("error.search.too-deep", reach, reach))
        }
        let now = Date()
        // Health filters and ranks as of a stale catalog's newest day, as every face judges it.
        let query = SearchQuery(
            text: text, language: try InputMapping.filter(language, "language"),
            topic: try InputMapping.filter(topic, "topic")?.lowercased(), health: health,
            now: CatalogAge.currentMoment(now: now), sort: sort, page: page)
        let found = try await store.searchResults(query)
        var result = found.page
        // `owner/name` or a pasted GitHub address: that repository first, fetched from GitHub if the catalog lacks it.
        if page.page == 1, let name = RepositoryName(mentionedIn: text),
            case .found(let found) = try await finder.find(name), case let repository = currentRecord(of: found),
            repository.goneAt == nil,
            query.health.map({ repository.health(now: query.now)?.level == $0 }) ?? true
        {
            let rest = result.items.filter { $0.id != repository.id }
            result = Page(
                items: Array(([repository] + rest).prefix(page.perPage)),
                total: result.total + (rest.count == result.items.count ? 1 : 0), request: page)
        }
        return SearchAnswer(
            page: result, highlights: found.highlights, didYouMean: found.didYouMean,
            viewers: try await viewerStates(of: result.items), now: now)
    }

    func suggestSearch(_ input: Operations.SuggestSearch.Input) async throws -> Operations.SuggestSearch.Output {
        let text = input.query.q.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw APIError.badRequest(APIError.text("error.suggest.q-empty")) }
        guard text.count <= Route.maximumQueryLength,
            text.utf8.count <= Route.maximumQueryLength * InputMapping.bytesPerCharacter
        else {
            throw APIError.badRequest(APIError.text("error.search.q-too-long", Route.maximumQueryLength))
        }
        let limit = try InputMapping.limit(input.query.limit, default: 8, maximum: 20)
        let suggestions = try await store.searchSuggestions(text, limit: limit)
        return .ok(.init(body: .json(APISchemas.searchSuggestions(suggestions))))
    }

    func getRepository(_ input: Operations.GetRepository.Input) async throws -> Operations.GetRepository.Output {
        let repository = try await repository(owner: input.path.owner, name: input.path.name)
        let viewer = try await viewerStates(of: [repository])?[repository.id]
        let lists = try await store.listings(of: repository.repositoryName)
        return .ok(.init(body: .json(APISchemas.repository(repository, now: Date(), viewer: viewer, lists: lists))))
    }

    func getStarHistory(_ input: Operations.GetStarHistory.Input) async throws -> Operations.GetStarHistory.Output {
        let from = try InputMapping.day(input.query.from, "from")
        let to = try InputMapping.day(input.query.to, "to")
        if let from, let to, from > to {
            throw APIError.badRequest(
                APIError.text("error.star-history.from-after-to", from.description, to.description))
        }
        let repository = try await repository(owner: input.path.owner, name: input.path.name)
        let snapshots = try await store.starSnapshots(of: repository.repositoryName).within(from: from, to: to)
        return .ok(
            .init(body: .json(APISchemas.starHistory(snapshots, of: repository, from: from, to: to, now: Date()))))
    }

    func getSimilar(_ input: Operations.GetSimilar.Input) async throws -> Operations.GetSimilar.Output {
        let (similar, viewers) = try await similar(
            owner: input.path.owner, name: input.path.name, limit: input.query.limit)
        let now = Date()
        let items = similar.map { APISchemas.card($0, now: now, viewers: viewers) }
        return .ok(.init(body: .json(.init(items: items))))
    }

    /// The repositories most like `owner/name` (`limit`: 10 unless given, at most 50), with where each stands with the
    /// person asking when they are signed in: what ``getSimilar(_:)`` and ``SimilarEndpoint`` answer with.
    func similar(
        owner: String, name: String, limit: Int?
    ) async throws -> (cards: [Recommendation], viewers: [String: RepositoryState]?) {
        let limit = try InputMapping.limit(limit, default: 10, maximum: 50)
        let name = try InputMapping.repositoryName(owner: owner, name: name)
        let recommender = deck.recommender
        guard recommender.index.item(forKey: name.key) != nil else {
            throw APIError.notFound(APIError.text("error.repository.not-in-catalog", name.fullName))
        }
        var viewerKeys: Set<String> = []
        if RequestIdentity.current.token != nil {
            let userID = try await accounts.authenticate()
            viewerKeys = try await sessions.session(userID).positiveKeys(in: recommender.index)
        }
        let similar = recommender.similar(to: name.key, limit: limit, viewerKeys: viewerKeys)
        return (similar, try await viewerStates(of: similar.map(\.repository)))
    }

    /// The record a project is shown under: the catalog's current name when it holds the project under an old name
    /// too (``SameProjects``), else `repository` itself.
    func currentRecord(of repository: Repository) -> Repository {
        let index = deck.recommender.index
        guard let current = index.sameProjects.currentKey[repository.id], let item = index.item(forKey: current) else {
            return repository
        }
        return index.repositories[item]
    }

    /// The repository by that name: from the catalog (under its current name when renamed, or when the catalog holds
    /// the project under a newer name too), else fetched from GitHub and added. 404 when nobody has it, 503 when
    /// GitHub cannot be asked now.
    private func repository(owner: String, name: String) async throws -> Repository {
        try await find(try InputMapping.repositoryName(owner: owner, name: name))
    }

    func find(_ name: RepositoryName) async throws -> Repository {
        switch try await finder.find(name) {
        case .found(let repository): return currentRecord(of: repository)
        case .notFound(let message): throw APIError.notFound(APIError.lookupProblem(message))
        case .unavailable(let message, let retryAfter):
            throw APIError(
                .serviceUnavailable, code: "github_unavailable", message: APIError.lookupProblem(message),
                retryAfter: retryAfter)
        }
    }

    func getClusters(_ input: Operations.GetClusters.Input) async throws -> Operations.GetClusters.Output {
        .ok(.init(body: .json(APISchemas.clusters(deck.recommender.clusters()))))
    }

    func getClusterRepositories(_ input: Operations.GetClusterRepositories.Input) async throws
        -> Operations.GetClusterRepositories.Output
    {
        let limit = try InputMapping.limit(input.query.limit, default: 20, maximum: 100)
        let recommender = deck.recommender
        let id = input.path.id.rawValue
        var excluded = Set<String>()
        if RequestIdentity.current.token != nil {
            let userID = try await accounts.authenticate()
            let seen = try await sessions.session(userID).seen(in: recommender.index)
            excluded = seen.signalled
            for item in 0..<recommender.index.count where seen.served.contains(item) {
                excluded.insert(recommender.index.repositories[item].repositoryName.key)
            }
        }
        guard let cluster = TopicCluster.all.first(where: { $0.id == id }),
            let repositories = recommender.repositories(inCluster: id, excluding: excluded, limit: limit)
        else { throw APIError.notFound(APIError.text("error.cluster.unknown", id)) }
        let size = recommender.clusters().first { $0.cluster.id == id }?.repositories ?? 0
        if RequestIdentity.current.token != nil {
            // Once per person, repository and UTC day, however often the area is browsed (issue 63, finding 7: 50
            // browses by one token counted 36 more dealt cards).
            let day = Day(containing: clock())
            await recordDealt(
                repositories.map(\.repositoryName), source: .cluster, userID: try await accounts.authenticate(),
                ids: { "cluster:\(day):\($0.key)" })
        }
        let viewers = try await viewerStates(of: repositories)
        let now = Date()
        return .ok(
            .init(
                body: .json(
                    .init(
                        cluster: .init(
                            id: input.path.id, name: Reason.areaName(cluster.id, Words(Language.current)), size: size),
                        items: repositories.map { APISchemas.repository($0, now: now, viewer: viewers?[$0.id]) }))))
    }

    func resolveLink(_ input: Operations.ResolveLink.Input) async throws -> Operations.ResolveLink.Output {
        let parsed: Route
        do {
            parsed = try Route(link: input.query.url)
        } catch {
            throw APIError.badRequest(Words(Language.current).linkProblem(error))
        }
        var repository: Repository?
        var route = parsed
        if case .repository(let name) = route {
            let found = try await find(name)
            repository = found
            // A renamed repository's old link resolves to its new name.
            if found.id != name.key { route = .repository(found.repositoryName) }
        }
        return .ok(.init(body: .json(APISchemas.resolvedLink(route, repository: repository, now: Date()))))
    }

    // MARK: Operations

    func getHealth(_ input: Operations.GetHealth.Input) async throws -> Operations.GetHealth.Output {
        do {
            // No count of the catalog (load balancers ask often): the snapshot days come from the index on `day`
            // (two days' rows), and an answer proves the database is there.
            let coverage = try await store.snapshotCoverage()
            let refresh = try await store.catalogRefreshes(limit: 1).first
            let now = Date()
            return .ok(
                .init(
                    body: .json(
                        .init(
                            status: .ready, repositories: deck.recommender.index.count,
                            newestSnapshotDay: coverage?.upperBound.description,
                            catalogAgeDays: coverage.map {
                                Day(containing: now).daysSinceEpoch - $0.upperBound.daysSinceEpoch
                            },
                            lastRefreshAt: refresh.map { $0.finishedAt ?? $0.heartbeatAt },
                            lastRefreshState: refresh.flatMap { .init(rawValue: $0.state.rawValue) }))))
        } catch {
            // The reason stays in the server's log: it can name hosts, files and queries.
            logger.warning("health: the database does not answer", metadata: ["error": "\(Redaction.describe(error))"])
            return .serviceUnavailable(
                .init(
                    headers: .init(retryAfter: 1),
                    body: .json(
                        .init(status: .unavailable, message: Self.databaseNotAnswering))))
        }
    }

    /// What `/health` and `/health/ready` say without the database (the reason stays in the log).
    static var databaseNotAnswering: String { APIError.text("error.health.database") }

    func getLiveness(_ input: Operations.GetLiveness.Input) async throws -> Operations.GetLiveness.Output {
        .ok(.init(body: .json(.init(status: .live))))
    }

    func getReadiness(_ input: Operations.GetReadiness.Input) async throws -> Operations.GetReadiness.Output {
        let notReady: (Components.Schemas.Health.StatusPayload, String) -> Operations.GetReadiness.Output = {
            .serviceUnavailable(.init(headers: .init(retryAfter: 1), body: .json(.init(status: $0, message: $1))))
        }
        switch readiness.current {
        case .starting: return notReady(.starting, APIError.text("error.health.starting"))
        case .draining: return notReady(.draining, APIError.text("error.health.draining"))
        case .serving: break
        }
        switch try await getHealth(.init()) {
        case .ok(let ready): return .ok(.init(body: .json(try ready.body.json)))
        default: return notReady(.unavailable, Self.databaseNotAnswering)
        }
    }

    /// Metrics for the operator only: with the configured token, or (without one) from this machine directly.
    func getMetrics(_ input: Operations.GetMetrics.Input) async throws -> Operations.GetMetrics.Output {
        let identity = RequestIdentity.current
        if let metricsToken {
            guard let token = identity.token, BearerToken.hash(token) == BearerToken.hash(metricsToken) else {
                throw APIError.unauthorized(APIError.text("error.metrics.token"))
            }
        } else if !identity.isLocal {
            throw APIError(.forbidden, code: "forbidden", message: APIError.text("error.metrics.local-only"))
        }
        return .ok(.init(body: .plainText(HTTPBody(metrics.render()))))
    }
}
