import Foundation
import RepoFinderCore

/// Content neighbours: repositories that share owner, name words, language, topics and description words, compared
/// as TF-IDF vectors by cosine similarity.
enum ContentSimilarity {
    /// Each repository's strongest `keep` neighbours by words (``RecommenderConfiguration/contentNeighbours`` when
    /// nil); ``ItemMeaning/reweighted(_:floor:keep:)`` may re-weigh a larger pool of them by meaning afterwards.
    static func neighbours(
        facts: CatalogFacts, repositories: [Repository], configuration: RecommenderConfiguration, keep: Int? = nil
    ) -> NeighbourLists {
        let count = repositories.count
        guard count > 1 else { return NeighbourLists(count: count) }
        // Features of each repository (each counted once).
        var vocabulary = FeatureVocabulary()
        var featureOffsets: [Int32] = [0]
        var featureIDs: [Int32] = []
        featureOffsets.reserveCapacity(count + 1)
        for repository in repositories {
            var seen = Set<Int32>()
            func add(_ kind: FeatureKind, _ text: String) {
                let id = vocabulary.id(kind, text)
                if seen.insert(id).inserted { featureIDs.append(id) }
            }
            add(.owner, repository.owner.login.lowercased())
            for word in TextWords.words(in: repository.name) { add(.nameWord, word) }
            if let language = repository.language, !language.isEmpty { add(.language, language.lowercased()) }
            for topic in repository.topics { add(.topic, topic) }
            if let description = repository.description {
                for word in TextWords.words(in: description) { add(.descriptionWord, word) }
            }
            featureOffsets.append(Int32(featureIDs.count))
        }
        // Inverse document frequencies, and unit-length weights per repository.
        var documentFrequency = [Int32](repeating: 0, count: vocabulary.count)
        for id in featureIDs { documentFrequency[Int(id)] += 1 }
        let inverse = documentFrequency.map { log(Float(count) / Float(max(1, $0))) }
        var featureWeights = featureIDs.map { inverse[Int($0)] }
        for item in 0..<count {
            let range = Int(featureOffsets[item])..<Int(featureOffsets[item + 1])
            let norm = sqrt(range.reduce(Float(0)) { $0 + featureWeights[$1] * featureWeights[$1] })
            if norm > 0 { for position in range { featureWeights[position] /= norm } }
        }
        // Postings of the features that link (shared, but not by too many).
        let maximumShare = max(50, Int(configuration.commonFeatureShare * Double(count)))
        var postingOffsets = [Int32](repeating: 0, count: vocabulary.count + 1)
        for id in featureIDs where documentFrequency[Int(id)] >= 2 && documentFrequency[Int(id)] <= maximumShare {
            postingOffsets[Int(id) + 1] += 1
        }
        for index in 0..<vocabulary.count { postingOffsets[index + 1] += postingOffsets[index] }
        var fill = Array(postingOffsets.dropLast())
        var postingItems = [Int32](repeating: 0, count: Int(postingOffsets[vocabulary.count]))
        var postingWeights = [Float](repeating: 0, count: postingItems.count)
        for item in 0..<count {
            for position in Int(featureOffsets[item])..<Int(featureOffsets[item + 1]) {
                let id = Int(featureIDs[position])
                let frequency = documentFrequency[id]
                guard frequency >= 2, frequency <= maximumShare else { continue }
                postingItems[Int(fill[id])] = Int32(item)
                postingWeights[Int(fill[id])] = featureWeights[position]
                fill[id] += 1
            }
        }
        let features = SparseRows(offsets: featureOffsets, columns: featureIDs, weights: featureWeights)
        let postings = SparseRows(offsets: postingOffsets, columns: postingItems, weights: postingWeights)
        return features.strongestTwoHop(
            through: postings, targets: count, keep: keep ?? configuration.contentNeighbours)
    }
}
