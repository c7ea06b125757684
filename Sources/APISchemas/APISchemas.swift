public import Foundation
import Localization
public import Recommender
public import RepoFinderAPI
public import RepoFinderCore
public import Storage

/// The one writer of the API's JSON shapes (the generated `Components.Schemas` types of `openapi.yaml`) from
/// RepoFinder's values: the server answers with them and the command line's `--format json` prints them, so a script
/// moves between the two without translation. (The feed's hand-written encoder in the server writes the same shape,
/// and its tests compare it with these.)
public enum APISchemas {
    /// A repository as the contract's `Repository`; `lastUpdated` says its age at `now` (as of `age`'s newest day
    /// when that catalog is stale: ``ActivityFacts``); `viewer` is where it stands with the signed-in person, when
    /// the request has one.
    public static func repository(
        _ repository: Repository, now: Date, viewer: RepositoryState? = nil, age: CatalogAge? = CatalogAge.current,
        lists: [RepositoryListing]? = nil
    ) -> Components.Schemas.Repository {
        let activity = ActivityFacts(repository, now: now, age: age)
        let worded = activity.inCurrentLanguage(repository, now: now)
        return Components.Schemas.Repository(
            id: repository.githubID, name: repository.name, fullName: repository.fullName,
            description: repository.description, topics: repository.topics, stars: repository.stars,
            forks: repository.forks, openIssues: repository.openIssues, language: repository.language,
            url: repository.webURL.absoluteString,
            owner: .init(login: repository.owner.login, avatarUrl: repository.owner.displayAvatarURL.absoluteString),
            license: repository.license?.spdxID ?? repository.license?.name, pushedAt: repository.pushedAt,
            createdAt: repository.createdAt, archived: repository.archived,
            lastUpdated: worded.lastUpdated,
            checkedAt: repository.checkedAt,
            countsNote: worded.countsNote,
            health: activity.health.flatMap { .init(rawValue: $0.level.rawValue) },
            healthSummary: worded.healthSummary,
            goneAt: repository.goneAt,
            viewer: viewer.map { .init(liked: $0.liked, saved: $0.saved, skipped: $0.skipped) },
            lists: lists?.map { .init(list: $0.list.id, heading: $0.heading) })
    }

    /// A burst as the contract's `StarBurst`.
    public static func burst(_ burst: StarBurst) -> Components.Schemas.StarBurst {
        Components.Schemas.StarBurst(
            day: burst.day.description, gain: burst.gain, usualDailyGain: burst.usualDailyGain, note: burst.note)
    }

    /// Daily counts as the contract's `StarHistory` (`from`/`to` as asked, else the first and last day).
    public static func starHistory(
        _ snapshots: [StarSnapshot], of repository: Repository, from: Day?, to: Day?, now: Date
    ) -> Components.Schemas.StarHistory {
        Components.Schemas.StarHistory(
            repository: repository.fullName, from: (from ?? snapshots.first?.day)?.description,
            to: (to ?? snapshots.last?.day)?.description,
            days: snapshots.map { .init(day: $0.day.description, stars: $0.stars, forks: $0.forks) },
            note: snapshots.last.flatMap { CountsFreshness.note(for: $0.day, now: now) })
    }

    /// A dealt card (or a similar repository) as the contract's `FeedItem`.
    public static func card(
        _ card: Recommendation, now: Date, viewers: [String: RepositoryState]? = nil,
        age: CatalogAge? = CatalogAge.current
    ) -> Components.Schemas.FeedItem {
        Components.Schemas.FeedItem(
            repository: repository(card.repository, now: now, viewer: viewers?[card.repository.id], age: age),
            fitScore: card.fit, reasons: card.reasons(in: Words(Language.current)),
            reasonDetails: card.details.isEmpty ? nil : card.details.map(reason),
            cluster: cluster(card.cluster.id))
    }

    /// A card's reason as the contract's `Reason`: its kind and values.
    public static func reason(_ reason: Reason) -> Components.Schemas.Reason {
        var schema = Components.Schemas.Reason(kind: .init(rawValue: reason.kind) ?? .stars)
        switch reason {
        case .like(let repository, let action), .similar(let repository, let action):
            schema.repository = repository
            schema.action = .init(rawValue: action.rawValue)
        case .language(let value, let source), .topic(let value, let source), .word(let value, let source):
            schema.value = value
            schema.source = .init(rawValue: source.rawValue)
        case .mainArea(let id), .otherArea(let id), .area(let id): schema.area = id
        case .trending(let count, let asOf), .openIssues(let count, let asOf), .active(let count, let asOf):
            schema.count = count
            schema.asOf = asOf?.description
        case .popular(let count, let wellKept):
            schema.count = count
            schema.wellKept = wellKept
        case .stars(let count): schema.count = count
        case .sharesTopics(let topics): schema.topics = topics
        case .sameLanguage(let value), .sameOwner(let value): schema.value = value
        case .listedWith(let list, let heading):
            schema.list = list
            schema.heading = heading
        case .saysItReplaces(let value): schema.value = value
        case .peopleLikeYou, .sameFans, .similarText, .sameJob: break
        }
        return schema
    }

    /// A deck as the contract's `Feed`, with the filter it was dealt within.
    public static func feed(_ deck: Deck, filter: DeckFilter = DeckFilter(), now: Date) -> Components.Schemas.Feed {
        Components.Schemas.Feed(
            catalog: staleCatalog(deck.age, now: now),
            items: deck.cards.map { card($0, now: now, age: deck.age) }, exhausted: deck.exhausted,
            message: deck.exhaustedMessage,
            filter: deckFilter(filter))
    }

    /// An old catalog as the contract's `StaleCatalog`; nil while it is fresh.
    public static func staleCatalog(_ age: CatalogAge?, now: Date) -> Components.Schemas.StaleCatalog? {
        age?.note(now: now).map { .init(asOf: $0.asOf.description, ageDays: $0.ageDays, note: $0.text) }
    }

    /// A cluster id as the contract's `ClusterID` (`general` for one the contract does not know).
    public static func cluster(_ id: String) -> Components.Schemas.ClusterID {
        Components.Schemas.ClusterID(rawValue: id) ?? .general
    }

    /// The clusters and their sizes as the contract's `ClusterList`.
    public static func clusters(_ sizes: [ClusterSize]) -> Components.Schemas.ClusterList {
        Components.Schemas.ClusterList(
            items: sizes.map {
                .init(
                    id: cluster($0.cluster.id), name: Reason.areaName($0.cluster.id, Words(Language.current)),
                    size: $0.repositories)
            })
    }

    /// A page of trending repositories as the contract's `TrendingPage`: the entries of `list` from `offset` on.
    public static func trendingPage(
        _ list: TrendingList?, offset: Int = 0, window: TrendingWindow, language: String?,
        bursts: BurstFilter = .hidden, page: PageRequest, now: Date, viewers: [String: RepositoryState]? = nil
    ) -> Components.Schemas.TrendingPage {
        let items = (list?.entries ?? []).dropFirst(offset).map { entry in
            Components.Schemas.TrendingItem(
                rank: entry.rank,
                repository: repository(entry.repository, now: now, viewer: viewers?[entry.repository.id]),
                starsGained: entry.starsGained,
                burst: entry.burst.map(burst))
        }
        return Components.Schemas.TrendingPage(
            items: items, since: .init(rawValue: window.rawValue) ?? .daily, language: language,
            from: list?.start?.description, to: list?.end?.description, bursts: .init(rawValue: bursts.rawValue),
            note: list?.end.flatMap { CountsFreshness.note(for: $0, now: now) }, page: page.page,
            perPage: page.perPage)
    }

    /// A page of search results as the contract's `SearchPage`.
    public static func searchPage(
        _ result: Page<Repository>, page: PageRequest, now: Date, viewers: [String: RepositoryState]? = nil,
        highlights: [String] = [], didYouMean: String? = nil
    ) -> Components.Schemas.SearchPage {
        Components.Schemas.SearchPage(
            items: result.items.map { repository($0, now: now, viewer: viewers?[$0.id]) }, total: result.total,
            page: page.page, perPage: page.perPage, highlights: highlights, didYouMean: didYouMean)
    }

    /// Suggestions while typing, as the contract's `SearchSuggestions`.
    public static func searchSuggestions(_ suggestions: [SearchSuggestion]) -> Components.Schemas.SearchSuggestions {
        Components.Schemas.SearchSuggestions(
            items: suggestions.map { suggestion in
                Components.Schemas.SearchSuggestion(
                    kind: Components.Schemas.SearchSuggestion.KindPayload(rawValue: suggestion.kind.rawValue)
                        ?? .repository,
                    text: suggestion.text, count: suggestion.count)
            })
    }

    /// A resolved link as the contract's `ResolvedLink`, with the repository when the catalog has it.
    public static func resolvedLink(_ route: Route, repository found: Repository?, now: Date)
        -> Components.Schemas.ResolvedLink
    {
        var resolved = Components.Schemas.ResolvedLink(
            kind: .discover, deepLink: route.deepLink, webPath: route.webPath)
        switch route {
        case .repository:
            resolved.kind = .repository
            resolved.repository = found.map { repository($0, now: now) }
        case .trending(let language, let since):
            resolved.kind = .trending
            resolved.language = language
            resolved.since = .init(rawValue: since.rawValue)
        case .search(let query):
            resolved.kind = .search
            resolved.query = query
        case .saved: resolved.kind = .saved
        case .liked: resolved.kind = .liked
        case .discover(let filter):
            resolved.kind = .discover
            resolved.filter = filter.map(deckFilter)
        case .profile: resolved.kind = .profile
        case .home: resolved.kind = .home
        case .compare(let names):
            resolved.kind = .compare
            resolved.repos = names.map(\.fullName)
        case .area(let id):
            resolved.kind = .area
            resolved.area = id
        case .list(let list, let heading):
            resolved.kind = .list
            resolved.list = list
            resolved.heading = heading
        }
        return resolved
    }

    /// The catalog's figures as the contract's `CatalogStatistics`.
    public static func statistics(
        _ statistics: StoreStatistics, database: String, lastRefresh: CatalogRefreshRun? = nil
    ) -> Components.Schemas.CatalogStatistics {
        Components.Schemas.CatalogStatistics(
            database: database, schemaVersion: statistics.schemaVersion, repositories: statistics.repositories,
            topics: statistics.topics, starSnapshots: statistics.starSnapshots,
            firstSnapshotDay: statistics.firstSnapshotDay?.description,
            lastSnapshotDay: statistics.lastSnapshotDay?.description, users: statistics.users,
            interactions: statistics.interactions, lastRefreshAt: lastRefresh.map { $0.finishedAt ?? $0.heartbeatAt },
            lastRefreshState: lastRefresh.flatMap { .init(rawValue: $0.state.rawValue) },
            lastRefreshChecked: lastRefresh?.summary.checked, lastRefreshRequests: lastRefresh?.summary.requests)
    }

    /// Preferences as the contract's `Preferences`.
    public static func preferences(_ preferences: UserPreferences) -> Components.Schemas.Preferences {
        Components.Schemas.Preferences(
            name: preferences.name,
            primaryCluster: preferences.primaryCluster.flatMap(Components.Schemas.ClusterID.init(rawValue:)),
            secondaryClusters: preferences.secondaryClusters.compactMap(Components.Schemas.ClusterID.init(rawValue:)),
            techStack: preferences.techStack, interests: preferences.interests,
            experienceLevel: preferences.experienceLevel.flatMap { .init(rawValue: $0.rawValue) },
            projectType: preferences.projectType,
            goals: preferences.goals.compactMap { .init(rawValue: $0.rawValue) },
            onboardingCompleted: preferences.onboardingCompleted,
            language: preferences.language.flatMap { .init(rawValue: $0) },
            analytics: preferences.sharesAnalytics)
    }
}
