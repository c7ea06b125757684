import ArgumentParser
import Catalog
import Foundation
import Recommender
import RepoFinderCore
import Storage

/// `repofinder bench recommend`: index build time, batch latency and peak memory of the recommender.
struct RecommendBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recommend",
        abstract: "Build the recommendation index over the catalog plus everyone's stars, then deal a batch to each.",
        discussion: "Use a release build and a database holding the full catalog (repofinder ingest first)."
    )

    @Option(
        name: .customLong("stars"),
        help: ArgumentHelp("Star files (user_login,repo_full_name); repeat for several.", valueName: "file"))
    var starFiles: [String] = [
        "../shared/data/interactions/train.csv.gz", "../shared/data/interactions/valid.csv.gz",
    ]

    @Option(help: "Cards per batch.")
    var size = 20

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        guard (1...200).contains(size) else { throw ValidationError("--size must be 1 to 200.") }
    }

    func run() async throws {
        let clock = ContinuousClock()
        var stars: [OfflineEvaluation.Star] = []
        for file in starFiles { stars += try StarFile.read(file).stars }
        let loadStarted = clock.now
        let catalog = try await database.withCatalog { store in try await store.allRepositories() }
        let loadTime = clock.now - loadStarted
        let community = stars.map { CommunitySignal(person: $0.person, repositoryKey: $0.repositoryKey, kind: .star) }

        let buildStarted = clock.now
        let index = await RecommendationIndex.build(repositories: catalog, community: community)
        let buildTime = clock.now - buildStarted
        let recommender = Recommender(index: index)

        var starsByPerson: [String: [TasteSignal]] = [:]
        for star in stars {
            starsByPerson[star.person, default: []].append(TasteSignal(repositoryKey: star.repositoryKey, kind: .star))
        }
        let people = starsByPerson.keys.sorted()
        var samples: [Double] = []
        samples.reserveCapacity(people.count)
        var cards = 0
        var exhausted = 0
        _ = recommender.deck(for: Taste(signals: starsByPerson[people[0]] ?? []), size: size)  // warm-up
        for person in people {
            let taste = Taste(signals: starsByPerson[person] ?? [])
            let started = clock.now
            let deck = recommender.deck(for: taste, size: size)
            samples.append((clock.now - started).secondsDouble * 1000)
            cards += deck.cards.count
            if deck.exhausted { exhausted += 1 }
        }
        samples.sort()
        func percentile(_ p: Double) -> Double { samples[min(samples.count - 1, Int(Double(samples.count) * p))] }
        let inCatalog = Set(stars.map(\.repositoryKey)).filter { index.item(forKey: $0) != nil }.count
        print(
            "catalog: \(Number.grouped(index.count)) repositories (loaded in "
                + String(format: "%.2f s", loadTime.secondsDouble) + "), \(Number.grouped(stars.count)) stars of "
                + "\(Number.grouped(people.count)) people (\(Number.grouped(inCatalog)) starred repositories in the "
                + "catalog)")
        print(String(format: "index build: %.3f s", buildTime.secondsDouble))
        print(
            String(
                format: "batch of %d: p50 %.3f ms, p90 %.3f ms, p99 %.3f ms, max %.3f ms (%d batches, %d cards%@)",
                size, percentile(0.5), percentile(0.9), percentile(0.99), samples.last ?? 0, samples.count, cards,
                exhausted > 0 ? ", \(exhausted) exhausted" : ""))
        printLongSessions(recommender)
        print(String(format: "peak memory: %.0f MB", Self.peakMemoryMegabytes()))
    }

    /// Long sessions: people who only answered onboarding are dealt batch after batch (what the server's load test
    /// does), so the time of a batch is seen as what a person was dealt grows to thousands of cards.
    private func printLongSessions(_ recommender: Recommender) {
        let clock = ContinuousClock()
        let answers: [UserPreferences] = [
            UserPreferences(techStack: ["Swift"], interests: ["ios"], experienceLevel: .beginner),
            UserPreferences(techStack: ["Python"], interests: ["machine-learning"], experienceLevel: .advanced),
            UserPreferences(techStack: ["Rust"], interests: ["cli"], experienceLevel: .intermediate),
            UserPreferences(techStack: ["TypeScript"], interests: ["react"]),
        ]
        let stages = [0, 1_000, 2_500, 5_000, 10_000]
        var samples = [[Double]](repeating: [], count: stages.count)
        for preferences in answers {
            var served = ItemBits(capacity: recommender.index.count)
            var dealt = 0
            while dealt < stages.last! + 500 {
                let started = clock.now
                let deck = recommender.deck(
                    for: Taste(preferences: preferences, servedItems: served), size: size)
                let milliseconds = (clock.now - started).secondsDouble * 1000
                if let stage = stages.lastIndex(where: { dealt >= $0 && dealt < $0 + 500 }) {
                    samples[stage].append(milliseconds)
                }
                for card in deck.cards {
                    if let item = recommender.index.item(forKey: card.repository.repositoryName.key) {
                        served.insert(item)
                    }
                }
                dealt += size
                if deck.exhausted { break }
            }
        }
        for (stage, values) in zip(stages, samples) where !values.isEmpty {
            let sorted = values.sorted()
            print(
                String(
                    format: "long session, batch of %d after %@ dealt: p50 %.3f ms, p99 %.3f ms (%d batches)", size,
                    Number.grouped(stage), sorted[sorted.count / 2],
                    sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))], sorted.count))
        }
    }

    /// The process's peak resident set size.
    static func peakMemoryMegabytes() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024
    }
}
