import Foundation
import RepoFinderCore

/// Writes the one to three reasons of a card, strongest contribution first, in words a person understands:
/// "Swift — in your tech stack", "like vapor/vapor, which you liked", "trending this week (+664 stars)".
///
/// Every reason is a fact that holds when it is read: activity is measured against today while the catalog is fresh,
/// and as of its newest day, saying so, once it is stale (``CatalogAge``); what other people did is said only when
/// enough of them stand behind it (``RecommenderConfiguration/minimumPeople``; the person is never one of them).
struct ReasonWriter {
    let index: RecommendationIndex
    let scorer: Scorer
    /// Today: activity is judged at it, or as of a stale catalog's newest day (``CatalogAge/judging(_:now:)``).
    let now: Date
    /// The stale catalog's newest day, for "trending in the week to …"; nil while it is fresh.
    let staleDay: Day?

    init(index: RecommendationIndex, scorer: Scorer, now: Date) {
        self.index = index
        self.scorer = scorer
        self.now = now
        staleDay = index.age.isStale(now: now) ? index.age.newestDay : nil
    }

    /// A reason before it is put in words: a card weighs several and words only the three strongest.
    private enum Draft {
        case source(Int32, isContent: Bool)
        case peopleLikeYou
        case language(Int32, PreferenceProfile.Source)
        case topic(Int32, PreferenceProfile.Source)
        case word(String, PreferenceProfile.Source)
        case mainCluster(Int)
        case secondaryCluster(Int)
        case trending(gain: Int)
        case openIssues(Int, asOf: Day?)
        case popular(stars: Int, wellKept: Bool)
        case active(daysSincePush: Int, asOf: Day?)
    }

    func reasons(for item: Int) -> [Reason] {
        let parts = scorer.parts(item)
        let preferences = scorer.preferences
        var candidates: [(value: Float, draft: Draft)] = []
        // A named source says more than "people like you": the factors' share counts towards it when there is one.
        let source = scorer.similarity.isEmpty ? Scorer.Source.none : scorer.similarity[item].source
        let personal = parts.collaborative + parts.content + parts.implicit
        let minimum = index.configuration.minimumPeople
        // A collaborative tie ("like X, which you liked") speaks of other people: only with enough of them behind it.
        let sourceHolds =
            source.item >= 0
            && (source.isContent || index.collaborative.support(of: item, for: Int(source.item)) >= minimum)
        if sourceHolds, personal > 0.05 * scorer.weights.collaborative {
            candidates.append((personal, .source(source.item, isContent: source.isContent)))
        } else if parts.implicit > 0.3 * scorer.weights.implicit, index.communityCount[item] >= minimum {
            candidates.append((parts.implicit, .peopleLikeYou))
        }
        if scorer.weights.preference > 0 {
            let weight = scorer.weights.preference
            let language = index.facts.languageOf[item]
            if language >= 0, let source = preferences.languages[language] {
                candidates.append((0.75 * weight, .language(language, source)))
            }
            var topicName: String?
            if !preferences.topics.isEmpty {
                for position in index.facts.topics.range(of: item) {
                    let topic = index.facts.topics.ids[position]
                    if let source = preferences.topics[topic],
                        index.facts.topicNumbering.names[Int(topic)] != languageName(language)
                    {
                        candidates.append((0.74 * weight, .topic(topic, source)))
                        topicName = index.facts.topicNumbering.names[Int(topic)]
                        break
                    }
                }
            }
            // A word of the name that is also the topic just given ("#ios" and "ios") would say the same twice.
            if !preferences.words.isEmpty,
                let word = index.facts.nameWords[item].first(where: {
                    preferences.words[$0] != nil && $0.caseInsensitiveCompare(topicName ?? "") != .orderedSame
                }),
                let source = preferences.words[word], language < 0 || preferences.languages[language] == nil
            {
                candidates.append((0.45 * weight, .word(word, source)))
            }
            let cluster = Int(index.facts.clusterOf[item])
            if cluster == preferences.primaryCluster {
                candidates.append((0.25 * weight, .mainCluster(cluster)))
            } else if preferences.secondaryClusters.contains(cluster) {
                candidates.append((0.15 * weight, .secondaryCluster(cluster)))
            }
        }
        let repository = index.repositories[item]
        let prior = scorer.weights.prior
        if index.priors.trendGain[item] > 0, index.priors.trend[item] > 0.3 {
            candidates.append((0.3 * prior + 0.05, .trending(gain: Int(index.priors.trendGain[item]))))
        }
        let judged = index.age.judging(repository, now: now)
        let health = repository.health(now: judged.moment)
        let asOf = judged.asOf
        if preferences.goals.contains(.contributing), let issues = repository.openIssues, issues > 0,
            health?.level == .active
        {
            candidates.append((0.5 * prior * index.priors.activity[item] + 0.01, .openIssues(issues, asOf: asOf)))
        }
        if index.priors.popularity[item] > 0.6 {
            let wellKept = preferences.experience == .beginner && index.priors.wellKept[item] >= 0.7
            candidates.append(
                (0.6 * prior * index.priors.popularity[item], .popular(stars: repository.stars, wellKept: wellKept)))
        }
        if let health, health.level == .active, let days = health.daysSincePush {
            candidates.append((0.3 * prior * index.priors.freshness[item], .active(daysSincePush: days, asOf: asOf)))
        }
        var reasons = candidates.enumerated().sorted {
            $0.element.value > $1.element.value || ($0.element.value == $1.element.value && $0.offset < $1.offset)
        }.prefix(3).map { reason(of: $0.element.draft) }
        if reasons.isEmpty {
            reasons.append(
                repository.stars > 0
                    ? .stars(repository.stars) : .area(TopicCluster.all[Int(index.facts.clusterOf[item])].id))
        }
        return reasons
    }

    private func reason(of draft: Draft) -> Reason {
        switch draft {
        case .source(let item, let isContent):
            isContent
                ? .similar(repository: name(item), action: action(item))
                : .like(repository: name(item), action: action(item))
        case .peopleLikeYou: .peopleLikeYou
        case .language(let language, let source):
            .language(index.facts.languages.names[Int(language)], source: source.reasonSource)
        case .topic(let topic, let source):
            .topic(index.facts.topicNumbering.names[Int(topic)], source: source.reasonSource)
        case .word(let word, let source): .word(word, source: source.reasonSource)
        case .mainCluster(let cluster): .mainArea(TopicCluster.all[cluster].id)
        case .secondaryCluster(let cluster): .otherArea(TopicCluster.all[cluster].id)
        case .trending(let gain): .trending(gain: gain, weekTo: staleDay)
        case .openIssues(let issues, let asOf): .openIssues(count: issues, asOf: asOf)
        case .popular(let stars, let wellKept): .popular(stars: stars, wellKept: wellKept)
        case .active(let days, let asOf): .active(days: days, asOf: asOf)
        }
    }

    private func name(_ item: Int32) -> String { index.repositories[Int(item)].fullName }

    private func action(_ item: Int32) -> Reason.Action {
        scorer.positives.first { $0.item == item }?.kind.reasonAction ?? .liked
    }

    private func languageName(_ language: Int32) -> String? {
        language >= 0 ? index.facts.languages.names[Int(language)].lowercased() : nil
    }
}
