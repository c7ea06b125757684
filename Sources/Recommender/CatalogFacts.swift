import RepoFinderCore

/// Per-repository facts numbered densely: language, topics, owner, name words and primary cluster.
struct CatalogFacts: Sendable {
    /// Each repository's language (`-1`: none), numbered by lowercase name.
    var languageOf: [Int32] = []
    var languages = Numbering()
    /// Each repository's topics (as the ids of a neighbour list, weight 1).
    var topics: NeighbourLists
    var topicNumbering = Numbering()
    var nameWords: [[String]] = []
    /// Repositories by name word (the inverse of `nameWords`), for matching onboarding words without a scan.
    var itemsByNameWord: [String: [Int32]] = [:]
    var ownerOf: [Int32] = []
    var clusterOf: [UInt8] = []
    /// Each repository's topic words from curated lists' headings (``ListedTopics``) that are not among its own
    /// topics, numbered as topics: matched like topics and counted for its area, never shown as its topics.
    var listedTopics: [[Int32]] = []

    /// - Parameter listed: topic words from curated lists by repository key (``ListedTopics/byRepository(_:)``).
    init(_ repositories: [Repository], listed: [String: [String]] = [:]) {
        var owners = Numbering()
        // A language named by a list ("awesome-go" gives `go`) says nothing about a repository's area.
        let languageNames = Set(repositories.compactMap { $0.language?.lowercased() })
        var topicLists: [[Neighbour]] = []
        topicLists.reserveCapacity(repositories.count)
        for repository in repositories {
            if let language = repository.language, !language.isEmpty {
                languageOf.append(languages.id(for: language.lowercased(), spelled: language))
            } else {
                languageOf.append(-1)
            }
            var list: [Neighbour] = []
            for topic in repository.topics {
                list.append(Neighbour(item: topicNumbering.id(for: topic, spelled: topic), weight: 1))
            }
            topicLists.append(list)
            var extra: [String] = []
            var extraIDs: [Int32] = []
            for word in listed[repository.id] ?? [] where !repository.topics.contains(word) {
                extra.append(word)
                extraIDs.append(topicNumbering.id(for: word, spelled: word))
            }
            listedTopics.append(extraIDs)
            let owner = repository.owner.login
            ownerOf.append(owners.id(for: owner.lowercased(), spelled: owner))
            let words = Self.nameWords(repository.name)
            nameWords.append(words)
            for word in Set(words) { itemsByNameWord[word, default: []].append(Int32(nameWords.count - 1)) }
            let cluster = TopicCluster.primary(
                topics: repository.topics + extra.filter { !languageNames.contains($0) }, nameWords: words,
                language: repository.language,
                description: repository.description)
            clusterOf.append(UInt8(cluster))
        }
        topics = NeighbourLists(chunks: [topicLists])
    }

    /// The lowercase words of a repository name: `awesome-swift` → `awesome`, `swift`.
    static func nameWords(_ name: String) -> [String] {
        name.lowercased().split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }
}

/// Numbers names densely as they are first seen, remembering the first spelling of each.
struct Numbering: Sendable {
    /// Ids by key (a lowercase name, say).
    private(set) var ids: [String: Int32] = [:]
    /// Spellings by id.
    private(set) var names: [String] = []

    mutating func id(for key: String, spelled name: String) -> Int32 {
        if let id = ids[key] { return id }
        let id = Int32(names.count)
        ids[key] = id
        names.append(name)
        return id
    }
}
