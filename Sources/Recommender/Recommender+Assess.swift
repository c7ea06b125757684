public import Foundation
public import RepoFinderCore

extension Recommender {
    /// How well each of `keys` (`owner/name`, any case) fits a person, as on a card: a fit from 0 to 100 and the
    /// reasons. Unlike a deal, nothing is left out for being seen, signalled or archived — Compare asks about
    /// repositories the person chose. Nil for a key the index lacks (fetched on demand since the last build).
    ///
    /// A repository the person liked, saved, skipped or looked at is judged without their own signal about it, so it
    /// keeps the fit its card showed (a repository is not its own neighbour: with its own like counted, a liked
    /// repository read "0%" in Compare, and Ask's "why" gave a lower number than the card).
    public func assess(_ keys: [String], for taste: Taste, now: Date = Date()) -> [Recommendation?] {
        let scorer = Scorer(taste: taste, index: index)
        let writer = ReasonWriter(index: index, scorer: scorer, now: now)
        let signalled = Set(taste.signals.compactMap { index.itemByKey[$0.repositoryKey] })
        return keys.map { key in
            guard let item = index.item(forKey: key) else { return nil }
            guard signalled.contains(Int32(item)) else { return card(for: item, scorer: scorer, writer: writer) }
            var without = taste
            without.signals.removeAll { index.itemByKey[$0.repositoryKey] == Int32(item) }
            let alone = Scorer(taste: without, index: index)
            return card(for: item, scorer: alone, writer: ReasonWriter(index: index, scorer: alone, now: now))
        }
    }
}

extension RecommendationIndex {
    /// The catalog's languages among `preferences`' tech stack and interests, spelled as the catalog spells them, in
    /// the order given, at most `limit` ("swift" → "Swift"; frameworks and topics are not languages).
    public func languages(of preferences: UserPreferences, limit: Int = 3) -> [String] {
        var found: [String] = []
        for entry in preferences.techStack + preferences.interests {
            let key = entry.trimmedOfSpaces.lowercased()
            guard let id = facts.languages.ids[key] else { continue }
            let name = facts.languages.names[Int(id)]
            if !found.contains(name) { found.append(name) }
            if found.count == limit { break }
        }
        return found
    }
}

extension RecommendationIndex {
    /// The catalog's languages with the most repositories, most first (ties by name), at most `limit`, spelled as
    /// the catalog spells them.
    public func mostCommonLanguages(limit: Int) -> [String] {
        let names = facts.languages.names
        var counts = [Int](repeating: 0, count: names.count)
        for id in facts.languageOf where id >= 0 { counts[Int(id)] += 1 }
        let order = names.indices.sorted { counts[$0] != counts[$1] ? counts[$0] > counts[$1] : names[$0] < names[$1] }
        return order.prefix(max(0, limit)).map { names[$0] }
    }
}
