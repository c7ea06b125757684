import Foundation
public import RepoFinderCore

/// Onboarding answers resolved against the index: which languages, topics, name words and clusters to favour.
struct PreferenceProfile {
    /// Where a preference came from, for reasons ("in your tech stack" or "one of your interests").
    enum Source {
        case techStack
        case interest
        case project

        /// The same, as a reason names it.
        var reasonSource: Reason.Source {
            switch self {
            case .techStack: .techStack
            case .interest: .interest
            case .project: .project
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
    /// `languages` as flags by id, the repositories holding one of `topics` (and, apart, how many of them those with
    /// several hold), and the repositories whose names hold one of `words`: what ``match(_:in:)`` reads for every
    /// candidate, without hashing or walking each candidate's topics.
    private var languageWanted: [Bool] = []
    private var topicMatches = ItemBits(capacity: 0)
    private var severalTopics: [Int32: Int] = [:]
    private var wordMatches = ItemBits(capacity: 0)
    /// What ``clusterMatch(_:in:)`` gives each cluster (by position in ``TopicCluster/all``).
    private var clusterWeights: [Float] = []
    /// This person's prior of every repository (shared with everyone of the same ``PriorBlend``).
    private var priors: [Float] = []
    /// Learning material (the Learning resources area, or topics such as `tutorial`, `beginner`, `examples`), read
    /// only for beginners and advanced people (``levelShift(_:)``).
    private var learningKind = ItemBits(capacity: 0)
    /// ``sharedByStack`` once the answers are read: ``match(_:in:)`` runs for every candidate of every deal.
    private var stackShare: Float = 0.75

    /// Topics that mark learning material and approachable projects.
    static let learningTopics = [
        "tutorial", "tutorials", "beginner", "beginners", "beginner-friendly", "learn", "learning", "examples",
        "example", "course", "education", "guide", "interview", "good-first-issue", "first-timers-only",
    ]

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
            let text = entry.trimmedOfSpaces.lowercased()
            guard !text.isEmpty else { continue }
            if let language = index.facts.languages.ids[text], languages[language] == nil {
                languages[language] = source
            }
            let forms = [
                text, text.replacingOccurrences(of: " ", with: "-"), text.replacingOccurrences(of: " ", with: ""),
                text.replacingOccurrences(of: ".", with: ""),
            ]
            for form in forms {
                if let topic = index.facts.topicNumbering.ids[form], topics[topic] == nil { topics[topic] = source }
            }
            if !text.contains(" "), words[text] == nil { words[text] = source }
            if let cluster = clusterIndex(text), cluster != primaryCluster { secondaryClusters.insert(cluster) }
        }
        if let project = preferences.projectType { addProject(project, index: index) }
        languageWanted = [Bool](repeating: false, count: index.facts.languages.names.count)
        for language in languages.keys { languageWanted[Int(language)] = true }
        topicMatches = ItemBits(capacity: topics.isEmpty ? 0 : index.count)
        for topic in topics.keys {
            for item in index.byTopic[Int(topic)] {
                if topicMatches.contains(Int(item)) {
                    severalTopics[item, default: 1] += 1
                } else {
                    topicMatches.insert(Int(item))
                }
            }
        }
        priors = index.priors(for: PriorBlend(experience: experience, goals: goals))
        clusterWeights = TopicCluster.all.indices.map { cluster in
            cluster == primaryCluster ? 1 : secondaryClusters.contains(cluster) ? 0.6 : 0
        }
        wordMatches = ItemBits(capacity: words.isEmpty ? 0 : index.count)
        for word in words.keys {
            for item in index.facts.itemsByNameWord[word] ?? [] { wordMatches.insert(Int(item)) }
        }
        stackShare = sharedByStack
        if experience == .beginner || experience == .advanced {
            learningKind = ItemBits(capacity: index.count)
            if let learning = TopicCluster.all.firstIndex(where: { $0.id == "learning" }) {
                for item in index.byCluster[learning] { learningKind.insert(Int(item)) }
            }
            for word in Self.learningTopics {
                guard let topic = index.facts.topicNumbering.ids[word] else { continue }
                for item in index.byTopic[Int(topic)] { learningKind.insert(Int(item)) }
            }
        }
    }

    /// What the person's experience does to a repository's match: learning material and approachable projects within
    /// what they asked for come forward for a beginner (+0.15), and step back for an advanced person (−0.15), who is
    /// after depth; nothing for anyone else.
    func levelShift(_ item: Int, match: Float) -> Float {
        guard learningKind.capacity > 0, learningKind.contains(item) else { return 0 }
        switch experience {
        case .beginner: return match > 0 ? 0.15 : 0
        case .advanced: return -0.15
        case .intermediate, nil: return 0
        }
    }

    /// Words of a project description that say nothing about its subject.
    private static let projectStopWords: Set<String> = [
        "a", "an", "the", "my", "our", "for", "and", "or", "with", "of", "to", "in", "on", "new", "some", "small",
        "big", "side", "app", "apps", "application", "applications", "tool", "tools", "project", "projects", "thing",
    ]

    /// The project type in the person's words ("mobile app", "CLI tool", "ML pipeline"): its words and word pairs
    /// that are topics favour those topics (after the stack's and the interests' own), and those that belong to a
    /// cluster (a cluster's topic or name word) make it a further area. Languages and name words are left to the stack.
    private mutating func addProject(_ project: String, index: RecommendationIndex) {
        let words = project.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
            .filter { !Self.projectStopWords.contains($0) }
        let forms = words + zip(words, words.dropFirst()).map { "\($0)-\($1)" }
        for form in forms where form.count >= 2 {
            if let topic = index.facts.topicNumbering.ids[form], topics[topic] == nil { topics[topic] = .project }
            let cluster = TopicCluster.all.indices.first { position in
                let cluster = TopicCluster.all[position]
                return cluster.id != "general"
                    && (cluster.id == form || cluster.topics.contains(form) || cluster.nameWords.contains(form))
            }
            if let cluster, cluster != primaryCluster { secondaryClusters.insert(cluster) }
        }
    }

    /// The share of ``match(_:in:)`` that stack, interests and name words carry; the rest is the area's.
    private var sharedByStack: Float {
        let toldStack = !(languages.isEmpty && topics.isEmpty && words.isEmpty)
        let toldArea = primaryCluster != nil || !secondaryClusters.isEmpty
        return toldStack && toldArea ? 0.5 : 0.75
    }

    /// Whether onboarding said anything the deck can use for matching.
    var isEmpty: Bool {
        languages.isEmpty && topics.isEmpty && words.isEmpty && primaryCluster == nil && secondaryClusters.isEmpty
    }

    /// How well a repository matches, 0…1. Language and topics each count 0.85 alone (0.05 more per further
    /// matching topic) and 1 together; a name word 0.5. When the person named areas as well as a stack or interests,
    /// that is half the value and the cluster (primary 1, secondary 0.6) the other half: a repository in their main
    /// area counts as much as one in their language, so a stack shared by many areas (Python, Go) does not fill a
    /// security person's deck with Python lists. With only one of the two told, three quarters and a quarter.
    func match(_ item: Int, in index: RecommendationIndex) -> Float {
        let language = index.facts.languageOf[item]
        let languageHit = language >= 0 && languageWanted[Int(language)]
        var topicHits = 0
        if topicMatches.contains(item) {
            topicHits = severalTopics.isEmpty ? 1 : severalTopics[Int32(item)] ?? 1
        }
        var best: Float
        if languageHit, topicHits > 0 {
            best = 1
        } else if languageHit || topicHits > 0 {
            best = min(1, 0.85 + 0.05 * Float(max(0, topicHits - 1)))
        } else if wordMatches.contains(item) {
            best = 0.5
        } else {
            best = 0
        }
        let match = stackShare * best + (1 - stackShare) * clusterMatch(item, in: index)
        return min(1, max(0, match + levelShift(item, match: match)))
    }

    /// How much of what the person told us a repository matches, 0…1, for the fit they see (not the ranking, which
    /// uses ``match(_:in:)``): each kind of evidence adds its own share, so the labels separate cards — their language
    /// 0.35; their area 0.30 (a secondary one 0.18); their interests and stack as topics 0.2 for one, 0.35 for two or
    /// more (a name word 0.1). Language and main area alone make a good fit (65); a strong one needs what they are
    /// interested in too.
    func fitMatch(_ item: Int, in index: RecommendationIndex) -> Float {
        let language = index.facts.languageOf[item]
        let languageHit: Float = language >= 0 && languageWanted[Int(language)] ? 0.35 : 0
        var topics: Float = 0
        if topicMatches.contains(item) {
            topics = (severalTopics.isEmpty ? 1 : severalTopics[Int32(item)] ?? 1) > 1 ? 0.35 : 0.2
        } else if wordMatches.contains(item) {
            topics = 0.1
        }
        return languageHit + 0.3 * clusterMatch(item, in: index) + topics
    }

    /// How well a repository's cluster matches: 1 for the primary cluster, 0.6 for a secondary one.
    func clusterMatch(_ item: Int, in index: RecommendationIndex) -> Float {
        clusterWeights[Int(index.facts.clusterOf[item])]
    }

    /// How much the prior counts for this person: more for beginners (popular, well-kept first matters most).
    var priorEmphasis: Float { experience == .beginner ? 1.5 : 1 }

    /// The prior for this person (``PriorBlend``), read from the index's table for their blend.
    func prior(_ item: Int, in index: RecommendationIndex) -> Float {
        priors[item]
    }
}

/// How a person's prior mixes the index's priors; people with the same experience and the same of the two goals that
/// matter share one table of it (``RecommendationIndex/priors(for:)``).
struct PriorBlend: Hashable {
    var experience: ExperienceLevel?
    var contributing: Bool
    var learningNewTech: Bool

    init(experience: ExperienceLevel?, goals: Set<Goal>) {
        self.experience = experience
        contributing = goals.contains(.contributing)
        learningNewTech = goals.contains(.learningNewTech)
    }

    /// The prior of one repository: beginners lean on popular, well-kept repositories; advanced people on fresh
    /// ones; "contributing" favours active repositories with open issues.
    func prior(_ item: Int, _ priors: Priors) -> Float {
        var value: Float
        switch experience {
        case .beginner:
            value = 0.6 * priors.popularity[item] + 0.25 * priors.wellKept[item] + 0.15 * priors.freshness[item]
        case .advanced:
            // Fresh work, and not only the famous: less-known repositories get a fifth back.
            value =
                0.25 * priors.popularity[item] + 0.55 * priors.freshness[item] + 0.2 * (1 - priors.popularity[item])
        case .intermediate, nil:
            value = 0.6 * priors.popularity[item] + 0.4 * priors.freshness[item]
        }
        value = 0.85 * value + 0.15 * priors.trend[item]
        if contributing { value = 0.5 * value + 0.5 * priors.activity[item] }
        if learningNewTech { value = 0.9 * value + 0.1 * priors.wellKept[item] }
        return value
    }
}

/// Onboarding answers resolved against one index, ready to score with. A session that deals batch after batch keeps
/// one in its ``Taste`` instead of resolving the same answers (names, topics, word matches) on every request.
public struct PreparedPreferences: Sendable {
    let profile: PreferenceProfile
    let preferences: UserPreferences
    let index: ObjectIdentifier
}

extension RecommendationIndex {
    /// `preferences` resolved against this index (used by a ``Taste`` with the same preferences on this index).
    public func prepare(_ preferences: UserPreferences) -> PreparedPreferences {
        PreparedPreferences(
            profile: PreferenceProfile(preferences, index: self), preferences: preferences,
            index: ObjectIdentifier(self))
    }
}

extension PreparedPreferences {
    /// Whether this was prepared from these preferences on this index.
    public func fits(_ preferences: UserPreferences, _ index: RecommendationIndex) -> Bool {
        self.index == ObjectIdentifier(index) && self.preferences == preferences
    }
}
