import Foundation
import RepoFinderCore

/// Onboarding answers resolved against the index: which languages, topics, name words and clusters to favour.
struct PreferenceProfile {
    /// Where a preference came from, for reasons ("in your tech stack" or "one of your interests").
    enum Source {
        case techStack
        case interest

        var phrase: String {
            switch self {
            case .techStack: "in your tech stack"
            case .interest: "one of your interests"
            }
        }
    }

    var languages: [Int32: Source] = [:]
    var topics: [Int32: Source] = [:]
    var words: [String: Source] = [:]
    var primaryCluster: Int?
    var secondaryClusters: Set<Int> = []
    var experience: ExperienceLevel?
    var goals: Set<Goal> = []

    init(_ preferences: UserPreferences, index: RecommendationIndex) {
        experience = preferences.experienceLevel
        goals = Set(preferences.goals)
        func clusterIndex(_ text: String) -> Int? {
            TopicCluster.named(text).flatMap { found in TopicCluster.all.firstIndex { $0.id == found.id } }
        }
        primaryCluster = preferences.primaryCluster.flatMap(clusterIndex)
        for text in preferences.secondaryClusters {
            if let cluster = clusterIndex(text), cluster != primaryCluster { secondaryClusters.insert(cluster) }
        }
        let entries =
            preferences.techStack.map { ($0, Source.techStack) } + preferences.interests.map { ($0, Source.interest) }
        for (entry, source) in entries {
            let text = entry.trimmingCharacters(in: .whitespaces).lowercased()
            guard !text.isEmpty else { continue }
            if let language = index.languageByName[text], languages[language] == nil { languages[language] = source }
            let forms = [
                text, text.replacingOccurrences(of: " ", with: "-"), text.replacingOccurrences(of: " ", with: ""),
                text.replacingOccurrences(of: ".", with: ""),
            ]
            for form in forms {
                if let topic = index.topicByName[form], topics[topic] == nil { topics[topic] = source }
            }
            if !text.contains(" "), words[text] == nil { words[text] = source }
            if let cluster = clusterIndex(text), cluster != primaryCluster { secondaryClusters.insert(cluster) }
        }
    }

    /// Whether onboarding said anything the deck can use for matching.
    var isEmpty: Bool {
        languages.isEmpty && topics.isEmpty && words.isEmpty && primaryCluster == nil && secondaryClusters.isEmpty
    }

    /// How well a repository matches, 0…1: the best of language (1), topics (0.85, +0.05 per further topic) and
    /// name words (0.6), three quarters of the value; the cluster (primary 1, secondary 0.6), the last quarter.
    func match(_ item: Int, in index: RecommendationIndex) -> Float {
        var best: Float = 0
        if let language = Optional(index.languageOf[item]), language >= 0, languages[language] != nil { best = 1 }
        if best < 1, !topics.isEmpty {
            var hits = 0
            for position in index.topics.range(of: item) where topics[index.topics.ids[position]] != nil { hits += 1 }
            if hits > 0 { best = max(best, min(1, 0.85 + 0.05 * Float(hits - 1))) }
        }
        if best < 0.6, !words.isEmpty, index.nameWords[item].contains(where: { words[$0] != nil }) { best = 0.6 }
        return 0.75 * best + 0.25 * clusterMatch(item, in: index)
    }

    func clusterMatch(_ item: Int, in index: RecommendationIndex) -> Float {
        let cluster = Int(index.clusterOf[item])
        if cluster == primaryCluster { return 1 }
        return secondaryClusters.contains(cluster) ? 0.6 : 0
    }

    /// The prior for this person: beginners lean on popular, well-kept repositories; advanced people on fresh ones;
    /// "contributing" favours active repositories with open issues.
    func prior(_ item: Int, in index: RecommendationIndex) -> Float {
        var value: Float
        switch experience {
        case .beginner:
            value = 0.55 * index.popularity[item] + 0.25 * index.wellKept[item] + 0.2 * index.freshness[item]
        case .advanced:
            value = 0.4 * index.popularity[item] + 0.6 * index.freshness[item]
        case .intermediate, nil:
            value = 0.6 * index.popularity[item] + 0.4 * index.freshness[item]
        }
        value = 0.85 * value + 0.15 * index.trend[item]
        if goals.contains(.contributing) { value = 0.5 * value + 0.5 * index.activity[item] }
        if goals.contains(.learningNewTech) { value = 0.9 * value + 0.1 * index.wellKept[item] }
        return value
    }
}
