import Foundation

/// Collaborative neighbours by RP3β (Paudel et al., 2017): the probability of walking repository → person →
/// repository over everyone's positive signals, each step raised to the power α, divided by the destination's
/// popularity to the power β so that hugely popular repositories do not crowd every list.
struct CollaborativeSimilarity {
    var neighbours: NeighbourLists
    var peopleCount: [Int32]
    /// The implicit factors trained on the same signals (`nil` when switched off or nobody signalled anything).
    var factors: ImplicitFactors?

    init(
        community: [CommunitySignal], itemByKey: [String: Int32], itemCount: Int,
        configuration: RecommenderConfiguration
    ) {
        // The strongest positive signal of each person for each repository.
        var personByName: [String: Int32] = [:]
        var strongest: [Int64: Float] = [:]
        for signal in community where signal.kind.weight > 0 {
            guard let item = itemByKey[signal.repositoryKey] else { continue }
            let person: Int32
            if let known = personByName[signal.person] {
                person = known
            } else {
                person = Int32(personByName.count)
                personByName[signal.person] = person
            }
            let key = Int64(person) << 32 | Int64(item)
            strongest[key] = max(strongest[key] ?? 0, signal.kind.weight)
        }
        let pairs = strongest.sorted { $0.key < $1.key }
        let personCount = personByName.count
        var personDegree = [Float](repeating: 0, count: personCount)
        var itemDegree = [Float](repeating: 0, count: itemCount)
        var peopleCount = [Int32](repeating: 0, count: itemCount)
        var personOffsets = [Int32](repeating: 0, count: personCount + 1)
        var itemOffsets = [Int32](repeating: 0, count: itemCount + 1)
        for (key, weight) in pairs {
            let person = Int(key >> 32)
            let item = Int(key & 0xFFFF_FFFF)
            personDegree[person] += weight
            itemDegree[item] += weight
            peopleCount[item] += 1
            personOffsets[person + 1] += 1
            itemOffsets[item + 1] += 1
        }
        for index in 0..<personCount { personOffsets[index + 1] += personOffsets[index] }
        for index in 0..<itemCount { itemOffsets[index + 1] += itemOffsets[index] }
        // person → item steps and item → person steps, each already raised to α.
        let alpha = configuration.alpha
        var personWeights = [Float](repeating: 0, count: pairs.count)
        var itemWeights = [Float](repeating: 0, count: pairs.count)
        var personItems = [Int32](repeating: 0, count: pairs.count)
        var personSteps = [Float](repeating: 0, count: pairs.count)
        var itemPeople = [Int32](repeating: 0, count: pairs.count)
        var itemSteps = [Float](repeating: 0, count: pairs.count)
        var personFill = Array(personOffsets.dropLast())
        var itemFill = Array(itemOffsets.dropLast())
        for (key, weight) in pairs {
            let person = Int(key >> 32)
            let item = Int(key & 0xFFFF_FFFF)
            personWeights[Int(personFill[person])] = weight
            itemWeights[Int(itemFill[item])] = weight
            personItems[Int(personFill[person])] = Int32(item)
            personSteps[Int(personFill[person])] = pow(weight / personDegree[person], alpha)
            personFill[person] += 1
            itemPeople[Int(itemFill[item])] = Int32(person)
            itemSteps[Int(itemFill[item])] = pow(weight / itemDegree[item], alpha)
            itemFill[item] += 1
        }
        let discount = itemDegree.map { $0 > 0 ? 1 / pow($0, configuration.beta) : 0 }
        let toPeople = SparseRows(offsets: itemOffsets, columns: itemPeople, weights: itemSteps)
        let toItems = SparseRows(offsets: personOffsets, columns: personItems, weights: personSteps)
        neighbours = toPeople.strongestTwoHop(
            through: toItems, targets: itemCount, keep: configuration.collaborativeNeighbours, targetScale: discount,
            keepSupport: true)
        self.peopleCount = peopleCount
        factors =
            configuration.factorRank > 0 && !pairs.isEmpty
            ? ImplicitFactors(
                people: SparseRows(offsets: personOffsets, columns: personItems, weights: personWeights),
                items: SparseRows(offsets: itemOffsets, columns: itemPeople, weights: itemWeights),
                configuration: configuration)
            : nil
    }
}
