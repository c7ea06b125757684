public import Foundation
public import RepoFinderCore
import Synchronization

/// The repositories a ``DeckFilter`` allows in one index (never an archived one), best prior first, and as bits: made
/// once per filter and day (health is measured in days) and kept with the index, so a deal within a filter looks only
/// at what it allows and checks a candidate with one bit — however narrow the filter, and after it ran dry.
struct FilterDomain: Sendable {
    /// Allowed repositories, best prior first.
    let items: [Int32]
    /// The same, as bits of the index.
    let bits: ItemBits

    /// Works the domain out: each repository of the index checked once against the filter at `now` (its health as
    /// of a stale catalog's newest day: ``CatalogAge/judging(_:now:)``).
    init(_ filter: DeckFilter, index: RecommendationIndex, now: Date) {
        let languages: Set<Int32>? =
            filter.languages.isEmpty
            ? nil : Set(filter.languages.compactMap { index.facts.languages.ids[$0.lowercased()] })
        let clusters: Set<UInt8>? =
            filter.clusters.isEmpty
            ? nil
            : Set(filter.clusters.compactMap { id in TopicCluster.all.firstIndex { $0.id == id }.map(UInt8.init) })
        // The one rule every face applies (``DeckFilter/allows(_:cluster:now:)``), once per repository here.
        func allows(_ item: Int) -> Bool {
            let repository = index.repositories[item]
            return filter.allows(
                repository, cluster: TopicCluster.all[Int(index.facts.clusterOf[item])].id,
                now: index.age.judging(repository, now: now).moment)
        }
        // Languages or areas name lists that hold every repository they allow; else the whole catalog by prior.
        let lists: [[Int32]] =
            if let languages {
                languages.sorted().map { index.byLanguage[Int($0)] }
            } else if let clusters {
                clusters.sorted().map { index.byCluster[Int($0)] }
            } else {
                [index.byPrior]
            }
        var bits = ItemBits(capacity: index.count)
        var items: [Int32] = []
        for list in lists {
            for item in list where allows(Int(item)) {
                bits.insert(Int(item))
                items.append(item)
            }
        }
        if lists.count > 1 {
            // Several lists: back into one order by prior (each list already is).
            let rank = index.priorRank
            items.sort { rank[Int($0)] < rank[Int($1)] }
        }
        self.items = items
        self.bits = bits
    }
}

/// The domains worked out for an index, by filter and day; at most ``capacity``, the least recently used going
/// first (a stream of new filters never costs the ones in use their domains).
final class FilterDomains: Sendable {
    struct Key: Hashable {
        let filter: DeckFilter
        let day: Int

        init(_ filter: DeckFilter, now: Date) {
            self.filter = filter
            self.day = Int((now.timeIntervalSince1970 / 86_400).rounded(.down))
        }
    }

    static let capacity = 128
    private let domains = Mutex(LRUCache<Key, FilterDomain>(capacity: capacity))

    /// The domain of `filter` on the day of `now` (worked out on first use).
    func domain(_ filter: DeckFilter, index: RecommendationIndex, now: Date) -> FilterDomain {
        let key = Key(filter, now: now)
        if let known = domains.withLock({ $0.value(for: key) }) { return known }
        let domain = FilterDomain(filter, index: index, now: now)
        domains.withLock { $0.set(domain, for: key) }
        return domain
    }

    /// Whether the domain of `filter` on the day of `now` is kept (using it costs nothing).
    func contains(_ filter: DeckFilter, now: Date) -> Bool {
        domains.withLock { $0.peek(Key(filter, now: now)) != nil }
    }
}

/// A ``DeckFilter`` as a deal checks it: nothing to check, or membership of its domain.
struct ResolvedFilter {
    let domain: FilterDomain?

    init(_ filter: DeckFilter, index: RecommendationIndex, now: Date) {
        domain = filter.isEmpty ? nil : index.filterDomains.domain(filter, index: index, now: now)
    }

    /// Whether the repository at `item` is inside the filter (archived or seen is the scorer's concern).
    func allows(_ item: Int) -> Bool {
        domain?.bits.contains(item) ?? true
    }
}

extension Recommender {
    /// Whether dealing within `filter` today costs nothing more: it is empty, or its domain is already worked out
    /// (working one out reads the whole catalog, so a server budgets new ones per client).
    public func hasResolved(_ filter: DeckFilter, now: Date = Date()) -> Bool {
        filter.isEmpty || index.filterDomains.contains(filter, now: now)
    }

    /// How many repositories of the catalog `filter` allows (archived ones never count), seen or not.
    public func matching(_ filter: DeckFilter, now: Date = Date()) -> Int {
        filter.isEmpty ? index.byPrior.count : index.filterDomains.domain(filter, index: index, now: now).items.count
    }
}
