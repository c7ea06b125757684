import Foundation
public import RepoFinderCore
public import Semantics
import Synchronization

/// The catalog's search index, in memory: an inverted index over names, owners, topics, descriptions, languages and
/// the curated-list headings each repository is placed under (BM25F with per-field weights and length normalisation), the facts filters and sorts need, and sorted lists for
/// suggestions. SQLite and PostgreSQL stay the stores of record: the index is built from them (``SearchIndexCache``)
/// and answers with repository keys, which the store then reads — so both engines give the same answers.
///
/// Repositories are numbered most-starred first (ties by name), so "most stars" is the numbering itself, and a star
/// floor is a prefix of it.
public final class CatalogSearchIndex: Sendable {
    /// The fields, in the order of ``SearchRanking/fieldWeights``.
    enum Field: Int, CaseIterable {
        case name, owner, topics, description, language, headings

        /// How many bits a field's count takes in ``Posting/counts``: five (a count is capped at 31, far past where
        /// BM25's saturation stops telling counts apart).
        static let bits: UInt32 = 5
        /// The largest count a field keeps.
        static let most: UInt32 = (1 << bits) - 1
    }

    /// One repository's use of one term: a count per field, ``Field/bits`` bits each.
    struct Posting {
        var document: UInt32
        var counts: UInt32

        func count(_ field: Int) -> UInt32 { (counts >> (Field.bits * UInt32(field))) & Field.most }
    }

    let ranking: SearchRanking
    let count: Int
    // Per repository, by number: the repository itself (search answers with it), then the facts ranking reads.
    let catalog: [Repository]
    let keys: [String]
    let fullNames: [String]
    let stars: [Int]
    let forks: [Int]
    let openIssues: [Int?]
    let pushedAt: [Date?]
    let archived: [Bool]
    /// `log10(stars + 10) ^ popularity`, the popularity part of the prior.
    let popularityPrior: [Double]
    let languageOf: [UInt16]
    /// Per field, per repository: the field's weight over its length normalisation (`norms[field * count + n]`).
    let norms: [Float]
    // Terms.
    let termIDs: [String: UInt32]
    let terms: [String]
    /// Postings of term `t`: `postings[postingStart[t]..<postingStart[t + 1]]`, by repository number.
    let postingStart: [Int]
    let postings: [Posting]
    /// Term ids in the order of their text, for completions: words only, not neighbours written together (a
    /// completion of `file` is `filesystem`, never `filesand`).
    let termsByText: [UInt32]
    /// The same words in the order of their text read backwards, each with that text: for words a term ends with.
    let termsByEnding: [(ending: String, term: UInt32)]
    // Filters, sorts and names.
    let languageIDs: [String: UInt16]
    let languageNames: [String]
    /// Each language's words written together, lowercased (`objectivec`), for suggestions.
    let languageKeys: [String]
    let languageCounts: [Int]
    let topicMembers: [String: [UInt32]]
    /// Topics in alphabetical order with how many repositories carry each.
    let topicsByText: [(topic: String, repositories: Int)]
    let forkRank: [UInt32]
    let pushRank: [UInt32]
    let forkOrder: [UInt32]
    let pushOrder: [UInt32]
    /// A repository's name written together (`homeassistant`) → the repositories named so.
    let exactNames: [String: [UInt32]]
    /// Names, full names, and both written together, alphabetically, with their repository: for suggestions.
    let namesByText: [(text: String, document: UInt32)]
    /// Ranking's working arrays, kept between searches (allocating and zeroing five arrays of the catalog's size
    /// was a fifth of a search).
    let rankBuffers = Mutex<[RankBuffers]>([])
    /// What each repository is about, as vectors (nil without an embedder), and the embedder for queries.
    let vectors: VectorRows?
    let embedder: TextEmbedder?
    /// What reads questions (Ask's meanings) into the vectors' space, when the sentence model is installed: asked
    /// for at the first question, so that a process that never gets one never loads the model.
    let questionReaderSource: @Sendable () -> QuestionEncoder?
    /// Waits until ``questionReaderSource`` has what it will have (the default: the model's load is over).
    let questionReaderLoad: @Sendable () async -> Void
    /// Repository key → number.
    let numbers: [String: Int]
    /// The newest push in the catalog: meaning's ranking judges dormancy against it.
    let newestPush: Date
    /// The projects the catalog holds under an old name too: the old names are not indexed, and resolve to the
    /// current one.
    public let sameProjects: SameProjects
    /// Where the curated lists place the catalog's repositories, by heading.
    let listedHeadings: ListedHeadings
    /// What the catalog's repositories say they replace, in their own words.
    let replacements: Replacements
    /// Per repository: whether it is a collection (an "awesome" list, a cheat sheet).
    let isCollection: [Bool]
    /// Per repository: its meaning key beside the cosine (``meaningPriors(stars:dormant:ranking:)``).
    let meaningPriors: [Float]
    /// How long each part of this index's build took.
    public let buildPhases: IndexBuildPhases

    /// Builds the index of `repositories` (those GitHub no longer has are left out, and a project the catalog holds
    /// under an old name too is indexed once, under its current name: ``SameProjects``), with each one's vector when
    /// there is an `embedder` (by default the shipped table's, ``SemanticModel/shared``), or the full model's stored
    /// vector where `storedVectors` has one for the repository as it is (``SemanticModel/repositoryVectors``); questions are read by
    /// what `questionReader` gives when asked, if it lands in the embedder's space (by default the installed
    /// transformer once loaded, ``SemanticModel/questions``; ``prepareForQuestions()`` waits for the load). `listings`
    /// are the curated lists' placements (``ListedHeadings``), for alternatives and as words of the repositories they
    /// place; `shippedReplacements` what
    /// repositories whose description the catalog does not know say they replace (``Replacements``).
    public init(
        _ repositories: [Repository], listings: [CuratedListEntry] = [], ranking: SearchRanking = .standard,
        embedder: TextEmbedder? = SemanticModel.shared,
        storedVectors: RepositoryVectors? = SemanticModel.repositoryVectors,
        shippedReplacements: ShippedReplacements? = .shared,
        questionReader: @escaping @Sendable () -> QuestionEncoder? = { SemanticModel.questions },
        questionReaderLoad: @escaping @Sendable () async -> Void = { _ = await SemanticModel.questionReader() }
    ) {
        var phases = IndexBuildPhases()
        self.questionReaderLoad = questionReaderLoad
        self.ranking = ranking
        let live = repositories.filter { $0.goneAt == nil }
        let sameProjects = SameProjects(live)
        self.sameProjects = sameProjects
        let catalog = sameProjects.current(live).sorted { lhs, rhs in
            lhs.stars != rhs.stars ? lhs.stars > rhs.stars : lhs.id < rhs.id
        }
        count = catalog.count
        self.catalog = catalog
        keys = catalog.map(\.id)
        fullNames = catalog.map(\.fullName)
        stars = catalog.map(\.stars)
        forks = catalog.map { $0.forks ?? 0 }
        openIssues = catalog.map(\.openIssues)
        pushedAt = catalog.map(\.pushedAt)
        archived = catalog.map(\.archived)
        popularityPrior = catalog.map { pow(log10(Double($0.stars) + 10), Double(ranking.popularity)) }
        var numbering = Dictionary(catalog.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        for (old, current) in sameProjects.currentKey { numbering[old] = numbering[current] }
        numbers = numbering
        phases.end("facts")
        listedHeadings = ListedHeadings(listings, numbers: numbering)
        phases.end("lists")
        replacements = Replacements(catalog, shipped: shippedReplacements)
        phases.end("replacements")
        newestPush = catalog.compactMap(\.pushedAt).max() ?? Date(timeIntervalSince1970: 0)
        self.embedder = embedder
        let dimensions = embedder?.dimensions
        questionReaderSource = { questionReader().flatMap { $0.dimensions == dimensions ? $0 : nil } }
        isCollection = catalog.map(Self.isCollection)
        let newest = newestPush
        let pushDates = catalog.map(\.pushedAt)
        let archivedFlags = catalog.map(\.archived)
        let quiet = Double(RepositoryHealth.quietDays)
        let dormant: (Int) -> Bool = { number in
            if archivedFlags[number] { return true }
            guard let date = pushDates[number] else { return false }
            return (newest.timeIntervalSince(date) / 86_400).rounded(.down) > quiet
        }
        meaningPriors = Self.meaningPriors(stars: catalog.map(\.stars), dormant: dormant, ranking: ranking)
        phases.end("priors")
        vectors = embedder.map { DocumentVectors.embed(catalog, with: $0, stored: storedVectors) }
        phases.end("vectors")

        // Languages.
        var languageIDs: [String: UInt16] = [:]
        var languageNames = [""]
        var languageCounts = [0]
        var languageOf = [UInt16](repeating: 0, count: catalog.count)
        for (number, repository) in catalog.enumerated() {
            guard let language = repository.language, !language.isEmpty else { continue }
            let key = language.lowercased()
            let id: UInt16
            if let known = languageIDs[key] {
                id = known
            } else {
                id = UInt16(languageNames.count)
                languageIDs[key] = id
                languageNames.append(language)
                languageCounts.append(0)
            }
            languageOf[number] = id
            languageCounts[Int(id)] += 1
        }
        self.languageIDs = languageIDs
        self.languageNames = languageNames
        languageKeys = languageNames.map { SearchText.words($0).joined() }
        self.languageCounts = languageCounts
        self.languageOf = languageOf

        // Terms and their postings, repository by repository.
        var builder = PostingsBuilder()
        var lengths = [[Float]](repeating: [Float](repeating: 0, count: catalog.count), count: Field.allCases.count)
        var topicMembers: [String: [UInt32]] = [:]
        var exactNames: [String: [UInt32]] = [:]
        var names: [(text: String, document: UInt32)] = []
        for (number, repository) in catalog.enumerated() {
            let document = UInt32(number)
            func addWords(_ words: [String], _ field: Field, joined: Bool) {
                for word in words { builder.add(word, field, word: true) }
                guard joined, words.count > 1 else { return }
                for index in words.indices.dropLast() {
                    builder.add(words[index] + words[index + 1], field, word: false)
                }
                if words.count > 2, field != .description { builder.add(words.joined(), field, word: false) }
            }
            let nameWords = SearchText.words(repository.name)
            addWords(nameWords, .name, joined: true)
            for part in SearchText.capitalParts(repository.name) where !nameWords.contains(part) {
                builder.add(part, .name, word: false)
            }
            let ownerWords = SearchText.words(repository.owner.login)
            addWords(ownerWords, .owner, joined: true)
            var topicWordCount = 0
            for topic in repository.topics {
                let words = SearchText.words(topic)
                topicWordCount += words.count
                addWords(words, .topics, joined: true)
                topicMembers[topic.lowercased(), default: []].append(document)
            }
            let descriptionWords = SearchText.words(
                repository.description ?? "", limit: ranking.descriptionWords)
            addWords(descriptionWords, .description, joined: true)
            let languageWords = SearchText.words(repository.language ?? "")
            addWords(languageWords, .language, joined: false)
            var headingWordCount = 0
            for words in listedHeadings.searchWords(of: number) {
                headingWordCount += words.count
                addWords(words, .headings, joined: true)
            }
            builder.finish(document)
            lengths[Field.name.rawValue][number] = Float(nameWords.count)
            lengths[Field.owner.rawValue][number] = Float(ownerWords.count)
            lengths[Field.topics.rawValue][number] = Float(topicWordCount)
            lengths[Field.description.rawValue][number] = Float(descriptionWords.count)
            lengths[Field.language.rawValue][number] = Float(languageWords.count)
            lengths[Field.headings.rawValue][number] = Float(headingWordCount)
            let joinedName = nameWords.joined()
            exactNames[joinedName, default: []].append(document)
            names.append((repository.name.lowercased(), document))
            names.append((repository.fullName.lowercased(), document))
            if joinedName != repository.name.lowercased() { names.append((joinedName, document)) }
            names.append(((ownerWords + nameWords).joined(), document))
        }
        phases.end("words")
        let (start, postings) = builder.laidOut()
        let terms = builder.terms
        let isWord = builder.isWord
        self.termIDs = builder.termIDs
        self.terms = terms
        self.postingStart = start
        self.postings = postings
        termsByText = terms.indices.filter { isWord[$0] }.map { UInt32($0) }.sorted {
            terms[Int($0)] < terms[Int($1)]
        }
        termsByEnding = termsByText.map { (String(terms[Int($0)].reversed()), $0) }.sorted { $0.ending < $1.ending }
        phases.end("postings")

        // BM25F: each field's weight over its length normalisation, per repository.
        var norms = [Float](repeating: 0, count: Field.allCases.count * catalog.count)
        for field in Field.allCases {
            let fieldLengths = lengths[field.rawValue]
            let average = max(1, fieldLengths.reduce(0, +) / Float(max(1, catalog.count)))
            let weight = ranking.fieldWeights[field.rawValue]
            let b = ranking.lengthNormalisation[field.rawValue]
            for number in 0..<catalog.count {
                norms[field.rawValue * catalog.count + number] = weight / (1 - b + b * fieldLengths[number] / average)
            }
        }
        self.norms = norms
        self.topicMembers = topicMembers
        topicsByText = topicMembers.map { ($0.key, $0.value.count) }.sorted { $0.topic < $1.topic }
        self.exactNames = exactNames
        // Stable: the same text keeps its repositories in number order, as they were added.
        namesByText = names.sorted { $0.text < $1.text }

        // Other orders, ties by stars then name (the numbering).
        let forks = self.forks
        let pushed = pushedAt.map { $0?.timeIntervalSince1970 ?? -.infinity }
        let numbers = (0..<catalog.count).map { UInt32($0) }
        forkOrder = numbers.sorted { forks[Int($0)] != forks[Int($1)] ? forks[Int($0)] > forks[Int($1)] : $0 < $1 }
        pushOrder = numbers.sorted {
            pushed[Int($0)] != pushed[Int($1)] ? pushed[Int($0)] > pushed[Int($1)] : $0 < $1
        }
        forkRank = Self.ranks(of: forkOrder)
        pushRank = Self.ranks(of: pushOrder)
        phases.end("orders")
        buildPhases = phases
    }

    private static func ranks(of order: [UInt32]) -> [UInt32] {
        var ranks = [UInt32](repeating: 0, count: order.count)
        for (rank, document) in order.enumerated() { ranks[Int(document)] = UInt32(rank) }
        return ranks
    }

    /// How many repositories the index holds.
    public var repositoryCount: Int { count }

    /// How many repositories a term occurs in.
    func documentFrequency(_ term: UInt32) -> Int { postingStart[Int(term) + 1] - postingStart[Int(term)] }
}

/// One ranking's arrays over the catalog, all zeros between searches.
struct RankBuffers: Sendable {
    /// At most this many are kept (searches running at once beyond it allocate their own).
    static let kept = 8

    var accumulated: [Float]
    var seen: [UInt16]
    var score: [Float]
    var matched: [UInt8]
    var matchedWeight: [Float]
}
