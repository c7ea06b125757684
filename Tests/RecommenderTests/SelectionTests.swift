import Foundation
import RepoFinderCore
import Testing

@testable import Recommender

/// The deck's inner parts that trade a full sort or a per-candidate computation for something cheaper must give
/// exactly what the plain way gives.
@Suite("Selection and prior tables")
struct SelectionTests {
    /// Scores with many ties (so the tie-break by item matters) in a shuffled order.
    static func candidates(count: Int, seed: UInt64) -> [Selection.Scored] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { item in
            Selection.Scored(item: Int32(item), score: Float(Int.random(in: 0...40, using: &generator)) / 8)
        }.shuffled(using: &generator)
    }

    @Test("the heap gives candidates in exactly the sorted order", arguments: [0, 1, 2, 3, 17, 500, 2_000])
    func heapOrder(count: Int) {
        let candidates = Self.candidates(count: count, seed: UInt64(count) + 1)
        var heap = BestFirst(candidates)
        var taken: [Selection.Scored] = []
        while let next = heap.next() { taken.append(next) }
        let sorted = candidates.sorted(by: Selection.Scored.isBetter)
        #expect(taken.map(\.item) == sorted.map(\.item))
    }

    @Test("best-first selection chooses what offering the sorted list chooses, limits and all")
    func bestFirstSelection() async {
        let owners = ["alpha", "beta", "gamma", "delta", "epsilon"]
        let repositories = (0..<300).map { number in
            Repository(
                owner: RepositoryOwner(login: owners[number % owners.count]), name: "project-\(number)",
                topics: [["swift", "ios"], ["rust", "cli"], ["python", "machine-learning"]][number % 3],
                stars: 10 * number)
        }
        let index = await RecommendationIndex.build(repositories: repositories)
        for (size, perOwner, perCluster) in [(20, 3, 8), (10, 2, 2), (50, 3, 8), (300, 1, 1)] {
            let candidates = Self.candidates(count: index.count, seed: UInt64(size))
            var sorted = Selection(
                size: size, index: index, maximumPerOwner: perOwner, maximumPerCluster: perCluster)
            sorted.offer(candidates.sorted(by: Selection.Scored.isBetter))
            var heap = Selection(size: size, index: index, maximumPerOwner: perOwner, maximumPerCluster: perCluster)
            heap.offerBestFirst(candidates)
            #expect(heap.chosen.map(\.item) == sorted.chosen.map(\.item))
            if !sorted.isFull {
                sorted.relaxLimits()
                heap.relaxLimits()
                #expect(heap.chosen.map(\.item) == sorted.chosen.map(\.item))
            }
        }
    }

    @Test("a blend's prior table holds each repository's prior, made once per index")
    func priorTables() async throws {
        let index = await RecommendationIndex.build(
            repositories: (0..<50).map { number in
                var repository = Repository(
                    owner: RepositoryOwner(login: "owner"), name: "project-\(number)", stars: number * 37 % 11 * 100)
                repository.openIssues = number % 4
                repository.pushedAt = Date(timeIntervalSince1970: 1_700_000_000 + Double(number) * 86_400 * 7)
                return repository
            })
        for experience in [nil] + ExperienceLevel.allCases {
            for goals in [[], [Goal.contributing], [.learningNewTech, .contributing], [.exploring]] {
                let blend = PriorBlend(experience: experience, goals: Set(goals))
                let table = index.priors(for: blend)
                #expect(table == (0..<index.count).map { blend.prior($0, index.priors) })
                #expect(index.priors(for: blend) == table)
            }
        }
        var bits = ItemBits(capacity: 70)
        for item in [0, 63, 64, 69] { bits.insert(item) }
        bits.remove(63)
        bits.remove(500)
        #expect(bits.count == 3 && !bits.contains(63) && bits.contains(64))
    }
}
