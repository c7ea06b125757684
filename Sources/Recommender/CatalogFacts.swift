import RepoFinderCore

/// Per-repository facts numbered densely: language, topics, owner, name words and primary cluster.
struct CatalogFacts {
    var languageOf: [Int32] = []
    var languageNames: [String] = []
    var languageByName: [String: Int32] = [:]
    var topics: NeighbourLists
    var topicNames: [String] = []
    var topicByName: [String: Int32] = [:]
    var nameWords: [[String]] = []
    var ownerOf: [Int32] = []
    var clusterOf: [UInt8] = []

    init(_ repositories: [Repository]) {
        var owners: [String: Int32] = [:]
        var topicLists: [[Neighbour]] = []
        topicLists.reserveCapacity(repositories.count)
        for repository in repositories {
            if let language = repository.language, !language.isEmpty {
                let key = language.lowercased()
                if let id = languageByName[key] {
                    languageOf.append(id)
                } else {
                    let id = Int32(languageNames.count)
                    languageByName[key] = id
                    languageNames.append(language)
                    languageOf.append(id)
                }
            } else {
                languageOf.append(-1)
            }
            var list: [Neighbour] = []
            for topic in repository.topics {
                let id: Int32
                if let known = topicByName[topic] {
                    id = known
                } else {
                    id = Int32(topicNames.count)
                    topicByName[topic] = id
                    topicNames.append(topic)
                }
                list.append(Neighbour(item: id, weight: 1))
            }
            topicLists.append(list)
            let owner = repository.owner.login.lowercased()
            if let id = owners[owner] {
                ownerOf.append(id)
            } else {
                let id = Int32(owners.count)
                owners[owner] = id
                ownerOf.append(id)
            }
            let words = Self.nameWords(repository.name)
            nameWords.append(words)
            let cluster = TopicCluster.primary(topics: repository.topics, nameWords: words, language: repository.language)
            clusterOf.append(UInt8(cluster))
        }
        topics = NeighbourLists(chunks: [topicLists])
    }

    /// The lowercase words of a repository name: `awesome-swift` → `awesome`, `swift`.
    static func nameWords(_ name: String) -> [String] {
        name.lowercased().split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }
}
