public import Foundation
import Localization
public import Recommender
public import RepoFinderCore
public import Storage

/// The tools over what RepoFinder holds: the store (search, repositories, trending, star history) and the
/// recommender (neighbours, a person's fit), for `person` when someone asks.
public struct CatalogAskTools: AskTools {
    let store: any CatalogStore & CatalogUpkeepStore
    let recommender: Recommender
    let person: (any AskPerson)?
    public let now: Date
    /// The recommender's catalog's age (activity judged as of its newest day once it is stale).
    public var catalogAge: CatalogAge? { recommender.index.age }
    /// Where trending lists and star histories come from: the store by default; a server passes its caches (both are
    /// the same for everyone for minutes, and reading them costs milliseconds).
    let trendingList: @Sendable (TrendingQuery) async throws -> TrendingList
    let starHistory: @Sendable (Repository) async throws -> [StarSnapshot]

    public init(
        store: any CatalogStore & CatalogUpkeepStore, recommender: Recommender, person: (any AskPerson)?,
        now: Date = Date(),
        trending: (@Sendable (TrendingQuery) async throws -> TrendingList)? = nil,
        history: (@Sendable (Repository) async throws -> [StarSnapshot])? = nil
    ) {
        self.store = store
        self.recommender = recommender
        self.person = person
        self.now = now
        self.trendingList = trending ?? { try await store.trending($0) }
        self.starHistory =
            history ?? {
                try await store.starSnapshots(of: $0.repositoryName).last(days: ComparedRepository.historyDays)
            }
    }

    public func search(_ text: String, language: String?, limit: Int) async throws -> [Repository] {
        // No words: the language's best-known repositories ("rust projects"); neither: nothing to search for.
        guard !text.isEmpty || language != nil else { return [] }
        // Words alone: the engine asks by meaning where it means to (``search(_:meaning:language:limit:)``).
        var query = SearchQuery(
            text: text, language: language, now: now, page: PageRequest(page: 1, perPage: min(limit, 100)))
        query.matchesMeaning = false
        return try await store.searchResults(query).page.items
    }

    public func search(_ text: String, meaning: String, language: String?, limit: Int) async throws -> MeaningMatches {
        guard !text.isEmpty || !meaning.isEmpty || language != nil else { return MeaningMatches(repositories: []) }
        let query = SearchQuery(
            text: text, language: language, now: now, page: PageRequest(page: 1, perPage: min(limit, 100)),
            meaning: meaning.isEmpty ? nil : meaning)
        let results = try await store.searchResults(query)
        return MeaningMatches(
            repositories: results.page.items, closeness: results.closeness, completeMatches: results.completeMatches,
            anyWordKnown: !results.highlights.isEmpty, bestWordShare: results.bestWordShare,
            weakCloseness: results.weakCloseness)
    }

    public func alternatives(to repository: Repository, limit: Int) async throws -> [Repository] {
        recommender.alternatives(
            among: try await store.alternatives(
                to: repository.id, limit: max(limit, Recommender.alternativeCandidates)),
            to: repository.id, limit: limit)
    }

    public func replacing(_ name: String, limit: Int) async throws -> [Repository] {
        try await store.replacing(name, limit: limit)
    }

    public func repository(named name: String) async throws -> Repository? {
        if name.contains("/") {
            guard let parsed = try? RepositoryName(parsing: name) else { return nil }
            if let found = try await store.repository(named: parsed) { return found }
            guard let current = try await store.currentName(of: parsed) else { return nil }
            return try await store.repository(named: current)
        }
        var wanted = Self.comparable(name)
        // "moment.js" is moment/moment, "vue.js" vuejs/core: the name without the language people add to it.
        for suffix in [".js", "js"] where name.lowercased().hasSuffix(suffix) && wanted.count > suffix.count + 2 {
            if let found = try await repository(named: String(name.dropLast(suffix.count))) { return found }
            wanted = Self.comparable(String(name.dropLast(suffix.count)))
        }
        guard !wanted.isEmpty else { return nil }
        let found = try await search(name, language: nil, limit: 30)
        let same = found.filter { Self.comparable($0.name) == wanted }
        if let best = same.max(by: { $0.stars < $1.stars }) { return best }
        // "vue" is vuejs/core: an owner named for it ("vue", "vuejs", "vuelang"), its most starred.
        let owners = [wanted, wanted + "js", wanted + "lang"]
        let owned = found.filter { owners.contains(Self.comparable($0.owner.login)) && $0.stars >= 1_000 }
        return owned.max(by: { $0.stars < $1.stars })
    }

    /// A name as people spell it loosely: lowercased, without "-", "_", "." or spaces.
    static func comparable(_ name: String) -> String {
        String(name.lowercased().filter { !"-_. ".contains($0) })
    }

    public func similar(to repository: Repository, limit: Int) async throws -> [Repository] {
        recommender.similar(to: repository.id, limit: limit).map(\.repository)
    }

    public func clusters(of repositories: [Repository]) async throws -> [String?] {
        recommender.assess(repositories.map(\.id), for: Taste()).map { $0?.cluster.id }
    }

    public func trending(language: String?, window: TrendingWindow, limit: Int) async throws -> TrendingList {
        try await trendingList(TrendingQuery(language: language, window: window, limit: limit))
    }

    public func compare(_ repositories: [Repository]) async throws -> Comparison {
        var entries: [ComparedRepository] = []
        let index = recommender.index
        for repository in repositories {
            let history = try await starHistory(repository)
            let liked = index.item(forKey: repository.id).map { Int(index.communityCount[$0]) } ?? 0
            entries.append(ComparedRepository(repository: repository, history: history, likedHere: liked))
        }
        return Comparison(entries, now: now)
    }

    public func list(_ list: RepositoryList) async throws -> [Repository] {
        try await person?.list(list) ?? []
    }

    public func reasons(for repository: Repository) async throws -> (fit: Int, reasons: [String])? {
        guard let card = try await person?.assess(repository.id, recommender: recommender) else { return nil }
        return (card.fit, card.reasons(in: Words(Language.current)))
    }
}

/// The person asking, as the tools need them: their lists and the recommender's view of them.
public protocol AskPerson: Sendable {
    /// Their `list`, most recently added first.
    func list(_ list: RepositoryList) async throws -> [Repository]
    /// How `key` fits them (fit and reasons), as a card would say; nil when the recommender's index lacks it.
    func assess(_ key: String, recommender: Recommender) async throws -> Recommendation?
}

/// A person given by their lists and taste (the command line's `--like` / `--save`, tests, evaluation).
public struct GivenPerson: AskPerson {
    /// Each list, oldest first (as added).
    public var lists: [RepositoryList: [Repository]]
    public var taste: Taste

    public init(lists: [RepositoryList: [Repository]], taste: Taste) {
        self.lists = lists
        self.taste = taste
    }

    public func list(_ list: RepositoryList) async throws -> [Repository] {
        (lists[list] ?? []).reversed()
    }

    public func assess(_ key: String, recommender: Recommender) async throws -> Recommendation? {
        recommender.assess([key], for: taste).first ?? nil
    }

    /// A person whose lists are these `owner/name`s (oldest first), looked up in `store`, their taste the likes and
    /// saves; the names the store lacks (or that are no names) are left out and returned.
    public static func named(
        saved: [String], liked: [String], in store: any CatalogStore & CatalogUpkeepStore
    ) async throws -> (person: GivenPerson, missing: [String]) {
        var lists: [RepositoryList: [Repository]] = [:]
        var signals: [TasteSignal] = []
        var missing: [String] = []
        for (list, names, kind) in [(RepositoryList.saved, saved, SignalKind.save), (.liked, liked, .like)] {
            for name in names {
                guard let parsed = try? RepositoryName(parsing: name),
                    let repository = try await store.repository(named: parsed)
                else {
                    missing.append(name)
                    continue
                }
                lists[list, default: []].append(repository)
                signals.append(TasteSignal(repositoryKey: repository.id, kind: kind))
            }
        }
        return (GivenPerson(lists: lists, taste: Taste(signals: signals)), missing)
    }
}
