import Foundation

/// What a held-out NDCG cannot say about a discovery deck: how well it finds the long tail, how famous its first
/// cards are, and how many of them the person already knew.
///
/// - The long tail: NDCG@10 and HR@10 against the held-out stars outside the `headSize` most-starred repositories of
///   the catalog, for the people who have such stars (the rest of the list still counts as misses).
/// - The median star rank (1 = the most-starred repository of the catalog) of every person's first 20 cards, pooled.
/// - The share of the first 20 cards that the person starred elsewhere in the split (their held-out stars): cards
///   they already knew, not discoveries.
public struct DiscoveryMetrics: Sendable {
    /// How many of the most-starred repositories make the head; the rest is the long tail.
    public static let headSize = 1_000

    /// Ranking figures against long-tail held-out stars only.
    public private(set) var longTail = RankingMetrics()
    private var starRanks: [Int32] = []
    private var cards = 0
    private var known = 0

    public init() {}

    /// Adds one person's ranked list (best first) and held-out stars, as positions into `starRank`, which holds the
    /// star rank of every repository (``starRanks(of:within:)``).
    public mutating func add(ranked: [Int], relevant: Set<Int>, starRank: [Int32]) {
        let first = ranked.prefix(20)
        longTail.add(ranked: ranked, relevant: relevant.filter { starRank[$0] > Self.headSize })
        starRanks.append(contentsOf: first.map { starRank[$0] })
        cards += first.count
        known += first.filter(relevant.contains).count
    }

    /// Takes in another worker's figures.
    public mutating func merge(_ other: DiscoveryMetrics) {
        longTail.merge(other.longTail)
        starRanks.append(contentsOf: other.starRanks)
        cards += other.cards
        known += other.known
    }

    /// The median star rank of the first 20 cards, over everyone's cards.
    public var medianStarRank: Int {
        guard !starRanks.isEmpty else { return 0 }
        let sorted = starRanks.sorted()
        return Int(sorted[sorted.count / 2])
    }

    /// The share of the first 20 cards the person had starred in the held-out part.
    public var knownShare: Double { cards > 0 ? Double(known) / Double(cards) : 0 }

    /// `name long-tail NDCG@10=… HR@10=… (N people) median star rank of the first 20=… already starred=…%`.
    public func line(_ name: String) -> String {
        "\(name) long-tail NDCG@10=\(String(format: "%.3f", longTail.ndcg)) "
            + "HR@10=\(String(format: "%.3f", longTail.hitRate)) (\(longTail.users) people) "
            + "first-20 median star rank=\(medianStarRank) "
            + "already starred=\(String(format: "%.1f", 100 * knownShare))%"
    }

    /// The star rank of each of `stars` within a catalog whose star counts are `catalogStars`: one more than the
    /// number of catalog repositories with more stars (1 for the most-starred).
    public static func starRanks(of stars: [Int], within catalogStars: [Int]) -> [Int32] {
        let descending = catalogStars.sorted(by: >)
        return stars.map { count in
            var low = 0
            var high = descending.count
            while low < high {
                let middle = (low + high) / 2
                if descending[middle] > count { low = middle + 1 } else { high = middle }
            }
            return Int32(clamping: low + 1)
        }
    }
}
