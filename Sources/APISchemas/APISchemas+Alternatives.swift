public import Recommender
public import RepoFinderCore

extension APISchemas {
    /// Alternatives to `seed` as cards, in the order given: each one's fit and cluster as the recommender assessed
    /// them (`assessed`, one per repository, nil when its index lacks one: fit 0, the general cluster), and reasons
    /// saying what it shares with `seed`. Write them with ``card(_:now:viewers:)``, like similar repositories.
    public static func alternativeCards(
        _ repositories: [Repository], to seed: Repository, assessed: [Recommendation?]
    ) -> [Recommendation] {
        repositories.enumerated().map { position, repository in
            let assessment = position < assessed.count ? assessed[position] : nil
            return Recommendation(
                repository: repository, fit: assessment?.fit ?? 0,
                details: alternativeReasons(repository, to: seed),
                cluster: assessment?.cluster ?? .general, indexPosition: assessment?.indexPosition)
        }
    }

    /// Whom an alternative's fit is for when no person asks: someone who likes the repository keyed `key` (an empty
    /// taste would give every card a fit of 0).
    public static func alternativeTaste(liking key: String) -> Taste {
        Taste(signals: [TasteSignal(repositoryKey: key, kind: .like)])
    }

    /// Up to two reasons: the topics it shares with `seed` (at most three) and the same language.
    static func alternativeReasons(_ repository: Repository, to seed: Repository) -> [Reason] {
        var reasons: [Reason] = []
        let seedTopics = Set(seed.topics.map { $0.lowercased() })
        let shared = repository.topics.filter { seedTopics.contains($0.lowercased()) }
        if !shared.isEmpty { reasons.append(.sharesTopics(Array(shared.prefix(3)))) }
        if let language = repository.language, language.lowercased() == seed.language?.lowercased() {
            reasons.append(.sameLanguage(language))
        }
        return reasons.isEmpty ? [.sameJob] : reasons
    }
}
