public import RepoFinderCore

extension Recommender {
    /// `candidates` — alternatives to the repository keyed `key` by meaning, best first — re-ranked with what people
    /// do: one starred by many of the same people as the seed is more likely the replacement people actually use.
    /// Reciprocal rank fusion of the meaning order and the order of the seed's collaborative ties (only ties at least
    /// ``RecommenderConfiguration/minimumPeople`` people stand behind, as similar shows); a candidate without a tie
    /// keeps its meaning rank. Without community signals, the candidates in their order.
    public func alternatives(among candidates: [Repository], to key: String, limit: Int) -> [Repository] {
        guard limit > 0 else { return [] }
        guard let source = index.item(forKey: key) else { return Array(candidates.prefix(limit)) }
        let minimum = index.configuration.minimumPeople
        var tieRank: [String: Int] = [:]
        for position in index.collaborative.range(of: source)
        where Int(index.collaborative.support[position]) >= minimum {
            let neighbour = index.repositories[Int(index.collaborative.ids[position])].id
            if tieRank[neighbour] == nil { tieRank[neighbour] = tieRank.count }
        }
        guard !tieRank.isEmpty else { return Array(candidates.prefix(limit)) }
        let depth = Double(Self.alternativeFusionDepth)
        let scored = candidates.enumerated().map { position, repository in
            var score = 1 / (depth + Double(position + 1))
            if let rank = tieRank[repository.id] {
                score += Self.alternativeTieWeight / (depth + Double(rank + 1))
            }
            return (repository, score, position)
        }
        return scored.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.2 < $1.2 }.prefix(limit).map(\.0)
    }

    /// Reciprocal rank fusion's constant for alternatives.
    static let alternativeFusionDepth = 10
    /// How much the order of people's ties counts against the order by meaning.
    static let alternativeTieWeight = 1.0
    /// How many candidates by meaning are re-ranked.
    public static let alternativeCandidates = 40
}
