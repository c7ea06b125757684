public import Recommender
public import RepoFinderCore

extension APISchemas {
    /// Alternatives to `seed` as cards, in the order given: each one's fit and cluster as the recommender assessed
    /// them (`assessed`, one per repository, nil when its index lacks one: fit 0, the general cluster), and reasons
    /// saying what it shares with `seed`. Write them with ``card(_:now:viewers:)``, like similar repositories.
    public static func alternativeCards(
        _ repositories: [Repository], to seed: Repository, assessed: [Recommendation?],
        evidence: [String: AlternativeEvidence] = [:]
    ) -> [Recommendation] {
        repositories.enumerated().map { position, repository in
            let assessment = position < assessed.count ? assessed[position] : nil
            return Recommendation(
                repository: repository, fit: assessment?.fit ?? 0,
                details: alternativeReasons(repository, to: seed, evidence: evidence[repository.id]),
                cluster: assessment?.cluster ?? .general, indexPosition: assessment?.indexPosition)
        }
    }

    /// Whom an alternative's fit is for when no person asks: someone who likes the repository keyed `key` (an empty
    /// taste would give every card a fit of 0).
    public static func alternativeTaste(liking key: String) -> Taste {
        Taste(signals: [TasteSignal(repositoryKey: key, kind: .like)])
    }

    /// Up to three reasons: what the community and the repository itself say — that it replaces `seed`, in its own
    /// words, and the heading a curated list places both under — then the topics it shares with `seed` (at most
    /// three) and the same language; "does the same job" when there is nothing else.
    static func alternativeReasons(
        _ repository: Repository, to seed: Repository, evidence: AlternativeEvidence? = nil
    ) -> [Reason] {
        var reasons: [Reason] = []
        if evidence?.saysItReplaces == true { reasons.append(.saysItReplaces(seed.name)) }
        if let evidence, let list = evidence.list, !evidence.heading.isEmpty {
            reasons.append(.listedWith(list: list, heading: evidence.heading))
        }
        let seedTopics = Set(seed.topics.map { $0.lowercased() })
        let shared = repository.topics.filter { seedTopics.contains($0.lowercased()) }
        if !shared.isEmpty { reasons.append(.sharesTopics(Array(shared.prefix(3)))) }
        if let language = repository.language, language.lowercased() == seed.language?.lowercased() {
            reasons.append(.sameLanguage(language))
        }
        return reasons.isEmpty ? [.sameJob] : Array(reasons.prefix(3))
    }
}
