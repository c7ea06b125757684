import RepoFinderCore

extension Recommender {
    /// Repositories like the given one (for its detail page): starred by the same people (collaborative
    /// neighbours) and alike in owner, words, topics and language (content neighbours), archived ones left out, at
    /// most ``RecommenderConfiguration/maximumPerOwner`` per owner. Empty when the key is unknown.
    ///
    /// A collaborative tie counts only when at least ``RecommenderConfiguration/minimumPeople`` distinct people
    /// other than the viewer (whose positive signals are `viewerKeys`) stand behind it: a small server never
    /// reveals what one person liked, and a person's own likes are never shown back as "the same people".
    public func similar(to key: String, limit: Int = 10, viewerKeys: Set<String> = []) -> [Recommendation] {
        guard let source = index.item(forKey: key), limit > 0 else { return [] }
        let viewerHasSource = viewerKeys.contains(key)
        let minimum = index.configuration.minimumPeople
        var collaborative: [Int32: Float] = [:]
        var content: [Int32: Float] = [:]
        let collaborativeRange = index.collaborative.range(of: source)
        let contentRange = index.content.range(of: source)
        let collaborativeTop = collaborativeRange.first.map { index.collaborative.weights[$0] } ?? 0
        let contentTop = contentRange.first.map { index.content.weights[$0] } ?? 0
        for position in collaborativeRange where collaborativeTop > 0 {
            let neighbour = index.collaborative.ids[position]
            var people = Int(index.collaborative.support[position])
            if viewerHasSource, viewerKeys.contains(index.repositories[Int(neighbour)].id) { people -= 1 }
            guard people >= minimum else { continue }
            collaborative[neighbour] = index.collaborative.weights[position] / collaborativeTop
        }
        for position in contentRange where contentTop > 0 {
            content[index.content.ids[position]] = index.content.weights[position] / contentTop
        }
        // Content counts in full when nobody's signals link the repository yet.
        let contentShare: Float = collaborative.isEmpty ? 1 : 0.5
        let scored = Set(collaborative.keys).union(content.keys).compactMap { item -> Selection.Scored? in
            guard !index.archived[Int(item)] else { return nil }
            let score = (collaborative[item] ?? 0) + contentShare * (content[item] ?? 0)
            return Selection.Scored(item: item, score: score)
        }.sorted { $0.score > $1.score || ($0.score == $1.score && $0.item < $1.item) }
        var selection = Selection(
            size: limit, index: index, maximumPerOwner: index.configuration.maximumPerOwner,
            maximumPerCluster: limit)
        selection.offer(scored)
        let best = 1 + contentShare
        return selection.chosen.map { chosen in
            let item = Int(chosen.item)
            return Recommendation(
                repository: index.repositories[item],
                fit: Int((100 * chosen.score / best).rounded()).clamped(to: 0...100),
                details: similarityReasons(item, to: source, sharedPeople: collaborative[chosen.item] != nil),
                cluster: TopicCluster.all[Int(index.facts.clusterOf[item])], indexPosition: item)
        }
    }

    private func similarityReasons(_ item: Int, to source: Int, sharedPeople: Bool) -> [Reason] {
        var reasons: [Reason] = []
        if sharedPeople { reasons.append(.sameFans) }
        let sourceTopics = Set(index.facts.topics.range(of: source).map { index.facts.topics.ids[$0] })
        let shared = index.facts.topics.range(of: item).map { index.facts.topics.ids[$0] }.filter(sourceTopics.contains)
        if !shared.isEmpty {
            reasons.append(.sharesTopics(shared.prefix(3).map { index.facts.topicNumbering.names[Int($0)] }))
        }
        let language = index.facts.languageOf[item]
        if language >= 0, language == index.facts.languageOf[source] {
            reasons.append(.sameLanguage(index.facts.languages.names[Int(language)]))
        }
        if index.facts.ownerOf[item] == index.facts.ownerOf[source] {
            reasons.append(.sameOwner(index.repositories[item].owner.login))
        }
        return Array((reasons.isEmpty ? [.similarText] : reasons).prefix(3))
    }
}
