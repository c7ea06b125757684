import Foundation
public import RepoFinderCore
import Storage

extension CatalogSearchIndex {
    /// Suggestions while typing `text`: languages, topics and repositories whose name starts with it (spaces read
    /// as `-` or as nothing, so "home ass" offers home-assistant), most used or starred first; at most `limit`,
    /// mixing the kinds (up to 2 languages, 3 topics, the rest repositories, each kind filling what another leaves).
    /// The sorted lists are searched for where a prefix's entries begin and end, and only numbers are compared in
    /// between, so a single letter costs no more than a longer prefix.
    public func suggestions(_ text: String, limit: Int) -> [SearchSuggestion] {
        let typed = text.lowercased().trimmingCharacters(in: .whitespaces)
        guard !typed.isEmpty, limit > 0 else { return [] }
        let words = SearchText.words(typed)
        let prefixes = Set([typed, words.joined(separator: "-"), words.joined()].filter { !$0.isEmpty })

        let joined = words.joined()
        let languages = languageNames.indices.dropFirst().filter { id in
            languageNames[id].lowercased().hasPrefix(typed) || (!joined.isEmpty && languageKeys[id].hasPrefix(joined))
        }.sorted { languageCounts[$0] > languageCounts[$1] }.map {
            SearchSuggestion(kind: .language, text: languageNames[$0], count: languageCounts[$0])
        }

        // The most used topics, and the most starred repositories (the lowest numbers), of every prefix's range.
        var topicPositions = Best(limit: limit + 3)
        var documents = Best(limit: limit)
        for prefix in prefixes {
            for position in Self.range(of: prefix, in: topicsByText.count, { topicsByText[$0].topic }) {
                topicPositions.offer(position, rank: -topicsByText[position].repositories)
            }
            for position in Self.range(of: prefix, in: namesByText.count, { namesByText[$0].text }) {
                let document = Int(namesByText[position].document)
                documents.offer(document, rank: document)
            }
        }
        let topics = topicPositions.items.map { position in
            SearchSuggestion(
                kind: .topic, text: topicsByText[position].topic, count: topicsByText[position].repositories)
        }
        let repositories = documents.items.map {
            SearchSuggestion(kind: .repository, text: fullNames[$0], count: stars[$0])
        }

        // A few languages and topics, then repositories; what one kind leaves, the others take.
        var chosen = Array(languages.prefix(2)) + Array(topics.prefix(3))
        chosen += repositories.prefix(max(0, limit - chosen.count))
        chosen += topics.dropFirst(3).prefix(max(0, limit - chosen.count))
        chosen += languages.dropFirst(2).prefix(max(0, limit - chosen.count))
        return Array(chosen.prefix(limit))
    }

    /// The best few items offered, without repeats: lowest rank first, ties by the item.
    private struct Best {
        let limit: Int
        private(set) var entries: [(item: Int, rank: Int)] = []

        init(limit: Int) { self.limit = limit }

        var items: [Int] { entries.map(\.item) }

        mutating func offer(_ item: Int, rank: Int) {
            if entries.count == limit, let last = entries.last, (rank, item) >= (last.rank, last.item) { return }
            if entries.contains(where: { $0.item == item }) { return }
            let place = entries.firstIndex { (rank, item) < ($0.rank, $0.item) } ?? entries.count
            entries.insert((item, rank), at: place)
            if entries.count > limit { entries.removeLast() }
        }
    }

    /// The positions of a sorted list of `count` texts (`text(position)`) that begin with `prefix`.
    private static func range(of prefix: String, in count: Int, _ text: (Int) -> String) -> Range<Int> {
        func lowerBound(_ isBefore: (String) -> Bool) -> Int {
            var low = 0
            var high = count
            while low < high {
                let middle = (low + high) / 2
                if isBefore(text(middle)) { low = middle + 1 } else { high = middle }
            }
            return low
        }
        let start = lowerBound { $0 < prefix }
        // Every text beginning with the prefix sorts before the prefix followed by the last Unicode scalar.
        let end = lowerBound { $0 < prefix + "\u{10FFFF}" }
        return start..<max(start, end)
    }

    /// The lowercased words of `repositories`' names, owners, topics and descriptions that are among `terms` or
    /// `names` (two neighbouring words count when written together they are among `terms`), for faces to mark; in
    /// order of appearance.
    public static func highlights(
        in repositories: [Repository], matching terms: Set<String>, names: Set<String> = []
    ) -> [String] {
        guard !terms.isEmpty || !names.isEmpty else { return [] }
        let marked = terms.union(names)
        // The first parts of terms two words could be written together as: only a word among them is joined with
        // the next one to look it up.
        var firstParts = Set<Substring>()
        for term in terms where term.count >= 4 {
            for end in term.indices.dropFirst(2).dropLast(1) { firstParts.insert(term[..<end]) }
        }
        var found: [String] = []
        var seen = Set<String>()
        func mark(_ word: String) {
            if seen.insert(word).inserted { found.append(word) }
        }
        for repository in repositories {
            let texts =
                [repository.name, repository.owner.login, repository.description ?? ""] + repository.topics
            for text in texts {
                let words = SearchText.words(text)
                for (index, word) in words.enumerated() {
                    if marked.contains(word) { mark(word) }
                    if index + 1 < words.count, firstParts.contains(Substring(word)),
                        terms.contains(word + words[index + 1])
                    {
                        mark(word)
                        mark(words[index + 1])
                    }
                }
            }
        }
        return found
    }
}
