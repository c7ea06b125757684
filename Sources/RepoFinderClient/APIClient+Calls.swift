import Foundation
import OpenAPIRuntime
import RepoFinderAPI
import RepoFinderAPIClient
public import RepoFinderCore

extension APIClient {
    public func preferences() async throws(ClientFailure) -> UserPreferences {
        try await personal { ResponseMapping.preferences(try await client.getPreferences(.init()).ok.body.json) }
    }

    public func savePreferences(_ preferences: UserPreferences) async throws(ClientFailure) -> UserPreferences {
        let body = try ResponseMapping.preferences(preferences)
        return try await personal {
            ResponseMapping.preferences(try await client.putPreferences(.init(body: .json(body))).ok.body.json)
        }
    }

    public func feed(limit: Int, filter: DeckFilter?) async throws(ClientFailure) -> FeedBatch {
        let query: Operations.GetFeed.Input.Query
        if let filter {
            let body = try ResponseMapping.deckFilter(filter)
            query =
                filter.isEmpty
                ? .init(limit: limit, filter: Operations.GetFeed.Input.Query.FilterPayload.none)
                : .init(
                    limit: limit, language: filter.languages.isEmpty ? nil : filter.languages, cluster: body.clusters,
                    minStars: filter.minimumStars > 0 ? filter.minimumStars : nil, health: body.health)
        } else {
            query = .init(limit: limit)
        }
        return try await personal {
            let feed = try await client.getFeed(.init(query: query)).ok.body.json
            return FeedBatch(
                cards: try feed.items.map(ResponseMapping.card), exhausted: feed.exhausted, message: feed.message,
                filter: feed.filter.map(ResponseMapping.deckFilter) ?? DeckFilter())
        }
    }

    public func giveBack(_ repositories: [RepositoryName]) async throws(ClientFailure) -> [RepositoryName] {
        let body = Components.Schemas.CardReturn(repos: repositories.map(\.fullName))
        return try await personal {
            try await client.returnCards(.init(body: .json(body))).ok.body.json.returned.compactMap {
                try? RepositoryName(parsing: $0)
            }
        }
    }

    public func deckFilter() async throws(ClientFailure) -> DeckFilterState {
        try await personal { ResponseMapping.deckFilterState(try await client.getDeckFilter().ok.body.json) }
    }

    public func saveDeckFilter(_ filter: DeckFilter) async throws(ClientFailure) -> DeckFilterState {
        let body = try ResponseMapping.deckFilter(filter)
        return try await personal {
            ResponseMapping.deckFilterState(try await client.putDeckFilter(.init(body: .json(body))).ok.body.json)
        }
    }

    public func record(_ interactions: [Interaction]) async throws(ClientFailure) -> RecordReceipt {
        let batch = Components.Schemas.InteractionBatch(interactions: interactions.map(ResponseMapping.interaction))
        return try await personal {
            let receipt = try await client.postInteractions(.init(body: .json(batch))).ok.body.json
            return RecordReceipt(accepted: receipt.accepted, duplicates: receipt.duplicates)
        }
    }

    public func withdraw(id: String) async throws(ClientFailure) {
        try await personal { _ = try await client.withdrawInteraction(.init(path: .init(id: id))).noContent }
    }

    public func list(_ list: UserList, page: Int, perPage: Int) async throws(ClientFailure) -> ResultPage<ListEntry> {
        try await personal {
            // Each operation has its own generated query type, so the two calls stay side by side.
            let body =
                switch list {
                case .saved: try await client.getSaved(.init(query: .init(page: page, perPage: perPage))).ok.body.json
                case .liked: try await client.getLiked(.init(query: .init(page: page, perPage: perPage))).ok.body.json
                }
            return ResultPage(
                items: try body.items.map {
                    ListEntry(repository: try ResponseMapping.repository($0.repository), addedAt: $0.addedAt)
                },
                page: body.page, perPage: body.perPage, total: body.total)
        }
    }

    public func remove(_ repository: RepositoryName, from list: UserList) async throws(ClientFailure) {
        let (owner, name) = (repository.owner, repository.name)
        try await personal {
            switch list {
            case .saved: _ = try await client.deleteSaved(.init(path: .init(owner: owner, name: name))).noContent
            case .liked: _ = try await client.deleteLiked(.init(path: .init(owner: owner, name: name))).noContent
            }
        }
    }

    public func stats() async throws(ClientFailure) -> PersonStats {
        try await personal {
            let stats = try await client.getStats(.init()).ok.body.json
            return PersonStats(
                counts: [
                    .like: stats.likes, .save: stats.saves, .skip: stats.skips, .view: stats.views, .open: stats.opens,
                    .star: stats.stars,
                ],
                languages: stats.topLanguages.map { .init(name: $0.name, count: $0.count) },
                topics: stats.topTopics.map { .init(name: $0.name, count: $0.count) }, liked: stats.liked,
                saved: stats.saved)
        }
    }

    public func trending(language: String?, window: TrendingWindow, page: Int, perPage: Int)
        async throws(ClientFailure) -> ResultPage<TrendingEntry>
    {
        try await call {
            let query = Operations.GetTrending.Input.Query(
                language: language, since: Components.Schemas.TrendingWindow(rawValue: window.rawValue), page: page,
                perPage: perPage)
            let body = try await client.getTrending(.init(query: query)).ok.body.json
            return ResultPage(
                items: try body.items.map {
                    TrendingEntry(
                        rank: $0.rank, repository: try ResponseMapping.repository($0.repository),
                        starsGained: $0.starsGained)
                }, page: body.page, perPage: body.perPage)
        }
    }

    public func search(_ request: SearchRequest) async throws(ClientFailure) -> SearchResultsPage {
        try await call {
            let query = Operations.Search.Input.Query(
                q: request.query, language: request.language, topic: request.topic,
                sort: Components.Schemas.SearchSort(rawValue: request.order.rawValue), page: request.page,
                perPage: request.perPage)
            let body = try await client.search(.init(query: query)).ok.body.json
            return SearchResultsPage(
                results: ResultPage(
                    items: try body.items.map(ResponseMapping.repository), page: body.page, perPage: body.perPage,
                    total: body.total),
                highlights: Set(body.highlights ?? []), didYouMean: body.didYouMean)
        }
    }

    public func searchSuggestions(_ text: String, limit: Int) async throws(ClientFailure) -> [SearchSuggestion] {
        try await call {
            try await client.suggestSearch(.init(query: .init(q: text, limit: limit))).ok.body.json.items.map {
                SearchSuggestion(
                    kind: SearchSuggestion.Kind(rawValue: $0.kind.rawValue) ?? .repository, text: $0.text,
                    count: $0.count)
            }
        }
    }

    public func repository(_ name: RepositoryName) async throws(ClientFailure) -> Repository {
        try await listedRepository(name).repository
    }

    public func listedRepository(_ name: RepositoryName) async throws(ClientFailure) -> RepositoryWithListings {
        try await call {
            let path = Operations.GetRepository.Input.Path(owner: name.owner, name: name.name)
            let body = try await client.getRepository(.init(path: path)).ok.body.json
            return RepositoryWithListings(
                repository: try ResponseMapping.repository(body),
                listings: try (body.lists ?? []).map { listing in
                    RepositoryListing(list: try CuratedListSource(id: listing.list), heading: listing.heading)
                })
        }
    }

    public func listSection(list: String, heading: [String], limit: Int, page: Int) async throws(ClientFailure)
        -> ListSectionPage
    {
        try await call {
            let input = Operations.GetListSection.Input(
                query: .init(list: list, heading: heading, limit: limit, page: page))
            let body = try await client.getListSection(input).ok.body.json
            return ListSectionPage(
                list: body.list, listURL: body.listURL, heading: body.heading,
                subheadings: body.subheadings.map { .init(name: $0.name, count: $0.count) }, listed: body.listed,
                inCatalog: body.inCatalog, repositories: try body.items.map(ResponseMapping.repository))
        }
    }

    /// The repository's daily star counts, oldest first, between `from` and `to` (both included; nil: all).
    public func starHistory(of name: RepositoryName, from: Day? = nil, to: Day? = nil) async throws(ClientFailure)
        -> [StarSnapshot]
    {
        try await call {
            let input = Operations.GetStarHistory.Input(
                path: .init(owner: name.owner, name: name.name),
                query: .init(from: from?.description, to: to?.description))
            let body = try await client.getStarHistory(input).ok.body.json
            let current = (try? RepositoryName(parsing: body.repository)) ?? name
            return body.days.compactMap { count in
                Day(count.day).map {
                    StarSnapshot(repository: current, day: $0, stars: count.stars, forks: count.forks)
                }
            }
        }
    }

    public func similar(to name: RepositoryName, limit: Int) async throws(ClientFailure) -> [Card] {
        try await call {
            let input = Operations.GetSimilar.Input(
                path: .init(owner: name.owner, name: name.name), query: .init(limit: limit))
            return try await client.getSimilar(input).ok.body.json.items.map(ResponseMapping.card)
        }
    }

    /// Other projects that do this repository's job (not its plugins or the same owner's), best first, as cards.
    public func alternatives(of name: RepositoryName, limit: Int = 10) async throws(ClientFailure) -> [Card] {
        try await call {
            let input = Operations.GetAlternatives.Input(
                path: .init(owner: name.owner, name: name.name), query: .init(limit: limit))
            return try await client.getAlternatives(input).ok.body.json.items.map(ResponseMapping.card)
        }
    }

    public func clusters() async throws(ClientFailure) -> [ClusterSummary] {
        try await call {
            try await client.getClusters(.init()).ok.body.json.items.map {
                ClusterSummary(id: $0.id.rawValue, name: $0.name, size: $0.size)
            }
        }
    }

    public func area(_ id: String, limit: Int) async throws(ClientFailure) -> AreaPage {
        guard let cluster = Components.Schemas.ClusterID(rawValue: id) else { throw .notFound("No area \(id).") }
        return try await personal {
            let input = Operations.GetClusterRepositories.Input(path: .init(id: cluster), query: .init(limit: limit))
            let body = try await client.getClusterRepositories(input).ok.body.json
            return AreaPage(
                area: ClusterSummary(id: body.cluster.id.rawValue, name: body.cluster.name, size: body.cluster.size),
                repositories: try body.items.map(ResponseMapping.repository))
        }
    }

    public func importGitHubStars(login: String) async throws(ClientFailure) -> StarImportProgress {
        try await personal {
            switch try await client.startGitHubStarImport(.init(body: .json(.init(login: login)))) {
            case .accepted(let started): ResponseMapping.starImport(try started.body.json)
            case .conflict(let running): ResponseMapping.starImport(try running.body.json)
            case .undocumented(let status, _): throw ClientFailure.from(status: status, message: nil, retryAfter: nil)
            default:
                throw ClientFailure.serverTrouble("The server answered the import in a way this app does not know.")
            }
        }
    }

    public func starImport(id: String) async throws(ClientFailure) -> StarImportProgress {
        try await personal {
            ResponseMapping.starImport(try await client.getImport(.init(path: .init(id: id))).ok.body.json)
        }
    }
}

extension APIClient {
    /// The person’s Home for their local day in `timeZone` (an IANA name, `TimeZone.current.identifier` say).
    public func home(timeZone: String) async throws(ClientFailure) -> HomeScreen {
        try await personal {
            let home = try await client.getHome(.init(query: .init(timeZone: timeZone))).ok.body.json
            return HomeScreen(
                greeting: home.greeting, day: home.day, onboarded: home.onboarded,
                pick: try home.pick.map { try ResponseMapping.card($0.item) },
                pickDecision: home.pick?.decision.flatMap { InteractionKind(rawValue: $0.rawValue) },
                pickMessage: home.pickMessage,
                movers: try home.moving.items.enumerated().map { index, item in
                    TrendingEntry(
                        rank: index + 1, repository: try ResponseMapping.repository(item.repository),
                        starsGained: item.starsGained)
                },
                moverLanguages: home.moving.languages, moversNote: home.moving.note,
                recentSaves: try home.recentSaves.map(ResponseMapping.repository), savedCount: home.savedCount,
                ask: home.ask.available
                    ? AskSlot(
                        suggestedQuestions: home.ask.suggestedQuestions, remainingQuestions: home.ask.remainingQuestions
                    )
                    : nil,
                catalogNote: home.catalog?.note)
        }
    }

    /// 2–4 repositories side by side (checked with ``CompareRequest`` before asking); with the device's account,
    /// each one's fit for the person too.
    public func compare(_ names: [RepositoryName]) async throws(ClientFailure) -> RepositoryComparison {
        try await call {
            let body = try await client.compare(.init(query: .init(repos: CompareRequest.text(names)))).ok.body.json
            var entries: [ComparedRepository] = []
            var fits: [Card?] = []
            for item in body.items {
                let repository = try ResponseMapping.repository(item.repository)
                let history = item.history.compactMap { count in
                    Day(count.day).map {
                        StarSnapshot(
                            repository: repository.repositoryName, day: $0, stars: count.stars, forks: count.forks)
                    }
                }
                entries.append(ComparedRepository(repository: repository, history: history, likedHere: item.likedHere))
                fits.append(
                    item.fitScore.map {
                        Card(repository: repository, fitScore: $0, reasons: item.fitReasons ?? [], cluster: "")
                    })
            }
            return RepositoryComparison(
                comparison: Comparison(entries, now: Date()), fits: fits, deepLink: body.deepLink)
        }
    }
}
