import Foundation
import OpenAPIRuntime
import Recommender
import RepoFinderAPI
import RepoFinderCore
import Storage

extension DiscoveryAPI {
    func getTrending(_ input: Operations.GetTrending.Input) async throws -> Operations.GetTrending.Output {
        let page = try Mapping.page(input.query.page, input.query.perPage)
        let language = try Mapping.filter(input.query.language, "language")
        let window = TrendingWindow(rawValue: (input.query.since ?? .daily).rawValue) ?? .daily
        let reach = page.page * page.perPage
        var items: [Components.Schemas.TrendingItem] = []
        var from: String?
        var to: String?
        if page.offset < TrendingQuery.maximumLimit {
            let list = try await store.trending(
                TrendingQuery(language: language, window: window, limit: min(reach, TrendingQuery.maximumLimit)))
            let now = Date()
            items = list.entries.dropFirst(page.offset).map {
                .init(
                    rank: $0.rank, repository: Mapping.repository($0.repository, now: now), starsGained: $0.starsGained)
            }
            from = list.start?.description
            to = list.end?.description
        }
        return .ok(
            .init(
                body: .json(
                    .init(
                        items: items, since: .init(rawValue: window.rawValue) ?? .daily, language: language, from: from,
                        to: to, page: page.page, perPage: page.perPage))))
    }

    func search(_ input: Operations.Search.Input) async throws -> Operations.Search.Output {
        let page = try Mapping.page(input.query.page, input.query.perPage)
        let text = input.query.q.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw APIError.badRequest("'q' is empty: say what to search for.") }
        guard text.count <= Route.maximumQueryLength else {
            throw APIError.badRequest("'q' is at most \(Route.maximumQueryLength) characters.")
        }
        let query = SearchQuery(
            text: text, language: try Mapping.filter(input.query.language, "language"),
            topic: try Mapping.filter(input.query.topic, "topic")?.lowercased(),
            sort: SearchSort(rawValue: (input.query.sort ?? .bestMatch).rawValue) ?? .bestMatch, page: page)
        let result = try await store.search(query)
        let now = Date()
        return .ok(
            .init(
                body: .json(
                    .init(
                        items: result.items.map { Mapping.repository($0, now: now) }, total: result.total,
                        page: page.page, perPage: page.perPage))))
    }

    func getRepository(_ input: Operations.GetRepository.Input) async throws -> Operations.GetRepository.Output {
        let repository = try await repository(owner: input.path.owner, name: input.path.name)
        return .ok(.init(body: .json(Mapping.repository(repository, now: Date()))))
    }

    func getSimilar(_ input: Operations.GetSimilar.Input) async throws -> Operations.GetSimilar.Output {
        let limit = try Mapping.limit(input.query.limit, default: 10, maximum: 50)
        let name = try Mapping.repositoryName(owner: input.path.owner, name: input.path.name)
        let recommender = deck.recommender
        guard recommender.index.item(forKey: name.key) != nil else {
            throw APIError.notFound("\(name.fullName) is not in the catalog.")
        }
        let now = Date()
        let items = recommender.similar(to: name.key, limit: limit).map { Mapping.card($0, now: now) }
        return .ok(.init(body: .json(.init(items: items))))
    }

    private func repository(owner: String, name: String) async throws -> Repository {
        let name = try Mapping.repositoryName(owner: owner, name: name)
        guard let repository = try await store.repository(named: name) else {
            throw APIError.notFound("\(name.fullName) is not in the catalog.")
        }
        return repository
    }

    func getClusters(_ input: Operations.GetClusters.Input) async throws -> Operations.GetClusters.Output {
        let items = deck.recommender.clusters().map {
            Components.Schemas.Cluster(id: Mapping.cluster($0.cluster.id), name: $0.cluster.name, size: $0.repositories)
        }
        return .ok(.init(body: .json(.init(items: items))))
    }

    func getClusterRepositories(_ input: Operations.GetClusterRepositories.Input) async throws
        -> Operations.GetClusterRepositories.Output
    {
        let limit = try Mapping.limit(input.query.limit, default: 20, maximum: 100)
        let recommender = deck.recommender
        let id = input.path.id.rawValue
        var excluded = Set<String>()
        if RequestIdentity.current.token != nil {
            let userID = try await people.authenticate()
            let seen = try await people.session(userID).seen(in: recommender.index)
            excluded = seen.signalled
            for item in 0..<recommender.index.count where seen.served.contains(item) {
                excluded.insert(recommender.index.repositories[item].repositoryName.key)
            }
        }
        guard let cluster = TopicCluster.all.first(where: { $0.id == id }),
            let repositories = recommender.repositories(inCluster: id, excluding: excluded, limit: limit)
        else { throw APIError.notFound("No cluster '\(id)'.") }
        let size = recommender.clusters().first { $0.cluster.id == id }?.repositories ?? 0
        let now = Date()
        return .ok(
            .init(
                body: .json(
                    .init(
                        cluster: .init(id: input.path.id, name: cluster.name, size: size),
                        items: repositories.map { Mapping.repository($0, now: now) }))))
    }

    func resolveLink(_ input: Operations.ResolveLink.Input) async throws -> Operations.ResolveLink.Output {
        let route: Route
        do {
            route = try Route(link: input.query.url)
        } catch {
            throw APIError.badRequest(error.description)
        }
        var resolved = Components.Schemas.ResolvedLink(
            kind: .discover, deepLink: route.deepLink, webPath: route.webPath)
        switch route {
        case .repository(let name):
            resolved.kind = .repository
            resolved.repository = Mapping.repository(
                try await repository(owner: name.owner, name: name.name), now: Date())
        case .trending(let language, let since):
            resolved.kind = .trending
            resolved.language = language
            resolved.since = .init(rawValue: since.rawValue)
        case .search(let query):
            resolved.kind = .search
            resolved.query = query
        case .saved: resolved.kind = .saved
        case .liked: resolved.kind = .liked
        case .discover: resolved.kind = .discover
        case .profile: resolved.kind = .profile
        }
        return .ok(.init(body: .json(resolved)))
    }

    // MARK: Operations

    func getHealth(_ input: Operations.GetHealth.Input) async throws -> Operations.GetHealth.Output {
        do {
            // A ping, not a count: load balancers ask often, and counting a large catalog takes a while.
            try await store.ping()
            return .ok(.init(body: .json(.init(status: .ready, repositories: deck.recommender.index.count))))
        } catch {
            return .serviceUnavailable(
                .init(body: .json(.init(status: .unavailable, message: "The database does not answer: \(error)"))))
        }
    }

    func getMetrics(_ input: Operations.GetMetrics.Input) async throws -> Operations.GetMetrics.Output {
        .ok(.init(body: .plainText(HTTPBody(metrics.render()))))
    }
}
